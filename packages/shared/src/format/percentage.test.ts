import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedPercentageKey, isOwnershipPercentage, sanitizePercentageKey, validatePercentage } from './percentage';

describe('validatePercentage', () => {
  it('accepts 0 to 100 with up to 2 decimals and a dot', () => {
    expect(validatePercentage('0')).toEqual({ valid: true, value: 0 });
    expect(validatePercentage('100')).toEqual({ valid: true, value: 100 });
    expect(validatePercentage('33.33')).toEqual({ valid: true, value: 33.33 });
    expect(validatePercentage('5.5')).toEqual({ valid: true, value: 5.5 });
    expect(validatePercentage(12.5)).toEqual({ valid: true, value: 12.5 });
    expect(validatePercentage(' 10 ')).toEqual({ valid: true, value: 10 });
  });

  it('rejects commas, extra decimals, long integer parts and signs', () => {
    for (const bad of ['33,33', '1.234', '1000', '-1', '+5', '5.', '.5', 'abc', '1e2', 0.1 + 0.2]) {
      expect(validatePercentage(bad)).toEqual({ valid: false, error: 'PERCENTAGE_FORMAT' });
    }
  });

  it('rejects values above 100 and empty input', () => {
    expect(validatePercentage('100.01')).toEqual({ valid: false, error: 'PERCENTAGE_RANGE' });
    expect(validatePercentage('999')).toEqual({ valid: false, error: 'PERCENTAGE_RANGE' });
    expect(validatePercentage('')).toEqual({ valid: false, error: 'PERCENTAGE_REQUIRED' });
    expect(validatePercentage(null)).toEqual({ valid: false, error: 'PERCENTAGE_REQUIRED' });
  });

  it('property: every hundredth between 0 and 100 is valid and keeps its value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) => {
        const text = (hundredths / 100).toFixed(2);
        expect(validatePercentage(text)).toEqual({ valid: true, value: hundredths / 100 });
        expect(validatePercentage(text.replace('.', ',')).valid).toBe(false);
      }),
    );
  });
});

describe('isOwnershipPercentage', () => {
  it('is strictly between 1 and 100', () => {
    expect(isOwnershipPercentage(1)).toBe(false);
    expect(isOwnershipPercentage(1.01)).toBe(true);
    expect(isOwnershipPercentage(50)).toBe(true);
    expect(isOwnershipPercentage(99.99)).toBe(true);
    expect(isOwnershipPercentage(100)).toBe(false);
    expect(isOwnershipPercentage(0)).toBe(false);
    expect(isOwnershipPercentage(Number.NaN)).toBe(false);
    expect(isOwnershipPercentage(null)).toBe(false);
  });
});

describe('sanitizePercentageKey', () => {
  it('lets digits, separators and control keys through', () => {
    for (const key of ['0', '9', '.', ',', 'Backspace', 'Delete', 'Tab', 'ArrowLeft', 'Enter']) {
      expect(sanitizePercentageKey(key)).toBe(key);
    }
    expect(sanitizePercentageKey('v', { ctrlKey: true })).toBe('v');
    expect(isAllowedPercentageKey('c', { metaKey: true })).toBe(true);
  });

  it('blocks everything else', () => {
    for (const key of ['a', 'e', '-', '+', ' ', '%', 'Dead', 'F5']) {
      expect(sanitizePercentageKey(key)).toBeNull();
      expect(isAllowedPercentageKey(key)).toBe(false);
    }
  });
});
