import { Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { IconChecks, IconDownload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { usePagedList } from '../../../app/query/usePagedList';
import { FichaHitDrawer } from '../../../app/screening/FichaHitDrawer';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { PeriodPicker, periodProblem, presetPeriod } from '../../reports';
import { type Notification, notificationsApi } from '../api/notifications-api';
import { NotificationPepMatch } from '../components/NotificationPepMatch';
import { notificationsKeys } from '../keys';
import { type NotificationHitRef, notificationHitRef } from '../lib/notification-hit';

type ReadFilter = 'all' | 'unread' | 'read';

/** /home/notifications: the company's notifications, filters, mark read, and the date-range download (xlsx). */
export function NotificationsPage() {
  const { t } = useTranslation(['reports', 'screening']);
  const qc = useQueryClient();
  const [hit, setHit] = useState<NotificationHitRef | null>(null);
  const [params] = useSearchParams();
  const [read, setRead] = useState<ReadFilter>((params.get('read') as ReadFilter | null) ?? 'all');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [period, setPeriod] = useState(presetPeriod('thisMonth'));
  const listPeriod = params.get('from') && params.get('to') ? { from: params.get('from'), to: params.get('to') } : null;
  const and: Record<string, unknown>[] = [];
  if (read !== 'all') and.push({ read: read === 'read' });
  if (search.trim())
    and.push({ or: [{ title: { ilike: `%${search.trim()}%` } }, { consultationCode: search.trim() }] });
  if (listPeriod)
    and.push(
      { createdAt: { gte: `${listPeriod.from}T00:00:00.000Z` } },
      { createdAt: { lte: `${listPeriod.to}T23:59:59.999Z` } },
    );
  const where = and.length ? { and } : {};
  const { list, count, pagination } = usePagedList({
    where,
    order: 'createdAt DESC',
    listKey: notificationsKeys.list,
    countKey: notificationsKeys.count,
    fetchList: notificationsApi.list,
    fetchCount: notificationsApi.count,
  });
  useErrorToast(list.error ?? count.error);
  const markRead = useMutation({
    mutationFn: (ids?: string[]) => notificationsApi.markRead(ids),
    onSuccess: (r) => {
      notifySuccess(t('reports:notificationsPage.marked', { count: r.count }));
      setSelected([]);
      void qc.invalidateQueries({ queryKey: notificationsKeys.all });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const download = useMutation({
    mutationFn: () => notificationsApi.download(period.from, period.to),
    onSuccess: () => notifySuccess(t('reports:downloaded')),
    onError: (e) => notifyError(errorMessage(e)),
  });

  /** a list-match notification opens its hit in the detail drawer, and counts as read */
  const openHit = (n: Notification, ref: NotificationHitRef) => {
    setHit(ref);
    if (!n.read)
      notificationsApi
        .markRead([n.id])
        .then(() => qc.invalidateQueries({ queryKey: notificationsKeys.all }))
        .catch((e: unknown) => notifyError(errorMessage(e)));
  };

  const columns: Column<Notification>[] = [
    {
      key: 'date',
      header: t('reports:notifications.columns.date'),
      render: (n) => formatDateTime(n.createdAt),
      width: 140,
    },
    {
      key: 'title',
      header: t('reports:notifications.columns.title'),
      render: (n) => {
        const ref = notificationHitRef(n);
        const title = n.fichaId ? (
          <Anchor
            component={Link}
            to={`/home/fichas/${n.fichaId}`}
            fw={n.read ? 400 : 600}
            data-testid="notification-link"
          >
            {n.title}
          </Anchor>
        ) : (
          <Text fw={n.read ? 400 : 600}>{n.title}</Text>
        );
        if (!ref) return title;
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between">
            {title}
            <Button
              size="compact-xs"
              variant="light"
              style={{ flexShrink: 0 }}
              onClick={() => openHit(n, ref)}
              data-testid="notification-hit"
            >
              {t('screening:drawer.open')}
            </Button>
          </Group>
        );
      },
    },
    {
      key: 'code',
      header: t('reports:notifications.columns.consultationCode'),
      render: (n) => n.consultationCode ?? '-',
      width: 120,
    },
    {
      key: 'description',
      header: t('reports:notifications.columns.description'),
      render: (n) => <TruncatedText value={n.description} />,
    },
    {
      key: 'read',
      header: t('reports:notifications.columns.read'),
      width: 110,
      render: (n) =>
        n.read ? (
          <Badge color="gray" variant="light">
            {t('reports:notificationsPage.readBadge')}
          </Badge>
        ) : (
          <Button size="compact-xs" variant="light" onClick={() => markRead.mutate([n.id])} data-testid="mark-read">
            {t('reports:notificationsPage.markRead')}
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:notificationsPage.title')}</Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <SegmentedControl
          value={read}
          onChange={(v) => setRead(v as ReadFilter)}
          data={[
            { value: 'all', label: t('reports:notificationsPage.filter.all') },
            { value: 'unread', label: t('reports:notificationsPage.filter.unread') },
            { value: 'read', label: t('reports:notificationsPage.filter.read') },
          ]}
          data-testid="notifications-read-filter"
        />
        <TextInput
          label={t('reports:notificationsPage.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
          data-testid="notifications-search"
        />
        <Button
          variant="default"
          leftSection={<IconChecks size={16} />}
          onClick={() => markRead.mutate(selected.length ? selected : undefined)}
          data-testid="mark-all-read"
        >
          {selected.length
            ? t('reports:notificationsPage.markSelected', { count: selected.length })
            : t('reports:notificationsPage.markAll')}
        </Button>
      </Group>
      {listPeriod && (
        <Text size="sm" c="dimmed">
          {t('reports:file.period', { from: formatDate(listPeriod.from), to: formatDate(listPeriod.to) })}
        </Text>
      )}
      <DataTable
        testId="notifications-table"
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('reports:notificationsPage.empty')}
        selected={selected}
        onSelect={setSelected}
        pagination={pagination}
      />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={4}>{t('reports:notificationsPage.downloadTitle')}</Title>
          <PeriodPicker value={period} onChange={setPeriod} testId="notifications-period" />
          <Group>
            <Button
              leftSection={<IconDownload size={16} />}
              disabled={!!periodProblem(period)}
              loading={download.isPending}
              onClick={() => download.mutate()}
              data-testid="notifications-download"
            >
              {t('reports:notificationsPage.download')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <FichaHitDrawer
        target={hit}
        onClose={() => setHit(null)}
        extra={(ficha, h) => <NotificationPepMatch ficha={ficha} hit={h} />}
      />
    </Stack>
  );
}
