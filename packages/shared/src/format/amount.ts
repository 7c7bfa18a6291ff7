/** Amounts are shown the Chilean/Brazilian way: dot for thousands, comma for decimals ('1.234.567,89'). */

export interface FormatAmountOptions {
  /** Fixed number of decimals. When omitted, up to 2 decimals are shown and trailing zeros dropped. */
  decimals?: number;
}

/** Rounds half away from zero at `decimals` places, avoiding the binary error of toFixed (1.005 -> 1.01). */
function roundTo(value: number, decimals: number): number {
  const abs = Math.abs(value);
  const text = String(abs);
  // Exponent notation (1e-7, 1e+21) cannot take the string shift; plain arithmetic is exact enough there.
  if (text.includes('e')) return (Math.sign(value) * Math.round(abs * 10 ** decimals)) / 10 ** decimals;
  const shifted = Number(`${text}e${decimals}`);
  return Math.sign(value) * Number(`${Math.round(shifted)}e-${decimals}`);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Formats a number as '1.234.567,89'. Non-finite or missing values give ''. */
export function formatAmount(value: number | null | undefined, options: FormatAmountOptions = {}): string {
  if (value == null || !Number.isFinite(value)) return '';
  const fixed = options.decimals;
  const decimals = fixed === undefined ? 2 : Math.max(0, Math.min(20, Math.trunc(fixed)));
  const rounded = roundTo(value, decimals);
  if (Math.abs(rounded) >= 1e21) return String(rounded);
  let [intPart = '0', fraction = ''] = Math.abs(rounded).toFixed(decimals).split('.');
  if (fixed === undefined) fraction = fraction.replace(/0+$/, '');
  const sign = rounded < 0 ? '-' : '';
  intPart = groupThousands(intPart);
  return fraction ? `${sign}${intPart},${fraction}` : `${sign}${intPart}`;
}

/**
 * Parses '1.234,5' (dots as thousands separators, comma as decimal separator) into 1234.5.
 * Currency symbols and spaces are ignored. Dots must be real thousands groups, so an ambiguous
 * '1.5' gives null rather than silently becoming 15. Returns null for anything unparseable.
 */
export function parseAmount(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (input == null) return null;
  const text = input.replace(/R\$|US\$|\$|UF|\s/gi, '');
  const match = /^([-+]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign = '', intPart = '', fraction] = match;
  const n = Number(`${sign === '-' ? '-' : ''}${intPart.replace(/\./g, '')}${fraction ? `.${fraction}` : ''}`);
  return Number.isFinite(n) ? n : null;
}
