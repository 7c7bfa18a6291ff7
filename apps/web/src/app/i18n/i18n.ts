import type { Locale } from '@regcheck/shared/locales/language';
import { pageLanguage } from '@regcheck/shared/locales/language';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogOf, startLocale } from './catalogs';

export const i18n = i18next.createInstance();

async function ensureCatalog(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'common')) return;
  const catalog = await catalogOf(locale);
  for (const [ns, texts] of Object.entries(catalog)) i18n.addResourceBundle(locale, ns, texts, true, false);
}

/**
 * Starts i18next in the logged-out language (this browser's choice, else its language) until the session says
 * otherwise; resolves once that language's catalogue is loaded, so the first render never shows a key.
 */
export async function initI18n(): Promise<typeof i18n> {
  const lng = startLocale();
  const catalog = await catalogOf(lng);
  await i18n.use(initReactI18next).init({
    resources: { [lng]: catalog },
    lng,
    fallbackLng: 'en',
    supportedLngs: ['es', 'pt-BR', 'en'],
    ns: Object.keys(catalog),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    partialBundledLanguages: true,
    initAsync: false,
  });
  document.documentElement.lang = pageLanguage(lng);
  return i18n;
}

let latest: Locale | null = null;

/**
 * Switches the interface language and the page language ('pt' for Portuguese), once the language's catalogue is
 * loaded; when the reader switches again before it arrives, the last choice wins.
 */
export async function applyLocale(locale: Locale): Promise<void> {
  latest = locale;
  await ensureCatalog(locale);
  if (latest !== locale) return;
  document.documentElement.lang = pageLanguage(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  const l = i18n.language;
  return l === 'pt-BR' || l === 'en' ? l : 'es';
}
