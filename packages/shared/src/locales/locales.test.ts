import { describe, expect, it } from 'vitest';
import { LOCALES, localeFromAcceptLanguage, localeOf, pageLanguage, resources, translate } from './index';

function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('catalogs', () => {
  const namespaces = new Set(LOCALES.flatMap((l) => Object.keys(resources[l])));
  for (const ns of namespaces) {
    it(`namespace ${ns} has the same keys in es, pt-BR and en`, () => {
      const all = new Set(LOCALES.flatMap((l) => keys(resources[l][ns] ?? {})));
      for (const l of LOCALES) {
        const mine = new Set(keys(resources[l][ns] ?? {}));
        const missing = [...all].filter((k) => !mine.has(k));
        expect(missing, `${l}/${ns}.json lacks`).toEqual([]);
      }
    });
  }
  it('no empty translation', () => {
    for (const l of LOCALES)
      for (const ns of Object.keys(resources[l]))
        for (const k of keys(resources[l][ns])) {
          expect(translate(l, `${ns}:${k}`).trim(), `${l} ${ns}:${k}`).not.toBe('');
        }
  });
});

describe('language selection', () => {
  it('company language br means pt-BR and page language pt', () => {
    expect(localeOf('br')).toBe('pt-BR');
    expect(pageLanguage(localeOf('br'))).toBe('pt');
    expect(localeOf('es')).toBe('es');
    expect(localeOf('en')).toBe('en');
  });
  it('Accept-Language picks the best supported language', () => {
    expect(localeFromAcceptLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(localeFromAcceptLanguage('fr-FR,en;q=0.5')).toBe('en');
    expect(localeFromAcceptLanguage('fr')).toBeNull();
  });
  it('interpolates parameters', () => {
    expect(translate('en', 'TOO_MANY_ATTEMPTS', { minutes: 15 })).toBe('Too many attempts. Try again in 15 minutes');
  });
});
