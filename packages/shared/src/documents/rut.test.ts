import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanRut, formatRut, isValidRut, normalizeRut, rutCheckDigit } from './rut';

const body = fc.integer({ min: 1, max: 99_999_999 }).map(String);
const dvChars = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'K'];

/** Independent oracle: the classic "serie" formulation of the same modulo-11 rule. */
function oracleDv(b: string): string {
  let m = 0;
  let s = 1;
  let t = Number(b);
  for (; t; t = Math.floor(t / 10)) s = (s + (t % 10) * (9 - (m++ % 6))) % 11;
  return s ? String(s - 1) : 'K';
}

describe('rut', () => {
  it('accepts the known good RUTs', () => {
    for (const rut of ['12.345.678-5', '76.277.884-K', '76277884k', ' 12345678 - 5 ']) {
      expect(isValidRut(rut), rut).toBe(true);
    }
  });

  it('rejects wrong check digits and malformed input', () => {
    const wrong = ['12.345.678-6', '76.277.884-0', '', null, '5', '0-0', '1234A678-5', '12,345,678-5'];
    for (const rut of wrong) expect(isValidRut(rut), String(rut)).toBe(false);
  });

  it('computes 11 -> 0 and 10 -> K', () => {
    expect(rutCheckDigit('12345678')).toBe('5');
    expect(rutCheckDigit('76277884')).toBe('K');
    expect(rutCheckDigit('6')).toBe('K'); // 6*2 = 12, 12 mod 11 = 1, 11 - 1 = 10
    expect(rutCheckDigit('14')).toBe('0'); // 4*2 + 1*3 = 11, 11 mod 11 = 0, 11 - 0 = 11
  });

  it('cleans and truncates to 9 characters', () => {
    const cleaned = { '12.345.678-5': '123456785', '76.277.884-k': '76277884K', '1234567890123': '123456789' };
    Object.assign(cleaned, { '012.345.678-5': '123456785', '0': '0' });
    for (const [rut, clean] of Object.entries(cleaned)) expect(cleanRut(rut), rut).toBe(clean);
  });

  it('normalizes and formats', () => {
    expect(normalizeRut('12.345.678-5')).toBe('12345678-5');
    const formatted = { '123456785': '12.345.678-5', '76277884k': '76.277.884-K', '1-9': '1-9', abc: 'ABC' };
    Object.assign(formatted, { '012.345.678-5': '12.345.678-5' });
    for (const [rut, text] of Object.entries(formatted)) expect(formatRut(rut), rut).toBe(text);
  });

  it('property: the computed check digit always validates, in any presentation', () => {
    fc.assert(
      fc.property(body, (b) => {
        const dv = rutCheckDigit(b);
        expect(dv).toBe(oracleDv(b));
        expect(isValidRut(`${b}-${dv}`)).toBe(true);
        expect(isValidRut(formatRut(`${b}${dv}`))).toBe(true);
        expect(isValidRut(`${b}${dv.toLowerCase()}`)).toBe(true);
      }),
    );
  });

  it('property: every other check digit is rejected', () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...dvChars), (b, dv) => {
        fc.pre(dv !== rutCheckDigit(b));
        expect(isValidRut(`${b}-${dv}`)).toBe(false);
      }),
    );
  });

  it('property: any single-digit substitution in the body is detected', () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (b, pos, delta) => {
        const i = pos % b.length;
        const digit = (Number(b[i]) + delta) % 10;
        const mutated = `${b.slice(0, i)}${digit}${b.slice(i + 1)}`;
        fc.pre(!/^0+$/.test(mutated));
        expect(isValidRut(`${mutated}-${rutCheckDigit(b)}`)).toBe(false);
      }),
    );
  });

  it('property: format and normalize round-trip', () => {
    fc.assert(
      fc.property(body, (b) => {
        const rut = `${b}-${rutCheckDigit(b)}`;
        expect(normalizeRut(formatRut(rut))).toBe(rut);
        expect(formatRut(normalizeRut(rut))).toBe(formatRut(rut));
        expect(formatRut(rut)).toMatch(/^\d{1,3}(\.\d{3})*-[\dK]$/);
      }),
    );
  });
});
