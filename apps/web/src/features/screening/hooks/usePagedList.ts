import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE } from '@regcheck/shared/format/pagination';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaginationState } from '../../fichas/components/DataTable';

/**
 * A company list's page: newest first, searched by document or name (debounced), with its count for the
 * pagination footer. `key` is the react-query key of the list, invalidated by `refresh`.
 */
export function usePagedList<T>(
  key: string,
  fetchList: (filter: unknown) => Promise<T[]>,
  fetchCount: (where: unknown) => Promise<{ count: number }>,
) {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);

  const where = term ? { or: [{ dni: { ilike: term } }, { name: { ilike: term } }] } : {};
  const filter = { where, order: 'createdAt DESC', limit: pageSize, skip: (page - 1) * pageSize };
  const list = useQuery({
    queryKey: [key, filter],
    queryFn: () => fetchList(filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: [key, 'count', where],
    queryFn: () => fetchCount(where),
  });
  const pagination: PaginationState = {
    page,
    pageSize,
    count: count.data?.count ?? 0,
    onPage: setPage,
    onPageSize: (s) => {
      setPageSize(s);
      setPage(1);
    },
  };
  return {
    list,
    count,
    pagination,
    search,
    /** A new search starts on the first page. */
    setSearch: (s: string) => {
      setSearch(s);
      setPage(1);
    },
    refresh: () => void qc.invalidateQueries({ queryKey: [key] }),
  };
}
