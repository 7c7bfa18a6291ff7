import { Anchor, Badge, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import type { Role } from '@regcheck/shared/permissions';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { usePagedList } from '../../../app/query/usePagedList';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { EditAction } from '../../../app/ui/RowAction';
import type { UserItem } from '../../users';
import { EditUserForm, emptyUserForm, toPayload, UserForm, type UserFormValues } from '../../users';
import { adminApi } from '../api/admin-api';
import { adminKeys } from '../keys';

const PLATFORM_ROLES: Role[] = ['superAdmin', 'watcher'];

/** /regcheck/admins: the platform's own accounts (RegCheck staff and PEP watchers). */
export function AdminsListPage() {
  const { t } = useTranslation('admin');
  const { list, pagination } = usePagedList({
    where: {},
    order: '',
    listKey: (f) => adminKeys.platformUserList(f.limit, f.skip),
    countKey: adminKeys.platformUserCount,
    fetchList: (f) => adminApi.platformUsers(f.limit, f.skip),
    fetchCount: () => adminApi.platformUsersCount(),
  });
  const columns: Column<UserItem>[] = [
    {
      key: 'name',
      header: t('admin:admins.columns.name'),
      render: (u) => (
        <Anchor component={Link} to={`/regcheck/admins/${u.id}/edit`} size="sm">
          {u.name}
        </Anchor>
      ),
    },
    { key: 'email', header: t('admin:admins.columns.email'), render: (u) => <Text size="sm">{u.email}</Text> },
    { key: 'role', header: t('admin:admins.columns.role'), render: (u) => <Text size="sm">{u.roleLabel}</Text> },
    {
      key: 'status',
      header: t('admin:admins.columns.status'),
      render: (u) => (
        <Badge size="sm" variant="light" color={u.active ? 'teal' : 'gray'}>
          {t(`admin:status.${u.active ? 'active' : 'inactive'}`)}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      header: t('admin:admins.columns.createdAt'),
      render: (u) => <Text size="sm">{formatDate(u.createdAt)}</Text>,
    },
    {
      key: 'actions',
      header: t('admin:admins.columns.actions'),
      width: 80,
      render: (u) => <EditAction label={t('admin:admins.edit')} to={`/regcheck/admins/${u.id}/edit`} />,
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={t('admin:admins.title')}>
        <Button
          component={Link}
          to="/regcheck/admins/create"
          leftSection={<IconPlus size={16} />}
          data-testid="admin-new"
        >
          {t('admin:admins.new')}
        </Button>
      </PageHeader>
      <DataTable
        testId="admins-table"
        columns={columns}
        rows={list.data}
        loading={list.isPending}
        emptyText={t('admin:admins.empty')}
        pagination={pagination}
      />
    </Stack>
  );
}

/** /regcheck/admins/create: a new super administrator or watcher. */
export function AdminCreatePage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const create = useMutation({
    mutationFn: (v: UserFormValues) => adminApi.createUser(toPayload(v, 'create')),
    onSuccess: (u) => {
      notifySuccess(t('admin:admins.created', { name: u.name }));
      void qc.invalidateQueries({ queryKey: adminKeys.platformUsers });
      void navigate('/regcheck/admins');
    },
  });
  return (
    <Stack gap="md">
      <Title order={2}>{t('admin:admins.createTitle')}</Title>
      <UserForm
        mode="create"
        initial={{ ...emptyUserForm(), role: 'superAdmin' }}
        roles={PLATFORM_ROLES}
        submitting={create.isPending}
        onSubmit={(v) => create.mutateAsync(v)}
        onCancel={() => navigate('/regcheck/admins')}
      />
    </Stack>
  );
}

/** /regcheck/admins/:id/edit: name, role (super administrator or watcher), language, active. */
export function AdminEditPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useQuery({ queryKey: adminKeys.platformUser(id), queryFn: () => adminApi.user(id) });
  const update = useMutation({
    mutationFn: (v: UserFormValues) => adminApi.updateUser(id, toPayload(v, 'edit')),
    onSuccess: (u) => {
      notifySuccess(t('admin:admins.updated', { name: u.name }));
      void qc.invalidateQueries({ queryKey: adminKeys.platformUsers });
    },
  });
  return (
    <Stack gap="md">
      <PageHeader
        title={t('admin:admins.editTitle')}
        back={{ to: '/regcheck/admins', label: t('admin:admins.back') }}
      />
      {user.isPending ? (
        <Skeleton height={320} maw={640} />
      ) : user.error || !user.data ? (
        <Paper withBorder p="lg" maw={640}>
          <Text c="red.9">{errorMessage(user.error)}</Text>
        </Paper>
      ) : (
        <EditUserForm
          user={user.data}
          roles={PLATFORM_ROLES}
          save={update}
          onCancel={() => navigate('/regcheck/admins')}
        />
      )}
    </Stack>
  );
}
