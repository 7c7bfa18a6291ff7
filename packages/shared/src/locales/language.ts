/**
 * The interface languages and how a company setting, a browser or a page names them. Apart from the catalogs
 * (./index.ts re-exports all of this), so that importing a helper does not bring every language's texts along.
 */
export const LOCALES = ['es', 'pt-BR', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** Company language setting: 'br' means Portuguese (Brazil). */
export type CompanyLanguageCode = 'es' | 'br' | 'en';

/** The locale of a company language setting ('br' means pt-BR). */
export function localeOf(language: string | null | undefined): Locale {
  const l = (language ?? '').toLowerCase();
  if (l === 'br' || l.startsWith('pt')) return 'pt-BR';
  if (l.startsWith('en')) return 'en';
  return 'es';
}

/** The company language setting of a locale. */
export function companyLanguageOf(locale: Locale): CompanyLanguageCode {
  return locale === 'pt-BR' ? 'br' : locale === 'en' ? 'en' : 'es';
}

/** The html lang attribute: 'pt' for Portuguese, otherwise 'es' or 'en'. */
export function pageLanguage(locale: Locale): string {
  return locale === 'pt-BR' ? 'pt' : locale;
}

/** A company's country maps to a language: Brazil br, everything else es. */
export function languageOfCountry(country: string | null | undefined): CompanyLanguageCode {
  const c = (country ?? '').toUpperCase();
  return c === 'BR' || c === 'BRASIL' || c === 'BRAZIL' ? 'br' : 'es';
}

/** Picks the best locale from an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | null {
  if (!header) return null;
  const parts = header
    .split(',')
    .map((p) => {
      const [tag = '', q] = p.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of parts) {
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return null;
}
