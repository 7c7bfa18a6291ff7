/**
 * Chile RUT (Rol Único Tributario): body digits followed by a modulo-11 check digit (0-9 or K).
 * Canonical stored form is `12345678-5` (no dots); display form is `12.345.678-5`.
 */

/** Longest cleaned RUT: 8 body digits + check digit. Longer input is truncated, as the spec requires. */
export const RUT_MAX_LENGTH = 9;

/**
 * Removes dots, hyphens and whitespace, upper-cases `k`, and truncates to 9 characters.
 * Leading zeros are dropped before truncating so that `012.345.678-5` keeps its check digit.
 * Any other character is kept so that validation rejects it instead of silently accepting garbage.
 */
export function cleanRut(input: string | null | undefined): string {
  if (input == null) return '';
  return String(input)
    .replace(/[.\-\s]/g, '')
    .toUpperCase()
    .replace(/^0+(?=.)/, '')
    .slice(0, RUT_MAX_LENGTH);
}

/** Computes the check digit for a body of digits: weights 2..7 from the right, 11 -> '0', 10 -> 'K'. */
export function rutCheckDigit(body: string): string {
  if (!/^\d+$/.test(body)) throw new RangeError('RUT body must contain digits only');
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body.charCodeAt(i) - 48) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const dv = 11 - (sum % 11);
  if (dv === 11) return '0';
  if (dv === 10) return 'K';
  return String(dv);
}

/** Splits a cleaned RUT into body and check digit, dropping leading zeros of the body. */
function splitRut(cleaned: string): { body: string; dv: string } | null {
  const match = /^(\d{1,8})([\dK])$/.exec(cleaned);
  if (!match) return null;
  const body = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  return { body, dv: match[2] ?? '' };
}

/** True when the input (with or without dots and hyphen) is a RUT whose check digit matches. */
export function isValidRut(input: string | null | undefined): boolean {
  const parts = splitRut(cleanRut(input));
  if (!parts || /^0+$/.test(parts.body)) return false;
  return rutCheckDigit(parts.body) === parts.dv;
}

/** Canonical form `12345678-5` for a well-formed RUT; otherwise the cleaned input (so callers can show it). */
export function normalizeRut(input: string | null | undefined): string {
  const cleaned = cleanRut(input);
  const parts = splitRut(cleaned);
  return parts ? `${parts.body}-${parts.dv}` : cleaned;
}

/** Display form `12.345.678-5` (dots for thousands, hyphen before the check digit). */
export function formatRut(input: string | null | undefined): string {
  const cleaned = cleanRut(input);
  const parts = splitRut(cleaned);
  if (!parts) return cleaned;
  return `${parts.body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${parts.dv}`;
}
