import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale';

describe('resolveLocale', () => {
  it('prefers the user, then the company', () => {
    expect(resolveLocale({ userLang: 'en', companyLang: 'br' })).toBe('en');
    expect(resolveLocale({ userLang: null, companyLang: 'br' })).toBe('pt-BR');
    expect(resolveLocale({ userLang: null, companyLang: 'es', stored: 'en' })).toBe('es');
  });
  it('uses the last choice, then the browser, then Spanish when logged out', () => {
    expect(resolveLocale({ stored: 'pt-BR', browser: ['en-US'] })).toBe('pt-BR');
    expect(resolveLocale({ browser: ['de-DE', 'pt-PT'] })).toBe('pt-BR');
    expect(resolveLocale({ browser: ['de-DE'] })).toBe('es');
  });
});
