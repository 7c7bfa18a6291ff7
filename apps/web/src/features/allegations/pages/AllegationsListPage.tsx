import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { can } from '@regcheck/shared/permissions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../app/notify/notify';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { useSession } from '../../../app/session/useSession';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { usePaging } from '../../../app/ui/usePaging';
import { type AllegationList, allegationsApi } from '../api/allegations-api';
import { AllegationFilters, EMPTY_FILTERS, type FilterValues, toListFilter } from '../components/AllegationFilters';
import { ChannelSettingsModal } from '../components/ChannelSettingsModal';
import { DueBadge } from '../components/DueBadge';
import { allegationsKeys } from '../keys';
import { categoryLabel, STATUS_COLORS } from '../lib/labels';

type Item = AllegationList[number];

/** /home/denounces: the company's reports with filters, due dates and overdue badges, and the export. */
export function AllegationsListPage() {
  const { t } = useTranslation(['allegations', 'errors']);
  const user = useSession().user;
  const companyId = user?.company?.id ?? '';
  const mayConfigure = !!user && can({ role: user.role, company: user.company }, 'denouncesAdmin');
  const [configuring, setConfiguring] = useState(false);
  const [filters, setFilters] = useState<FilterValues>(EMPTY_FILTERS);
  const where = toListFilter(filters);
  const paging = usePaging({ resetOn: where });
  const filter = { ...where, limit: paging.limit, skip: paging.skip };
  const list = useQuery({
    queryKey: allegationsKeys.list(filter),
    queryFn: () => allegationsApi.list(filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: allegationsKeys.count(where),
    queryFn: () => allegationsApi.count(where),
    placeholderData: keepPreviousData,
  });
  const settings = useQuery({ queryKey: allegationsKeys.settings, queryFn: allegationsApi.settings });
  const users = useQuery({
    queryKey: allegationsKeys.assignable(companyId),
    queryFn: () => allegationsApi.assignable(companyId),
    enabled: companyId !== '',
  });
  useErrorToast(list.error);
  const detailPath = (id: string) => `/home/denounces/${companyId}/${id}`;

  const columns: Column<Item>[] = [
    {
      key: 'code',
      header: t('list.code'),
      render: (r) => (
        <Text component={Link} to={detailPath(r.id)} ff="monospace" size="sm" c="blue.9" data-testid="allegation-link">
          {r.code}
        </Text>
      ),
    },
    { key: 'createdAt', header: t('list.createdAt'), render: (r) => formatDate(r.createdAt) },
    { key: 'category', header: t('list.category'), render: (r) => categoryLabel(t, r.category) },
    {
      key: 'status',
      header: t('list.status'),
      render: (r) => (
        <Badge color={STATUS_COLORS[r.status]} variant="light">
          {t(`status.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'reporter',
      header: t('list.reporter'),
      render: (r) => t(r.anonymous ? 'reporter.anonymous' : 'reporter.identified'),
    },
    { key: 'assigned', header: t('list.assignedTo'), render: (r) => r.assignedName ?? t('list.unassigned') },
    { key: 'due', header: t('list.due'), render: (r) => <DueBadge next={r.nextDeadline} overdue={r.overdue} /> },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={2}>{t('list.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('list.subtitle')}
          </Text>
        </div>
        <Group>
          {mayConfigure && settings.data && (
            <Button variant="default" onClick={() => setConfiguring(true)} data-testid="channel-settings">
              {t('settings.open')}
            </Button>
          )}
          <Button
            variant="light"
            onClick={() => allegationsApi.exportList(toListFilter(filters)).catch((e: Error) => notifyError(e.message))}
            data-testid="export-xlsx"
          >
            {t('list.export')}
          </Button>
        </Group>
      </Group>
      {configuring && settings.data && (
        <ChannelSettingsModal settings={settings.data} onClose={() => setConfiguring(false)} />
      )}
      <AllegationFilters
        value={filters}
        onChange={setFilters}
        categories={settings.data?.categories ?? []}
        users={users.data ?? []}
      />
      <DataTable
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('list.empty')}
        testId="allegations-table"
        pagination={paging.pagination(count.data?.count)}
      />
    </Stack>
  );
}
