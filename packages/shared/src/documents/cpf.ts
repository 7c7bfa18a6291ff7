import { brazilMod11, isAllSameChar } from './mod11';

/** Brazil CPF (Cadastro de Pessoas Físicas): 9 digits + 2 check digits. Stored as 11 digits. */
export const CPF_LENGTH = 11;

const DV1_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const DV2_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Removes dots, hyphens, slashes and whitespace, then truncates to 11 characters. */
export function cleanCpf(input: string | number | null | undefined): string {
  if (input == null) return '';
  return String(input)
    .replace(/[.\-/\s]/g, '')
    .slice(0, CPF_LENGTH);
}

/**
 * Cleaned CPF with missing leading zeros restored (spreadsheets turn 012.345.678-90 into 1234567890).
 * Only all-digit input is padded; anything else is returned cleaned so validation rejects it.
 */
export function normalizeCpf(input: string | number | null | undefined): string {
  const cleaned = cleanCpf(input);
  return /^\d{1,10}$/.test(cleaned) ? cleaned.padStart(CPF_LENGTH, '0') : cleaned;
}

/** The two check digits for the first 9 digits of a CPF. */
export function cpfCheckDigits(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new RangeError('CPF base must be 9 digits');
  const digits = base.split('').map(Number);
  const dv1 = brazilMod11(digits, DV1_WEIGHTS);
  const dv2 = brazilMod11([...digits, dv1], DV2_WEIGHTS);
  return `${dv1}${dv2}`;
}

/** True for an 11-digit CPF (after cleaning and padding) with matching check digits and not all-equal digits. */
export function isValidCpf(input: string | number | null | undefined): boolean {
  const cpf = normalizeCpf(input);
  if (!/^\d{11}$/.test(cpf) || isAllSameChar(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

/** Display form 000.000.000-00; input that is not 11 digits is returned cleaned. */
export function formatCpf(input: string | number | null | undefined): string {
  const cpf = normalizeCpf(input);
  if (!/^\d{11}$/.test(cpf)) return cpf;
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}
