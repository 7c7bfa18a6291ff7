import { formatDate } from '@regcheck/shared/format/date';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const MAX = 200;

/**
 * A value of a history change as text: dates dd/mm/yyyy, booleans yes/no, tag lists by name, other lists and
 * objects as compact JSON (cut at 200 characters); null and empty give ''.
 */
export function formatHistoryValue(v: unknown, t: (key: string) => string): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'boolean') return t(v ? 'fichas:lists.yes' : 'fichas:lists.no');
  if (typeof v === 'string') return ISO_INSTANT.test(v) ? formatDate(v) : v;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return '';
    if (v.every((x) => x && typeof x === 'object' && typeof (x as { name?: unknown }).name === 'string'))
      return v.map((x) => (x as { name: string }).name).join(', ');
  }
  const s = JSON.stringify(v);
  return s.length > MAX ? `${s.slice(0, MAX - 1)}…` : s;
}
