import { formatDate } from '@regcheck/shared/format/date';
import { formatNumber } from '@regcheck/shared/format/number';

/**
 * The one formatter of dates, times and numbers on the screens: dates dd/mm/yyyy in every language, times 24 h
 * (HH:mm), numbers with the separators of the page's locale ('es' 1.234,5; 'en' 1,234.5).
 */

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The browser's time zone: instants are shown as the user's clock reads them. */
export const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A plain date or an instant as dd/mm/yyyy (an instant in the browser's time zone); '' for nothing or junk. */
export function formatDay(value: Date | string | null | undefined): string {
  return formatDate(value, { timeZone: LOCAL_ZONE });
}

/** An instant as 'dd/mm/yyyy HH:mm' in the browser's time zone; '' for nothing or junk. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value == null || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${formatDate(d, { timeZone: LOCAL_ZONE })} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

export { formatBytes, formatNumber } from '@regcheck/shared/format/number';

/** A count (a whole number) in the locale's notation: 'es' 12.345, 'en' 12,345. */
export function formatCount(n: number | null | undefined, locale: string): string {
  return formatNumber(n, locale, 0);
}

/** A calendar month 'YYYY-MM' as the locale's short month and year ('may 26', 'May 26'); '' for junk. */
export function formatMonth(month: string, locale: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return '';
  return new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
}

export { countryName } from '@regcheck/shared/format/country';
