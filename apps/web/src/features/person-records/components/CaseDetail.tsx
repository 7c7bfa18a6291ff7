import { Alert, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import type { CourtCaseDetail } from '@regcheck/shared/schemas/person-records';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
import { DataTable } from '../../../app/ui/DataTable';
import { shownDocument } from '../lib/document';
import { money } from '../lib/money';
import { Field } from './Field';

/** One court case in detail: the case's data, its parties and its movements, newest first. */
export function CaseDetail({ detail, currency }: { detail: CourtCaseDetail | null; currency: string }) {
  const { t, i18n } = useTranslation('records');
  const c = (k: string) => t(`records:caseDetail.${k}`);
  if (!detail)
    return (
      <Alert color="yellow" data-testid="case-detail-not-found">
        {c('notFound')}
      </Alert>
    );
  return (
    <Stack gap="md" data-testid="case-detail">
      <Paper withBorder p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Field label={c('number')}>{detail.number}</Field>
          <Field label={c('court')}>{detail.court}</Field>
          <Field label={c('className')}>{detail.className}</Field>
          <Field label={c('subject')}>{detail.subject}</Field>
          <Field label={c('status')}>{detail.status}</Field>
          <Field label={c('filedAt')}>{formatDay(detail.filedAt)}</Field>
          <Field label={c('value')}>{money(detail.value, currency, i18n.language)}</Field>
          <Field label={c('judge')}>{detail.judge}</Field>
        </SimpleGrid>
      </Paper>
      <Stack gap={4}>
        <Title order={4}>{c('parties')}</Title>
        <DataTable
          testId="case-parties"
          minWidth={0}
          columns={[
            { key: 'name', header: c('partyName'), render: (p) => p.name },
            {
              key: 'document',
              header: c('partyDocument'),
              width: 200,
              render: (p) => shownDocument(p.document) || '-',
            },
            { key: 'role', header: c('partyRole'), width: 200, render: (p) => p.role ?? '-' },
          ]}
          rows={detail.parties}
          getId={(p) => `${p.name}|${p.role}`}
          emptyText={c('noParties')}
        />
      </Stack>
      <Stack gap={4}>
        <Title order={4}>{c('movements')}</Title>
        <DataTable
          testId="case-movements"
          minWidth={0}
          columns={[
            { key: 'date', header: c('date'), width: 120, render: (m) => formatDay(m.date) || '-' },
            { key: 'movement', header: c('movement'), render: (m) => m.description },
          ]}
          rows={detail.movements}
          getId={(m) => `${m.date}|${m.description}`}
          emptyText={c('noMovements')}
        />
      </Stack>
    </Stack>
  );
}
