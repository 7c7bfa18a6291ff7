import { Badge, Group, Select, Text, TextInput } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { credentialRoles, type Role } from '@regcheck/shared/permissions';
import { IconBan, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { useUser } from '../../../app/session/useSession';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { RowAction } from '../../../app/ui/RowAction';
import { type ApiClient, integrationsApi } from '../api/integrations-api';
import { integrationsKeys } from '../keys';
import { validateClientName } from '../lib/webhook-form';
import { CreateModal, IntegrationPanel } from './PanelParts';
import { PauseAction } from './PauseAction';
import { SecretModal } from './SecretModal';

/** The company's API credentials: create (secret shown once), rotate, pause, revoke; when each was last used. */
export function ApiClientsPanel() {
  const { t } = useTranslation('admin');
  const me = useUser();
  const qc = useQueryClient();
  // the server's rule: what the caller may give a person, never an allegations role, never one above the caller's
  const roles = credentialRoles(me.role as Role, {
    allegationsChannelActive: me.company?.allegationsChannelStatus === 'active',
  });
  const clients = useQuery({ queryKey: integrationsKeys.apiClients, queryFn: integrationsApi.clients });
  useErrorToast(clients.error);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [role, setRole] = useState<string>('adminNoUser');
  const [nameError, setNameError] = useState<string | null>(null);
  const [shown, setShown] = useState<{ title: string; clientId: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const [rotating, setRotating] = useState<ApiClient | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: integrationsKeys.apiClients });

  const create = useMutation({
    mutationFn: () => integrationsApi.createClient({ name: name.trim(), role }),
    onSuccess: (r) => {
      setCreating(false);
      setName('');
      setShown({
        title: t('admin:externalApi.createdTitle', { name: r.client.name }),
        clientId: r.client.clientId,
        secret: r.secret,
      });
      refresh();
    },
    onError: (e: Error) => {
      if (isApiError(e) && e.field === 'name') setNameError(e.message);
      else notifyError(errorMessage(e));
    },
  });
  const rotate = useMutation({
    mutationFn: (c: ApiClient) => integrationsApi.rotateClient(c.id),
    onSuccess: (r) => {
      setRotating(null);
      setShown({
        title: t('admin:externalApi.rotatedTitle', { name: r.client.name }),
        clientId: r.client.clientId,
        secret: r.secret,
      });
      refresh();
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const toggle = useMutation({
    mutationFn: (c: ApiClient) => integrationsApi.setClientActive(c.id, !c.active),
    onSuccess: (c) => {
      notifySuccess(
        c.active ? t('admin:externalApi.enabled', { name: c.name }) : t('admin:externalApi.disabled', { name: c.name }),
      );
      refresh();
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const revoke = useMutation({
    mutationFn: (c: ApiClient) => integrationsApi.revokeClient(c.id),
    onSuccess: (c) => {
      setRevoking(null);
      notifySuccess(t('admin:externalApi.revoked', { name: c.name }));
      refresh();
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });

  const statusOf = (c: ApiClient) =>
    c.revokedAt ? (
      <Badge size="sm" variant="light" color="red">
        {t('admin:externalApi.status.revoked')}
      </Badge>
    ) : (
      <Badge size="sm" variant="light" color={c.active ? 'teal' : 'gray'}>
        {c.active ? t('admin:externalApi.status.active') : t('admin:externalApi.status.paused')}
      </Badge>
    );
  const columns: Column<ApiClient>[] = [
    { key: 'name', header: t('admin:externalApi.columns.name'), render: (c) => <Text size="sm">{c.name}</Text> },
    {
      key: 'clientId',
      header: t('admin:externalApi.columns.clientId'),
      render: (c) => (
        <Text size="sm" ff="monospace">
          {c.clientId}
        </Text>
      ),
    },
    {
      key: 'role',
      header: t('admin:externalApi.columns.role'),
      render: (c) => <Text size="sm">{t(`roles:${c.role}`)}</Text>,
    },
    { key: 'status', header: t('admin:externalApi.columns.status'), render: statusOf },
    {
      key: 'lastUsedAt',
      header: t('admin:externalApi.columns.lastUsed'),
      render: (c) => (
        <Text size="sm">{c.lastUsedAt ? formatDateTime(c.lastUsedAt) : t('admin:externalApi.never')}</Text>
      ),
    },
    {
      key: 'createdAt',
      header: t('admin:externalApi.columns.created'),
      render: (c) => <Text size="sm">{formatDate(c.createdAt)}</Text>,
    },
    {
      key: 'actions',
      header: t('admin:externalApi.columns.actions'),
      width: 130,
      render: (c) =>
        c.revokedAt ? null : (
          <Group gap={4} wrap="nowrap">
            <RowAction
              label={t('admin:externalApi.rotate')}
              icon={<IconRefresh size={16} />}
              onClick={() => setRotating(c)}
              testId="client-rotate"
            />
            <PauseAction active={c.active} onClick={() => toggle.mutate(c)} />
            <RowAction
              label={t('admin:externalApi.revoke')}
              icon={<IconBan size={16} />}
              color="red"
              onClick={() => setRevoking(c)}
              testId="client-revoke"
            />
          </Group>
        ),
    },
  ];

  return (
    <IntegrationPanel
      title={t('admin:externalApi.credentials')}
      help={t('admin:externalApi.credentialsHelp')}
      newLabel={t('admin:externalApi.newClient')}
      newTestId="client-new"
      onNew={() => setCreating(true)}
    >
      <DataTable
        testId="api-clients-table"
        columns={columns}
        rows={clients.data}
        loading={clients.isPending}
        emptyText={t('admin:externalApi.noClients')}
      />
      <CreateModal
        opened={creating}
        title={t('admin:externalApi.newClient')}
        loading={create.isPending}
        submitTestId="client-create"
        onClose={() => setCreating(false)}
        onSubmit={() => {
          const err = validateClientName(name);
          setNameError(err ? t(err) : null);
          if (!err) create.mutate();
        }}
      >
        <TextInput
          label={t('admin:externalApi.clientName')}
          description={t('admin:externalApi.clientNameHelp')}
          required
          maxLength={100}
          value={name}
          error={nameError}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid="client-name"
        />
        <Select
          label={t('admin:externalApi.clientRole')}
          description={t('admin:externalApi.clientRoleHelp')}
          data={roles.map((r) => ({ value: r, label: t(`roles:${r}`) }))}
          value={role}
          onChange={(v) => setRole(v ?? 'adminNoUser')}
          comboboxProps={{ withinPortal: true }}
          data-testid="client-role"
        />
      </CreateModal>
      <SecretModal
        title={shown?.title ?? ''}
        label={t('admin:externalApi.columns.clientId')}
        publicId={shown?.clientId}
        secret={shown?.secret ?? null}
        onClose={() => setShown(null)}
      />
      <ConfirmModal
        {...askFor(rotating, () => setRotating(null), rotate.mutate, rotate.isPending)}
        title={t('admin:externalApi.rotate')}
        message={t('admin:externalApi.rotateMessage', { name: rotating?.name ?? '' })}
      />
      <ConfirmModal
        {...askFor(revoking, () => setRevoking(null), revoke.mutate, revoke.isPending)}
        danger={t('admin:externalApi.revoke')}
        message={t('admin:externalApi.revokeMessage', { name: revoking?.name ?? '' })}
      />
    </IntegrationPanel>
  );
}
