import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanCpf, cpfCheckDigits, formatCpf, isValidCpf, normalizeCpf } from './cpf';

const base9 = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 9, maxLength: 9 });

/** Independent oracle: weights counted from the right, and (10 * sum mod 11) mod 10 for the r < 2 rule. */
function oracle(base: string): string {
  const dv = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 2);
    return ((sum * 10) % 11) % 10;
  };
  const d1 = dv(base);
  return `${d1}${dv(base + d1)}`;
}

describe('cpf', () => {
  it('accepts the known good CPF in any presentation', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf(' 529 982 247 25 ')).toBe(true);
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });

  it('rejects wrong check digits, wrong lengths and junk', () => {
    expect(isValidCpf('529.982.247-26')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf('529.982.247-2X')).toBe(false);
    expect(isValidCpf('abc')).toBe(false);
  });

  it('rejects all-equal digit strings even though their checksum matches', () => {
    expect(cpfCheckDigits('000000000')).toBe('00'); // the checksum alone would accept it
    for (const d of '0123456789') expect(isValidCpf(d.repeat(11))).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
  });

  it('cleans, truncates to 11 and pads missing leading zeros', () => {
    expect(cleanCpf('529.982.247-25999')).toBe('52998224725');
    expect(normalizeCpf('1234567890')).toBe('01234567890');
    expect(normalizeCpf(1234567890)).toBe('01234567890');
    expect(normalizeCpf('12A')).toBe('12A');
    expect(normalizeCpf('')).toBe('');
    expect(formatCpf('123')).toBe('000.000.001-23');
  });

  it('property: computed check digits match the oracle and validate', () => {
    fc.assert(
      fc.property(base9, (b) => {
        const cpf = b + cpfCheckDigits(b);
        fc.pre(!/^(\d)\1{10}$/.test(cpf));
        expect(cpfCheckDigits(b)).toBe(oracle(b));
        expect(isValidCpf(cpf)).toBe(true);
        expect(isValidCpf(formatCpf(cpf))).toBe(true);
      }),
    );
  });

  it('property: every other pair of check digits is rejected', () => {
    fc.assert(
      fc.property(base9, fc.integer({ min: 0, max: 99 }), (b, n) => {
        const dv = String(n).padStart(2, '0');
        fc.pre(dv !== cpfCheckDigits(b));
        expect(isValidCpf(b + dv)).toBe(false);
      }),
    );
  });

  it('property: a valid CPF that lost its leading zeros still validates after padding', () => {
    fc.assert(
      fc.property(base9, (b) => {
        const cpf = b + cpfCheckDigits(b);
        fc.pre(!/^(\d)\1{10}$/.test(cpf));
        const asNumber = String(Number(cpf));
        expect(normalizeCpf(asNumber)).toBe(cpf);
        expect(isValidCpf(asNumber)).toBe(true);
      }),
    );
  });

  it('property: format and normalize round-trip', () => {
    fc.assert(
      fc.property(base9, (b) => {
        const cpf = b + cpfCheckDigits(b);
        expect(normalizeCpf(formatCpf(cpf))).toBe(cpf);
        expect(formatCpf(cpf)).toMatch(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
      }),
    );
  });
});
