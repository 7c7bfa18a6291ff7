import { Badge, Button, Group, Modal, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { assignableRoles } from '@regcheck/shared/permissions';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify/notify';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { EditAction } from '../../../app/ui/RowAction';
import type { UserItem } from '../../users';
import { emptyUserForm, toPayload, UserForm } from '../../users';
import { adminApi, type Company } from '../api/admin-api';
import { adminKeys } from '../keys';

/** A cell cut to its width by CSS (the whole text stays in the page) with the whole text as a tooltip. */
function Clipped({ text, width }: { text: string; width: number }) {
  return (
    <Tooltip label={text} disabled={text.length <= 20} withinPortal>
      <Text size="sm" truncate="end" maw={width}>
        {text}
      </Text>
    </Tooltip>
  );
}

/** The users of an obliged subject, and the creation of its administrators by the super administrator. */
export function CompanyUsersCard({ company }: { company: Company }) {
  const { t } = useTranslation('admin');
  const qc = useQueryClient();
  const key = adminKeys.companyUsers(company.id);
  const users = useQuery({ queryKey: key, queryFn: () => adminApi.companyUsers(company.id) });
  useErrorToast(users.error);
  const [creating, setCreating] = useState(false);
  const roles = assignableRoles('superAdmin', 'adminModule', {
    allegationsChannelActive: company.allegationsChannelStatus === 'active',
  });
  const create = useMutation({
    mutationFn: (v: ReturnType<typeof emptyUserForm>) =>
      adminApi.createUser({ ...toPayload(v, 'create'), companyId: company.id }),
    onSuccess: (u) => {
      setCreating(false);
      notifySuccess(t('admin:companyAdmin.userCreated', { name: u.name }));
      void qc.invalidateQueries({ queryKey: key });
    },
  });
  const columns: Column<UserItem>[] = [
    { key: 'name', header: t('admin:companyAdmin.columns.name'), render: (u) => <Clipped text={u.name} width={170} /> },
    {
      key: 'email',
      header: t('admin:companyAdmin.columns.email'),
      render: (u) => <Clipped text={u.email} width={220} />,
    },
    { key: 'role', header: t('admin:companyAdmin.columns.role'), render: (u) => <Text size="sm">{u.roleLabel}</Text> },
    {
      key: 'status',
      header: t('admin:companyAdmin.columns.status'),
      render: (u) => (
        <Badge size="sm" variant="light" color={u.active ? 'teal' : 'gray'}>
          {t(`admin:status.${u.active ? 'active' : 'inactive'}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: '',
      render: (u) => (
        <EditAction
          label={t('companyConfig:profile.editUser', { name: u.name })}
          to={`/regcheck/companies/${company.id}/edit/editUser/${u.id}`}
          testId="company-user-edit"
        />
      ),
    },
  ];
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('admin:companyAdmin.users')}</Title>
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setCreating(true)}
            data-testid="company-user-new"
          >
            {t('admin:companyAdmin.newUser')}
          </Button>
        </Group>
        <DataTable
          testId="company-users"
          columns={columns}
          rows={users.data}
          loading={users.isPending}
          emptyText={t('admin:companyAdmin.noUsers')}
        />
      </Stack>
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('admin:companyAdmin.newUser')}
        size="lg"
        centered
      >
        <UserForm
          mode="create"
          initial={{ ...emptyUserForm(), role: 'admin' }}
          roles={roles}
          submitting={create.isPending}
          onSubmit={(v) => create.mutateAsync(v)}
          onCancel={() => setCreating(false)}
        />
      </Modal>
    </Paper>
  );
}
