import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanCnpj,
  cnpjCharValue,
  cnpjCheckDigits,
  formatCnpj,
  isAlphanumericCnpj,
  isValidCnpj,
  normalizeCnpj,
} from './cnpj';

const DIGITS = '0123456789';
const ALNUM = `${DIGITS}ABCDEFGHIJKLMNOPQRSTUVWXYZ`;
const numericBase = fc.string({ unit: fc.constantFrom(...DIGITS), minLength: 12, maxLength: 12 });
const alnumBase = fc.string({ unit: fc.constantFrom(...ALNUM), minLength: 12, maxLength: 12 });

/** Independent oracle: weights 2..9 cycling from the right, and (10 * sum mod 11) mod 10 for the r < 2 rule. */
function oracle(base: string): string {
  const dv = (chars: string) => {
    let sum = 0;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[chars.length - 1 - i] ?? '0';
      sum += (c.charCodeAt(0) - '0'.charCodeAt(0)) * ((i % 8) + 2);
    }
    return ((sum * 10) % 11) % 10;
  };
  const d1 = dv(base);
  return `${d1}${dv(base + d1)}`;
}

const allSame = (s: string) => /^(.)\1*$/.test(s);

describe('cnpj', () => {
  it('accepts the known good numeric and alphanumeric CNPJs', () => {
    expect(isValidCnpj('44.038.188/0001-32')).toBe(true);
    expect(isValidCnpj('44038188000132')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(formatCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(formatCnpj('44038188000132')).toBe('44.038.188/0001-32');
  });

  it('uses ASCII - 48 for letters (A = 17), not ASCII - 55', () => {
    expect(cnpjCharValue('A')).toBe(17);
    expect(cnpjCharValue('Z')).toBe(42);
    expect(cnpjCharValue('7')).toBe(7);
    expect(isValidCnpj('12.ABC.345/01DE-45')).toBe(false);
  });

  it('rejects wrong check digits, letters in the check digits, all-equal strings and junk', () => {
    expect(isValidCnpj('44.038.188/0001-33')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3A')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-3')).toBe(false);
    expect(isValidCnpj('12.AB$.345/01DE-35')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
    expect(isValidCnpj(undefined)).toBe(false);
  });

  it('cleans, truncates to 14 and pads only numeric input', () => {
    expect(cleanCnpj('44.038.188/0001-32-99')).toBe('44038188000132');
    expect(normalizeCnpj('4038188000132')).toBe('04038188000132');
    expect(normalizeCnpj(191)).toBe('00000000000191');
    expect(isValidCnpj(191)).toBe(true); // Banco do Brasil, 00.000.000/0001-91
    // A short alphanumeric value is not padded: it stays short and invalid instead of being reshaped.
    expect(normalizeCnpj('2ABC34501DE35')).toBe('2ABC34501DE35');
    expect(isValidCnpj('2ABC34501DE35')).toBe(false);
    expect(isAlphanumericCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isAlphanumericCnpj('44.038.188/0001-32')).toBe(false);
  });

  it('property: numeric check digits match the oracle and validate', () => {
    fc.assert(
      fc.property(numericBase, (b) => {
        const cnpj = b + cnpjCheckDigits(b);
        fc.pre(!allSame(cnpj));
        expect(cnpjCheckDigits(b)).toBe(oracle(b));
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(formatCnpj(cnpj))).toBe(true);
        expect(isValidCnpj(String(Number(cnpj)))).toBe(true);
      }),
    );
  });

  it('property: alphanumeric check digits match the oracle and validate in any case', () => {
    fc.assert(
      fc.property(alnumBase, (b) => {
        const cnpj = b + cnpjCheckDigits(b);
        fc.pre(!allSame(cnpj));
        expect(cnpjCheckDigits(b)).toBe(oracle(b));
        expect(isValidCnpj(cnpj)).toBe(true);
        expect(isValidCnpj(cnpj.toLowerCase())).toBe(true);
        expect(isValidCnpj(formatCnpj(cnpj))).toBe(true);
        expect(normalizeCnpj(formatCnpj(cnpj.toLowerCase()))).toBe(cnpj);
      }),
    );
  });

  it('property: every other pair of check digits is rejected', () => {
    fc.assert(
      fc.property(alnumBase, fc.integer({ min: 0, max: 99 }), (b, n) => {
        const dv = String(n).padStart(2, '0');
        fc.pre(dv !== cnpjCheckDigits(b));
        expect(isValidCnpj(b + dv)).toBe(false);
      }),
    );
  });

  it('property: display format has the fixed mask', () => {
    fc.assert(
      fc.property(alnumBase, (b) => {
        expect(formatCnpj(b + cnpjCheckDigits(b))).toMatch(
          /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/,
        );
      }),
    );
  });
});
