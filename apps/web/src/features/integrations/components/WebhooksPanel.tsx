import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconHistory, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { usersKeys } from '../../../app/query/keys/users-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { integrationsApi, WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '../api/integrations-api';
import { validateWebhook } from '../lib/webhook-form';
import { DeliveriesModal } from './DeliveriesModal';
import { SecretModal } from './SecretModal';

const eventKey = (e: string) => `admin:externalApi.events.${e.replace('.', '_')}`;

/** The company's webhooks: HTTPS endpoints told of events, signed; their delivery log with replay. */
export function WebhooksPanel() {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const hooks = useQuery({ queryKey: usersKeys.webhooks, queryFn: integrationsApi.webhooks });
  useErrorToast(hooks.error);
  const [creating, setCreating] = useState(false);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['list.match']);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [shown, setShown] = useState<{ url: string; secret: string } | null>(null);
  const [removing, setRemoving] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: usersKeys.webhooks });

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
          <Tooltip label={t('admin:externalApi.deliveries')}>
            <ActionIcon
              variant="subtle"
              aria-label={t('admin:externalApi.deliveries')}
              onClick={() => setLogOf(w)}
              data-testid="webhook-log"
            >
              <IconHistory size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={w.active ? t('admin:externalApi.pause') : t('admin:externalApi.resume')}>
            <ActionIcon
              variant="subtle"
              aria-label={w.active ? t('admin:externalApi.pause') : t('admin:externalApi.resume')}
              onClick={() => toggle.mutate(w)}
            >
              {w.active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('admin:externalApi.deleteWebhook')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('admin:externalApi.deleteWebhook')}
              onClick={() => setRemoving(w)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={4}>{t('admin:externalApi.webhooks')}</Title>
            <Text size="sm" c="dimmed">
              {t('admin:externalApi.webhooksHelp')}
            </Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="webhook-new">
            {t('admin:externalApi.newWebhook')}
          </Button>
        </Group>
        <DataTable
          testId="webhooks-table"
          columns={columns}
          rows={hooks.data}
          getId={(w) => w.id}
          loading={hooks.isPending}
          emptyText={t('admin:externalApi.noWebhooks')}
        />
      </Stack>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('admin:externalApi.newWebhook')}
        centered
        size="lg"
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const found = validateWebhook({ url, events });
            setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
            if (Object.keys(found).length === 0) create.mutate();
          }}
          noValidate
        >
          <Stack gap="sm">
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
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCreating(false)}>
                {t('admin:externalApi.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} data-testid="webhook-create">
                {t('admin:externalApi.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <SecretModal
        title={t('admin:externalApi.webhookCreatedTitle', { url: shown?.url ?? '' })}
        secret={shown?.secret ?? null}
        onClose={() => setShown(null)}
      />
      <ConfirmModal
        opened={removing !== null}
        title={t('admin:externalApi.deleteWebhook')}
        message={t('admin:externalApi.deleteWebhookMessage', { url: removing?.url ?? '' })}
        confirmLabel={t('admin:externalApi.deleteWebhook')}
        color="red"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
      <DeliveriesModal webhook={logOf} onClose={() => setLogOf(null)} />
    </Paper>
  );
}
