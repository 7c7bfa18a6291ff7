import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { currenciesFor } from '@regcheck/shared/format/currency';
import { formatDate } from '@regcheck/shared/format/date';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { displayDni } from '../../../app/format/dni';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useUser } from '../../../app/session/useSession';
import { DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { RiskBadge } from '../../../app/ui/RiskBadge';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { usePaging } from '../../../app/ui/usePaging';
import { BulkSendForms, FormStatusBadge, OperationFormReasonLines, useOperationFormReasons } from '../../forms';
import { exportOperations, type Operation, operationsApi, type TableFilter } from '../api/operations-api';
import { HistoryFilters } from '../components/HistoryFilters';
import { operationsKeys } from '../keys';
import { type HistoryColumn, historyColumns } from '../lib/history-columns';

/** /home/history: customer management (operations list), with the trash of consultations. */
export function HistoryPage() {
  const { t } = useTranslation('operations');
  const user = useUser();
  const qc = useQueryClient();
  const [trash, setTrash] = useState(false);
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<Omit<TableFilter, 'limit' | 'skip' | 'recordStatus'>>(() =>
    historyFiltersFromQuery(params),
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [confirm, setConfirm] = useState(false);
  // another filter or the trash starts again on page 1
  const paging = usePaging({ resetOn: [filters, trash] });
  const request: TableFilter = {
    ...filters,
    recordStatus: trash ? 'inactive' : 'active',
    limit: paging.limit,
    skip: paging.skip,
  };
  const table = useQuery({ queryKey: operationsKeys.table(request), queryFn: () => operationsApi.table(request) });
  const flag = useQuery({
    queryKey: operationsKeys.flag(user.company?.id),
    queryFn: () => operationsApi.flag(user.company?.id ?? ''),
    enabled: !!user.company?.id,
  });
  const resume = useQuery({
    queryKey: operationsKeys.resume(request),
    queryFn: () => operationsApi.resume(request),
    enabled: flag.data === true,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: operationsKeys.all });
  const remove = useMutation({
    mutationFn: () => (trash ? operationsApi.restore(selected) : operationsApi.softDelete(selected)),
    onSuccess: () => {
      notifySuccess(trash ? t('operations:history.restored') : t('operations:history.deleted'));
      setSelected([]);
      setConfirm(false);
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const cols = historyColumns(user.role, user.company?.country);
  const rows = table.data?.data ?? [];
  const count = table.data?.count ?? 0;
  // why each operation's forms are required, for the rows on screen (issue 25: the list says why)
  const formReasons = useOperationFormReasons(
    rows.map((o) => o.id),
    !trash && cols.includes('forms'),
  );
  const cell = (o: Operation, c: HistoryColumn) => {
    switch (c) {
      case 'codigo':
        return <Link to={`/home/records/operationDetail/${o.id}`}>{o.codigoFormatted}</Link>;
      case 'transactionDate':
        return formatDate(o.transactionDate);
      case 'participants':
        return <TruncatedText value={o.associates.map((a) => a.name || displayDni(a.dni)).join(', ')} />;
      case 'amount':
        return `${formatAmount(o.amount)} ${o.divisa}`;
      case 'cashAmount':
        return formatAmount(o.cashAmount);
      case 'status':
        return <Badge color={o.status === 'open' ? 'blue' : 'gray'}>{t(`operations:status.${o.status}`)}</Badge>;
      case 'risk':
        return <RiskBadge risk={o.risk} />;
      case 'forms':
        return (
          <Stack gap={4} align="flex-start">
            <FormStatusBadge status={o.consultationStatus} />
            <OperationFormReasonLines forms={formReasons.get(o.id)} operationId={o.id} />
          </Stack>
        );
      case 'roe':
        if (o.roe) return <Badge color="orange">ROE</Badge>;
        // cash without a dollar rate for its day: not "no ROE", pending (decision 128)
        return o.cashRatePending ? (
          <Badge color="yellow" variant="light">
            {t('operations:history.ratePending')}
          </Badge>
        ) : (
          ''
        );
      case 'ros':
        return o.ros ? <Badge color="red">ROS</Badge> : '';
      case 'creator':
        return <TruncatedText value={o.creator.name ?? ''} />;
    }
  };
  // the selection as the mass form submission needs it: selected rows of the pages seen (their form status)
  const [seen, setSeen] = useState<Record<string, Operation>>({});
  const known = { ...seen, ...Object.fromEntries(rows.map((r) => [r.id, r])) };
  const selectedRows = selected.flatMap((id) => (known[id] ? [known[id]] : []));
  if (rows.some((r) => seen[r.id] !== r)) setSeen(known);
  return (
    <Stack>
      <PageHeader title={trash ? t('operations:history.trashTitle') : t('operations:history.title')}>
        <Button
          variant="light"
          onClick={() => {
            setTrash(!trash);
            setSelected([]);
          }}
          data-testid="history-trash-toggle"
        >
          {trash ? t('operations:history.backToList') : t('operations:history.trash')}
        </Button>
      </PageHeader>
      <HistoryFilters
        currencies={currenciesFor(user.company?.country)}
        initial={filters}
        onApply={(f) => {
          setFilters(f);
          // applied again unchanged, it still starts on page 1
          paging.setPage(1);
        }}
      />
      {resume.data ? (
        <Group gap="lg" data-testid="history-resume">
          <Text size="sm">{t('operations:history.resume.total', { count: resume.data.total })}</Text>
          <Text size="sm">
            {t('operations:status.open')}: {resume.data.open}
          </Text>
          <Text size="sm">
            {t('operations:status.closed')}: {resume.data.closed}
          </Text>
          <Text size="sm">
            {t('operations:risk.high')}: {resume.data.byRisk.high}
          </Text>
        </Group>
      ) : null}
      <Group>
        {!trash ? <BulkSendForms rows={selectedRows} onDone={refresh} /> : null}
        {!trash ? (
          <Button
            variant="default"
            disabled={selected.length === 0}
            onClick={() => void exportOperations(selected).catch((e: Error) => notifyError(e.message))}
          >
            {t('operations:history.download', { count: selected.length })}
          </Button>
        ) : null}
        <Button
          color={trash ? 'blue' : 'red'}
          variant="light"
          disabled={selected.length === 0}
          onClick={() => setConfirm(true)}
          data-testid="history-delete"
        >
          {trash
            ? t('operations:history.restore', { count: selected.length })
            : t('operations:history.delete', { count: selected.length })}
        </Button>
      </Group>
      {table.isError ? <Alert color="red">{(table.error as Error).message}</Alert> : null}
      <DataTable
        testId="history-table"
        columns={cols.map((c) => ({
          key: c,
          header: t(`operations:columns.${c}`),
          render: (o: Operation) => cell(o, c),
          // the reasons under the form status carry their own tooltip each
          tooltip: c !== 'forms',
        }))}
        rows={rows}
        loading={table.isLoading}
        emptyText={t('operations:history.empty')}
        selected={selected}
        onSelect={setSelected}
        rowLabel={(o) => o.codigoFormatted}
        dense
        // the count is exact up to 10,000: past it the footer says "10.000+"
        pagination={paging.pagination(
          count,
          table.data?.countExact === false ? `${formatAmount(count)}+` : formatAmount(count),
        )}
      />
      <Modal
        opened={confirm}
        onClose={() => setConfirm(false)}
        title={trash ? t('operations:history.confirmRestore') : t('operations:history.confirmDelete')}
      >
        <Group justify="end">
          <Button variant="default" onClick={() => setConfirm(false)}>
            {t('operations:common.no')}
          </Button>
          <Button
            color={trash ? 'blue' : 'red'}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid="history-confirm"
          >
            {t('operations:common.yes')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

const DAY_PARAM = /^\d{4}-\d{2}-\d{2}$/;
const FORM_STATUS_PARAM = new Set(['notRequired', 'required', 'sent', 'opened', 'filled', 'signed']);

/**
 * The filters a link opens the history with (the home dashboard's figures):
 * `?risk=high&from=...&to=...&ros=true&consultationStatus=sent,opened,filled,signed`. Malformed values are ignored.
 */
function historyFiltersFromQuery(params: URLSearchParams): Omit<TableFilter, 'limit' | 'skip' | 'recordStatus'> {
  const risk = params.get('risk');
  const from = params.get('from');
  const to = params.get('to');
  const ros = params.get('ros');
  const statuses = (params.get('consultationStatus') ?? '').split(',').filter((s) => FORM_STATUS_PARAM.has(s));
  return {
    ...(risk && ['high', 'medium', 'low'].includes(risk) ? { risk: [risk] } : {}),
    ...(from && DAY_PARAM.test(from) ? { dateFrom: from } : {}),
    ...(to && DAY_PARAM.test(to) ? { dateTo: to } : {}),
    ...(ros === 'true' || ros === 'false' ? { ros: ros === 'true' } : {}),
    ...(statuses.length ? { consultationStatus: [...new Set(statuses)] } : {}),
  };
}
