import { Button, Group, Stack } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { type Column, DataTable } from '../../fichas/components/DataTable';
import { TruncatedText } from '../../fichas/components/TruncatedText';
import { useErrorToast } from '../../fichas/hooks/useErrorToast';
import { type ListIntern, screeningApi } from '../api/screening-api';
import { usePagedList } from '../hooks/usePagedList';
import { INTEREST_REASONS, toListInternBody } from '../lib/interest-reasons';
import { ConfirmModal } from './ConfirmModal';
import { ListInternFormModal, type ListInternFormValues } from './ListInternFormModal';
import { ListSearchInput } from './ListSearchInput';
import { RecordActions } from './RecordActions';

/**
 * The list of interest of the account manager. A document already in the list answers 409 from the server, and
 * the page asks whether to update the existing record with the values entered (spec 000 §5).
 */
export function ListOfInterestPanel() {
  const { t } = useTranslation('screening');
  const [editing, setEditing] = useState<ListIntern | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [duplicate, setDuplicate] = useState<{ message: string; values: ListInternFormValues } | null>(null);
  const [deleting, setDeleting] = useState<ListIntern | null>(null);

  const { list, count, pagination, search, setSearch, refresh } = usePagedList(
    'list-interns',
    screeningApi.listInterns,
    screeningApi.listInternCount,
  );
  useErrorToast(list.error ?? count.error);
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
        <RecordActions
          editLabel={t('interest.edit')}
          onEdit={() => {
            setEditing(r);
            setFormOpen(true);
          }}
          onDelete={() => setDeleting(r)}
        />
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <ListSearchInput value={search} onChange={setSearch} w={360} />
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
        pagination={pagination}
      />
      <ListInternFormModal
        opened={formOpen}
        record={editing}
        saving={saving}
        onClose={() => setFormOpen(false)}
        onSave={(v) => void save(v)}
      />
      <ConfirmModal
        opened={!!duplicate}
        title={t('interest.duplicateTitle')}
        message={duplicate?.message}
        confirmLabel={t('interest.update')}
        testId="confirm-update"
        onCancel={() => setDuplicate(null)}
        onConfirm={() => void updateExisting()}
      />
      <ConfirmModal
        opened={!!deleting}
        title={t('blacklist.delete')}
        message={t('interest.confirmDelete', { dni: deleting?.dni ?? '' })}
        confirmLabel={t('blacklist.delete')}
        color="red"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
