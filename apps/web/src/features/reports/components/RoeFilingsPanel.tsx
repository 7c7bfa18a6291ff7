import { Alert, Button, Code, Group, Paper, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../app/api/client';
import { formatDateTime, formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useUser } from '../../../app/session/useSession';
import { askWhile, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { DataTable } from '../../../app/ui/DataTable';
import { reportsApi } from '../api/reports-api';
import { type RoeFiling, roeApi } from '../api/roe-api';
import { reportsKeys } from '../keys';
import type { Period } from '../lib/period';

interface Props {
  /** the period on screen; null while it is not valid */
  period: Period | null;
  /** the period's report (json), which says whether it differs from its last filing; null while not valid */
  reportPath: string | null;
}

/**
 * The ROE period's state before its report (issue 23): the cash pending a dollar rate in words, the deleted
 * operations it still reports, its filings to the UAF with the "file this period" action for the roles that may,
 * and whether the period generated now differs from its last filing (the rows are the report's differences table).
 */
export function RoeFilingsPanel({ period, reportPath }: Props) {
  const { t } = useTranslation('reports');
  const user = useUser();
  const qc = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const from = period?.from ?? '';
  const to = period?.to ?? '';
  const summary = useQuery({
    queryKey: reportsKeys.roe.summary(from, to),
    queryFn: () => roeApi.summary(from, to),
    enabled: !!period,
  });
  const filings = useQuery({
    queryKey: reportsKeys.roe.filings(from, to),
    queryFn: () => roeApi.filings(from, to),
    enabled: !!period,
  });
  const latest = filings.data?.[0];
  // whether the period differs from its last filing: the report's answer (the same query as the report below)
  const report = useQuery({
    queryKey: reportsKeys.report(reportPath),
    queryFn: () => reportsApi.report(reportPath ?? ''),
    enabled: !!reportPath,
  });
  const file = useMutation({
    mutationFn: () => roeApi.file(from, to),
    onSuccess: () => {
      setConfirming(false);
      notifySuccess(t('reports:roe.filings.filed'));
      void qc.invalidateQueries({ queryKey: reportsKeys.roe.all });
      void qc.invalidateQueries({ queryKey: reportsKeys.all });
    },
    onError: (e) => {
      setConfirming(false);
      notifyError(errorMessage(e));
    },
  });
  const download = async (f: RoeFiling) => {
    try {
      await api.download(roeApi.filingFilePath(f.id), f.fileName);
      notifySuccess(t('reports:downloaded'));
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  if (!period) return null;
  const mayFile = can({ role: user.role, company: user.company }, 'roeFiling');
  const today = new Date().toISOString().slice(0, 10);
  const ended = period.to < today;
  const pending = summary.data?.pending ?? [];
  const blocked = !ended
    ? t('reports:roe.filings.notEnded', { date: formatDay(period.to) })
    : pending.length > 0
      ? t('reports:roe.filings.blockedPending')
      : null;

  return (
    <Stack gap="md" data-testid="roe-state">
      {summary.error && <Alert color="red">{errorMessage(summary.error)}</Alert>}
      {report.data?.companyTaxIdMissing && (
        <Alert color="yellow" data-testid="roe-tax-id-missing">
          {t('reports:errors.ROE_COMPANY_TAX_ID_MISSING')}
        </Alert>
      )}
      {pending.length > 0 && (
        <Alert color="yellow" data-testid="roe-pending">
          {t('reports:roe.filings.pendingAlert', {
            operations: pending
              .map((p) =>
                t('reports:roe.filings.pendingItem', { codigo: p.codigoFormatted, date: formatDay(p.rateDate) }),
              )
              .join('; '),
          })}
        </Alert>
      )}
      {(summary.data?.deleted ?? 0) > 0 && (
        <Alert color="blue" data-testid="roe-deleted">
          {t('reports:roe.filings.deletedAlert', { count: summary.data?.deleted })}
        </Alert>
      )}
      <Paper withBorder p="md" data-testid="roe-filings">
        <Stack gap={4} mb="sm">
          <Title order={4}>{t('reports:roe.filings.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('reports:roe.filings.intro')}
          </Text>
        </Stack>
        {mayFile ? (
          <Group gap="sm" mb="sm">
            <Button
              leftSection={<IconSend size={16} />}
              disabled={!!blocked || summary.isLoading}
              onClick={() => setConfirming(true)}
              data-testid="roe-file"
            >
              {t('reports:roe.filings.file')}
            </Button>
            {blocked && (
              <Text size="sm" c="dimmed" data-testid="roe-file-blocked">
                {blocked}
              </Text>
            )}
          </Group>
        ) : (
          <Text size="sm" c="dimmed" mb="sm">
            {t('reports:roe.filings.noPermission')}
          </Text>
        )}
        {filings.error && <Alert color="red">{errorMessage(filings.error)}</Alert>}
        {filings.isLoading && <Skeleton h={60} />}
        {filings.data && filings.data.length === 0 && (
          <Text c="dimmed" data-testid="roe-filings-none">
            {t('reports:roe.filings.none')}
          </Text>
        )}
        {filings.data && filings.data.length > 0 && (
          <DataTable
            columns={[
              {
                key: 'filedAt',
                header: t('reports:roe.filings.filedAt'),
                width: 170,
                render: (f) => formatDateTime(f.filedAt),
              },
              { key: 'filedBy', header: t('reports:roe.filings.filedBy'), render: (f) => f.filedBy.name },
              {
                key: 'content',
                header: t('reports:roe.filings.content'),
                render: (f) =>
                  f.negative
                    ? t('reports:roe.filings.negative')
                    : t('reports:roe.filings.operations', { count: f.operationCount }),
              },
              {
                key: 'fingerprint',
                header: t('reports:roe.filings.fingerprint'),
                tooltip: false,
                render: (f) => (
                  <Tooltip label={f.sha256} multiline w={300}>
                    <Code>{`${f.sha256.slice(0, 16)}…`}</Code>
                  </Tooltip>
                ),
              },
              {
                key: 'actions',
                header: '',
                width: 130,
                tooltip: false,
                render: (f) => (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconDownload size={14} />}
                    onClick={() => void download(f)}
                    data-testid="roe-filing-download"
                  >
                    {t('reports:roe.filings.download')}
                  </Button>
                ),
              },
            ]}
            rows={filings.data}
            rowTestId={() => 'roe-filing-row'}
          />
        )}
        {latest && report.isLoading && <Skeleton h={40} mt="sm" />}
        {latest && report.error && (
          <Alert color="red" mt="sm">
            {errorMessage(report.error)}
          </Alert>
        )}
        {latest &&
          report.data?.differs !== undefined &&
          (report.data.differs ? (
            <Alert color="orange" mt="sm" title={t('reports:roe.filings.differencesTitle')} data-testid="roe-differs">
              {t('reports:roe.filings.differencesIntro', { date: formatDateTime(latest.filedAt) })}
            </Alert>
          ) : (
            <Alert color="teal" mt="sm" data-testid="roe-matches">
              {t('reports:roe.filings.noDifferences', { date: formatDateTime(latest.filedAt) })}
            </Alert>
          ))}
      </Paper>
      <ConfirmModal
        {...askWhile(confirming, setConfirming, file)}
        title={t('reports:roe.filings.confirmTitle')}
        confirmLabel={t('reports:roe.filings.confirm')}
        message={t('reports:roe.filings.confirmMessage', { from: formatDay(period.from), to: formatDay(period.to) })}
        testId="roe-file-confirm"
      />
    </Stack>
  );
}
