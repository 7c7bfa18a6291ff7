import { formatNumber } from '../../../app/format/format';

const SYMBOLS: Record<string, string> = { CLP: '$', BRL: 'R$', USD: 'US$', UF: 'UF' };

/** An amount with its currency's symbol in the page's number notation ('$ 1.250.000', 'R$ 15.000,5'); '' for none. */
export function money(amount: number | null | undefined, currency: string | null | undefined, locale: string): string {
  if (amount == null) return '';
  const code = (currency ?? '').toUpperCase();
  const digits = code === 'CLP' ? 0 : 2;
  return `${SYMBOLS[code] ?? code} ${formatNumber(amount, locale, digits)}`.trim();
}
