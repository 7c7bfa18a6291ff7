import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { currenciesFor } from '@regcheck/shared/format/currency';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cachedGet } from '../../../app/api/cached-get';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useUser } from '../../../app/session/useSession';
import { DateField } from '../../../app/ui/DateField';
import { operationsApi } from '../api/operations-api';
import { IdentifyParticipant } from '../components/IdentifyParticipant';
import { ParticipantRow } from '../components/ParticipantRow';
import { operationsKeys } from '../keys';
import { type ParticipantDraft, toPayload, totals, validate } from '../lib/operation-form';
import { ratePath, roePreview, TRANSACTION_TYPES } from '../lib/roe-preview';

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
  const issues = useMemo(() => validate(participants), [participants]);
  const sum = totals(participants);
  // the day's rate, for the cash in USD that the ROE threshold is measured in (rate lookups: cache of 30 entries)
  const rate = useQuery({
    queryKey: operationsKeys.rate(divisa, transactionDate),
    enabled: divisa !== 'USD' && /^\d{4}-\d{2}-\d{2}$/.test(transactionDate),
    queryFn: () =>
      cachedGet<{ perUsd: number; rateDate: string; source: string }>(ratePath(transactionDate, divisa), {
        maxEntries: 30,
        busy: false,
      }),
  });
  const preview = roePreview(sum.cash, divisa, rate.data?.perUsd);
  const blocked = participants.length === 0 || Object.values(issues).some((i) => i.length > 0);
  const create = useMutation({
    mutationFn: () =>
      operationsApi.create(
        toPayload({ divisa, transactionType, transactionDate, referenceNumber, comments, participants }),
      ),
    onSuccess: (o) => {
      notifySuccess(t('operations:form.created', { codigo: o.codigoFormatted }));
      void navigate(`/home/records/operationDetail/${o.id}`);
    },
    onError: (err) => notifyError(errorMessage(err)),
  });
  return (
    <Stack>
      <Title order={2}>{t('operations:form.title')}</Title>
      <Card withBorder>
        <Group grow align="start">
          <Select
            label={t('operations:columns.divisa')}
            data={currencies.map((c) => ({ value: c, label: t(`operations:currency.${c}`) }))}
            value={divisa}
            onChange={(v) => v && setDivisa(v)}
            data-testid="operation-currency"
          />
          <Select
            label={t('operations:columns.transactionType')}
            data={TRANSACTION_TYPES.map((v) => ({ value: v, label: t(`operations:transactionTypes.${v}`) }))}
            value={transactionType || null}
            onChange={(v) => setTransactionType(v ?? '')}
            clearable
            searchable
            data-testid="operation-type"
          />
          <DateField
            label={t('operations:columns.transactionDate')}
            value={transactionDate}
            onChange={setTransactionDate}
            data-testid="operation-date"
          />
          <TextInput
            label={t('operations:columns.referenceNumber')}
            value={referenceNumber}
            onChange={(e) => setReferenceNumber(e.currentTarget.value)}
            data-testid="operation-reference"
          />
        </Group>
        <Textarea
          mt="sm"
          label={t('operations:form.comments')}
          value={comments}
          onChange={(e) => setComments(e.currentTarget.value)}
        />
        <Text size="xs" c="dimmed" mt="xs">
          {t('operations:form.currencyNote')}
        </Text>
      </Card>
      <Card withBorder>
        <Stack>
          <Title order={4}>{t('operations:form.participants')}</Title>
          <IdentifyParticipant onAdd={(p) => setParticipants((list) => [...list, p])} />
          {participants.length === 0 ? <Text c="dimmed">{t('operations:form.noParticipants')}</Text> : null}
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
              {t('operations:form.totalAmount')}: <b data-testid="total-amount">{formatAmount(sum.amount)}</b> {divisa}
            </Text>
            <Text>
              {t('operations:form.totalCash')}: <b data-testid="total-cash">{formatAmount(sum.cash)}</b> {divisa}
            </Text>
            {preview && divisa !== 'USD' && (
              <Text c="dimmed" data-testid="total-cash-usd">
                {t('operations:form.cashInUsd', {
                  amount: formatAmount(preview.cashUsd),
                  source: rate.data?.source ?? '',
                })}
              </Text>
            )}
          </Group>
          <Button
            onClick={() => create.mutate()}
            disabled={blocked}
            loading={create.isPending}
            data-testid="operation-create"
          >
            {t('operations:form.create')}
          </Button>
        </Group>
        {preview?.roe ? (
          <Alert color="orange" mt="sm" data-testid="roe-preview">
            {t('operations:form.roePreview', { amount: formatAmount(preview.cashUsd) })}
          </Alert>
        ) : null}
        {sum.cash > sum.amount ? (
          <Alert color="red" mt="sm">
            {t('operations:errors.CASH_EXCEEDS_TOTAL')}
          </Alert>
        ) : null}
      </Card>
    </Stack>
  );
}
