import { Badge, Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { can } from '@regcheck/shared/permissions';
import { IconEraser, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { tagsKeys } from '../../../app/query/keys/fichas-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { useUser } from '../../../app/session/useSession';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { DeleteAction, EditAction } from '../../../app/ui/RowAction';
import { fichasApi, type Tag } from '../api/fichas-api';

type AppliesTo = 'fichas' | 'operations';

/**
 * The Tags tab of /home/accountManager: the company's tags (name, applies to, active); create, rename and
 * (de)activate with usersTags; delete everywhere with a warning (the server lets only the super administrator
 * and answers its message to others); clean the tags that no longer exist from the fichas (confirmed).
 */
export function TagsManagerPanel() {
  const { t } = useTranslation('fichas');
  const user = useUser();
  const canEdit = can({ role: user.role, company: user.company }, 'usersTags');
  const qc = useQueryClient();
  const tags = useQuery({ queryKey: tagsKeys.every(), queryFn: () => fichasApi.allTags() });
  useErrorToast(tags.error);
  const [name, setName] = useState('');
  const [appliesTo, setAppliesTo] = useState<AppliesTo>('fichas');
  const [createError, setCreateError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Tag | null>(null);
  const [newName, setNewName] = useState('');
  const [renameError, setRenameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const [cleaning, setCleaning] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: tagsKeys.all });
  const fieldError = (e: Error, set: (m: string | null) => void) => {
    if (e instanceof ApiError && e.field === 'name') set(e.message);
    else notifyError(errorMessage(e));
  };

  const create = useMutation({
    mutationFn: () => fichasApi.createTag({ name: name.trim(), appliesTo }),
    onSuccess: () => {
      notifySuccess(t('fichas:tagsManager.created'));
      setName('');
      setCreateError(null);
      refresh();
    },
    onError: (e: Error) => fieldError(e, setCreateError),
  });
  const rename = useMutation({
    mutationFn: (tag: Tag) => fichasApi.updateTag(tag.id, { name: newName.trim() }),
    onSuccess: () => {
      notifySuccess(t('fichas:tagsManager.updated'));
      setRenaming(null);
      refresh();
    },
    onError: (e: Error) => fieldError(e, setRenameError),
  });
  const toggle = useMutation({
    mutationFn: (tag: Tag) => fichasApi.updateTag(tag.id, { active: !tag.active }),
    onSuccess: refresh,
    onError: (e) => notifyError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (tag: Tag) => fichasApi.deleteTag(tag.id),
    onSuccess: () => {
      notifySuccess(t('fichas:tagsManager.deleted'));
      refresh();
    },
    // 'This tag can only be deleted by the super admin': the server's message, in the user's language
    onError: (e) => notifyError(errorMessage(e)),
    onSettled: () => setDeleting(null),
  });
  const clean = useMutation({
    mutationFn: () => fichasApi.cleanTags(),
    onSuccess: (r) => notifySuccess(t('fichas:tagsManager.cleaned', { count: r.fichasUpdated })),
    onError: (e) => notifyError(errorMessage(e)),
    onSettled: () => setCleaning(false),
  });

  const columns: Column<Tag>[] = [
    { key: 'name', header: t('fichas:tagsManager.name'), render: (tag) => <Text size="sm">{tag.name}</Text> },
    {
      key: 'appliesTo',
      header: t('fichas:tagsManager.appliesTo'),
      render: (tag) => (
        <Badge variant="light" size="sm">
          {t(`fichas:tagsManager.appliesToValues.${tag.appliesTo}`)}
        </Badge>
      ),
    },
    {
      key: 'active',
      header: t('fichas:tagsManager.active'),
      render: (tag) => (
        <Switch
          checked={tag.active}
          disabled={!canEdit}
          aria-label={t('fichas:tagsManager.active')}
          onChange={() => toggle.mutate(tag)}
        />
      ),
    },
    {
      key: 'actions',
      header: '',
      width: 90,
      render: (tag) => (
        <Group gap={4} wrap="nowrap">
          {canEdit && (
            <EditAction
              label={t('fichas:tagsManager.rename')}
              onClick={() => {
                setRenaming(tag);
                setNewName(tag.name);
                setRenameError(null);
              }}
            />
          )}
          <DeleteAction label={t('fichas:actions.delete')} onClick={() => setDeleting(tag)} />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="tags-manager">
      {canEdit && (
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('fichas:tagsManager.name')}
            value={name}
            maxLength={60}
            error={createError}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setCreateError(null);
            }}
          />
          <Select
            label={t('fichas:tagsManager.appliesTo')}
            value={appliesTo}
            data={(['fichas', 'operations'] as const).map((v) => ({
              value: v,
              label: t(`fichas:tagsManager.appliesToValues.${v}`),
            }))}
            onChange={(v) => setAppliesTo((v as AppliesTo) ?? 'fichas')}
          />
          <Button
            mt={24}
            leftSection={<IconPlus size={16} />}
            disabled={!name.trim()}
            loading={create.isPending}
            onClick={() => create.mutate()}
          >
            {t('fichas:tagsManager.create')}
          </Button>
          <Button mt={24} variant="default" leftSection={<IconEraser size={16} />} onClick={() => setCleaning(true)}>
            {t('fichas:tagsManager.clean')}
          </Button>
        </Group>
      )}
      <DataTable
        testId="tags-table"
        columns={columns}
        rows={tags.data}
        loading={tags.isLoading}
        emptyText={t('fichas:tagsManager.empty')}
      />
      <Modal opened={!!renaming} onClose={() => setRenaming(null)} title={t('fichas:tagsManager.rename')} centered>
        <Stack>
          <TextInput
            label={t('fichas:tagsManager.name')}
            value={newName}
            maxLength={60}
            error={renameError}
            onChange={(e) => {
              setNewName(e.currentTarget.value);
              setRenameError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRenaming(null)}>
              {t('fichas:actions.cancel')}
            </Button>
            <Button
              disabled={!newName.trim()}
              loading={rename.isPending}
              onClick={() => renaming && rename.mutate(renaming)}
            >
              {t('fichas:actions.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title={t('fichas:tagsManager.deleteTitle')} centered>
        <Stack>
          <Text>{t('fichas:tagsManager.deleteWarning', { name: deleting?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('fichas:actions.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => deleting && remove.mutate(deleting)}>
              {t('fichas:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={cleaning} onClose={() => setCleaning(false)} title={t('fichas:tagsManager.clean')} centered>
        <Stack>
          <Text>{t('fichas:tagsManager.cleanConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCleaning(false)}>
              {t('fichas:actions.cancel')}
            </Button>
            <Button loading={clean.isPending} onClick={() => clean.mutate()}>
              {t('fichas:tagsManager.clean')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
