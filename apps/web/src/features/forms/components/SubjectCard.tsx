import { Alert, Card, List, Stack, Text, Title } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { formatDate } from '@regcheck/shared/format/date';
import type { FormSubjectT } from '@regcheck/shared/schemas/forms';
import { useTranslation } from 'react-i18next';

const money = (currency: string, amount: number) => `${currency} ${formatAmount(amount)}`;

/**
 * What the declaration is about (issue 25 point 2), above the form: the operation's number, reference, date and
 * amount; the company declared; the beneficial owners the company has on record. Under it, while the visitor fills
 * the form, a declared amount or currency other than the operation's is said at once.
 */
export function SubjectCard({
  subject,
  companyName,
  answers,
}: {
  subject: FormSubjectT;
  companyName: string;
  answers?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const op = subject.operation;
  const declared = typeof answers?.amount === 'number' ? answers.amount : null;
  const currency = typeof answers?.currency === 'string' ? answers.currency : null;
  const differs =
    !!op &&
    op.amount > 0 &&
    answers !== undefined &&
    'amount' in answers &&
    declared !== null &&
    (Math.abs(declared - op.amount) >= 0.005 || (currency !== null && currency !== op.currency));
  return (
    <Card withBorder data-testid="form-subject">
      <Stack gap={4}>
        <Title order={4}>{t('forms:public.subjectTitle')}</Title>
        {op ? (
          <>
            <Text size="sm" fw={600}>
              {t('forms:public.operation', { codigo: String(op.codigo).padStart(6, '0') })}
            </Text>
            <Text size="sm">
              {op.reference ? t('forms:public.reference', { reference: op.reference }) : t('forms:public.noReference')}
            </Text>
            {op.date ? <Text size="sm">{t('forms:public.date', { date: formatDate(op.date) })}</Text> : null}
            {op.amount > 0 ? (
              <Text size="sm">{t('forms:public.amount', { amount: money(op.currency, op.amount) })}</Text>
            ) : null}
          </>
        ) : null}
        {subject.entity ? <Text size="sm">{t('forms:public.entity', subject.entity)}</Text> : null}
        {subject.owners ? (
          subject.owners.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('forms:public.ownersNone', { company: companyName })}
            </Text>
          ) : (
            <>
              <Text size="sm" fw={600}>
                {t('forms:public.ownersKnown', { company: companyName })}
              </Text>
              <List size="sm" data-testid="known-owners">
                {subject.owners.map((o) => (
                  <List.Item key={o.document}>
                    {o.name} — {o.document}
                    {o.participation === null ? '' : ` — ${formatAmount(o.participation)} %`}
                  </List.Item>
                ))}
              </List>
            </>
          )
        ) : null}
        {differs && op && declared !== null ? (
          <Alert color="orange" data-testid="amount-differs">
            {t('forms:public.amountDiffers', {
              declared: money(currency ?? op.currency, declared),
              operation: money(op.currency, op.amount),
            })}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
