import type { SearchLog } from '../api/screening-api';

export interface SearchLogFilters {
  term: string;
  result: 'all' | 'hits' | 'clean';
  /** YYYY-MM-DD, inclusive */
  from: string;
  to: string;
}

export const EMPTY_LOG_FILTERS: SearchLogFilters = { term: '', result: 'all', from: '', to: '' };

/** The `where` of the search log from the history tab's filters: text in name or document, result, date range. */
export function searchLogWhere(f: SearchLogFilters): Record<string, unknown> {
  const and: Record<string, unknown>[] = [{ kind: 'individual' }];
  const term = f.term.trim();
  if (term) and.push({ or: [{ name: { ilike: `%${term}%` } }, { dni: { ilike: `%${term}%` } }] });
  if (f.result === 'hits') and.push({ total: { gt: 0 } });
  if (f.result === 'clean') and.push({ total: 0 });
  if (f.from) and.push({ createdAt: { gte: `${f.from}T00:00:00.000Z` } });
  if (f.to) and.push({ createdAt: { lte: `${f.to}T23:59:59.999Z` } });
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
