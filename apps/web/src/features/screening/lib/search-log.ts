import type { SearchLog } from '../api/screening-api';

export interface SearchLogFilters {
  term: string;
  result: 'all' | 'hits' | 'clean';
  /** YYYY-MM-DD, inclusive */
  from: string;
  to: string;
  /** the user who searched ('' for everyone) */
  userId?: string;
}

export const EMPTY_LOG_FILTERS: SearchLogFilters = { term: '', result: 'all', from: '', to: '', userId: '' };

/** The `where` of the search log from the history tab's filters: text in name or document, result, date range. */
export function searchLogWhere(f: SearchLogFilters): Record<string, unknown> {
  const and: Record<string, unknown>[] = [{ kind: 'individual' }];
  const term = f.term.trim();
  if (term) and.push({ or: [{ name: { ilike: `%${term}%` } }, { dni: { ilike: `%${term}%` } }] });
  if (f.result === 'hits') and.push({ total: { gt: 0 } });
  if (f.result === 'clean') and.push({ total: 0 });
  if (f.from) and.push({ createdAt: { gte: `${f.from}T00:00:00.000Z` } });
  if (f.to) and.push({ createdAt: { lte: `${f.to}T23:59:59.999Z` } });
  if (f.userId) and.push({ userId: f.userId });
  return and.length === 1 ? (and[0] as Record<string, unknown>) : { and };
}

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",;\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The search log as CSV (semicolon separated, as spreadsheets in Spanish and Portuguese open it), with the headers
 * and values as the screen shows them: `label` turns a column key into its header, `value` a row into the cells.
 */
export function searchLogCsv(
  rows: SearchLog[],
  headers: string[],
  value: (r: SearchLog) => (string | number | null)[],
): string {
  const lines = [headers.map(cell).join(';'), ...rows.map((r) => value(r).map(cell).join(';'))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Rows the server answers per page, and the most an export gathers (newest first). */
export const EXPORT_PAGE = 1000;
export const EXPORT_MAX = 100_000;

/**
 * Every row of the filtered log, newest first, a page at a time, up to EXPORT_MAX: `truncated` says the export
 * stopped at the limit with more rows left (the screen says so).
 */
export async function allLogPages(
  fetchPage: (skip: number, limit: number) => Promise<SearchLog[]>,
  max = EXPORT_MAX,
  pageSize = EXPORT_PAGE,
): Promise<{ rows: SearchLog[]; truncated: boolean }> {
  const rows: SearchLog[] = [];
  for (;;) {
    const page = await fetchPage(rows.length, Math.min(pageSize, max - rows.length));
    rows.push(...page);
    if (page.length < pageSize) return { rows, truncated: false };
    if (rows.length >= max) {
      const more = await fetchPage(rows.length, 1);
      return { rows, truncated: more.length > 0 };
    }
  }
}
