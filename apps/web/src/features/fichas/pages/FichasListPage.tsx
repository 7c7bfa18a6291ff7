import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatDate } from '@regcheck/shared/format/date';
import { IconBuilding, IconDownload, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { fichasKeys } from '../../../app/query/keys/fichas-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { usePagedList } from '../../../app/query/usePagedList';
import { askWhile, ConfirmModal } from '../../../app/ui/ConfirmModal';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { PageHeader } from '../../../app/ui/PageHeader';
import { RiskBadge } from '../../../app/ui/RiskBadge';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type Ficha, fichasApi } from '../api/fichas-api';
import { FichaListFilters } from '../components/FichaListFilters';
import { NextReviewCell } from '../components/NextReviewCell';
import { useFichaPermissions } from '../hooks/useFichaPermissions';
import { displayDni } from '../lib/ficha-form';
import { buildFichaWhere, type FichaListFilters as Filters, filtersFromQuery } from '../lib/list-filter';

/** KYC files: filters, search, table with risk and tags, pagination, selection and soft delete. */
export function FichasListPage() {
  const { t } = useTranslation('fichas');
  const perms = useFichaPermissions();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(() => filtersFromQuery(params));
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, 350);
  const [selected, setSelected] = useState<string[]>([]);
  const [confirm, setConfirm] = useState(false);

  const effective = { ...filters, search };
  const { list, count, pagination } = usePagedList({
    where: buildFichaWhere(effective),
    order: 'createdAt DESC',
    listKey: fichasKeys.list,
    countKey: fichasKeys.count,
    fetchList: fichasApi.list,
    fetchCount: fichasApi.count,
  });
  useErrorToast(list.error ?? count.error);

  const remove = useMutation({
    mutationFn: () => fichasApi.softDelete(selected),
    onSuccess: () => {
      notifySuccess(t('fichas:messages.deleted'));
      setSelected([]);
      setConfirm(false);
      void qc.invalidateQueries({ queryKey: fichasKeys.all });
    },
    onError: (e) => notifyError(errorMessage(e)),
  });

  const columns: Column<Ficha>[] = [
    {
      key: 'name',
      header: t('fichas:list.columns.name'),
      render: (f) => (
        <Anchor component={Link} to={`/home/fichas/${f.id}`} size="sm">
          <TruncatedText value={f.fullName} />
        </Anchor>
      ),
    },
    {
      key: 'dni',
      header: t('fichas:list.columns.dni'),
      render: (f) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {displayDni(f)}
        </Text>
      ),
    },
    {
      key: 'personType',
      header: t('fichas:list.columns.personType'),
      render: (f) => <Text size="sm">{t(`fichas:personType.${f.personType}`)}</Text>,
    },
    {
      key: 'tags',
      header: t('fichas:list.columns.tags'),
      render: (f) => (
        <Group gap={4}>
          {f.tags.slice(0, 3).map((tag) => (
            <Badge key={tag.name} size="sm" variant="outline">
              <TruncatedText value={tag.name} />
            </Badge>
          ))}
          {f.tags.length > 3 && (
            <Badge size="sm" variant="default">
              +{f.tags.length - 3}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'risk', header: t('fichas:list.columns.risk'), render: (f) => <RiskBadge risk={f.risk} /> },
    {
      key: 'matches',
      header: t('fichas:list.columns.matches'),
      render: (f) => <Text size="sm">{f.listas ? f.listas.total : '-'}</Text>,
    },
    {
      key: 'pep',
      header: t('fichas:list.columns.pep'),
      render: (f) => <Text size="sm">{f.pepStatus ? t(`fichas:pep.${f.pepStatus}`) : '-'}</Text>,
    },
    {
      key: 'createdAt',
      header: t('fichas:list.columns.createdAt'),
      render: (f) => <Text size="sm">{formatDate(f.createdAt)}</Text>,
    },
    {
      key: 'nextReview',
      header: t('fichas:list.columns.nextReview'),
      render: (f) => <NextReviewCell ficha={f} />,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title={t('fichas:list.title')}>
        {perms.canWrite && (
          <Group gap="sm">
            <Button component={Link} to="/home/person/create?type=natural" leftSection={<IconUserPlus size={16} />}>
              {t('fichas:list.newNatural')}
            </Button>
            <Button
              component={Link}
              to="/home/person/create?type=legal"
              variant="light"
              leftSection={<IconBuilding size={16} />}
            >
              {t('fichas:list.newLegal')}
            </Button>
          </Group>
        )}
      </PageHeader>
      <FichaListFilters
        value={filters}
        listName={params.get('listName')}
        searchText={searchText}
        onSearchText={setSearchText}
        onChange={(v) => setFilters(v)}
      />
      <Group gap="sm">
        {perms.canWrite && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selected.length === 0}
            onClick={() => setConfirm(true)}
          >
            {t('fichas:list.deleteSelected', { count: selected.length })}
          </Button>
        )}
        <Button
          component={Link}
          to="/home/fichas/exportFicha"
          state={{ filters: effective }}
          variant="light"
          leftSection={<IconDownload size={16} />}
          data-testid="fichas-export"
        >
          {t('fichas:export.download')}
        </Button>
      </Group>
      <DataTable
        testId="fichas-table"
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('fichas:list.empty')}
        selected={perms.canWrite ? selected : undefined}
        onSelect={perms.canWrite ? setSelected : undefined}
        pagination={pagination}
      />
      <ConfirmModal
        {...askWhile(confirm, setConfirm, remove)}
        title={t('fichas:list.deleteTitle')}
        message={<Text>{t('fichas:list.deleteConfirm', { count: selected.length })}</Text>}
        confirmLabel={t('fichas:actions.delete')}
        color="red"
      />
    </Stack>
  );
}
