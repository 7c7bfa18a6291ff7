import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { padCodigo } from '@regcheck/shared/format/codigo';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, formatNumber } from '../../../../app/format/format';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import type { FichaWithRelations } from '../../api/fichas-api';
import { Field } from './Field';
import { HistoryTable } from './HistoryTable';

interface Associate {
  id?: string;
  codigo?: number | string;
  state?: string;
  risk?: string | null;
  divisa?: string | null;
  monto?: number | string | null;
  createdAt?: string;
}

/**
 * The one "Historial" of a person, shown by the ficha's Historial tab and by /home/records/:run/historial: key
 * dates, the operations where the person took part, and the audited changes as sentences.
 */
export function FichaHistorial({ ficha }: { ficha: FichaWithRelations }) {
  const { t, i18n } = useTranslation(['fichas', 'operations']);
  const ops = ficha.asociados as Associate[];
  return (
    <Stack gap="md" data-testid="ficha-historial">
      <Card withBorder padding="lg">
        <Group gap="xl">
          <Field label={t('fichas:history.createdAt')} value={formatDay(ficha.createdAt)} />
          <Field label={t('fichas:history.updatedAt')} value={formatDay(ficha.updatedAt)} />
          <Field label={t('fichas:history.lastChecked')} value={formatDay(ficha.listas?.lastChecked)} />
          {ficha.lastDOFDate && <Field label={t('fichas:history.lastDOFDate')} value={formatDay(ficha.lastDOFDate)} />}
        </Group>
      </Card>
      <Card withBorder padding="lg">
        <Text fw={600} mb="xs">
          {t('fichas:history.operations')}
        </Text>
        {ops.length === 0 ? (
          <Text c="dimmed">{t('fichas:history.noOperations')}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {ops.map((op, i) => (
                <Table.Tr key={op.id ?? i}>
                  <Table.Td>
                    {op.id ? (
                      <Anchor component={Link} to={`/home/records/operationDetail/${op.id}`} size="sm">
                        {padCodigo(op.codigo ?? '')}
                      </Anchor>
                    ) : (
                      padCodigo(op.codigo ?? '')
                    )}
                  </Table.Td>
                  <Table.Td>{formatDay(op.createdAt)}</Table.Td>
                  <Table.Td>
                    {op.monto != null && `${op.divisa ?? ''} ${formatNumber(Number(op.monto), i18n.language)}`}
                  </Table.Td>
                  <Table.Td>
                    {op.state && i18n.exists(`operations:status.${op.state}`) && (
                      <Badge variant="light" color={op.state === 'closed' ? 'gray' : 'blue'}>
                        {t(`operations:status.${op.state}`)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <RiskBadge risk={op.risk} />
                  </Table.Td>
                </Table.Tr>
              ))}
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
  );
}
