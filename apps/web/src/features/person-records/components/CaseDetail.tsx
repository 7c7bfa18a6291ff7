import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CourtCaseDetail } from '@regcheck/shared/schemas/person-records';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../app/format/format';
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
        {detail.parties.length === 0 ? (
          <Text c="dimmed">{c('noParties')}</Text>
        ) : (
          <Table data-testid="case-parties">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{c('partyName')}</Table.Th>
                <Table.Th w={200}>{c('partyDocument')}</Table.Th>
                <Table.Th w={200}>{c('partyRole')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.parties.map((p) => (
                <Table.Tr key={`${p.name}|${p.role}`}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{shownDocument(p.document) || '-'}</Table.Td>
                  <Table.Td>{p.role ?? '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={4}>{c('movements')}</Title>
        {detail.movements.length === 0 ? (
          <Text c="dimmed">{c('noMovements')}</Text>
        ) : (
          <Table data-testid="case-movements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={120}>{c('date')}</Table.Th>
                <Table.Th>{c('movement')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.movements.map((m) => (
                <Table.Tr key={`${m.date}|${m.description}`}>
                  <Table.Td>{formatDay(m.date) || '-'}</Table.Td>
                  <Table.Td>{m.description}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
