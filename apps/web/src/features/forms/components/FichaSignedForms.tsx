import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
import { notifyError } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
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
  const rows = summary.data ?? [];
  return (
    <Stack gap="xs" mt="md" data-testid="ficha-signed-forms">
      <Title order={5}>{t('forms:ficha.summaryTitle')}</Title>
      {summary.isLoading ? <Text c="dimmed">{t('forms:panel.loading')}</Text> : null}
      {summary.isError ? <Text c="red.9">{errorMessage(summary.error)}</Text> : null}
      {!summary.isLoading && rows.length === 0 ? <Text c="dimmed">{t('forms:ficha.noForms')}</Text> : null}
      {rows.length > 0 ? (
        <Table data-testid="ficha-form-summary">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('forms:panel.form')}</Table.Th>
              <Table.Th>{t('forms:panel.status')}</Table.Th>
              <Table.Th>{t('forms:panel.lastSent')}</Table.Th>
              <Table.Th>{t('forms:panel.lastSigned')}</Table.Th>
              <Table.Th>{t('forms:ficha.effectiveUntil')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.type} data-testid={`ficha-form-${r.type}`}>
                <Table.Td>{r.formName}</Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <FormStatusBadge status={r.currentStatus} />
                    {(r.reasons ?? []).map((x) => (
                      <Text key={x.code} size="xs" c="dimmed" maw={360} data-testid={`ficha-reason-${r.type}`}>
                        {reasonInWords(x, tt)}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>{day(r.lastTimeSent)}</Table.Td>
                <Table.Td>{day(r.lastTimeSignature)}</Table.Td>
                <Table.Td>{day(r.lastEffectiveDate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
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
