import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { fichasKeys } from '../../../app/query/keys/fichas-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { usePagedList } from '../../../app/query/usePagedList';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type Ficha, fichasApi } from '../api/fichas-api';
import { useFichaPermissions } from '../hooks/useFichaPermissions';
import { displayDni } from '../lib/ficha-form';

/** /tools/trash: soft-deleted fichas, restore, and permanent delete (admin) after typing the document. */
export function TrashPage() {
  const { t } = useTranslation('fichas');
  const qc = useQueryClient();
  const perms = useFichaPermissions();
  const [selected, setSelected] = useState<string[]>([]);
  const [purge, setPurge] = useState<Ficha | null>(null);
  const [typed, setTyped] = useState('');
  // the trash endpoint pages like the list; the count comes from the list endpoint's where on status inactive
  const { list, count, pagination } = usePagedList({
    where: {},
    order: 'deletedDate DESC',
    countWhere: { status: 'inactive' },
    listKey: fichasKeys.trash,
    countKey: fichasKeys.trashCount,
    fetchList: fichasApi.trash,
    fetchCount: fichasApi.count,
  });
  useErrorToast(list.error ?? count.error);
  const refresh = () => void qc.invalidateQueries({ queryKey: fichasKeys.all });

  const restore = useMutation({
    mutationFn: () => fichasApi.restore(selected),
    onSuccess: () => {
      notifySuccess(t('fichas:messages.restored'));
      setSelected([]);
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const hardDelete = useMutation({
    mutationFn: (ficha: Ficha) => fichasApi.hardDelete(ficha.id),
    onSuccess: () => {
      notifySuccess(t('fichas:messages.deleted'));
      setPurge(null);
      setTyped('');
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const confirmText = purge ? displayDni(purge) : '';

  const columns: Column<Ficha>[] = [
    { key: 'name', header: t('fichas:list.columns.name'), render: (f) => <TruncatedText value={f.fullName} /> },
    { key: 'dni', header: t('fichas:list.columns.dni'), render: (f) => displayDni(f) },
    {
      key: 'personType',
      header: t('fichas:list.columns.personType'),
      render: (f) => t(`fichas:personType.${f.personType}`),
    },
    { key: 'deletedDate', header: t('fichas:trash.deletedDate'), render: (f) => formatDate(f.deletedDate) },
    {
      key: 'actions',
      header: '',
      render: (f) =>
        perms.canHardDelete ? (
          <Button
            size="compact-xs"
            color="red"
            variant="subtle"
            leftSection={<IconTrashX size={14} />}
            onClick={() => setPurge(f)}
          >
            {t('fichas:trash.deleteForever')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('fichas:trash.title')}</Title>
      <Group>
        <Button
          leftSection={<IconRestore size={16} />}
          disabled={selected.length === 0}
          onClick={() => restore.mutate()}
          data-testid="trash-restore"
        >
          {t('fichas:trash.restore', { count: selected.length })}
        </Button>
      </Group>
      <DataTable
        testId="trash-table"
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('fichas:trash.empty')}
        selected={selected}
        onSelect={setSelected}
        pagination={pagination}
      />
      <Modal opened={!!purge} onClose={() => setPurge(null)} title={t('fichas:trash.deleteForeverTitle')} centered>
        <Stack>
          <Text>{t('fichas:trash.deleteForeverText', { name: purge?.fullName ?? '', dni: confirmText })}</Text>
          <TextInput
            label={t('fichas:trash.typeToConfirm', { dni: confirmText })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPurge(null)}>
              {t('fichas:actions.cancel')}
            </Button>
            <Button
              color="red"
              disabled={typed.trim() !== confirmText}
              onClick={() => purge && hardDelete.mutate(purge)}
            >
              {t('fichas:trash.deleteForever')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
