import { Anchor, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Role } from '@regcheck/shared/permissions';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useUser } from '../../../app/session/useSession';
import { PageHeader } from '../../../app/ui/PageHeader';
import { NewPasswordFields, useNewPassword } from '../../auth';
import { usersApi } from '../api/users-api';
import { EditUserForm, UserForm } from '../components/UserForm';
import { UserPhoto } from '../components/UserPhoto';
import { UsersPanel } from '../components/UsersPanel';
import { usersKeys } from '../keys';
import { emptyUserForm, rolesFor, toPayload, validatePassword } from '../lib/user-form';

function useManageableRoles(): Role[] {
  const me = useUser();
  return rolesFor(me.role as Role, me.company?.allegationsChannelStatus === 'active');
}

/** /home/users: the company's users. */
export function UsersListPage() {
  const { t } = useTranslation('users');
  return (
    <Stack gap="md">
      <Title order={2}>{t('users:list.title')}</Title>
      <UsersPanel />
    </Stack>
  );
}

/** /home/users/create: a new user with a role the manager may give. */
export function UserCreatePage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const roles = useManageableRoles();
  const create = useMutation({
    mutationFn: (v: ReturnType<typeof emptyUserForm>) => usersApi.create(toPayload(v, 'create')),
    onSuccess: (u) => {
      notifySuccess(t('users:form.created', { name: u.name }));
      void qc.invalidateQueries({ queryKey: usersKeys.all });
      void navigate('/home/users');
    },
  });
  return (
    <Stack gap="md">
      <Title order={2}>{t('users:form.createTitle')}</Title>
      <UserForm
        mode="create"
        initial={emptyUserForm()}
        roles={roles}
        submitting={create.isPending}
        onSubmit={(v) => create.mutateAsync(v)}
        onCancel={() => navigate('/home/users')}
      />
    </Stack>
  );
}

/** /home/users/:id/edit: name, role, language, active, photo. */
export function UserEditPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const roles = useManageableRoles();
  const user = useQuery({ queryKey: usersKeys.one(id), queryFn: () => usersApi.get(id) });
  const update = useMutation({
    mutationFn: (v: ReturnType<typeof emptyUserForm>) => usersApi.update(id, toPayload(v, 'edit')),
    onSuccess: (u) => {
      notifySuccess(t('users:form.updated', { name: u.name }));
      qc.setQueryData(usersKeys.one(id), u);
      void qc.invalidateQueries({ queryKey: usersKeys.lists });
      void qc.invalidateQueries({ queryKey: usersKeys.counts });
    },
  });
  return (
    <Stack gap="md">
      <PageHeader title={t('users:form.editTitle')}>
        <Group gap="md">
          <Anchor component={Link} to={`/home/users/${id}/editPassword`} size="sm">
            <Group gap={4}>
              <IconKey size={16} />
              {t('users:list.password')}
            </Group>
          </Anchor>
          <Anchor component={Link} to="/home/users" size="sm">
            {t('users:form.back')}
          </Anchor>
        </Group>
      </PageHeader>
      {user.isPending ? (
        <Skeleton height={360} maw={640} />
      ) : user.error || !user.data ? (
        <Paper withBorder p="lg" maw={640}>
          <Text c="red.9">{errorMessage(user.error)}</Text>
        </Paper>
      ) : (
        <>
          <Paper withBorder p="lg" maw={640}>
            <UserPhoto user={user.data} />
          </Paper>
          <EditUserForm user={user.data} roles={roles} save={update} onCancel={() => navigate('/home/users')} />
        </>
      )}
    </Stack>
  );
}

/** /home/users/:id/editPassword: a new password for the user, and whether to ask them to change it. */
export function UserPasswordPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const user = useQuery({ queryKey: usersKeys.one(id), queryFn: () => usersApi.get(id) });
  const newPassword = useNewPassword();
  const { password, confirmation: confirm } = newPassword;
  const [ask, setAsk] = useState(true);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const save = useMutation({
    mutationFn: () => usersApi.changePassword(id, { password, askPasswordChange: ask }),
    onSuccess: () => {
      notifySuccess(t('users:password.saved'));
      void navigate('/home/users');
    },
    onError: (e: Error) => {
      if (isApiError(e) && e.field === 'password') setErrors({ password: e.message });
      else notifyError(errorMessage(e));
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validatePassword(password, confirm);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v)])));
    if (Object.keys(found).length === 0) save.mutate();
  };
  return (
    <Stack gap="md">
      <PageHeader title={t('users:password.title')} back={{ to: '/home/users', label: t('users:form.back') }} />
      <Paper withBorder p="lg" maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {user.data && (
              <Text size="sm">{t('users:password.for', { name: user.data.name, email: user.data.email })}</Text>
            )}
            <NewPasswordFields
              value={newPassword}
              labels={{ password: t('users:password.new'), confirmation: t('users:password.confirm') }}
              errors={{ password: errors.password, confirmation: errors.confirm }}
              testIds={{ password: 'user-new-password', confirmation: 'user-confirm-password' }}
            />
            <Checkbox
              label={t('users:password.ask')}
              checked={ask}
              onChange={(e) => setAsk(e.currentTarget.checked)}
              data-testid="user-password-ask"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/home/users')}>
                {t('users:form.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="user-password-save">
                {t('users:password.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
