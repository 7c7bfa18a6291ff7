import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { DataTable } from '../../../app/ui/DataTable';
import { formsApi } from '../api/forms-api';
import { formsKeys } from '../keys';
import { reasonInWords } from '../lib/reasons';
import { FormStatusBadge } from './FormStatusBadge';

/** an instant on the reader's clock, as every staff screen shows it (not the UTC day) */
const day = (d: string | null) => (d ? formatDay(d) : '—');

/**
 * The ficha's declaration forms (spec 001 §3 "Form summary per ficha"): per form its current status (with why it is
 * due again, issue 25 point 5), when it was last sent and signed and until when that signature is in effect; then the
 * signed PDFs, for its Documents panel.
 */
export function FichaSignedForms({ fichaId }: { fichaId: string }) {
  const { t } = useTranslation();
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);
  const summary = useQuery({ queryKey: formsKeys.fichaSummary(fichaId), queryFn: () => formsApi.summary(fichaId) });
  const q = useQuery({ queryKey: formsKeys.fichaForms(fichaId), queryFn: () => formsApi.ofFicha(fichaId) });
  const signed = (q.data ?? []).filter((f) => f.signed && f.hasSigned);
  return (
    <Stack gap="xs" mt="md" data-testid="ficha-signed-forms">
      <Title order={5}>{t('forms:ficha.summaryTitle')}</Title>
      {summary.isError ? <Text c="red.9">{errorMessage(summary.error)}</Text> : null}
      <DataTable
        testId="ficha-form-summary"
        minWidth={0}
        columns={[
          { key: 'form', header: t('forms:panel.form'), render: (r) => r.formName },
          {
            key: 'status',
            header: t('forms:panel.status'),
            render: (r) => (
              <Stack gap={2} align="flex-start">
                <FormStatusBadge status={r.currentStatus} />
                {(r.reasons ?? []).map((x) => (
                  <Text key={x.code} size="xs" c="dimmed" maw={360} data-testid={`ficha-reason-${r.type}`}>
                    {reasonInWords(x, tt)}
                  </Text>
                ))}
              </Stack>
            ),
          },
          { key: 'lastSent', header: t('forms:panel.lastSent'), width: 120, render: (r) => day(r.lastTimeSent) },
          {
            key: 'lastSigned',
            header: t('forms:panel.lastSigned'),
            width: 120,
            render: (r) => day(r.lastTimeSignature),
          },
          {
            key: 'effectiveUntil',
            header: t('forms:ficha.effectiveUntil'),
            width: 120,
            render: (r) => day(r.lastEffectiveDate),
          },
        ]}
        rows={summary.data}
        getId={(r) => r.type}
        rowTestId={(r) => `ficha-form-${r.type}`}
        loading={summary.isLoading}
        emptyText={t('forms:ficha.noForms')}
      />
      <Title order={5} mt="sm">
        {t('forms:ficha.title')}
      </Title>
      {q.isLoading ? <Text c="dimmed">{t('forms:panel.loading')}</Text> : null}
      {!q.isLoading && signed.length === 0 ? <Text c="dimmed">{t('forms:ficha.empty')}</Text> : null}
      {signed.map((f) => (
        <Group key={f.id} gap="sm">
          <Anchor
            component="button"
            onClick={() =>
              formsApi
                .download(f.type, f.id, 'signed', `${f.type}-${f.dni}-signed.pdf`)
                .catch((e) => notifyError(errorMessage(e)))
            }
          >
            {t(`forms:types.${f.type}`)}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t('forms:ficha.signedOn', { date: day(f.signedAt ?? null) })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
