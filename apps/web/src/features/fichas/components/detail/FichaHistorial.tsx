import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { padCodigo } from '@regcheck/shared/format/codigo';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay, formatNumber } from '../../../../app/format/format';
import { type Column, DataTable } from '../../../../app/ui/DataTable';
import { RiskBadge } from '../../../../app/ui/RiskBadge';
import type { FichaWithRelations } from '../../api/fichas-api';
import { Field } from './Field';
import { HistoryTable } from './HistoryTable';

interface Associate {
  id?: string;
  codigo?: number | string;
  /** the operation's state as the server names it (open, closed) */
  status?: string;
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
  const columns: Column<Associate>[] = [
    {
      key: 'codigo',
      header: t('operations:columns.codigo'),
      width: 110,
      render: (op) =>
        op.id ? (
          <Anchor component={Link} to={`/home/records/operationDetail/${op.id}`} size="sm">
            {padCodigo(op.codigo ?? '')}
          </Anchor>
        ) : (
          padCodigo(op.codigo ?? '')
        ),
    },
    { key: 'date', header: t('operations:columns.registrationDate'), render: (op) => formatDay(op.createdAt) },
    {
      key: 'amount',
      header: t('operations:columns.amount'),
      render: (op) => (op.monto != null ? `${op.divisa ?? ''} ${formatNumber(Number(op.monto), i18n.language)}` : ''),
    },
    {
      key: 'status',
      header: t('operations:columns.status'),
      render: (op) =>
        op.status && i18n.exists(`operations:status.${op.status}`) ? (
          <Badge variant="light" color={op.status === 'closed' ? 'gray' : 'blue'}>
            {t(`operations:status.${op.status}`)}
          </Badge>
        ) : null,
    },
    { key: 'risk', header: t('operations:columns.risk'), render: (op) => <RiskBadge risk={op.risk} />, tooltip: false },
  ];
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
          <DataTable
            testId="ficha-operations"
            columns={columns}
            rows={ops}
            getId={(op) => op.id ?? String(op.codigo)}
            emptyText={t('fichas:history.noOperations')}
            minWidth={520}
          />
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
