import { Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import type { Role } from '@regcheck/shared/permissions';
import { IconKey, IconPlus, IconSearch, IconUserOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { usePagedList } from '../../../app/query/usePagedList';
import { useSearchTerm } from '../../../app/query/useSearchTerm';
import { useUser } from '../../../app/session/useSession';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { EditAction, RowAction } from '../../../app/ui/RowAction';
import { type UserFilters, type UserItem, type UserStatus, usersApi } from '../api/users-api';
import { usersKeys } from '../keys';
import { rolesFor } from '../lib/user-form';

/**
 * The company's users: search over name and e-mail, role and status filters, paginated; edit, password and
 * deactivate for the users whose role the signed-in manager may give (section 6).
 */
export function UsersPanel() {
  const { t } = useTranslation('users');
  const me = useUser();
  const qc = useQueryClient();
  const manageable = rolesFor(me.role as Role, me.company?.allegationsChannelStatus === 'active');
  const { search, setSearch, term } = useSearchTerm();
  const [role, setRole] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const filters: UserFilters = { search: term, role, status };
  const { list, count, pagination } = usePagedList({
    where: filters,
    order: '',
    listKey: (f) => usersKeys.list(f.where, f.limit, f.skip),
    countKey: (w) => usersKeys.count(w),
    fetchList: (f) => usersApi.list(f.where, f.limit, f.skip),
    fetchCount: () => usersApi.count(filters),
  });
  useErrorToast(list.error ?? count.error);
  const [deactivating, setDeactivating] = useState<UserItem | null>(null);
  const deactivate = useMutation({
    mutationFn: (u: UserItem) => usersApi.deactivate(u.id),
    onSuccess: (u) => {
      notifySuccess(t('users:list.deactivated', { name: u.name }));
      setDeactivating(null);
      void qc.invalidateQueries({ queryKey: usersKeys.all });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });

  const mayManage = (u: UserItem) => u.id !== me.id && manageable.includes(u.role as Role);
  const columns: Column<UserItem>[] = [
    {
      key: 'name',
      header: t('users:list.columns.name'),
      render: (u) =>
        mayManage(u) ? (
          <Anchor component={Link} to={`/home/users/${u.id}/edit`} size="sm">
            {u.name}
          </Anchor>
        ) : (
          <Text size="sm">{u.name}</Text>
        ),
    },
    { key: 'email', header: t('users:list.columns.email'), render: (u) => <Text size="sm">{u.email}</Text> },
    { key: 'role', header: t('users:list.columns.role'), render: (u) => <Text size="sm">{u.roleLabel}</Text> },
    {
      key: 'status',
      header: t('users:list.columns.status'),
      render: (u) => (
        <Badge size="sm" variant="light" color={u.active ? 'teal' : 'gray'}>
          {u.active ? t('users:status.active') : t('users:status.inactive')}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      header: t('users:list.columns.createdAt'),
      render: (u) => <Text size="sm">{formatDate(u.createdAt)}</Text>,
    },
    {
      key: 'actions',
      header: t('users:list.columns.actions'),
      width: 120,
      render: (u) =>
        mayManage(u) ? (
          <Group gap={4} wrap="nowrap">
            <EditAction label={t('users:list.edit')} to={`/home/users/${u.id}/edit`} />
            <RowAction
              label={t('users:list.password')}
              icon={<IconKey size={16} />}
              to={`/home/users/${u.id}/editPassword`}
            />
            {u.active && (
              <RowAction
                label={t('users:list.deactivate')}
                icon={<IconUserOff size={16} />}
                color="red"
                onClick={() => setDeactivating(u)}
                testId="user-deactivate"
              />
            )}
          </Group>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <TextInput
            label={t('users:list.search')}
            placeholder={t('users:list.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={280}
            data-testid="users-search"
          />
          <Select
            label={t('users:list.role')}
            data={[
              { value: '', label: t('users:list.allRoles') },
              ...manageable.map((r) => ({ value: r, label: t(`roles:${r}`) })),
            ]}
            value={role}
            onChange={(v) => setRole(v ?? '')}
            w={240}
            data-testid="users-role-filter"
          />
          <Select
            label={t('users:list.status')}
            data={[
              { value: '', label: t('users:list.allStatuses') },
              { value: 'active', label: t('users:status.active') },
              { value: 'inactive', label: t('users:status.inactive') },
            ]}
            value={status}
            onChange={(v) => setStatus((v ?? '') as UserStatus | '')}
            w={180}
            data-testid="users-status-filter"
          />
        </Group>
        <Button component={Link} to="/home/users/create" leftSection={<IconPlus size={16} />} data-testid="user-new">
          {t('users:list.new')}
        </Button>
      </Group>
      <DataTable
        testId="users-table"
        columns={columns}
        rows={list.data}
        loading={list.isPending}
        emptyText={t('users:list.empty')}
        pagination={pagination}
      />
      <ConfirmModal
        {...askFor(deactivating, () => setDeactivating(null), deactivate.mutate, deactivate.isPending)}
        title={t('users:list.deactivateTitle')}
        danger={t('users:list.deactivate')}
        message={t('users:list.deactivateMessage', { name: deactivating?.name ?? '' })}
      />
    </Stack>
  );
}
