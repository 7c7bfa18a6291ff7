import { Button, Group, Stack } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../app/api/api-error';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { screeningKeys } from '../../../app/query/keys/screening-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type ListIntern, screeningApi } from '../api/screening-api';
import { useRecordList } from '../hooks/useRecordList';
import { INTEREST_REASONS, type ListInternFormValues, toPayload } from '../lib/list-intern-form';
import { ListInternFormModal } from './ListInternFormModal';
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
  const [duplicate, setDuplicate] = useState<{ message: string; values: ListInternFormValues } | null>(null);
  const [deleting, setDeleting] = useState<ListIntern | null>(null);

  const qc = useQueryClient();
  const { list, count, pagination, search, setSearch } = useRecordList({
    listKey: screeningKeys.listInternList,
    countKey: screeningKeys.listInternCount,
    fetchList: screeningApi.listInterns,
    fetchCount: screeningApi.listInternCount,
  });
  useErrorToast(list.error ?? count.error);
  const refresh = () => void qc.invalidateQueries({ queryKey: screeningKeys.listInterns });
  const fail = (e: unknown) => notifyError(errorMessage(e));

  const save = useMutation({
    mutationFn: (v: ListInternFormValues) =>
      editing
        ? screeningApi.patchListIntern(editing.id, toPayload(v, true))
        : screeningApi.createListIntern(toPayload(v, false)),
    onSuccess: () => {
      notifySuccess(editing ? t('screening:interest.updated') : t('screening:interest.created'));
      setFormOpen(false);
      refresh();
    },
    onError: (e, v) => {
      if (isApiError(e) && e.code === 'LIST_INTERN_DUPLICATE') setDuplicate({ message: e.message, values: v });
      else fail(e);
    },
  });
  const updateExisting = useMutation({
    mutationFn: async (values: ListInternFormValues) => {
      const existing = await screeningApi.listInternByDni(values.dni.trim());
      const { dni: _dni, ...rest } = toPayload(values, true);
      return screeningApi.patchListIntern(existing.id, rest);
    },
    onSuccess: () => {
      notifySuccess(t('screening:interest.updated'));
      setDuplicate(null);
      setFormOpen(false);
      refresh();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (record: ListIntern) => screeningApi.patchListIntern(record.id, { isActive: false }),
    onSuccess: () => {
      notifySuccess(t('screening:interest.deleted'));
      setDeleting(null);
      refresh();
    },
    onError: fail,
  });

  const reasonText = (r: ListIntern) =>
    r.reason === 'other'
      ? (r.otherReason ?? t('screening:interest.reasons.other'))
      : r.reason && (INTEREST_REASONS as readonly string[]).includes(r.reason)
        ? t(`screening:interest.reasons.${r.reason}`)
        : (r.reason ?? '');
  const columns: Column<ListIntern>[] = [
    { key: 'dni', header: t('screening:interest.dni'), render: (r) => r.dni },
    { key: 'name', header: t('screening:interest.name'), render: (r) => <TruncatedText value={r.name ?? ''} /> },
    {
      key: 'personType',
      header: t('screening:blacklist.personType'),
      render: (r) => t(`screening:consult.${r.personType}`),
    },
    { key: 'reason', header: t('screening:interest.reason'), render: (r) => <TruncatedText value={reasonText(r)} /> },
    { key: 'createdAt', header: t('screening:blacklist.createdAt'), render: (r) => formatDate(r.createdAt) },
    {
      key: 'actions',
      header: t('screening:blacklist.actions'),
      render: (r) => (
        <RecordActions
          editLabel={t('screening:interest.edit')}
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
          {t('screening:interest.new')}
        </Button>
      </Group>
      <DataTable
        testId="list-interns-table"
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('screening:interest.empty')}
        pagination={pagination}
      />
      <ListInternFormModal
        opened={formOpen}
        record={editing}
        saving={save.isPending}
        onClose={() => setFormOpen(false)}
        onSave={(v) => save.mutate(v)}
      />
      <ConfirmModal
        opened={!!duplicate}
        title={t('screening:interest.duplicateTitle')}
        message={duplicate?.message}
        confirmLabel={t('screening:interest.update')}
        testId="confirm-update"
        onCancel={() => setDuplicate(null)}
        onConfirm={() => duplicate && updateExisting.mutate(duplicate.values)}
      />
      <ConfirmModal
        {...askFor(deleting, () => setDeleting(null), remove.mutate)}
        danger={t('screening:blacklist.delete')}
        message={t('screening:interest.confirmDelete', { dni: deleting?.dni ?? '' })}
      />
    </Stack>
  );
}
