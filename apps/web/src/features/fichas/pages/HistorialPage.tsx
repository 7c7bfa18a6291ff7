import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { useTranslation } from 'react-i18next';
import { Field } from '../components/detail/Field';
import { HistoryTable } from '../components/detail/HistoryTable';
import { RecordsLayout } from './RecordsLayout';

/**
 * /home/records/:run/historial: the person over time: key dates, the operations where the person took part and
 * the audited history of changes (who, when, what changed).
 */
export function HistorialPage() {
  const { t } = useTranslation('fichas');
  return (
    <RecordsLayout titleKey="fichas:records.historial">
      {(ficha) => (
        <Stack gap="md">
          <Card withBorder padding="lg">
            <Group gap="xl">
              <Field label={t('fichas:history.createdAt')} value={formatDate(ficha.createdAt)} />
              <Field label={t('fichas:history.updatedAt')} value={formatDate(ficha.updatedAt)} />
              <Field label={t('fichas:history.lastChecked')} value={formatDate(ficha.listas?.lastChecked)} />
              <Field label={t('fichas:history.lastDOFDate')} value={formatDate(ficha.lastDOFDate)} />
            </Group>
          </Card>
          <Card withBorder padding="lg">
            <Text fw={600} mb="xs">
              {t('fichas:history.operations')}
            </Text>
            {ficha.asociados.length === 0 ? (
              <Text c="dimmed">{t('fichas:history.noOperations')}</Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {ficha.asociados.map((a, i) => {
                    const op = (a ?? {}) as Record<string, unknown>;
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: operations come without a guaranteed id
                      <Table.Tr key={i}>
                        <Table.Td>{String(op.codigo ?? op.referenceNumber ?? op.id ?? '-')}</Table.Td>
                        <Table.Td>{formatDate(op.createdAt as string | undefined)}</Table.Td>
                        <Table.Td>{String(op.status ?? '')}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
          </Card>
          <Card withBorder padding="lg">
            <Text fw={600} mb="xs">
              {t('fichas:history.changes.title')}
            </Text>
            <HistoryTable fichaId={ficha.id} />
          </Card>
        </Stack>
      )}
    </RecordsLayout>
  );
}
