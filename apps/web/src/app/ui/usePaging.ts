import { DEFAULT_PAGE_SIZE } from '@regcheck/shared/format/pagination';
import { useState } from 'react';
import type { PaginationState } from './DataTable';

export interface PagingOptions {
  /** what the rows are filtered by: when it changes (compared as JSON) the table starts again on page 1 */
  resetOn?: unknown;
  /** the first page size (DEFAULT_PAGE_SIZE, 25; the court-case tables 10) */
  pageSize?: number;
  /** the sizes offered in the footer (PAGE_SIZES by default) */
  pageSizes?: readonly number[];
}

export interface Paging {
  /** 1-based */
  page: number;
  pageSize: number;
  /** the page's window, as the server's `limit` and `skip` */
  limit: number;
  skip: number;
  setPage: (page: number) => void;
  /** DataTable's footer for a list of `count` rows (0 while unknown); `countText` as the footer says it */
  pagination: (count: number | undefined, countText?: string) => PaginationState;
  /** DataTable's rows, loading state and footer for a page answered as `{ data, count }` (decision 277) */
  of: <T>(query: PageQuery<T>) => { rows: T[] | undefined; loading: boolean; pagination: PaginationState };
}

/** A query of a page answered as `{ data, count }` (a useQuery's result). */
export interface PageQuery<T> {
  data?: { data: T[]; count: number };
  isLoading: boolean;
}

/**
 * The one paging state of the screens' tables (decision 278): page and page size, the `limit`/`skip` of the page,
 * back to page 1 when the filter (`resetOn`) or the page size changes, and the footer DataTable shows. Whatever the
 * list's answer (an array with its count call, or `{ data, count }`), the page asks with `limit` and `skip` and hands
 * the count to `pagination`.
 */
export function usePaging(options: PagingOptions = {}): Paging {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(options.pageSize ?? DEFAULT_PAGE_SIZE);
  const filterKey = JSON.stringify(options.resetOn ?? null);
  const [seenFilter, setSeenFilter] = useState(filterKey);
  // a new filter starts again on page 1, in this very render: no request for the old page with the new filter
  const changed = seenFilter !== filterKey;
  if (changed) {
    setSeenFilter(filterKey);
    setPage(1);
  }
  const current = changed ? 1 : page;
  const pagination: Paging['pagination'] = (count, countText) => ({
    page: current,
    pageSize,
    count: count ?? 0,
    onPage: setPage,
    onPageSize: (size) => {
      setPageSize(size);
      setPage(1);
    },
    pageSizes: options.pageSizes,
    countText,
  });
  return {
    page: current,
    pageSize,
    limit: pageSize,
    skip: (current - 1) * pageSize,
    setPage,
    pagination,
    of: (query) => ({ rows: query.data?.data, loading: query.isLoading, pagination: pagination(query.data?.count) }),
  };
}
