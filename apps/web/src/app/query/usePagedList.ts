import { DEFAULT_PAGE_SIZE } from '@regcheck/shared/format/pagination';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PaginationState } from '../ui/DataTable';

/** The LoopBack `filter` of one page of a list. */
export interface PageFilter<W> {
  where: W;
  order: string;
  limit: number;
  skip: number;
}

export interface PagedListOptions<T, W> {
  /** The list's `where`; a new one starts again on the first page. */
  where: W;
  order: string;
  /** The count's `where` when it is not the list's (the trash counts inactive fichas). */
  countWhere?: unknown;
  listKey: (filter: PageFilter<W>) => QueryKey;
  countKey: (where: unknown) => QueryKey;
  fetchList: (filter: PageFilter<W>) => Promise<T[]>;
  fetchCount: (where: unknown) => Promise<{ count: number }>;
}

/**
 * One page of a company list and its count for the pagination footer of DataTable: page and page size, the
 * `filter` of the page (1-based), both queries keeping the previous data while the next page loads.
 */
export function usePagedList<T, W>(options: PagedListOptions<T, W>) {
  const { where, order, listKey, countKey, fetchList, fetchCount } = options;
  const countWhere = options.countWhere ?? where;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  // a new filter starts again on page 1
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on any change of the where
  useEffect(() => setPage(1), [JSON.stringify(where)]);

  const filter: PageFilter<W> = { where, order, limit: pageSize, skip: Math.max(0, page - 1) * pageSize };
  const list = useQuery({
    queryKey: listKey(filter),
    queryFn: () => fetchList(filter),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({
    queryKey: countKey(countWhere),
    queryFn: () => fetchCount(countWhere),
    placeholderData: keepPreviousData,
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
  return { list, count, pagination, filter, setPage };
}
