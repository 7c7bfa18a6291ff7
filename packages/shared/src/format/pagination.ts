/** Table page sizes (spec 001 §9): default 25; court-case tables use 10 with 10, 25, 50. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const COURT_CASE_PAGE_SIZES = [10, 25, 50] as const;
export const COURT_CASE_PAGE_SIZE = 10;

/**
 * Numbers for 'Mostrando de {from} a {to} de {count} registros' (the text itself lives in the locales).
 * `page` is 1-based and clamped to the existing pages; an empty table gives from 0 to 0.
 */
export function paginationRange(page: number, pageSize: number, count: number): { from: number; to: number } {
  const total = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  const size = Number.isFinite(pageSize) && pageSize >= 1 ? Math.floor(pageSize) : DEFAULT_PAGE_SIZE;
  if (total === 0) return { from: 0, to: 0 };
  const lastPage = Math.ceil(total / size);
  const current = Math.min(Math.max(1, Number.isFinite(page) ? Math.floor(page) : 1), lastPage);
  return { from: (current - 1) * size + 1, to: Math.min(current * size, total) };
}
