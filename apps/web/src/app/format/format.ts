import { formatDate } from '@regcheck/shared/format/date';

/**
 * The one formatter of dates, times and numbers on the screens: dates dd/mm/yyyy in every language, times 24 h
 * (HH:mm), numbers with the separators of the page's locale ('es' 1.234,5; 'en' 1,234.5).
 */

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant as 'dd/mm/yyyy HH:mm' in the browser's time zone; '' for nothing or junk. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value == null || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad2(d.getDate())}/${pad2(d.getMonth() + 1)}/${d.getFullYear()} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** A plain date or an instant as dd/mm/yyyy (an instant in the browser's time zone). */
export function formatDay(value: Date | string | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad2(d.getDate())}/${pad2(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** A number in the locale's notation with at most `digits` decimals. */
export function formatNumber(n: number | null | undefined, locale: string, digits = 2): string {
  if (n == null || !Number.isFinite(n)) return '';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
}

/** A country's name in the locale ('CL' -> 'Chile'); the code itself when the browser does not know it. */
export function countryName(code: string | null | undefined, locale: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch (err) {
    if (err instanceof RangeError) return code;
    throw err;
  }
}
