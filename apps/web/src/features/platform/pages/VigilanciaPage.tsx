import { Badge, Card, Group, Select, SimpleGrid, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, formatDateTime, formatDay, formatNumber } from '../../../app/format/format';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { TwoLines } from '../../../app/ui/TwoLines';
import { usePaging } from '../../../app/ui/usePaging';
import { type VigilanciaKind, type VigilanciaRow, vigilanciaApi } from '../api/platform-api';
import { PepStatusBadge } from '../components/PepStatusBadge';
import { platformKeys } from '../keys';
import { countryFilterOptions } from '../lib/country-filter';

const DEFAULT_DAYS: Record<VigilanciaKind, number> = { new: 30, expiring: 90, changed: 30 };
const DAY_OPTIONS: Record<VigilanciaKind, number[]> = {
  new: [7, 30, 90, 365],
  expiring: [30, 90, 180, 365],
  changed: [7, 30, 90, 365],
};

/** The companies holding a ficha of the person: their names, the first two shown and the rest in a tooltip. */
function Companies({ companies }: { companies: VigilanciaRow['companies'] }) {
  const { t } = useTranslation('platform');
  if (!companies.length)
    return (
      <Text size="sm" c="dimmed">
        {t('platform:vigilancia.noCompanies')}
      </Text>
    );
  const names = companies.map((c) => t('platform:vigilancia.company', { name: c.name, count: c.fichas }));
  // each obliged subject on a line of its own, whole; beyond two, the rest in a tooltip
  return (
    <Stack gap={0}>
      {names.slice(0, 2).map((n) => (
        <Text key={n} size="sm">
          {n}
        </Text>
      ))}
      {names.length > 2 && (
        <Tooltip label={names.slice(2).join(', ')} multiline maw={400}>
          <Text size="sm" c="dimmed" style={{ cursor: 'help' }}>
            {t('platform:vigilancia.more', { count: names.length - 2 })}
          </Text>
        </Tooltip>
      )}
    </Stack>
  );
}

function KindTable({ kind }: { kind: VigilanciaKind }) {
  const { t, i18n } = useTranslation('platform');
  const [days, setDays] = useState(DEFAULT_DAYS[kind]);
  const [country, setCountry] = useState('');
  const paging = usePaging({ resetOn: [days, country] });
  const rows = useQuery({
    queryKey: platformKeys.vigilanciaPage(kind, days, country, paging.limit, paging.skip),
    queryFn: () => vigilanciaApi.peps(kind, days, country, paging.limit, paging.skip),
  });
  useErrorToast(rows.error);
  const columns: Column<VigilanciaRow>[] = [
    {
      key: 'person',
      header: t('platform:vigilancia.columns.person'),
      render: (r) => (
        <TwoLines main={<TruncatedText value={r.name} />} sub={`${r.dni} · ${countryName(r.country, i18n.language)}`} />
      ),
    },
    {
      key: 'office',
      header: t('platform:vigilancia.columns.office'),
      render: (r) => (
        <TwoLines
          main={<TruncatedText value={r.position ?? t(`platform:pep.level.${r.pepLevel}`)} />}
          sub={r.institution && <TruncatedText value={r.institution} />}
        />
      ),
    },
    kind === 'expiring'
      ? {
          key: 'date',
          header: t('platform:vigilancia.columns.expires'),
          render: (r: VigilanciaRow) => (
            <TwoLines
              main={
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(r.pepExpiration)}
                </Text>
              }
              sub={t('platform:vigilancia.daysLeft', { count: r.daysLeft ?? 0 })}
            />
          ),
        }
      : {
          key: 'date',
          header: t(kind === 'new' ? 'platform:vigilancia.columns.entered' : 'platform:vigilancia.columns.changed'),
          render: (r: VigilanciaRow) => (
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(r.changedAt)}
            </Text>
          ),
        },
    {
      key: 'status',
      header: t('platform:vigilancia.columns.status'),
      render: (r) =>
        kind === 'changed' && r.fromStatus ? (
          <Group gap={4} wrap="nowrap">
            <PepStatusBadge status={r.fromStatus} />
            <Text size="sm" aria-hidden>
              →
            </Text>
            <PepStatusBadge status={r.toStatus} />
          </Group>
        ) : (
          <PepStatusBadge status={r.pepStatus} />
        ),
    },
    {
      key: 'companies',
      header: t('platform:vigilancia.columns.companies'),
      render: (r) => <Companies companies={r.companies} />,
    },
  ];
  return (
    <Stack gap="sm">
      <Group align="flex-end">
        <Select
          label={t('platform:vigilancia.period')}
          data={DAY_OPTIONS[kind].map((d) => ({
            value: String(d),
            label: t(kind === 'expiring' ? 'platform:vigilancia.nextDays' : 'platform:vigilancia.lastDays', {
              count: d,
            }),
          }))}
          value={String(days)}
          onChange={(v) => setDays(Number(v ?? DEFAULT_DAYS[kind]))}
          w={200}
          data-testid={`vigilancia-days-${kind}`}
        />
        <Select
          label={t('platform:vigilancia.country')}
          data={countryFilterOptions(t, i18n.language)}
          value={country}
          onChange={(v) => setCountry(v ?? '')}
          w={180}
        />
      </Group>
      <DataTable
        testId={`vigilancia-${kind}`}
        columns={columns}
        {...paging.of(rows)}
        getId={(r) => `${r.personId}:${r.changedAt}`}
        emptyText={t(`platform:vigilancia.empty.${kind}`)}
      />
    </Stack>
  );
}

/**
 * /regcheck/vigilancia: PEP monitoring across companies for the watcher (and the super administrator): new PEPs,
 * PEPs whose office ended and whose status expires soon, and PEP status changes, each with the obliged subjects
 * holding a ficha of the person.
 */
export function VigilanciaPage() {
  const { t, i18n } = useTranslation('platform');
  const summary = useQuery({ queryKey: platformKeys.vigilanciaSummary, queryFn: vigilanciaApi.summary });
  useErrorToast(summary.error);
  const s = summary.data;
  const figures: { key: string; value: number | undefined; color?: string }[] = [
    { key: 'newPeps', value: s?.newPeps },
    { key: 'expiring', value: s?.expiring, color: 'orange' },
    { key: 'changed', value: s?.changed },
    { key: 'inRegister', value: s?.inRegister },
  ];
  return (
    <Stack gap="md">
      <Title order={2}>{t('platform:vigilancia.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('platform:vigilancia.intro')}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        {figures.map((f) => (
          <Card key={f.key} withBorder radius="md" padding="md">
            <Text size="xl" fw={700} c={f.color} data-testid={`vigilancia-${f.key}`}>
              {f.value === undefined ? '–' : formatNumber(f.value, i18n.language, 0)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`platform:vigilancia.summary.${f.key}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Tabs defaultValue="new" keepMounted={false}>
        <Tabs.List>
          {(['new', 'expiring', 'changed'] as const).map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`vigilancia-tab-${k}`}>
              <Group gap={6} wrap="nowrap">
                {t(`platform:vigilancia.tabs.${k}`)}
                {k === 'expiring' && !!s?.expiring && (
                  <Badge size="xs" color="orange" variant="filled">
                    {s.expiring}
                  </Badge>
                )}
              </Group>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {(['new', 'expiring', 'changed'] as const).map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            <KindTable kind={k} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
