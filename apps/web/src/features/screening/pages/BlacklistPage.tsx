import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate } from '@regcheck/shared/format/date';
import { DEFAULT_PAGE_SIZE } from '@regcheck/shared/format/pagination';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { type Column, DataTable } from '../../fichas/components/DataTable';
import { TruncatedText } from '../../fichas/components/TruncatedText';
import { useErrorToast } from '../../fichas/hooks/useErrorToast';
import { type Blacklist, screeningApi } from '../api/screening-api';
import { BlacklistFormModal, type BlacklistFormValues } from '../components/BlacklistFormModal';
import { BlacklistReasonsModal } from '../components/BlacklistReasonsModal';

/** /home/blacklist: the company's blacklist with reasons; delete is soft (status inactive) after confirmation. */
export function BlacklistPage() {
  const { t } = useTranslation('screening');
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [editing, setEditing] = useState<Blacklist | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [reasonsOpen, setReasonsOpen] = useState(false);
  const [deleting, setDeleting] = useState<Blacklist | null>(null);
  const [saving, setSaving] = useState(false);

  const where = term ? { or: [{ dni: { ilike: term } }, { name: { ilike: term } }] } : {};
  const filter = { where, order: 'createdAt DESC', limit: pageSize, skip: (page - 1) * pageSize };
  const list = useQuery({
    queryKey: ['blacklists', filter],
    queryFn: () => screeningApi.blacklists(filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: ['blacklists', 'count', where],
    queryFn: () => screeningApi.blacklistCount(where),
  });
  const reasons = useQuery({ queryKey: ['blacklist-reasons'], queryFn: screeningApi.reasons });
  useErrorToast(list.error ?? count.error ?? reasons.error);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['blacklists'] });

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
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={t('blacklist.edit')}
            onClick={() => {
              setEditing(b);
              setFormOpen(true);
            }}
          >
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('blacklist.delete')} onClick={() => setDeleting(b)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
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
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('blacklist.search')}
        aria-label={t('blacklist.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      <DataTable
        testId="blacklist-table"
        columns={columns}
        rows={list.data}
        getId={(b) => b.id}
        loading={list.isLoading}
        emptyText={t('blacklist.empty')}
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
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title={t('blacklist.delete')}>
        <Stack>
          <Text>{t('blacklist.confirmDelete', { dni: deleting?.dni ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('blacklist.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove()} data-testid="confirm-delete">
              {t('blacklist.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
