import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { listEntryName, listEntryReason } from '@regcheck/shared/list-entries';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countryName } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { usePagedList } from '../../../app/query/usePagedList';
import { useSearchTerm } from '../../../app/query/useSearchTerm';
import { askFor, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { DeleteAction, EditAction } from '../../../app/ui/RowAction';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type ListEntry, listsApi } from '../api/platform-api';
import { platformKeys } from '../keys';
import { entityPath, entriesEditable } from '../lib/list-paths';
import { ListEntryModal } from './ListEntryModal';

/**
 * The entries of a list's version in force: search over names, aliases and documents, paginated; for the public
 * lists (decision 21) the super administrator adds, edits and removes entries one by one.
 */
export function ListEntriesPanel({ listId, mayEdit }: { listId: string; mayEdit: boolean }) {
  const { t, i18n } = useTranslation('platform');
  const qc = useQueryClient();
  const { search, setSearch, term } = useSearchTerm();
  const where = term ? { or: [{ names: { ilike: term } }, { identifiers: { ilike: term } }] } : {};
  const { list, count, pagination } = usePagedList({
    where,
    order: 'name asc',
    listKey: (f) => platformKeys.listEntries(listId, f.where, f.limit, f.skip),
    countKey: (w) => platformKeys.listEntriesCount(listId, w),
    fetchList: (f) => listsApi.entries(listId, f.where, f.limit, f.skip),
    fetchCount: (w) => listsApi.entriesCount(listId, w),
  });
  useErrorToast(list.error ?? count.error);
  const editable = mayEdit && entriesEditable(listId);
  const [editing, setEditing] = useState<ListEntry | 'new' | null>(null);
  const [removing, setRemoving] = useState<ListEntry | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: platformKeys.list(listId) });
  const remove = useMutation({
    mutationFn: (e: ListEntry) => listsApi.deleteEntry(listId, e.id),
    onSuccess: (_r, e) => {
      notifySuccess(t('platform:lists.entries.deleted', { name: e.name }));
      setRemoving(null);
      refresh();
      void qc.invalidateQueries({ queryKey: platformKeys.lists });
    },
    onError: (e: Error) => notifyError(errorMessage(e)),
  });
  const columns: Column<ListEntry>[] = [
    {
      key: 'name',
      header: t('platform:lists.entries.columns.name'),
      render: (e) => (
        <Anchor component={Link} to={entityPath(listId, e.id)} size="sm">
          <TruncatedText value={listEntryName(listId, e.name, e.countries, i18n.language)} />
        </Anchor>
      ),
    },
    {
      key: 'aliases',
      header: t('platform:lists.entries.columns.aliases'),
      render: (e) => <TruncatedText value={e.names.slice(1).join(', ')} />,
    },
    {
      key: 'documents',
      header: t('platform:lists.entries.columns.documents'),
      render: (e) => <TruncatedText value={e.identifiers.map((i) => i.value).join(', ')} />,
    },
    {
      key: 'countries',
      header: t('platform:lists.entries.columns.countries'),
      render: (e) => <TruncatedText value={e.countries.map((c) => countryName(c, i18n.language)).join(', ')} />,
    },
    {
      key: 'programs',
      header: t('platform:lists.entries.columns.programs'),
      render: (e) => (
        <TruncatedText
          value={[...e.programs, e.reason ? listEntryReason(t, e.reason) : (e.word ?? '')].filter(Boolean).join(', ')}
        />
      ),
    },
    ...(editable
      ? [
          {
            key: 'actions',
            header: t('platform:lists.entries.columns.actions'),
            width: 90,
            render: (e: ListEntry) => (
              <Group gap={4} wrap="nowrap">
                <EditAction label={t('platform:lists.entries.edit')} onClick={() => setEditing(e)} />
                <DeleteAction label={t('platform:lists.entries.delete')} onClick={() => setRemoving(e)} />
              </Group>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('platform:lists.entries.search')}
          placeholder={t('platform:lists.entries.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={320}
          data-testid="list-entries-search"
        />
        {editable && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="list-entry-new">
            {t('platform:lists.entries.add')}
          </Button>
        )}
      </Group>
      {!editable && mayEdit && (
        <Text size="xs" c="dimmed">
          {t('platform:lists.entries.notEditable')}
        </Text>
      )}
      <DataTable
        testId="list-entries"
        columns={columns}
        rows={list.data}
        loading={list.isPending}
        emptyText={t(term ? 'platform:lists.entries.noMatch' : 'platform:lists.entries.empty')}
        pagination={pagination}
      />
      {editing && (
        <ListEntryModal
          listId={listId}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
            void qc.invalidateQueries({ queryKey: platformKeys.lists });
          }}
        />
      )}
      <ConfirmModal
        {...askFor(removing, () => setRemoving(null), remove.mutate, remove.isPending)}
        title={t('platform:lists.entries.deleteTitle')}
        danger={t('platform:lists.entries.delete')}
        message={t('platform:lists.entries.deleteMessage', { name: removing?.name ?? '' })}
      />
    </Stack>
  );
}
