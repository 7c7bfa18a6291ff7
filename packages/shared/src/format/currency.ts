import { findCountry } from '../reference/countries';

export const CURRENCIES = ['USD', 'CLP', 'UF', 'BRL'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** USD is 'US$' so it is never confused with the Chilean peso's '$'. UF (unidad de fomento) has no symbol. */
const SYMBOLS: Readonly<Record<Currency, string>> = { USD: 'US$', CLP: '$', UF: 'UF', BRL: 'R$' };

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Symbol to show before an amount; an unknown code is shown as given. */
export function currencySymbol(currency: string | null | undefined): string {
  const code = (currency ?? '').trim().toUpperCase();
  return isCurrency(code) ? SYMBOLS[code] : code;
}

/**
 * Currencies an operation may use for a company country (code or name): the local ones first
 * (CLP and UF for Chile, BRL for Brazil), then USD, which is always offered.
 */
export function currenciesFor(country: string | null | undefined): readonly Currency[] {
  const code = findCountry(country)?.code;
  if (code === 'CL') return ['CLP', 'UF', 'USD'];
  if (code === 'BR') return ['BRL', 'USD'];
  return ['USD'];
}
