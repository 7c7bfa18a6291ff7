import { Alert, Badge, Button, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { formatCount, formatDateTime, formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { usePaging } from '../../../app/ui/usePaging';
import { EXPORT_REPORTS, type ExportReport, type ReportExport, reportsApi } from '../api/reports-api';
import { PeriodPicker } from '../components/PeriodPicker';
import { ReportOptionsFields } from '../components/ReportOptionsFields';
import { reportsKeys } from '../keys';
import { periodProblem, presetPeriod } from '../lib/period';
import { DEFAULT_OPTIONS, exportOptions } from '../lib/report-options';

const PAGE_SIZE = 25;
const STATUS_COLOR = { queued: 'gray', running: 'blue', ready: 'teal', failed: 'red' } as const;
const running = (rows: ReportExport[] | undefined) =>
  !!rows?.some((r) => r.status === 'queued' || r.status === 'running');

/**
 * /home/reports/exportReport: a report of the module and its period exported as xlsx by a job (no on-screen row
 * limit), and the company's exports with their progress, refreshed every 2 s while one is running.
 */
export function ExportReportPage() {
  const { t, i18n } = useTranslation(['reports', 'forms', 'fichas']);
  const qc = useQueryClient();
  const [report, setReport] = useState<ExportReport>('summary');
  const [period, setPeriod] = useState(presetPeriod('thisMonth'));
  const [options, setOptions] = useState(DEFAULT_OPTIONS);
  const paging = usePaging({ pageSize: PAGE_SIZE });
  const periodless = report === 'finalBeneficiaries';
  const list = useQuery({
    queryKey: reportsKeys.exportPage(paging.limit, paging.skip),
    queryFn: () => reportsApi.exports(paging.limit, paging.skip),
    refetchInterval: (q) => (running(q.state.data) ? 2000 : false),
  });
  const count = useQuery({ queryKey: reportsKeys.exportCount, queryFn: reportsApi.exportsCount });
  useErrorToast(list.error);
  const start = useMutation({
    mutationFn: () =>
      reportsApi.startExport({
        report,
        ...(periodless ? {} : { from: period.from, to: period.to }),
        options: exportOptions(report, options),
      }),
    onSuccess: () => {
      notifySuccess(t('reports:export.started'));
      paging.setPage(1);
      void qc.invalidateQueries({ queryKey: reportsKeys.exports });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const download = async (e: ReportExport) => {
    if (!e.downloadUrl) return;
    try {
      await api.download(e.downloadUrl, `${e.report}.xlsx`);
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };

  /** The report's name, and under it what it was asked for: the form type, "filled too", the person type, the risk. */
  const reportLabel = (e: ReportExport) => {
    const o = e.options ?? {};
    const parts = [
      o.formType ? t(`forms:types.${o.formType}`) : null,
      o.allowFilled ? t('reports:options.withFilled') : null,
      o.personType ? t(`fichas:personType.${o.personType}`) : null,
      o.risk ? t(`fichas:risk.${o.risk}`) : null,
      o.flow ? t('reports:options.monthlyFlow') : null,
    ].filter(Boolean);
    return (
      <Stack gap={0}>
        <Text size="sm">{t(`reports:page.${e.report}`)}</Text>
        {parts.length > 0 && (
          <Text size="xs" c="dimmed" component="div">
            <TruncatedText value={parts.join(', ')} />
          </Text>
        )}
      </Stack>
    );
  };

  const columns: Column<ReportExport>[] = [
    { key: 'report', header: t('reports:export.columns.report'), render: (e) => reportLabel(e) },
    {
      key: 'period',
      header: t('reports:export.columns.period'),
      render: (e) => (e.from && e.to ? `${formatDay(e.from)} – ${formatDay(e.to)}` : '—'),
      width: 180,
    },
    {
      key: 'by',
      header: t('reports:export.columns.createdBy'),
      render: (e) => <TruncatedText value={e.createdBy} />,
      width: 150,
    },
    {
      key: 'at',
      header: t('reports:export.columns.createdAt'),
      render: (e) => formatDateTime(e.createdAt),
      width: 150,
    },
    {
      key: 'status',
      header: t('reports:export.columns.status'),
      render: (e) => (
        <Stack gap={2}>
          <Badge color={STATUS_COLOR[e.status]} variant="light" data-testid={`export-status-${e.id}`}>
            {t(`reports:export.status.${e.status}`)}
          </Badge>
          {e.error && (
            <Text size="xs" c="red.9" data-testid={`export-error-${e.id}`}>
              {e.error}
            </Text>
          )}
        </Stack>
      ),
      width: 160,
    },
    {
      key: 'progress',
      header: t('reports:export.columns.progress'),
      render: (e) => (
        <Group gap={6} wrap="nowrap">
          <Progress
            value={e.progress}
            w={70}
            color={STATUS_COLOR[e.status]}
            aria-label={t('reports:export.columns.progress')}
          />
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid={`export-progress-${e.id}`}>
            {formatCount(e.progress, i18n.language)} %
          </Text>
        </Group>
      ),
      width: 140,
    },
    {
      key: 'rows',
      header: t('reports:export.columns.rows'),
      render: (e) => (e.rows === null ? '' : formatCount(e.rows, i18n.language)),
      width: 90,
    },
    {
      key: 'file',
      header: t('reports:export.columns.file'),
      render: (e) =>
        e.downloadUrl ? (
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() => void download(e)}
            data-testid={`export-download-${e.id}`}
          >
            {t('reports:export.download')}
          </Button>
        ) : null,
      width: 130,
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('reports:export.title')}</Title>
      <Text c="dimmed">{t('reports:export.intro')}</Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Select
            label={t('reports:export.report')}
            data={EXPORT_REPORTS.map((r) => ({ value: r, label: t(`reports:page.${r}`) }))}
            value={report}
            onChange={(v) => v && setReport(v as ExportReport)}
            w={320}
            data-testid="export-report"
          />
          {(report === 'forms' || report === 'fichas') && (
            <ReportOptionsFields report={report} value={options} onChange={setOptions} testId="export-options" />
          )}
          {periodless ? (
            <Text size="sm" c="dimmed">
              {t('reports:export.noPeriod')}
            </Text>
          ) : (
            <PeriodPicker value={period} onChange={setPeriod} testId="export-period" />
          )}
          <Group>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!periodless && !!periodProblem(period)}
              loading={start.isPending}
              onClick={() => start.mutate()}
              data-testid="export-start"
            >
              {t('reports:export.start')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Title order={4}>{t('reports:export.list')}</Title>
        {running(list.data) && (
          <Text size="sm" c="dimmed">
            {t('reports:export.running')}
          </Text>
        )}
      </Group>
      {list.error && <Alert color="red">{errorMessage(list.error)}</Alert>}
      <DataTable
        testId="exports-table"
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('reports:export.empty')}
        pagination={paging.pagination(count.data?.count)}
      />
    </Stack>
  );
}
