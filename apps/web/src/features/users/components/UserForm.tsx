import { Button, Checkbox, Group, Paper, PasswordInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Role } from '@regcheck/shared/permissions';
import { useTranslation } from 'react-i18next';
import { submitWithFieldErrors } from '../../../app/ui/submit-with-field-errors';
import { toFormValues, USER_LANGS, type UserFormValues, userFieldOf, validate } from '../lib/user-form';

interface Props {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  /** the roles the signed-in manager may give */
  roles: Role[];
  submitting: boolean;
  /** resolves when saved; a rejected ApiError naming a field is shown under that field */
  onSubmit: (values: UserFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A company user's fields, shared by the create and edit pages. */
export function UserForm({ mode, initial, roles, submitting, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('users');
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => Object.fromEntries(Object.entries(validate(values, mode)).map(([k, key]) => [k, t(key)])),
  });
  const roleOptions = [...new Set([...roles, ...(initial.role ? [initial.role as Role] : [])])].map((r) => ({
    value: r,
    label: t(`roles:${r}`),
  }));

  const submit = submitWithFieldErrors(form, onSubmit, userFieldOf);

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('users:form.name')}
            required
            maxLength={200}
            data-testid="user-name"
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t('users:form.email')}
            required={mode === 'create'}
            disabled={mode === 'edit'}
            type="email"
            maxLength={320}
            data-testid="user-email"
            {...form.getInputProps('email')}
          />
          {/*
            Choosing the role already chosen must keep it: Mantine's Select deselects on a second click by default, the
            form then held '' while the input still showed the role until it lost focus (typing the password), and
            saving said "Este campo es obligatorio" (issue 27). No deselection, and an empty role is shown as none.
          */}
          <Select
            label={t('users:form.role')}
            required
            data={roleOptions}
            comboboxProps={{ withinPortal: true }}
            data-testid="user-role"
            {...form.getInputProps('role')}
            value={form.values.role || null}
            onChange={(v) => form.setFieldValue('role', v ?? '')}
          />
          <Select
            label={t('users:form.lang')}
            data={[
              { value: '', label: t('users:form.langCompany') },
              ...USER_LANGS.map((l) => ({ value: l, label: t(`users:languages.${l}`) })),
            ]}
            comboboxProps={{ withinPortal: true }}
            data-testid="user-lang"
            {...form.getInputProps('lang')}
            onChange={(v) => form.setFieldValue('lang', (v ?? '') as UserFormValues['lang'])}
          />
          {mode === 'create' && (
            <>
              <PasswordInput
                label={t('users:form.password')}
                description={t('users:form.passwordHelp')}
                autoComplete="new-password"
                data-testid="user-password"
                {...form.getInputProps('password')}
              />
              <Checkbox
                label={t('users:form.askPasswordChange')}
                disabled={!form.values.password}
                data-testid="user-ask-change"
                {...form.getInputProps('askPasswordChange', { type: 'checkbox' })}
              />
            </>
          )}
          {mode === 'edit' && (
            <Switch
              label={t('users:form.active')}
              data-testid="user-active"
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('users:form.cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="user-save">
              {mode === 'create' ? t('users:form.create') : t('users:form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

interface EditProps {
  /** the loaded user (its id keys the form: another user starts a new form) */
  user: Parameters<typeof toFormValues>[0] & { id: string };
  roles: Role[];
  /** the update mutation: pending while saving, resolves when saved */
  save: { isPending: boolean; mutateAsync: (values: UserFormValues) => Promise<unknown> };
  onCancel: () => void;
}

/** UserForm in edit mode for a loaded user: the company's users, the company admin's user and the platform admins. */
export function EditUserForm({ user, roles, save, onCancel }: EditProps) {
  return (
    <UserForm
      key={user.id}
      mode="edit"
      initial={toFormValues(user)}
      roles={roles}
      submitting={save.isPending}
      onSubmit={(v) => save.mutateAsync(v)}
      onCancel={onCancel}
    />
  );
}
