import { Badge, Button, Modal, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { usePaging } from '../../../app/ui/usePaging';
import { integrationsApi, type Webhook, type WebhookDelivery } from '../api/integrations-api';
import { integrationsKeys } from '../keys';

const COLOR = { delivered: 'teal', pending: 'yellow', failed: 'red' } as const;

/** The delivery log of one webhook: event, status, attempts, the receiver's answer; replay any delivery. */
export function DeliveriesModal({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const id = webhook?.id ?? '';
  const paging = usePaging({ resetOn: id });
  const log = useQuery({
    queryKey: integrationsKeys.deliveries(id, paging.limit, paging.skip),
    queryFn: () => integrationsApi.deliveries(id, paging.limit, paging.skip),
    enabled: webhook !== null,
    placeholderData: keepPreviousData,
  });
  useErrorToast(log.error);
  const replay = useMutation({
    mutationFn: (d: WebhookDelivery) => integrationsApi.replay(d.id),
    onSuccess: () => {
      notifySuccess(t('admin:externalApi.replayed'));
      void qc.invalidateQueries({ queryKey: integrationsKeys.deliveriesOf(id) });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'createdAt',
      header: t('admin:externalApi.columns.when'),
      render: (d) => <Text size="sm">{formatDateTime(d.createdAt)}</Text>,
    },
    {
      key: 'event',
      header: t('admin:externalApi.columns.event'),
      render: (d) => <Text size="sm">{t(`admin:externalApi.events.${d.event.replace('.', '_')}`)}</Text>,
    },
    {
      key: 'status',
      header: t('admin:externalApi.columns.status'),
      render: (d) => (
        <Badge size="sm" variant="light" color={COLOR[d.status]}>
          {t(`admin:externalApi.deliveryStatus.${d.status}`)}
        </Badge>
      ),
    },
    {
      key: 'attempts',
      header: t('admin:externalApi.columns.attempts'),
      render: (d) => <Text size="sm">{d.attempts}</Text>,
    },
    {
      key: 'answer',
      header: t('admin:externalApi.columns.answer'),
      render: (d) =>
        d.responseStatus !== null ? (
          <Text size="sm">{t('admin:externalApi.httpStatus', { status: d.responseStatus })}</Text>
        ) : d.error ? (
          <TruncatedText value={d.error} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('admin:externalApi.noAnswer')}
          </Text>
        ),
    },
    {
      key: 'actions',
      header: t('admin:externalApi.columns.actions'),
      width: 120,
      render: (d) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => replay.mutate(d)}
          loading={replay.isPending && replay.variables?.id === d.id}
        >
          {t('admin:externalApi.replay')}
        </Button>
      ),
    },
  ];
  return (
    <Modal
      opened={webhook !== null}
      onClose={onClose}
      title={t('admin:externalApi.deliveriesOf', { url: webhook?.url ?? '' })}
      size="80rem"
      centered
    >
      <DataTable
        testId="webhook-deliveries"
        columns={columns}
        {...paging.of(log)}
        emptyText={t('admin:externalApi.noDeliveries')}
      />
    </Modal>
  );
}
