import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from './amount';

describe('formatAmount', () => {
  it('uses dot for thousands and comma for decimals', () => {
    expect(formatAmount(1234567.89, { decimals: 2 })).toBe('1.234.567,89');
    expect(formatAmount(1234567.89)).toBe('1.234.567,89');
    expect(formatAmount(1000)).toBe('1.000');
    expect(formatAmount(1000, { decimals: 2 })).toBe('1.000,00');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(-1234.5)).toBe('-1.234,5');
    expect(formatAmount(1234.5678, { decimals: 0 })).toBe('1.235');
  });

  it('rounds half away from zero without binary artefacts', () => {
    expect(formatAmount(1.005, { decimals: 2 })).toBe('1,01');
    expect(formatAmount(-1.005, { decimals: 2 })).toBe('-1,01');
    expect(formatAmount(-0.001, { decimals: 2 })).toBe('0,00');
    expect(formatAmount(1e-7)).toBe('0');
    expect(formatAmount(1e20, { decimals: 0 })).toBe('100.000.000.000.000.000.000');
  });

  it('gives an empty string for missing or non-finite values', () => {
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount(Number.NaN)).toBe('');
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('parseAmount', () => {
  it('parses dot-grouped, comma-decimal text', () => {
    expect(parseAmount('1.234,5')).toBe(1234.5);
    expect(parseAmount('1.234.567,89')).toBe(1234567.89);
    expect(parseAmount('1234,5')).toBe(1234.5);
    expect(parseAmount('$ 1.000')).toBe(1000);
    expect(parseAmount('R$ 10,00')).toBe(10);
    expect(parseAmount('-2.000')).toBe(-2000);
    expect(parseAmount(12.5)).toBe(12.5);
  });

  it('rejects malformed text', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('1.5')).toBeNull();
    expect(parseAmount('1,234,5')).toBeNull();
    expect(parseAmount('12.34.567')).toBeNull();
    expect(parseAmount(null)).toBeNull();
  });

  it('property: output always has the dot/comma shape', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), fc.integer({ min: 0, max: 4 }), (x, d) => {
        expect(formatAmount(x, { decimals: d })).toMatch(/^-?\d{1,3}(\.\d{3})*(,\d+)?$/);
      }),
    );
  });

  it('property: parse(format(x)) == x for amounts with 2 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const value = cents / 100;
        expect(parseAmount(formatAmount(value, { decimals: 2 }))).toBe(value);
        expect(parseAmount(formatAmount(value))).toBe(value);
      }),
    );
  });
});
