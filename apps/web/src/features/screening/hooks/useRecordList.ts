import type { QueryKey } from '@tanstack/react-query';
import { type PageFilter, usePagedList } from '../../../app/query/usePagedList';
import { useSearchTerm } from '../../../app/query/useSearchTerm';
import { recordSearchWhere } from '../lib/record-search';

/**
 * A company list's page (blacklist, list of interest): newest first, searched by document or name (debounced),
 * with its count for the pagination footer.
 */
export function useRecordList<T>(options: {
  listKey: (filter: PageFilter<Record<string, unknown>>) => QueryKey;
  countKey: (where: unknown) => QueryKey;
  fetchList: (filter: unknown) => Promise<T[]>;
  fetchCount: (where: unknown) => Promise<{ count: number }>;
}) {
  const { search, setSearch, term } = useSearchTerm(300);
  const { list, count, pagination, setPage } = usePagedList({
    ...options,
    where: recordSearchWhere(term),
    order: 'createdAt DESC',
  });
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
  };
}
