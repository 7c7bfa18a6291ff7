import {
  cleanCnpj,
  cleanCpf,
  cnpjCheckDigits,
  cpfCheckDigits,
  formatCnpj,
  formatCpf,
  isAllSameChar,
  isValidCnpj,
  isValidCpf,
} from '@regcheck/shared/documents/index';

export type BrazilDocumentKind = 'CPF' | 'CNPJ';

export interface BrazilDocumentCheck {
  /** CPF for 11 digits, CNPJ for 14 characters (numeric or alphanumeric); null when the length fits neither */
  kind: BrazilDocumentKind | null;
  cleaned: string;
  formatted: string;
  valid: boolean;
  /** 'length' | 'characters' | 'allSame' | 'checkDigits' | null */
  problem: 'empty' | 'length' | 'characters' | 'allSame' | 'checkDigits' | null;
  /** the check digits the base calls for, and the ones typed */
  expected: string | null;
  given: string | null;
  firstDigitOk: boolean | null;
  secondDigitOk: boolean | null;
}

/**
 * Explains a CPF or CNPJ typed by the user, in the browser: which kind it is by its length, its display format,
 * and which of the two check digits is wrong. The second digit is judged against the value it must have after a
 * correct first digit, which is what the Receita's algorithm defines.
 */
export function checkBrazilDocument(input: string): BrazilDocumentCheck {
  const raw = (input ?? '').replace(/[.\-/\s]/g, '').toUpperCase();
  const none = { expected: null, given: null, firstDigitOk: null, secondDigitOk: null };
  if (raw === '') return { kind: null, cleaned: '', formatted: '', valid: false, problem: 'empty', ...none };
  if (/^\d{11}$/.test(raw)) {
    const cleaned = cleanCpf(raw);
    const formatted = formatCpf(cleaned);
    if (isAllSameChar(cleaned)) return { kind: 'CPF', cleaned, formatted, valid: false, problem: 'allSame', ...none };
    const expected = cpfCheckDigits(cleaned.slice(0, 9));
    const given = cleaned.slice(9);
    return digitsResult('CPF', cleaned, formatted, isValidCpf(cleaned), expected, given);
  }
  if (raw.length === 14) {
    const cleaned = cleanCnpj(raw);
    const formatted = formatCnpj(cleaned);
    if (!/^[0-9A-Z]{12}\d{2}$/.test(cleaned)) {
      return { kind: 'CNPJ', cleaned, formatted: cleaned, valid: false, problem: 'characters', ...none };
    }
    if (isAllSameChar(cleaned)) return { kind: 'CNPJ', cleaned, formatted, valid: false, problem: 'allSame', ...none };
    const expected = cnpjCheckDigits(cleaned.slice(0, 12));
    return digitsResult('CNPJ', cleaned, formatted, isValidCnpj(cleaned), expected, cleaned.slice(12));
  }
  const problem = /^[0-9A-Z]+$/.test(raw) ? 'length' : 'characters';
  return { kind: null, cleaned: raw, formatted: raw, valid: false, problem, ...none };
}

function digitsResult(
  kind: BrazilDocumentKind,
  cleaned: string,
  formatted: string,
  valid: boolean,
  expected: string,
  given: string,
): BrazilDocumentCheck {
  const firstDigitOk = expected[0] === given[0];
  const secondDigitOk = expected[1] === given[1];
  return {
    kind,
    cleaned,
    formatted,
    valid,
    problem: valid ? null : 'checkDigits',
    expected,
    given,
    firstDigitOk,
    secondDigitOk,
  };
}
