import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, findCountry, orderedCountries } from './countries';

describe('COUNTRIES', () => {
  it('has about 200+ unique entries with valid codes', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(200);
    const codes = new Set(COUNTRIES.map((c) => c.code));
    expect(codes.size).toBe(COUNTRIES.length);
    const refs = COUNTRIES.map((c) => c.ref).filter((r) => r !== '0');
    expect(new Set(refs).size).toBe(refs.length);
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.ref).toMatch(/^(0|\d{3})$/);
      expect(c.name && c.es && c.pt).toBeTruthy();
      expect(c.dniType.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('carries the ISO numeric code and names', () => {
    expect(findCountry('CL')).toMatchObject({ code: 'CL', ref: '152', name: 'Chile', es: 'Chile', pt: 'Chile' });
    expect(findCountry('BR')).toMatchObject({ ref: '076', name: 'Brazil', es: 'Brasil', pt: 'Brasil' });
    expect(findCountry('XK')?.ref).toBe('0');
  });

  it('derives dniType from the document table', () => {
    expect(findCountry('BR')?.dniType).toEqual([
      { document: 'CPF', personType: 'natural' },
      { document: 'CNPJ', personType: 'legal' },
    ]);
    expect(findCountry('CL')?.dniType).toEqual([
      { document: 'RUT', personType: 'natural' },
      { document: 'RUT', personType: 'legal' },
    ]);
    expect(findCountry('FR')?.dniType).toEqual([
      { document: 'PASSPORT', personType: 'natural' },
      { document: 'ID', personType: 'legal' },
    ]);
  });
});

describe('findCountry', () => {
  it('accepts codes and names in three languages, accent- and case-insensitively', () => {
    for (const q of ['Brasil', 'Brazil', 'BR', 'br', ' brasil ', 'BRASIL', '076', '76']) {
      expect(findCountry(q)?.code).toBe('BR');
    }
    expect(findCountry('Perú')?.code).toBe('PE');
    expect(findCountry('peru')?.code).toBe('PE');
    expect(findCountry('México')?.code).toBe('MX');
    expect(findCountry('Estados Unidos')?.code).toBe('US');
    expect(findCountry('USA')?.code).toBe('US');
    expect(findCountry('Alemanha')?.code).toBe('DE');
    expect(findCountry('Turkey')?.code).toBe('TR');
    expect(findCountry('Costa de Marfil')?.code).toBe('CI');
    expect(findCountry("Côte d'Ivoire")?.code).toBe('CI');
  });

  it('returns undefined for unknown input', () => {
    expect(findCountry('')).toBeUndefined();
    expect(findCountry(null)).toBeUndefined();
    expect(findCountry('Atlantis')).toBeUndefined();
    expect(findCountry('QQ')).toBeUndefined();
    expect(findCountry('999')).toBeUndefined();
  });

  it('property: every country is found by its code and by each of its names', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COUNTRIES), fc.constantFrom('name', 'es', 'pt'), (c, field) => {
        expect(findCountry(c.code.toLowerCase())).toBe(c);
        expect(findCountry(c[field as 'name' | 'es' | 'pt'].toUpperCase())?.code).toBe(c.code);
      }),
    );
  });
});

describe('orderedCountries', () => {
  it('puts Chile first for a Chilean (or unknown) company, then alphabetical in Spanish', () => {
    const list = orderedCountries('CL');
    expect(list.slice(0, 5).map((c) => c.code)).toEqual(['CL', 'BR', 'VE', 'AR', 'PE']);
    expect(list).toHaveLength(COUNTRIES.length);
    expect(countryName(list[5]!, 'es')).toBe('Afganistán');
    expect(orderedCountries(undefined)[0]?.code).toBe('CL');
  });

  it('puts Brazil first for a Brazilian company, then alphabetical in Portuguese', () => {
    const list = orderedCountries('Brasil');
    expect(list.slice(0, 5).map((c) => c.code)).toEqual(['BR', 'CL', 'VE', 'AR', 'PE']);
    const rest = list.slice(5).map((c) => c.pt);
    const sorted = [...rest].sort(new Intl.Collator('pt-BR', { sensitivity: 'base' }).compare);
    expect(rest).toEqual(sorted);
  });

  it('sorts the rest in the requested language', () => {
    const names = orderedCountries('CL', 'en')
      .slice(5)
      .map((c) => c.name);
    expect(names[0]).toBe('Afghanistan');
    expect(names.indexOf('Germany')).toBeGreaterThan(names.indexOf('France'));
  });
});
