import { Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFileImport, IconPlus, IconSearch, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName, formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { usePagedList } from '../../../app/query/usePagedList';
import { useSearchTerm } from '../../../app/query/useSearchTerm';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { EditAction, RowAction } from '../../../app/ui/RowAction';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { TwoLines } from '../../../app/ui/TwoLines';
import { type Person, peopleApi } from '../api/platform-api';
import { PepStatusBadge } from '../components/PepStatusBadge';
import { platformKeys } from '../keys';
import { countryFilterOptions } from '../lib/country-filter';

type StatusFilter = 'pep' | 'expired' | 'deactivated' | 'all';
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The LoopBack where of the filters (the register hides deactivated people unless isActive is named). */
export function peopleWhere(f: {
  term: string;
  level: string;
  country: string;
  status: StatusFilter;
  expiring: string;
}) {
  const and: Record<string, unknown>[] = [];
  if (f.term) and.push({ or: [{ name: { ilike: f.term } }, { dni: { ilike: f.term } }] });
  if (f.level) and.push({ pepLevel: Number(f.level) });
  if (f.country) and.push({ country: f.country });
  if (f.status === 'pep') and.push({ pepStatus: { inq: ['direct', 'indirect'] } });
  if (f.status === 'expired') and.push({ pepStatus: 'expired' });
  if (f.status === 'deactivated') and.push({ isActive: false });
  if (f.status === 'all') and.push({ isActive: { inq: [true, false] } });
  if (f.expiring) {
    const today = isoDay(Date.now());
    and.push({ pepExpiration: { between: [today, isoDay(Date.now() + Number(f.expiring) * DAY)] } });
  }
  return and.length ? { and } : {};
}

/** /regcheck/pep: the platform's PEP register with search and filters; edit and deactivate. */
export function PepListPage() {
  const { t, i18n } = useTranslation('platform');
  const qc = useQueryClient();
  const { search, setSearch, term } = useSearchTerm();
  const [level, setLevel] = useState('');
  const [country, setCountry] = useState('');
  const [status, setStatus] = useState<StatusFilter>('pep');
  const [expiring, setExpiring] = useState('');
  const where = peopleWhere({ term, level, country, status, expiring });
  const { list, count, pagination } = usePagedList({
    where,
    order: expiring ? 'pepExpiration asc' : 'name asc',
    listKey: (f) => platformKeys.peopleList(f.where, f.order, f.limit, f.skip),
    countKey: platformKeys.peopleCount,
    fetchList: (f) => peopleApi.list(f.where, f.order, f.limit, f.skip),
    fetchCount: (w) => peopleApi.count(w),
  });
  useErrorToast(list.error ?? count.error);
  const [deactivating, setDeactivating] = useState<Person | null>(null);
  const deactivate = useMutation({
    mutationFn: (p: Person) => peopleApi.deactivate(p.id),
    onSuccess: (p) => {
      notifySuccess(t('platform:pep.list.deactivated', { name: p.name }));
      setDeactivating(null);
      void qc.invalidateQueries({ queryKey: platformKeys.people });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });

  const columns: Column<Person>[] = [
    {
      key: 'name',
      header: t('platform:pep.list.columns.name'),
      render: (p) => (
        <TwoLines
          main={
            <Anchor component={Link} to={`/regcheck/pep/${p.id}/edit`} size="sm">
              <TruncatedText value={p.name} />
            </Anchor>
          }
          sub={`${p.dni} · ${countryName(p.country, i18n.language)}`}
        />
      ),
    },
    {
      key: 'level',
      header: t('platform:pep.list.columns.level'),
      render: (p) => (
        <Badge size="sm" variant="outline" color={p.pepLevel === 1 ? 'blue' : 'grape'}>
          {t(`platform:pep.level.${p.pepLevel}`)}
        </Badge>
      ),
    },
    {
      key: 'position',
      header: t('platform:pep.list.columns.position'),
      render: (p) => (
        <TwoLines
          main={<TruncatedText value={p.pepLevel === 2 ? p.primaryPersonName : p.position} />}
          sub={
            p.pepLevel === 2 && p.relation ? (
              t(`platform:pep.relations.${p.relation}`, { defaultValue: p.relation })
            ) : (
              <TruncatedText value={p.institution} />
            )
          }
        />
      ),
    },
    {
      key: 'office',
      header: t('platform:pep.list.columns.office'),
      render: (p) => (
        <TwoLines
          main={
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {p.officeStart || p.officeEnd
                ? `${formatDay(p.officeStart) || '…'} – ${p.officeEnd ? formatDay(p.officeEnd) : t('platform:pep.list.inOffice')}`
                : '-'}
            </Text>
          }
          sub={
            p.pepExpiration
              ? t('platform:pep.list.until', { date: formatDay(p.pepExpiration) })
              : t(p.pepLevel === 2 ? 'platform:pep.list.noExpirationRelated' : 'platform:pep.list.noExpiration')
          }
        />
      ),
    },
    {
      key: 'status',
      header: t('platform:pep.list.columns.status'),
      render: (p) => <PepStatusBadge status={p.pepStatus} />,
    },
    {
      key: 'actions',
      header: t('platform:pep.list.columns.actions'),
      width: 90,
      render: (p) => (
        <Group gap={4} wrap="nowrap">
          <EditAction label={t('platform:pep.list.edit')} to={`/regcheck/pep/${p.id}/edit`} />
          {p.isActive && (
            <RowAction
              label={t('platform:pep.list.deactivate')}
              icon={<IconUserOff size={16} />}
              color="red"
              onClick={() => setDeactivating(p)}
              testId="pep-deactivate"
            />
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('platform:pep.list.title')}>
        <Group>
          <Button component={Link} to="/regcheck/pep/pag" variant="default" leftSection={<IconFileImport size={16} />}>
            {t('platform:pep.list.import')}
          </Button>
          <Button component={Link} to="/regcheck/pep/define" leftSection={<IconPlus size={16} />} data-testid="pep-new">
            {t('platform:pep.list.new')}
          </Button>
        </Group>
      </PageHeader>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('platform:pep.list.search')}
          placeholder={t('platform:pep.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={240}
          data-testid="pep-search"
        />
        <Select
          label={t('platform:pep.list.level')}
          data={[
            { value: '', label: t('platform:pep.list.allLevels') },
            { value: '1', label: t('platform:pep.level.1') },
            { value: '2', label: t('platform:pep.level.2') },
          ]}
          value={level}
          onChange={(v) => setLevel(v ?? '')}
          w={175}
        />
        <Select
          label={t('platform:pep.list.country')}
          data={countryFilterOptions(t, i18n.language)}
          value={country}
          onChange={(v) => setCountry(v ?? '')}
          w={175}
        />
        <Select
          label={t('platform:pep.list.status')}
          data={(['pep', 'expired', 'deactivated', 'all'] as const).map((s) => ({
            value: s,
            label: t(`platform:pep.list.statuses.${s}`),
          }))}
          value={status}
          onChange={(v) => setStatus((v ?? 'pep') as StatusFilter)}
          w={170}
          data-testid="pep-status-filter"
        />
        <Select
          label={t('platform:pep.list.expiring')}
          data={[
            { value: '', label: t('platform:pep.list.expiringAny') },
            ...['30', '90', '180'].map((d) => ({
              value: d,
              label: t('platform:pep.list.expiringIn', { count: Number(d) }),
            })),
          ]}
          value={expiring}
          onChange={(v) => setExpiring(v ?? '')}
          w={190}
        />
      </Group>
      <DataTable
        testId="pep-table"
        columns={columns}
        rows={list.data}
        loading={list.isPending}
        emptyText={t('platform:pep.list.empty')}
        pagination={pagination}
      />
      <ConfirmModal
        {...askFor(deactivating, () => setDeactivating(null), deactivate.mutate, deactivate.isPending)}
        title={t('platform:pep.list.deactivateTitle')}
        danger={t('platform:pep.list.deactivate')}
        message={t('platform:pep.list.deactivateMessage', { name: deactivating?.name ?? '' })}
      />
    </Stack>
  );
}
