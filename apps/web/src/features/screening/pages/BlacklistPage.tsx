import { Button, Group, Stack } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { screeningKeys } from '../../../app/query/keys/screening-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type Blacklist, screeningApi } from '../api/screening-api';
import { BlacklistFormModal } from '../components/BlacklistFormModal';
import { BlacklistReasonsModal } from '../components/BlacklistReasonsModal';
import { DismissalReasonsModal } from '../components/DismissalReasonsModal';
import { ListSearchInput } from '../components/ListSearchInput';
import { RecordActions } from '../components/RecordActions';
import { useRecordList } from '../hooks/useRecordList';
import { type BlacklistFormValues, toPayload } from '../lib/blacklist-form';

/** /home/blacklist: the company's blacklist with reasons; delete is soft (status inactive) after confirmation. */
export function BlacklistPage() {
  const { t } = useTranslation('screening');
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Blacklist | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [reasonsOpen, setReasonsOpen] = useState(false);
  const [dismissalReasonsOpen, setDismissalReasonsOpen] = useState(false);
  const [deleting, setDeleting] = useState<Blacklist | null>(null);

  const { list, count, pagination, search, setSearch } = useRecordList({
    listKey: screeningKeys.blacklistList,
    countKey: screeningKeys.blacklistCount,
    fetchList: screeningApi.blacklists,
    fetchCount: screeningApi.blacklistCount,
  });
  const reasons = useQuery({ queryKey: screeningKeys.reasons(), queryFn: screeningApi.reasons });
  useErrorToast(list.error ?? count.error ?? reasons.error);
  const refresh = () => void qc.invalidateQueries({ queryKey: screeningKeys.blacklists });

  const save = useMutation({
    mutationFn: (v: BlacklistFormValues) =>
      editing
        ? screeningApi.patchBlacklist(editing.id, toPayload(v, true))
        : screeningApi.createBlacklist(toPayload(v, false)),
    onSuccess: () => {
      notifySuccess(editing ? t('screening:blacklist.updated') : t('screening:blacklist.created'));
      setFormOpen(false);
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (record: Blacklist) => screeningApi.patchBlacklist(record.id, { status: 'inactive' }),
    onSuccess: () => {
      notifySuccess(t('screening:blacklist.deleted'));
      setDeleting(null);
      refresh();
    },
    onError: (e) => notifyError(errorMessage(e)),
  });

  const columns: Column<Blacklist>[] = [
    { key: 'dni', header: t('screening:blacklist.dni'), render: (b) => b.dni },
    { key: 'name', header: t('screening:blacklist.name'), render: (b) => <TruncatedText value={b.name ?? ''} /> },
    {
      key: 'personType',
      header: t('screening:blacklist.personType'),
      render: (b) => t(`screening:consult.${b.personType}`),
    },
    {
      key: 'reason',
      header: t('screening:blacklist.reason'),
      render: (b) => <TruncatedText value={b.reason?.text ?? ''} />,
    },
    {
      key: 'comment',
      header: t('screening:blacklist.comment'),
      render: (b) => <TruncatedText value={b.comment ?? ''} />,
    },
    { key: 'createdAt', header: t('screening:blacklist.createdAt'), render: (b) => formatDate(b.createdAt) },
    {
      key: 'actions',
      header: t('screening:blacklist.actions'),
      render: (b) => (
        <RecordActions
          editLabel={t('screening:blacklist.edit')}
          onEdit={() => {
            setEditing(b);
            setFormOpen(true);
          }}
          onDelete={() => setDeleting(b)}
        />
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader title={t('screening:blacklist.title')}>
        <Group>
          <Button variant="default" onClick={() => setReasonsOpen(true)}>
            {t('screening:blacklist.reasons')}
          </Button>
          <Button variant="default" onClick={() => setDismissalReasonsOpen(true)} data-testid="open-dismissal-reasons">
            {t('screening:dismissalReasons.button')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('screening:blacklist.new')}
          </Button>
        </Group>
      </PageHeader>
      <ListSearchInput value={search} onChange={setSearch} maw={360} />
      <DataTable
        testId="blacklist-table"
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('screening:blacklist.empty')}
        pagination={pagination}
      />
      <BlacklistFormModal
        opened={formOpen}
        record={editing}
        reasons={reasons.data ?? []}
        saving={save.isPending}
        onClose={() => setFormOpen(false)}
        onSave={(v) => save.mutate(v)}
      />
      <BlacklistReasonsModal
        opened={reasonsOpen}
        reasons={reasons.data ?? []}
        onClose={() => setReasonsOpen(false)}
        onChanged={() => void qc.invalidateQueries({ queryKey: screeningKeys.reasons() })}
      />
      <DismissalReasonsModal opened={dismissalReasonsOpen} onClose={() => setDismissalReasonsOpen(false)} />
      <ConfirmModal
        {...askFor(deleting, () => setDeleting(null), remove.mutate)}
        danger={t('screening:blacklist.delete')}
        message={t('screening:blacklist.confirmDelete', { dni: deleting?.dni ?? '' })}
        testId="confirm-delete"
      />
    </Stack>
  );
}
