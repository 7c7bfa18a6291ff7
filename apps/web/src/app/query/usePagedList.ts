import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { usePaging } from '../ui/usePaging';

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
 * One page of a list the spec answers as an array, and its count call, for the pagination footer of DataTable: the
 * paging state is usePaging's; both queries keep the previous data while the next page loads.
 */
export function usePagedList<T, W>(options: PagedListOptions<T, W>) {
  const { where, order, listKey, countKey, fetchList, fetchCount } = options;
  const countWhere = options.countWhere ?? where;
  const paging = usePaging({ resetOn: where });
  const filter: PageFilter<W> = { where, order, limit: paging.limit, skip: paging.skip };
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
  return { list, count, pagination: paging.pagination(count.data?.count), filter, setPage: paging.setPage };
}
