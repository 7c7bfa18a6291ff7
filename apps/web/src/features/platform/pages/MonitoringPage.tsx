import { Anchor, Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatDay, formatNumber } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { useUser } from '../../../app/session/useSession';
import { askWhile, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { usePaging } from '../../../app/ui/usePaging';
import { type MonitoringRun, monitoringApi } from '../api/platform-api';
import { platformKeys } from '../keys';
import { durationParts } from '../lib/duration';

/**
 * /regcheck/monitoring: the day of the monthly run of every company's fichas against every list (a setting), the
 * last runs with what they found and how long they took, and "run now". The watcher reads; the super administrator
 * changes the day and starts runs.
 */
export function MonitoringPage() {
  const { t, i18n } = useTranslation('platform');
  const qc = useQueryClient();
  const user = useUser();
  const mayManage = can({ role: user.role, company: user.company }, 'superadmin');
  const settings = useQuery({ queryKey: platformKeys.monitoringSettings, queryFn: monitoringApi.settings });
  const params = useQuery({ queryKey: platformKeys.monitoringParameters, queryFn: monitoringApi.parameters });
  const paging = usePaging();
  const [watching, setWatching] = useState(false);
  const runs = useQuery({
    queryKey: platformKeys.monitoringRunPage(paging.limit, paging.skip),
    queryFn: () => monitoringApi.runs(paging.limit, paging.skip),
    refetchInterval: (q) => (watching || q.state.data?.data.some((r) => r.status === 'running') ? 2000 : false),
  });
  useErrorToast(settings.error ?? runs.error ?? params.error);
  const [day, setDay] = useState<number | string>('');
  useEffect(() => {
    if (settings.data) setDay(settings.data.monitoringDay);
  }, [settings.data]);
  useEffect(() => {
    if (!watching) return;
    const stop = setTimeout(() => setWatching(false), 60_000);
    return () => clearTimeout(stop);
  }, [watching]);
  const save = useMutation({
    mutationFn: () => monitoringApi.saveSettings(Number(day)),
    onSuccess: (s) => {
      notifySuccess(t('platform:monitoring.saved', { day: s.monitoringDay }));
      void qc.invalidateQueries({ queryKey: platformKeys.monitoring });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const [asking, setAsking] = useState(false);
  const runNow = useMutation({
    mutationFn: monitoringApi.runNow,
    onSuccess: (r) => {
      setAsking(false);
      setWatching(true);
      if (r.alreadyQueued) notifySuccess(t('platform:monitoring.alreadyQueued'));
      else notifySuccess(t('platform:monitoring.requested', { count: r.companies }));
      void qc.invalidateQueries({ queryKey: platformKeys.monitoringRuns });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const n = (v: number | null) => (v === null ? '-' : formatNumber(v, i18n.language, 0));
  const duration = (ms: number | null) => {
    if (ms === null) return '-';
    const p = durationParts(ms);
    return 'm' in p
      ? t('platform:monitoring.durationMin', { m: p.m, s: p.s })
      : t('platform:monitoring.durationSec', { s: formatNumber(Number(p.s), i18n.language, 1) });
  };
  const validDay = Number.isInteger(Number(day)) && Number(day) >= 1 && Number(day) <= 28;
  const columns: Column<MonitoringRun>[] = [
    {
      key: 'company',
      header: t('platform:monitoring.columns.company'),
      render: (r) => <TruncatedText value={r.companyName} />,
    },
    {
      key: 'kind',
      header: t('platform:monitoring.columns.kind'),
      render: (r) => (
        <TruncatedText
          value={
            r.kind === 'monthly'
              ? t('platform:monitoring.kinds.monthly')
              : r.requestedBy
                ? t('platform:monitoring.kinds.manual', { name: r.requestedBy })
                : t('platform:monitoring.kinds.manualUnknown')
          }
        />
      ),
    },
    {
      key: 'started',
      header: t('platform:monitoring.columns.started'),
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(r.startedAt)}
        </Text>
      ),
    },
    {
      key: 'duration',
      header: t('platform:monitoring.columns.duration'),
      render: (r) => <Text size="sm">{duration(r.durationMs)}</Text>,
    },
    {
      key: 'fichas',
      header: t('platform:monitoring.columns.fichas'),
      render: (r) => <Text size="sm">{n(r.fichasScreened)}</Text>,
    },
    {
      key: 'matches',
      header: t('platform:monitoring.columns.matches'),
      render: (r) => <Text size="sm">{n(r.newMatches)}</Text>,
    },
    {
      key: 'notifications',
      header: t('platform:monitoring.columns.notifications'),
      render: (r) => <Text size="sm">{n(r.notifications)}</Text>,
    },
    {
      key: 'status',
      header: t('platform:monitoring.columns.status'),
      render: (r) => (
        <Badge size="sm" variant="light" color={r.status === 'running' ? 'blue' : 'teal'}>
          {t(`platform:monitoring.statuses.${r.status}`)}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={t('platform:monitoring.title')}>
        <Anchor
          component={Link}
          to="/regcheck/monitoring/ParameterDisplay"
          size="sm"
          data-testid="monitoring-parameters"
        >
          {t('platform:monitoring.parametersLink')}
        </Anchor>
      </PageHeader>
      <Text size="sm" c="dimmed">
        {t('platform:monitoring.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('platform:monitoring.monthly')}
            </Title>
            {mayManage ? (
              <Group align="flex-end">
                <NumberInput
                  label={t('platform:monitoring.day')}
                  description={t('platform:monitoring.dayHint')}
                  min={1}
                  max={28}
                  allowDecimal={false}
                  value={day}
                  onChange={setDay}
                  error={day !== '' && !validDay ? t('platform:monitoring.dayInvalid') : undefined}
                  w={220}
                  data-testid="monitoring-day"
                />
                <Button
                  onClick={() => save.mutate()}
                  loading={save.isPending}
                  disabled={!validDay || Number(day) === settings.data?.monitoringDay}
                  data-testid="monitoring-day-save"
                >
                  {t('platform:monitoring.save')}
                </Button>
              </Group>
            ) : (
              <Text size="sm">{t('platform:monitoring.dayText', { day: settings.data?.monitoringDay ?? '' })}</Text>
            )}
            {params.data && (
              <Text size="sm" c="dimmed" data-testid="monitoring-next">
                {t('platform:monitoring.next', { date: formatDay(params.data.nextRun) })}
              </Text>
            )}
            {settings.data?.updatedBy && (
              <Text size="xs" c="dimmed">
                {t('platform:monitoring.changedBy', {
                  name: settings.data.updatedBy,
                  date: formatDateTime(settings.data.updatedAt),
                })}
              </Text>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('platform:monitoring.runNowTitle')}
            </Title>
            <Text size="sm">{t('platform:monitoring.runNowText', { count: params.data?.companies ?? 0 })}</Text>
            {mayManage && (
              <Group>
                <Button
                  leftSection={<IconPlayerPlay size={16} />}
                  onClick={() => setAsking(true)}
                  data-testid="monitoring-run-now"
                >
                  {t('platform:monitoring.runNow')}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Title order={3} size="h4">
        {t('platform:monitoring.runs')}
      </Title>
      <DataTable
        testId="monitoring-runs"
        columns={columns}
        {...paging.of(runs)}
        emptyText={t('platform:monitoring.empty')}
      />
      <ConfirmModal
        {...askWhile(asking, setAsking, runNow)}
        title={t('platform:monitoring.runNowTitle')}
        confirmLabel={t('platform:monitoring.runNow')}
        message={t('platform:monitoring.runNowConfirm', { count: params.data?.companies ?? 0 })}
      />
    </Stack>
  );
}
