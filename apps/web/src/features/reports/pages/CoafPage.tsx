import { Alert, Anchor, Badge, Button, Group, Menu, Stack, Tabs, Text, Title } from '@mantine/core';
import { formatAmount } from '@regcheck/shared/format/amount';
import { can } from '@regcheck/shared/permissions';
import type { CoafStateT } from '@regcheck/shared/schemas/coaf';
import { IconChevronDown, IconDownload, IconSend } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../app/api/client';
import { displayDni } from '../../../app/format/dni';
import { formatDateTime, formatDay } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useUser } from '../../../app/session/useSession';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { usePaging } from '../../../app/ui/usePaging';
import { type CoafOperationT, coafApi } from '../api/coaf-api';
import { CoafCommunicateModal } from '../components/CoafCommunicateModal';
import { CoafUncheckedPanel } from '../components/CoafUncheckedPanel';
import { reportsKeys } from '../keys';
import { formatBrl } from '../lib/coaf';

const STATES: CoafStateT[] = ['due', 'late', 'communicated'];

/**
 * /home/reports/coaf (issue 23, point 3): a Brazilian company's cash operations of R$ 50,000 or more (its setting)
 * to communicate to the COAF by the next business day, as three tabs (to communicate, late, communicated) with their
 * counts; the administrators register a communication with its SISCOAF protocol; the pending ones are exported with
 * the fields SISCOAF asks for; the yearly non-occurrence communication is reminded in January where the sector
 * needs it.
 */
export function CoafPage() {
  const { t, i18n } = useTranslation('coaf');
  const user = useUser();
  const [params] = useSearchParams();
  const asked = params.get('state');
  // the dashboard's figures link to a tab (?state=late)
  const [state, setState] = useState<CoafStateT>(STATES.find((s) => s === asked) ?? 'due');
  const paging = usePaging({ resetOn: state });
  const [registering, setRegistering] = useState<CoafOperationT | null>(null);
  const q = useQuery({
    queryKey: reportsKeys.coaf.queue(state, paging.limit, paging.skip),
    queryFn: () => coafApi.queue(state, paging.limit, paging.skip),
    placeholderData: keepPreviousData,
  });
  const mayRegister = can({ role: user.role, company: user.company }, 'coafCommunicate');
  const brl = (n: number) => formatBrl(n, i18n.language);
  const counts = q.data?.counts;

  const download = async (format: 'csv' | 'xlsx') => {
    try {
      await api.download(coafApi.exportPath(format), `coaf.${format}`);
      notifySuccess(t('reports:downloaded'));
    } catch (e) {
      notifyError(errorMessage(e));
    }
  };

  const columns: Column<CoafOperationT>[] = [
    {
      key: 'operation',
      header: t('coaf:columns.operation'),
      render: (o) => (
        <Stack gap={2}>
          <Anchor component={Link} to={`/home/records/operationDetail/${o.id}`}>
            {o.codigoFormatted}
          </Anchor>
          {o.deleted && (
            <Text size="xs" c="orange.9">
              {t('coaf:deleted')}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'date', header: t('coaf:columns.date'), render: (o) => formatDay(o.operationDate) },
    {
      key: 'deadline',
      header: t('coaf:columns.deadline'),
      render: (o) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{formatDay(o.deadline)}</Text>
          {o.state === 'late' && (
            <Badge color="red" variant="light">
              {t('coaf:state.late')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'cash',
      header: t('coaf:columns.cash'),
      render: (o) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {o.currency === 'BRL' ? brl(o.cashAmount) : `${o.currency} ${formatAmount(o.cashAmount)}`}
        </Text>
      ),
    },
    {
      key: 'participants',
      header: t('coaf:columns.participants'),
      render: (o) => (
        <Stack gap={2}>
          {o.participants.map((p) => (
            <Text size="sm" key={p.dni}>
              {p.name} · {displayDni(p.dni)}
            </Text>
          ))}
        </Stack>
      ),
    },
    state === 'communicated'
      ? {
          key: 'communication',
          header: t('coaf:columns.communication'),
          render: (o) =>
            o.communication && (
              <Stack gap={2}>
                <Text size="sm">
                  {t('coaf:communicatedLine', {
                    protocol: o.communication.protocol,
                    date: formatDay(o.communication.communicatedOn),
                    name: o.communication.registeredByName,
                  })}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(o.communication.registeredAt)}
                </Text>
              </Stack>
            ),
        }
      : {
          key: 'actions',
          header: mayRegister ? t('coaf:columns.actions') : '',
          render: (o) =>
            mayRegister && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSend size={14} />}
                onClick={() => setRegistering(o)}
                data-testid="coaf-register"
              >
                {t('coaf:register')}
              </Button>
            ),
        },
  ];

  return (
    <Stack gap="md" data-testid="coaf-page">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} maw={820}>
          <Title order={2}>{t('coaf:title')}</Title>
          <Text c="dimmed">
            {t('coaf:subtitle', { threshold: formatBrl(q.data?.thresholdBrl ?? 50_000, i18n.language).slice(3) })}
          </Text>
        </Stack>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              rightSection={<IconChevronDown size={14} />}
              disabled={!counts || counts.due + counts.late === 0}
              data-testid="coaf-export"
            >
              {t('coaf:export.button')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void download('xlsx')}>{t('coaf:export.xlsx')}</Menu.Item>
            <Menu.Item onClick={() => void download('csv')}>{t('coaf:export.csv')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {q.data?.nonOccurrence && (
        <Alert color="yellow" data-testid="coaf-non-occurrence">
          {t('coaf:nonOccurrence', { year: q.data.nonOccurrence.year, date: formatDay(q.data.nonOccurrence.due) })}
        </Alert>
      )}
      {q.data && q.data.unchecked.count > 0 && (
        <CoafUncheckedPanel
          unchecked={q.data.unchecked}
          mayRegister={mayRegister}
          onRegister={(u) =>
            setRegistering({
              ...u,
              deadline: '',
              state: 'due',
              amount: u.cashAmount,
              transactionType: null,
              participants: [],
              communication: null,
            })
          }
        />
      )}
      {q.error && (
        <Alert color="red">
          {t('coaf:loadError')}: {errorMessage(q.error)}
        </Alert>
      )}
      <Tabs
        value={state}
        onChange={(v) => {
          if (!v) return;
          setState(v as CoafStateT);
        }}
      >
        <Tabs.List>
          {STATES.map((s) => (
            <Tabs.Tab key={s} value={s} data-testid={`coaf-tab-${s}`} color={s === 'late' ? 'red' : undefined}>
              {t(`coaf:tabs.${s}`, { count: counts?.[s] ?? 0 })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable columns={columns} {...paging.of(q)} emptyText={t(`coaf:empty.${state}`)} testId="coaf-table" />
      <CoafCommunicateModal operation={registering} onClose={() => setRegistering(null)} />
    </Stack>
  );
}
