import type { Locale } from '@regcheck/shared/locales/language';
import { browserLanguages, resolveLocale, storedLocale } from './locale';

/** Namespaces of one language, English filled in where it lacks a key (vite.config.ts, localeCatalogs). */
export type Catalog = Record<string, Record<string, unknown>>;

/**
 * Two chunks per language: the namespaces of the sign-in (START_NAMESPACES in catalog-build.ts) and the rest, fetched
 * with the first page behind the sign-in. The page downloads only the language it shows, the others on a switch.
 */
const START: Record<Locale, () => Promise<{ default: Catalog }>> = {
  es: () => import('virtual:regcheck-catalog/es'),
  'pt-BR': () => import('virtual:regcheck-catalog/pt-BR'),
  en: () => import('virtual:regcheck-catalog/en'),
};
const REST: Record<Locale, () => Promise<{ default: Catalog }>> = {
  es: () => import('virtual:regcheck-catalog/rest-es'),
  'pt-BR': () => import('virtual:regcheck-catalog/rest-pt-BR'),
  en: () => import('virtual:regcheck-catalog/rest-en'),
};

const loading = new Map<string, Promise<Catalog>>();

function fetchOnce(key: string, load: () => Promise<{ default: Catalog }>): Promise<Catalog> {
  let p = loading.get(key);
  if (!p) {
    p = load().then((m) => m.default);
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

/** The sign-in part of a language's catalogue, fetched once (a failed fetch is tried again on the next call). */
export function catalogOf(locale: Locale): Promise<Catalog> {
  return fetchOnce(`start:${locale}`, START[locale]);
}

/** The rest of a language's catalogue (every namespace the sign-in does not use), fetched once. */
export function restCatalogOf(locale: Locale): Promise<Catalog> {
  return fetchOnce(`rest:${locale}`, REST[locale]);
}

/** The language a page starts in before any session is known: this browser's last choice, else its language. */
export function startLocale(): Locale {
  return resolveLocale({ stored: storedLocale(), browser: browserLanguages() });
}
