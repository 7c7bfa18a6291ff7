import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { currenciesFor } from '@regcheck/shared/format/currency';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cachedGet } from '../../../app/api/cached-get';
import { DateField } from '../../../app/components/DateField';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { useUser } from '../../../app/session/useSession';
import { operationsApi } from '../api/operations-api';
import { IdentifyParticipant } from '../components/IdentifyParticipant';
import { ParticipantRow } from '../components/ParticipantRow';
import { type ParticipantDraft, participantIssues, toAssociates, totals } from '../lib/operation-form';

/** /home/records/consulta (and createOperation, newHome): pick the currency, identify participants, amounts, totals. */
export function NewOperationPage() {
  const { t } = useTranslation('operations');
  const user = useUser();
  const navigate = useNavigate();
  const currencies = currenciesFor(user.company?.country);
  const [divisa, setDivisa] = useState<string>(currencies[0] ?? 'USD');
  const [transactionType, setTransactionType] = useState('');
  const [transactionDate, setTransactionDate] = useState(new Date().toISOString().slice(0, 10));
  const [referenceNumber, setReferenceNumber] = useState('');
  const [comments, setComments] = useState('');
  const [participants, setParticipants] = useState<ParticipantDraft[]>([]);
  const issues = useMemo(() => participantIssues(participants), [participants]);
  const sum = totals(participants);
  // the day's rate, for the cash in USD that the ROE threshold is measured in (rate lookups: cache of 30 entries)
  const rate = useQuery({
    queryKey: ['operations', 'rate', divisa, transactionDate],
    enabled: divisa !== 'USD' && /^\d{4}-\d{2}-\d{2}$/.test(transactionDate),
    queryFn: () =>
      cachedGet<{ perUsd: number; rateDate: string; source: string }>(
        `/api/divisas/por-fecha?fecha=${transactionDate}&divisa=${divisa}`,
        { maxEntries: 30, busy: false },
      ),
  });
  const cashUsd = divisa === 'USD' ? sum.cash : rate.data ? sum.cash / rate.data.perUsd : null;
  const blocked = participants.length === 0 || Object.values(issues).some((i) => i.length > 0);
  const create = useMutation({
    mutationFn: () =>
      operationsApi.create({
        divisa,
        transactionType: transactionType || undefined,
        transactionDate: transactionDate || undefined,
        referenceNumber: referenceNumber || undefined,
        transactionComments: comments || undefined,
        associates: toAssociates(participants),
      }),
    onSuccess: (o) => {
      notifySuccess(t('form.created', { codigo: o.codigoFormatted }));
      void navigate(`/home/records/operationDetail/${o.id}`);
    },
    onError: (err) => notifyError(err instanceof Error ? err.message : String(err)),
  });
  return (
    <Stack>
      <Title order={2}>{t('form.title')}</Title>
      <Card withBorder>
        <Group grow align="start">
          <Select
            label={t('columns.divisa')}
            data={currencies.map((c) => ({ value: c, label: t(`currency.${c}`) }))}
            value={divisa}
            onChange={(v) => v && setDivisa(v)}
            allowDeselect={false}
            data-testid="operation-currency"
          />
          <TextInput
            label={t('columns.transactionType')}
            value={transactionType}
            onChange={(e) => setTransactionType(e.currentTarget.value)}
            data-testid="operation-type"
          />
          <DateField label={t('columns.transactionDate')} value={transactionDate} onChange={setTransactionDate} />
          <TextInput
            label={t('columns.referenceNumber')}
            value={referenceNumber}
            onChange={(e) => setReferenceNumber(e.currentTarget.value)}
            data-testid="operation-reference"
          />
        </Group>
        <Textarea
          mt="sm"
          label={t('form.comments')}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed" mt="xs">
          {t('form.currencyNote')}
        </Text>
      </Card>
      <Card withBorder>
        <Stack>
          <Title order={4}>{t('form.participants')}</Title>
          <IdentifyParticipant onAdd={(p) => setParticipants((list) => [...list, p])} />
          {participants.length === 0 ? <Text c="dimmed">{t('form.noParticipants')}</Text> : null}
          {participants.map((p, i) => (
            <ParticipantRow
              key={p.key}
              index={i}
              participant={p}
              issues={issues[p.key] ?? []}
              currency={divisa}
              onChange={(next) => setParticipants((list) => list.map((x) => (x.key === p.key ? next : x)))}
              onRemove={() => setParticipants((list) => list.filter((x) => x.key !== p.key))}
            />
          ))}
        </Stack>
      </Card>
      <Card withBorder>
        <Group justify="space-between">
          <Group>
            <Text>
              {t('form.totalAmount')}: <b data-testid="total-amount">{formatAmount(sum.amount)}</b> {divisa}
            </Text>
            <Text>
              {t('form.totalCash')}: <b data-testid="total-cash">{formatAmount(sum.cash)}</b> {divisa}
            </Text>
            {cashUsd !== null && divisa !== 'USD' && sum.cash > 0 && (
              <Text c="dimmed" data-testid="total-cash-usd">
                {t('form.cashInUsd', { amount: formatAmount(cashUsd), source: rate.data?.source ?? '' })}
              </Text>
            )}
          </Group>
          <Button
            onClick={() => create.mutate()}
            disabled={blocked}
            loading={create.isPending}
            data-testid="operation-create"
          >
            {t('form.create')}
          </Button>
        </Group>
        {sum.cash > sum.amount ? (
          <Alert color="red" mt="sm">
            {t('errors.CASH_EXCEEDS_TOTAL')}
          </Alert>
        ) : null}
      </Card>
    </Stack>
  );
}
