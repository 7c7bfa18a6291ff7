import { Anchor, Badge, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { listEntryName, listEntryReason } from '@regcheck/shared/list-entries';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { countryName, formatDay } from '../../../app/format/format';
import { errorMessage } from '../../../app/query/errorMessage';
import { listLabel, versionLabel } from '../../../app/screening/list-catalog';
import { DataTable } from '../../../app/ui/DataTable';
import { listsApi } from '../api/platform-api';
import { ListKindBadge } from '../components/ListKindBadge';
import { platformKeys } from '../keys';
import { listPath } from '../lib/list-paths';

const showDate = (d: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(d) ? formatDate(d.slice(0, 10)) : d.split('-').reverse().join('/');

/** /regcheck/lists/screeningGlobal/:id/expandedDetail/:entityId: a list entry whole. */
export function ListEntryPage() {
  const { t, i18n } = useTranslation('platform');
  const { id = '', entityId = '' } = useParams();
  const entry = useQuery({
    queryKey: platformKeys.listEntry(id, entityId),
    queryFn: () => listsApi.entry(id, entityId),
  });
  const e = entry.data;
  const none = t('platform:lists.entity.none');
  const country = (c: string) => countryName(c, i18n.language);
  const fields: { label: string; values: string[] }[] = e
    ? [
        {
          label: t('platform:lists.entity.names'),
          values: e.names.map((n) => listEntryName(e.listId, n, e.countries, i18n.language)),
        },
        {
          label: t('platform:lists.entity.identifiers'),
          values: e.identifiers.map((x) => `${x.value} (${x.type}${x.country ? `, ${country(x.country)}` : ''})`),
        },
        { label: t('platform:lists.entity.birthDates'), values: e.birthDates.map(showDate) },
        { label: t('platform:lists.entity.countries'), values: e.countries.map(country) },
        { label: t('platform:lists.entity.addresses'), values: e.addresses },
        { label: t('platform:lists.entity.programs'), values: e.programs },
        { label: t('platform:lists.entity.listedOn'), values: e.listedOn ? [showDate(e.listedOn)] : [] },
        { label: t('platform:lists.entity.reference'), values: e.reference ? [e.reference] : [] },
        { label: t('platform:lists.entity.remarks'), values: e.remarks ? [listEntryReason(t, e.remarks)] : [] },
        ...(e.pep
          ? [
              { label: t('platform:lists.entity.pepLevel'), values: [t(`platform:pep.level.${e.pep.level}`)] },
              {
                label: t('platform:lists.entity.office'),
                values: [
                  [e.pep.position, e.pep.institution].filter(Boolean).join(' · '),
                  e.pep.officeStart || e.pep.officeEnd
                    ? `${formatDay(e.pep.officeStart) || '…'} – ${e.pep.officeEnd ? formatDay(e.pep.officeEnd) : t('platform:pep.list.inOffice')}`
                    : '',
                ].filter(Boolean),
              },
              ...(e.pep.primaryName
                ? [
                    {
                      label: t('platform:lists.entity.primary'),
                      values: [
                        `${e.pep.primaryName}${e.pep.relation ? ` (${t(`platform:pep.relations.${e.pep.relation}`, { defaultValue: e.pep.relation })})` : ''}`,
                      ],
                    },
                  ]
                : []),
              {
                label: t('platform:lists.entity.pepUntil'),
                values: [e.pep.expiration ? formatDay(e.pep.expiration) : t('platform:pep.list.noExpiration')],
              },
            ]
          : []),
      ]
    : [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>
          {e?.names[0]
            ? listEntryName(e.listId, e.names[0], e.countries, i18n.language)
            : t('platform:lists.entity.title')}
        </Title>
        <Anchor component={Link} to={listPath(id)} size="sm">
          {t('platform:lists.entity.back')}
        </Anchor>
      </Group>
      {entry.isPending ? (
        <Skeleton height={360} />
      ) : entry.error || !e ? (
        <Paper withBorder p="lg">
          <Text c="red.9">{errorMessage(entry.error)}</Text>
        </Paper>
      ) : (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Group gap="sm">
              <ListKindBadge kind={e.kind} />
              <Text size="sm" c="dimmed">
                {listLabel(t, e.listId, e.listName)}
                {e.version
                  ? ` · ${t('platform:lists.entity.version', { label: versionLabel(t, e.listId, e.listName, e.version.label), date: formatDay(e.version.activatedAt) })}`
                  : ''}
              </Text>
              <Badge size="sm" variant="outline">
                {t(`platform:lists.schemas.${e.schema}`, { defaultValue: t('platform:lists.schemas.Unknown') })}
              </Badge>
            </Group>
            <DataTable
              testId="entity-detail"
              headless
              minWidth={0}
              columns={[
                {
                  key: 'label',
                  header: '',
                  width: 240,
                  render: (r) => (
                    <Text size="sm" fw={700}>
                      {r.label}
                    </Text>
                  ),
                },
                {
                  key: 'values',
                  header: '',
                  render: (r) =>
                    r.values.length ? (
                      <Stack gap={2}>
                        {r.values.map((v) => (
                          <Text key={v} size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {v}
                          </Text>
                        ))}
                      </Stack>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {none}
                      </Text>
                    ),
                },
              ]}
              rows={fields}
              getId={(r) => r.label}
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
