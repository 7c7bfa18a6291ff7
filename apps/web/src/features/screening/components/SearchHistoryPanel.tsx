import { Button, Grid, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../app/api/client';
import { countryName, formatDateTime } from '../../../app/format/format';
import { notifyError, notifySuccess } from '../../../app/notify/notify';
import { errorMessage } from '../../../app/query/errorMessage';
import { screeningKeys } from '../../../app/query/keys/screening-keys';
import { useErrorToast } from '../../../app/query/useErrorToast';
import { usePagedList } from '../../../app/query/usePagedList';
import { useSearchTerm } from '../../../app/query/useSearchTerm';
import { listLabel } from '../../../app/screening/list-catalog';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { DateField } from '../../../app/ui/DateField';
import { TruncatedText } from '../../../app/ui/TruncatedText';
import { type SearchLog, screeningApi } from '../api/screening-api';
import {
  allLogPages,
  EMPTY_LOG_FILTERS,
  EXPORT_MAX,
  type SearchLogFilters,
  searchLogCsv,
  searchLogWhere,
} from '../lib/search-log';

/**
 * The history tab of the individual search: who searched what, when, and what came out, newest first; filtered by
 * name or document, user, result and dates; exported as CSV with the same filters, a page at a time, up to
 * EXPORT_MAX rows (the screen says when an export stopped there).
 */
export function SearchHistoryPanel() {
  const { t, i18n } = useTranslation('screening');
  const { search, setSearch, term } = useSearchTerm(300);
  const [filters, setFilters] = useState<Omit<SearchLogFilters, 'term'>>(EMPTY_LOG_FILTERS);
  const [exporting, setExporting] = useState(false);
  const where = searchLogWhere({ ...filters, term });
  const { list, pagination } = usePagedList<SearchLog, Record<string, unknown>>({
    listKey: screeningKeys.searchLogList,
    countKey: screeningKeys.searchLogCount,
    fetchList: screeningApi.searchLogs,
    fetchCount: screeningApi.searchLogCount,
    where,
    order: 'createdAt DESC',
  });
  const users = useQuery({ queryKey: screeningKeys.searchLogUsers, queryFn: screeningApi.searchLogUsers });
  useErrorToast(list.error ?? users.error);
  const tt = (k: string, p?: Record<string, unknown>) => t(k, p);
  const country = (c: string | null) => countryName(c, i18n.language);
  const personType = (p: string | null) => (p === 'legal' || p === 'natural' ? t(`screening:consult.${p}`) : '');
  const result = (l: SearchLog) =>
    l.total > 0
      ? t('screening:history.withHits', {
          count: l.total,
          lists: l.coincidences.map((id) => listLabel(tt, id, id)).join(', '),
        })
      : t('screening:history.noHits');

  const columns: Column<SearchLog>[] = [
    { key: 'when', header: t('screening:history.when'), width: 150, render: (l) => formatDateTime(l.createdAt) },
    {
      key: 'who',
      header: t('screening:history.who'),
      width: 170,
      render: (l) => <TruncatedText value={l.userName ?? ''} />,
    },
    {
      key: 'what',
      header: t('screening:history.what'),
      render: (l) => (
        <Stack gap={0}>
          <TruncatedText value={l.name ?? ''} />
          <Text size="xs" c="dimmed">
            {[l.dni, personType(l.personType), country(l.country)].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'result',
      header: t('screening:history.result'),
      render: (l) => (
        <Text size="sm" c={l.total > 0 ? 'red.9' : 'teal.9'} fw={500}>
          {result(l)}
        </Text>
      ),
    },
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { rows, truncated } = await allLogPages((skip, limit) =>
        screeningApi.searchLogs({ where, order: 'createdAt DESC', limit, skip }),
      );
      const csv = searchLogCsv(
        rows,
        [
          t('screening:history.when'),
          t('screening:history.who'),
          t('screening:consult.name'),
          t('screening:consult.document'),
          t('screening:consult.personType'),
          t('screening:consult.country'),
          t('screening:history.result'),
        ],
        (l) => [
          formatDateTime(l.createdAt),
          l.userName,
          l.name,
          l.dni,
          personType(l.personType),
          country(l.country),
          result(l),
        ],
      );
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${t('screening:history.fileName')}.csv`);
      if (truncated) notifyError(t('screening:history.exportCut', { count: rows.length, max: EXPORT_MAX }));
      else notifySuccess(t('screening:history.exported', { count: rows.length }));
    } catch (e) {
      notifyError(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack data-testid="search-history">
      <Grid align="flex-end">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <TextInput
            label={t('screening:history.term')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={100}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Select
            label={t('screening:history.user')}
            placeholder={t('screening:history.allUsers')}
            data={(users.data ?? []).map((u) => ({ value: u.userId, label: u.userName }))}
            value={filters.userId || null}
            onChange={(v) => setFilters({ ...filters, userId: v ?? '' })}
            clearable
            searchable
            nothingFoundMessage={t('screening:history.noUsers')}
            data-testid="history-user"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 2 }}>
          <SegmentedControl
            fullWidth
            aria-label={t('screening:history.result')}
            value={filters.result}
            onChange={(v) => setFilters({ ...filters, result: v as SearchLogFilters['result'] })}
            orientation="vertical"
            data={[
              { value: 'all', label: t('screening:history.all') },
              { value: 'hits', label: t('screening:history.onlyHits') },
              { value: 'clean', label: t('screening:history.onlyClean') },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <DateField
            label={t('screening:history.from')}
            value={filters.from}
            onChange={(from) => setFilters({ ...filters, from })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <DateField
            label={t('screening:history.to')}
            value={filters.to}
            onChange={(to) => setFilters({ ...filters, to })}
          />
        </Grid.Col>
      </Grid>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        onClick={exportCsv}
        loading={exporting}
        disabled={!pagination.count}
        style={{ alignSelf: 'flex-end' }}
      >
        {t('screening:history.export')}
      </Button>
      <DataTable
        testId="search-history-table"
        columns={columns}
        rows={list.data}
        loading={list.isLoading}
        emptyText={t('screening:history.empty')}
        pagination={pagination}
      />
    </Stack>
  );
}
