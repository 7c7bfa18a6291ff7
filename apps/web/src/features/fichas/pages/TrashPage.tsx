import { Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { DEFAULT_PAGE_SIZE } from '@regcheck/shared/format/pagination';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { type Ficha, fichasApi } from '../api/fichas-api';
import { type Column, DataTable } from '../components/DataTable';
import { TruncatedText } from '../components/TruncatedText';
import { useErrorToast } from '../hooks/useErrorToast';
import { useFichaPermissions } from '../hooks/useFichaPermissions';
import { displayDni } from '../lib/ficha-form';

/** /tools/trash: soft-deleted fichas, restore, and permanent delete (admin) after typing the document. */
export function TrashPage() {
  const { t } = useTranslation('fichas');
  const qc = useQueryClient();
  const perms = useFichaPermissions();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<string[]>([]);
  const [purge, setPurge] = useState<Ficha | null>(null);
  const [typed, setTyped] = useState('');
  // the trash endpoint pages like the list; the count comes from the list endpoint's where on status inactive
  const filter = { where: {}, order: 'deletedDate DESC', limit: pageSize, skip: (page - 1) * pageSize };
  const list = useQuery({
    queryKey: ['fichas', 'trash', filter],
    queryFn: () => fichasApi.trash(filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: ['fichas', 'trash-count'],
    queryFn: () => fichasApi.count({ status: 'inactive' }),
  });
  useErrorToast(list.error ?? count.error);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['fichas'] });

  const restore = async () => {
    try {
      await fichasApi.restore(selected);
      notifySuccess(t('fichas:messages.restored'));
      setSelected([]);
      refresh();
    } catch (e) {
      notifyError(e instanceof Error ? e.message : String(e));
    }
  };
  const hardDelete = async () => {
    if (!purge) return;
    try {
      await fichasApi.hardDelete(purge.id);
      notifySuccess(t('fichas:messages.deleted'));
      setPurge(null);
      setTyped('');
      refresh();
    } catch (e) {
      notifyError(e instanceof Error ? e.message : String(e));
    }
  };
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
          onClick={() => void restore()}
          data-testid="trash-restore"
        >
          {t('fichas:trash.restore', { count: selected.length })}
        </Button>
      </Group>
      <DataTable
        testId="trash-table"
        columns={columns}
        rows={list.data}
        getId={(f) => f.id}
        loading={list.isLoading}
        emptyText={t('fichas:trash.empty')}
        selected={selected}
        onSelect={setSelected}
        pagination={{
          page,
          pageSize,
          count: count.data?.count ?? 0,
          onPage: setPage,
          onPageSize: (s) => {
            setPageSize(s);
            setPage(1);
          },
        }}
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
            <Button color="red" disabled={typed.trim() !== confirmText} onClick={() => void hardDelete()}>
              {t('fichas:trash.deleteForever')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
