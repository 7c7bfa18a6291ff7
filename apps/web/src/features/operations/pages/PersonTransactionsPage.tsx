import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { formatDate } from '@regcheck/shared/format/date';
import { OPERATION_CURRENCIES } from '@regcheck/shared/schemas/operations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { displayDni } from '../../../app/format/dni';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { DataTable } from '../../../app/ui/DataTable';
import { DateField } from '../../../app/ui/DateField';
import { useRunFicha } from '../../fichas';
import { type Transaction, transactionsApi } from '../api/operations-api';
import { operationsKeys } from '../keys';
import {
  emptyTransaction,
  type TransactionDraft,
  toFormValues,
  toPayload,
  transactionsFilter,
  validate,
} from '../lib/transaction-form';

/**
 * /home/records/{run}/transaction/{transaction?}: the transactions of one person (by document), with the form to
 * create one or edit the one in the path, and the link to each transaction's operation. `?operation=` links a new
 * transaction to that operation, `?currency=` gives its default currency (the operation's).
 */
export function PersonTransactionsPage() {
  const { t } = useTranslation('operations');
  const { run = '', transaction } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const base = `/home/records/${encodeURIComponent(run)}/transaction`;
  const list = useQuery({
    queryKey: operationsKeys.transactions(run),
    queryFn: () => transactionsApi.list(transactionsFilter(run)),
    enabled: !!run,
  });
  // the person's name for the title (the path carries only the document)
  const person = useRunFicha(run);
  const editing = transaction ? list.data?.find((x) => x.id === transaction) : undefined;
  if (!run) return <Alert color="yellow">{t('operations:transactions.noPerson')}</Alert>;
  return (
    <Stack>
      <Title order={2} data-testid="transactions-title">
        {person.data?.fullName
          ? t('operations:transactions.titleNamed', { name: person.data.fullName, dni: displayDni(run) })
          : t('operations:transactions.title', { dni: displayDni(run) })}
      </Title>
      {list.isLoading ? <Loader /> : null}
      {list.isError ? <Alert color="red">{(list.error as Error).message}</Alert> : null}
      {list.data ? (
        list.data.length === 0 ? (
          <Text c="dimmed" data-testid="transactions-empty">
            {t('operations:transactions.empty')}
          </Text>
        ) : (
          <DataTable
            testId="transactions-table"
            minWidth={0}
            columns={[
              {
                key: 'date',
                header: t('operations:transactions.date'),
                width: 110,
                render: (x) => formatDate(x.transactionDate ?? x.createdAt) || '-',
              },
              { key: 'type', header: t('operations:transactions.type'), render: (x) => x.transactionType ?? '-' },
              {
                key: 'amount',
                header: t('operations:transactions.amount'),
                render: (x) => `${formatAmount(x.amount)} ${x.divisa}`,
              },
              { key: 'cash', header: t('operations:transactions.cash'), render: (x) => formatAmount(x.cashAmount) },
              {
                key: 'operation',
                header: t('operations:transactions.operation'),
                render: (x) =>
                  x.operationId ? (
                    <Anchor component={Link} to={`/home/records/operationDetail/${x.operationId}`}>
                      {t('operations:transactions.openOperation')}
                    </Anchor>
                  ) : (
                    '-'
                  ),
              },
              {
                key: 'actions',
                header: '',
                width: 100,
                tooltip: false,
                render: (x) => (
                  <Button size="xs" variant="light" component={Link} to={`${base}/${x.id}`}>
                    {t('operations:transactions.edit')}
                  </Button>
                ),
              },
            ]}
            rows={list.data}
            highlighted={(x) => x.id === transaction}
          />
        )
      ) : null}
      {list.data && (!transaction || editing) ? (
        <TransactionForm
          key={editing?.id ?? 'new'}
          dni={run}
          editing={editing}
          operationId={search.get('operation')}
          currency={currencyOf(search.get('currency'))}
          onDone={() => {
            void qc.invalidateQueries({ queryKey: operationsKeys.transactions(run) });
            if (editing) void navigate(base);
          }}
          onCancel={editing ? () => void navigate(base) : undefined}
        />
      ) : null}
    </Stack>
  );
}

function currencyOf(v: string | null): TransactionDraft['divisa'] {
  return (OPERATION_CURRENCIES as readonly string[]).includes(v ?? '') ? (v as TransactionDraft['divisa']) : 'USD';
}

function TransactionForm(props: {
  dni: string;
  currency: TransactionDraft['divisa'];
  editing?: Transaction;
  operationId: string | null;
  onDone(): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation('operations');
  const initial = props.editing
    ? toFormValues(props.editing)
    : { ...emptyTransaction(props.currency), operationId: props.operationId };
  const [d, setD] = useState<TransactionDraft>(initial);
  const [issues, setIssues] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      props.editing ? transactionsApi.update(props.editing.id, body) : transactionsApi.create(body),
    onSuccess: () => {
      notifySuccess(t('operations:transactions.saved'));
      if (!props.editing) setD({ ...emptyTransaction(d.divisa), operationId: props.operationId });
      props.onDone();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const text = (k: keyof TransactionDraft) => ({
    value: (d[k] as string | null) ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const v = e.currentTarget.value;
      setD((x) => ({ ...x, [k]: v }));
    },
  });
  const submit = () => {
    const found = validate(d);
    setIssues(found);
    if (found.length === 0) save.mutate(toPayload(d, props.dni));
  };
  return (
    <Card withBorder data-testid="transaction-form">
      <Stack>
        <Title order={4}>{props.editing ? t('operations:transactions.edit') : t('operations:transactions.new')}</Title>
        {issues.includes('empty') && (
          <Alert color="red" data-testid="transaction-empty">
            {t('operations:transactions.issues.empty')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('operations:transactions.type')}
            {...text('transactionType')}
            data-testid="transaction-type"
          />
          <DateField
            label={t('operations:transactions.date')}
            value={d.transactionDate}
            onChange={(v) => setD((x) => ({ ...x, transactionDate: v }))}
            error={issues.includes('dateInvalid') ? t('operations:transactions.issues.dateInvalid') : undefined}
          />
          <Select
            label={t('operations:transactions.currency')}
            data={OPERATION_CURRENCIES.map((c) => ({ value: c, label: t(`operations:currency.${c}`) }))}
            value={d.divisa}
            onChange={(v) => v && setD((x) => ({ ...x, divisa: v as TransactionDraft['divisa'] }))}
          />
          <TextInput
            label={t('operations:transactions.amount')}
            inputMode="decimal"
            {...text('amount')}
            error={issues.includes('amountInvalid') ? t('operations:transactions.issues.amountInvalid') : undefined}
            data-testid="transaction-amount"
          />
          <TextInput
            label={t('operations:transactions.cash')}
            inputMode="decimal"
            {...text('cashAmount')}
            error={
              issues.includes('cashInvalid')
                ? t('operations:transactions.issues.cashInvalid')
                : issues.includes('cashExceeds')
                  ? t('operations:errors.CASH_EXCEEDS_CONTRIBUTED')
                  : undefined
            }
            data-testid="transaction-cash"
          />
        </SimpleGrid>
        <Textarea label={t('operations:transactions.description')} {...text('description')} />
        <Group>
          <Button onClick={submit} loading={save.isPending} data-testid="transaction-save">
            {t('operations:transactions.save')}
          </Button>
          {props.onCancel ? (
            <Button variant="default" onClick={props.onCancel}>
              {t('operations:transactions.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
