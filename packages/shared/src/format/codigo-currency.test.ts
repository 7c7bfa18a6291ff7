import { describe, expect, it } from 'vitest';
import { padCodigo } from './codigo';
import { currenciesFor, currencySymbol } from './currency';

describe('padCodigo', () => {
  it('pads to 6 digits', () => {
    expect(padCodigo(42)).toBe('000042');
    expect(padCodigo('7')).toBe('000007');
    expect(padCodigo(123456)).toBe('123456');
    expect(padCodigo(1234567)).toBe('1234567');
    expect(padCodigo(null)).toBe('');
    expect(padCodigo(' ')).toBe('');
  });
});

describe('currencies', () => {
  it('has a symbol for each currency', () => {
    expect(currencySymbol('USD')).toBe('US$');
    expect(currencySymbol('CLP')).toBe('$');
    expect(currencySymbol('uf')).toBe('UF');
    expect(currencySymbol('BRL')).toBe('R$');
    expect(currencySymbol('EUR')).toBe('EUR');
  });

  it('offers USD always, CLP and UF for Chile, BRL for Brazil', () => {
    expect(currenciesFor('CL')).toEqual(['CLP', 'UF', 'USD']);
    expect(currenciesFor('Chile')).toEqual(['CLP', 'UF', 'USD']);
    expect(currenciesFor('BR')).toEqual(['BRL', 'USD']);
    expect(currenciesFor('Brasil')).toEqual(['BRL', 'USD']);
    expect(currenciesFor('AR')).toEqual(['USD']);
    expect(currenciesFor(undefined)).toEqual(['USD']);
  });
});
