import { COURT_CASE_PAGE_SIZE, COURT_CASE_PAGE_SIZES } from '@regcheck/shared/format/pagination';
import { type Column, DataTable } from '../../../app/ui/DataTable';
import { usePaging } from '../../../app/ui/usePaging';

/**
 * A table of a provider's answer, paged here: 10 rows a page with the choices 10, 25 and 50 (the court-case tables'
 * sizes, spec 001 §9), an empty text when there are none.
 */
export function PagedTable<T>({
  rows,
  columns,
  getId,
  emptyText,
  testId,
}: {
  rows: T[];
  columns: Column<T>[];
  getId: (row: T) => string;
  emptyText: string;
  testId: string;
}) {
  const paging = usePaging({ pageSize: COURT_CASE_PAGE_SIZE, pageSizes: COURT_CASE_PAGE_SIZES });
  const size = paging.pageSize;
  const last = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(paging.page, last);
  return (
    <DataTable
      testId={testId}
      columns={columns}
      rows={rows.slice((current - 1) * size, current * size)}
      getId={getId}
      emptyText={emptyText}
      pagination={{ ...paging.pagination(rows.length), page: current }}
    />
  );
}
