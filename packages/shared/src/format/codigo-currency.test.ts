import { describe, expect, it } from 'vitest';
import { padCodigo } from './codigo';
import { currenciesFor, currencySymbol } from './currency';

describe('padCodigo', () => {
  it('pads to 6 digits', () => {
    const padded: [number | string | null, string][] = [
      [42, '000042'],
      ['7', '000007'],
      [123456, '123456'],
    ];
    padded.push([1234567, '1234567'], [null, ''], [' ', '']);
    for (const [codigo, text] of padded) expect(padCodigo(codigo), String(codigo)).toBe(text);
  });
});

describe('currencies', () => {
  it('has a symbol for each currency', () => {
    const symbols = { USD: 'US$', CLP: '$', uf: 'UF', BRL: 'R$', EUR: 'EUR' };
    for (const [code, symbol] of Object.entries(symbols)) expect(currencySymbol(code), code).toBe(symbol);
  });

  it('offers USD always, CLP and UF for Chile, BRL for Brazil', () => {
    for (const country of ['CL', 'Chile']) expect(currenciesFor(country), country).toEqual(['CLP', 'UF', 'USD']);
    for (const country of ['BR', 'Brasil']) expect(currenciesFor(country), country).toEqual(['BRL', 'USD']);
    for (const country of ['AR', undefined]) expect(currenciesFor(country), country).toEqual(['USD']);
  });
});
