/**
 * A number in the locale's notation with at most `digits` decimals, thousands always grouped (Spanish leaves a
 * four-digit number ungrouped by default: 1234 would read differently from 12.345 on the same dashboard); '' for
 * nothing. The one number formatter of the screens and of the server's PDFs.
 */
export function formatNumber(n: number | null | undefined, locale: string, digits = 2): string {
  if (n == null || !Number.isFinite(n)) return '';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits, useGrouping: 'always' }).format(n);
}

/** A file size in the locale's notation: '1,2 MB' ('es', 'pt-BR'), '1.2 MB' ('en'), at least '1 KB'. */
export function formatBytes(bytes: number, locale: string): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024), locale, 1)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), locale, 0)} KB`;
}
