import { Badge, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { DeleteAction, RowAction } from '../../../app/ui/RowAction';
import { integrationsApi, WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '../api/integrations-api';
import { integrationsKeys } from '../keys';
import { validateWebhook } from '../lib/webhook-form';
import { DeliveriesModal } from './DeliveriesModal';
import { CreateModal, IntegrationPanel } from './PanelParts';
import { PauseAction } from './PauseAction';
import { SecretModal } from './SecretModal';

const eventKey = (e: string) => `admin:externalApi.events.${e.replace('.', '_')}`;

/** The company's webhooks: HTTPS endpoints told of events, signed; their delivery log with replay. */
export function WebhooksPanel() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const hooks = useQuery({ queryKey: integrationsKeys.webhooks, queryFn: integrationsApi.webhooks });
  useErrorToast(hooks.error);
  const [creating, setCreating] = useState(false);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['list.match']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [shown, setShown] = useState<{ url: string; secret: string } | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: integrationsKeys.webhooks });

  const create = useMutation({
    mutationFn: () => integrationsApi.createWebhook({ url: url.trim(), events }),
    onSuccess: (r) => {
      setCreating(false);
      setUrl('');
      setShown({ url: r.webhook.url, secret: r.secret });
      refresh();
    },
    onError: (e: Error) => {
      if (isApiError(e) && (e.field === 'url' || e.field === 'events')) setErrors({ [e.field]: e.message });
      else notifyError(errorMessage(e));
    },
  });
  const toggle = useMutation({
    mutationFn: (w: Webhook) => integrationsApi.updateWebhook(w.id, { active: !w.active }),
    onSuccess: (w) => {
      notifySuccess(w.active ? t('admin:externalApi.webhookEnabled') : t('admin:externalApi.webhookDisabled'));
      refresh();
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (w: Webhook) => integrationsApi.deleteWebhook(w.id),
    onSuccess: () => {
      setRemoving(null);
      notifySuccess(t('admin:externalApi.webhookDeleted'));
      refresh();
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });

  const columns: Column<Webhook>[] = [
    {
      key: 'url',
      header: t('admin:externalApi.columns.url'),
      render: (w) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {w.url}
        </Text>
      ),
    },
    {
      key: 'events',
      header: t('admin:externalApi.columns.events'),
      render: (w) => (
        <Group gap={4}>
          {w.events.map((e) => (
            <Badge key={e} size="sm" variant="outline">
              {t(eventKey(e))}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('admin:externalApi.columns.status'),
      render: (w) => (
        <Badge size="sm" variant="light" color={w.active ? 'teal' : 'gray'}>
          {w.active ? t('admin:externalApi.webhookStatus.active') : t('admin:externalApi.webhookStatus.paused')}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('admin:externalApi.columns.actions'),
      width: 130,
      render: (w) => (
        <Group gap={4} wrap="nowrap">
          <RowAction
            label={t('admin:externalApi.deliveries')}
            icon={<IconHistory size={16} />}
            onClick={() => setLogOf(w)}
            testId="webhook-log"
          />
          <PauseAction active={w.active} onClick={() => toggle.mutate(w)} />
          <DeleteAction label={t('admin:externalApi.deleteWebhook')} onClick={() => setRemoving(w)} />
        </Group>
      ),
    },
  ];

  return (
    <IntegrationPanel
      title={t('admin:externalApi.webhooks')}
      help={t('admin:externalApi.webhooksHelp')}
      newLabel={t('admin:externalApi.newWebhook')}
      newTestId="webhook-new"
      onNew={() => setCreating(true)}
    >
      <DataTable
        testId="webhooks-table"
        columns={columns}
        rows={hooks.data}
        loading={hooks.isPending}
        emptyText={t('admin:externalApi.noWebhooks')}
      />
      <CreateModal
        opened={creating}
        title={t('admin:externalApi.newWebhook')}
        size="lg"
        loading={create.isPending}
        submitTestId="webhook-create"
        onClose={() => setCreating(false)}
        onSubmit={() => {
          const found = validateWebhook({ url, events });
          setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
          if (Object.keys(found).length === 0) create.mutate();
        }}
      >
        <TextInput
          label={t('admin:externalApi.webhookUrl')}
          description={t('admin:externalApi.webhookUrlHelp')}
          placeholder="https://"
          required
          value={url}
          error={errors.url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          data-testid="webhook-url"
        />
        <Checkbox.Group
          label={t('admin:externalApi.webhookEvents')}
          value={events}
          onChange={(v) => setEvents(v as WebhookEvent[])}
          error={errors.events}
        >
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} value={e} label={t(eventKey(e))} data-testid={`webhook-event-${e}`} />
            ))}
          </Stack>
        </Checkbox.Group>
      </CreateModal>
      <SecretModal
        title={t('admin:externalApi.webhookCreatedTitle', { url: shown?.url ?? '' })}
        secret={shown?.secret ?? null}
        onClose={() => setShown(null)}
      />
      <ConfirmModal
        {...askFor(removing, () => setRemoving(null), remove.mutate, remove.isPending)}
        danger={t('admin:externalApi.deleteWebhook')}
        message={t('admin:externalApi.deleteWebhookMessage', { url: removing?.url ?? '' })}
      />
      <DeliveriesModal webhook={logOf} onClose={() => setLogOf(null)} />
    </IntegrationPanel>
  );
}
