import { brazilMod11, isAllSameChar } from './mod11';

/**
 * Brazil CNPJ (Cadastro Nacional da Pessoa Jurídica): 12 base characters + 2 numeric check digits.
 * Since IN RFB 2.229/2024 (new registrations from July 2026) the 12 base characters may be [0-9A-Z];
 * each character's value is its ASCII code minus 48, so digits keep their value and A = 17, Z = 42.
 * Numeric CNPJs are the special case where every base character is a digit, and keep validating.
 */
export const CNPJ_LENGTH = 14;

const DV1_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const DV2_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Value of one CNPJ character: ASCII code - 48 (not - 55, which is the common bug that gives A = 10). */
export function cnpjCharValue(char: string): number {
  return char.charCodeAt(0) - 48;
}

/** Removes dots, hyphens, slashes and whitespace, upper-cases letters, then truncates to 14 characters. */
export function cleanCnpj(input: string | number | null | undefined): string {
  if (input == null) return '';
  return String(input)
    .replace(/[.\-/\s]/g, '')
    .toUpperCase()
    .slice(0, CNPJ_LENGTH);
}

/**
 * Cleaned CNPJ with missing leading zeros restored. Only all-digit input is padded: lost leading
 * zeros come from a number conversion (spreadsheets), which cannot happen to an alphanumeric CNPJ,
 * and padding a short alphanumeric value would shift its check digits into the base and mask a typo.
 */
export function normalizeCnpj(input: string | number | null | undefined): string {
  const cleaned = cleanCnpj(input);
  return /^\d{1,13}$/.test(cleaned) ? cleaned.padStart(CNPJ_LENGTH, '0') : cleaned;
}

/** The two numeric check digits for a 12-character base of [0-9A-Z]. */
export function cnpjCheckDigits(base: string): string {
  const upper = base.toUpperCase();
  if (!/^[0-9A-Z]{12}$/.test(upper)) throw new RangeError('CNPJ base must be 12 characters [0-9A-Z]');
  const values = upper.split('').map(cnpjCharValue);
  const dv1 = brazilMod11(values, DV1_WEIGHTS);
  const dv2 = brazilMod11([...values, dv1], DV2_WEIGHTS);
  return `${dv1}${dv2}`;
}

/** True when the CNPJ has the alphanumeric shape (at least one letter in the base). */
export function isAlphanumericCnpj(input: string | number | null | undefined): boolean {
  return /[A-Z]/.test(normalizeCnpj(input).slice(0, 12));
}

/** True for a 14-character CNPJ (numeric or alphanumeric) with matching check digits and not all-equal. */
export function isValidCnpj(input: string | number | null | undefined): boolean {
  const cnpj = normalizeCnpj(input);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || isAllSameChar(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** Display form 00.000.000/0000-00 (letters keep their place); other input is returned cleaned. */
export function formatCnpj(input: string | number | null | undefined): string {
  const c = normalizeCnpj(input);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(c)) return c;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}
