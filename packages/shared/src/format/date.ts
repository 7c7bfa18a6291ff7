/** Dates are shown dd/mm/yyyy; plain dates travel as noon UTC so that no time zone shifts the day. */

const PLAIN_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const PLAIN_DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

export interface FormatDateOptions {
  /** IANA time zone for instants (e.g. 'America/Santiago'); default UTC. Plain 'YYYY-MM-DD' ignores it. */
  timeZone?: string;
}

/**
 * Formats as dd/mm/yyyy. A plain 'YYYY-MM-DD' string is reformatted textually (never through Date,
 * which would read it as UTC midnight and show the previous day west of Greenwich). Invalid input gives ''.
 */
export function formatDate(value: Date | string | number | null | undefined, options: FormatDateOptions = {}): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string') {
    const plain = PLAIN_ISO.exec(value.trim());
    if (plain) {
      const [, y = '', m = '', d = ''] = plain;
      return isRealDate(Number(y), Number(m), Number(d)) ? `${d}/${m}/${y}` : '';
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (!options.timeZone || options.timeZone === 'UTC') {
    return `${pad2(date.getUTCDate())}/${pad2(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/**
 * A 10-character date ('YYYY-MM-DD' or 'DD/MM/YYYY') gets a noon-UTC time: 'YYYY-MM-DDT12:00:00.000Z'.
 * Any other parseable date string is returned as its ISO form. Impossible dates and junk give null.
 */
export function normalizeDateInput(value: string | null | undefined): string | null {
  const s = (value ?? '').trim();
  if (s.length === 10) {
    const iso = PLAIN_ISO.exec(s);
    const dmy = PLAIN_DMY.exec(s);
    const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
    if (!y || !m || !d || !isRealDate(Number(y), Number(m), Number(d))) return null;
    return `${y}-${m}-${d}T12:00:00.000Z`;
  }
  if (s === '') return null;
  const date = new Date(s);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
