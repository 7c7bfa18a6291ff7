import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate } from '@regcheck/shared/format/date';
import { DEFAULT_PAGE_SIZE } from '@regcheck/shared/format/pagination';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { type Column, DataTable } from '../../fichas/components/DataTable';
import { TruncatedText } from '../../fichas/components/TruncatedText';
import { useErrorToast } from '../../fichas/hooks/useErrorToast';
import { type ListIntern, screeningApi } from '../api/screening-api';
import { INTEREST_REASONS, toListInternBody } from '../lib/interest-reasons';
import { ListInternFormModal, type ListInternFormValues } from './ListInternFormModal';

/**
 * The list of interest of the account manager. A document already in the list answers 409 from the server, and
 * the page asks whether to update the existing record with the values entered (spec 000 §5).
 */
export function ListOfInterestPanel() {
  const { t } = useTranslation('screening');
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [editing, setEditing] = useState<ListIntern | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [duplicate, setDuplicate] = useState<{ message: string; values: ListInternFormValues } | null>(null);
  const [deleting, setDeleting] = useState<ListIntern | null>(null);

  const where = term ? { or: [{ dni: { ilike: term } }, { name: { ilike: term } }] } : {};
  const filter = { where, order: 'createdAt DESC', limit: pageSize, skip: (page - 1) * pageSize };
  const list = useQuery({
    queryKey: ['list-interns', filter],
    queryFn: () => screeningApi.listInterns(filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: ['list-interns', 'count', where],
    queryFn: () => screeningApi.listInternCount(where),
  });
  useErrorToast(list.error ?? count.error);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['list-interns'] });
  const fail = (e: unknown) => notifyError(e instanceof Error ? e.message : String(e));

  const save = async (v: ListInternFormValues) => {
    setSaving(true);
    try {
      if (editing) await screeningApi.patchListIntern(editing.id, toListInternBody(v, true));
      else await screeningApi.createListIntern(toListInternBody(v, false));
      notifySuccess(editing ? t('interest.updated') : t('interest.created'));
      setFormOpen(false);
      refresh();
    } catch (e) {
      if (isApiError(e) && e.code === 'LIST_INTERN_DUPLICATE') setDuplicate({ message: e.message, values: v });
      else fail(e);
    } finally {
      setSaving(false);
    }
  };
  const updateExisting = async () => {
    if (!duplicate) return;
    try {
      const existing = await screeningApi.listInternByDni(duplicate.values.dni.trim());
      const { dni: _dni, ...rest } = toListInternBody(duplicate.values, true);
      await screeningApi.patchListIntern(existing.id, rest);
      notifySuccess(t('interest.updated'));
      setDuplicate(null);
      setFormOpen(false);
      refresh();
    } catch (e) {
      fail(e);
    }
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await screeningApi.patchListIntern(deleting.id, { isActive: false });
      notifySuccess(t('interest.deleted'));
      setDeleting(null);
      refresh();
    } catch (e) {
      fail(e);
    }
  };

  const reasonText = (r: ListIntern) =>
    r.reason === 'other'
      ? (r.otherReason ?? t('interest.reasons.other'))
      : r.reason && (INTEREST_REASONS as readonly string[]).includes(r.reason)
        ? t(`interest.reasons.${r.reason}`)
        : (r.reason ?? '');
  const columns: Column<ListIntern>[] = [
    { key: 'dni', header: t('interest.dni'), render: (r) => r.dni },
    { key: 'name', header: t('interest.name'), render: (r) => <TruncatedText value={r.name ?? ''} /> },
    { key: 'personType', header: t('blacklist.personType'), render: (r) => t(`consult.${r.personType}`) },
    { key: 'reason', header: t('interest.reason'), render: (r) => <TruncatedText value={reasonText(r)} /> },
    { key: 'createdAt', header: t('blacklist.createdAt'), render: (r) => formatDate(r.createdAt) },
    {
      key: 'actions',
      header: t('blacklist.actions'),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t('interest.edit')}
            onClick={() => {
              setEditing(r);
              setFormOpen(true);
            }}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('blacklist.delete')} onClick={() => setDeleting(r)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('blacklist.search')}
          aria-label={t('blacklist.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={360}
        />
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          {t('interest.new')}
        </Button>
      </Group>
      <DataTable
        testId="list-interns-table"
        columns={columns}
        rows={list.data}
        getId={(r) => r.id}
        loading={list.isLoading}
        emptyText={t('interest.empty')}
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
      <ListInternFormModal
        opened={formOpen}
        record={editing}
        saving={saving}
        onClose={() => setFormOpen(false)}
        onSave={(v) => void save(v)}
      />
      <Modal opened={!!duplicate} onClose={() => setDuplicate(null)} title={t('interest.duplicateTitle')}>
        <Stack>
          <Text>{duplicate?.message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDuplicate(null)}>
              {t('blacklist.cancel')}
            </Button>
            <Button onClick={() => void updateExisting()} data-testid="confirm-update">
              {t('interest.update')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title={t('blacklist.delete')}>
        <Stack>
          <Text>{t('interest.confirmDelete', { dni: deleting?.dni ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('blacklist.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove()}>
              {t('blacklist.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
