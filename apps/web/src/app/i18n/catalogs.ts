import type { Locale } from '@regcheck/shared/locales/language';
import { browserLanguages, resolveLocale, storedLocale } from './locale';

/** Every namespace of one language, English filled in where it lacks a key (vite.config.ts, localeCatalogs). */
export type Catalog = Record<string, Record<string, unknown>>;

/** One chunk per language: the page downloads only the language it shows, the others when the reader switches. */
const CATALOGS: Record<Locale, () => Promise<{ default: Catalog }>> = {
  es: () => import('virtual:regcheck-catalog/es'),
  'pt-BR': () => import('virtual:regcheck-catalog/pt-BR'),
  en: () => import('virtual:regcheck-catalog/en'),
};

const loading = new Map<Locale, Promise<Catalog>>();

/** The catalogue of a language, fetched once (a failed fetch is tried again on the next call). */
export function catalogOf(locale: Locale): Promise<Catalog> {
  let p = loading.get(locale);
  if (!p) {
    p = CATALOGS[locale]().then((m) => m.default);
    p.catch(() => loading.delete(locale));
    loading.set(locale, p);
  }
  return p;
}

/** The language a page starts in before any session is known: this browser's last choice, else its language. */
export function startLocale(): Locale {
  return resolveLocale({ stored: storedLocale(), browser: browserLanguages() });
}
