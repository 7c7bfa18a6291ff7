import { Button, Group, Stack, Title } from '@mantine/core';
import { formatDate } from '@regcheck/shared/format/date';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { type Column, DataTable } from '../../fichas/components/DataTable';
import { TruncatedText } from '../../fichas/components/TruncatedText';
import { useErrorToast } from '../../fichas/hooks/useErrorToast';
import { type Blacklist, screeningApi } from '../api/screening-api';
import { BlacklistFormModal, type BlacklistFormValues } from '../components/BlacklistFormModal';
import { BlacklistReasonsModal } from '../components/BlacklistReasonsModal';
import { ConfirmModal } from '../components/ConfirmModal';
import { ListSearchInput } from '../components/ListSearchInput';
import { RecordActions } from '../components/RecordActions';
import { usePagedList } from '../hooks/usePagedList';

/** /home/blacklist: the company's blacklist with reasons; delete is soft (status inactive) after confirmation. */
export function BlacklistPage() {
  const { t } = useTranslation('screening');
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Blacklist | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [reasonsOpen, setReasonsOpen] = useState(false);
  const [deleting, setDeleting] = useState<Blacklist | null>(null);
  const [saving, setSaving] = useState(false);

  const { list, count, pagination, search, setSearch, refresh } = usePagedList(
    'blacklists',
    screeningApi.blacklists,
    screeningApi.blacklistCount,
  );
  const reasons = useQuery({ queryKey: ['blacklist-reasons'], queryFn: screeningApi.reasons });
  useErrorToast(list.error ?? count.error ?? reasons.error);

  const save = async (v: BlacklistFormValues) => {
    setSaving(true);
    try {
      const body = {
        dni: v.dni.trim(),
        name: v.name.trim() || (editing ? null : undefined),
        personType: v.personType,
        reasonId: v.reasonId ?? (editing ? null : undefined),
        comment: v.comment.trim() || (editing ? null : undefined),
      };
      if (editing) await screeningApi.patchBlacklist(editing.id, body);
      else await screeningApi.createBlacklist(body);
      notifySuccess(editing ? t('blacklist.updated') : t('blacklist.created'));
      setFormOpen(false);
      refresh();
    } catch (e) {
      notifyError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    if (!deleting) return;
    try {
      await screeningApi.patchBlacklist(deleting.id, { status: 'inactive' });
      notifySuccess(t('blacklist.deleted'));
      setDeleting(null);
      refresh();
    } catch (e) {
      notifyError(e instanceof Error ? e.message : String(e));
    }
  };

  const columns: Column<Blacklist>[] = [
    { key: 'dni', header: t('blacklist.dni'), render: (b) => b.dni },
    { key: 'name', header: t('blacklist.name'), render: (b) => <TruncatedText value={b.name ?? ''} /> },
    { key: 'personType', header: t('blacklist.personType'), render: (b) => t(`consult.${b.personType}`) },
    { key: 'reason', header: t('blacklist.reason'), render: (b) => <TruncatedText value={b.reason?.text ?? ''} /> },
    { key: 'comment', header: t('blacklist.comment'), render: (b) => <TruncatedText value={b.comment ?? ''} /> },
    { key: 'createdAt', header: t('blacklist.createdAt'), render: (b) => formatDate(b.createdAt) },
    {
      key: 'actions',
      header: t('blacklist.actions'),
      render: (b) => (
        <RecordActions
          editLabel={t('blacklist.edit')}
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
      <Group justify="space-between">
        <Title order={2}>{t('blacklist.title')}</Title>
        <Group>
          <Button variant="default" onClick={() => setReasonsOpen(true)}>
            {t('blacklist.reasons')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            {t('blacklist.new')}
          </Button>
        </Group>
      </Group>
      <ListSearchInput value={search} onChange={setSearch} maw={360} />
      <DataTable
        testId="blacklist-table"
        columns={columns}
        rows={list.data}
        getId={(b) => b.id}
        loading={list.isLoading}
        emptyText={t('blacklist.empty')}
        pagination={pagination}
      />
      <BlacklistFormModal
        opened={formOpen}
        record={editing}
        reasons={reasons.data ?? []}
        saving={saving}
        onClose={() => setFormOpen(false)}
        onSave={(v) => void save(v)}
      />
      <BlacklistReasonsModal
        opened={reasonsOpen}
        reasons={reasons.data ?? []}
        onClose={() => setReasonsOpen(false)}
        onChanged={() => void qc.invalidateQueries({ queryKey: ['blacklist-reasons'] })}
      />
      <ConfirmModal
        opened={!!deleting}
        title={t('blacklist.delete')}
        message={t('blacklist.confirmDelete', { dni: deleting?.dni ?? '' })}
        confirmLabel={t('blacklist.delete')}
        color="red"
        testId="confirm-delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
