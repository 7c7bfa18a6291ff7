import type { Locale } from '@regcheck/shared/locales/index';
import { pageLanguage, resources } from '@regcheck/shared/locales/index';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserLanguages, resolveLocale, storedLocale } from './locale';

export const i18n = i18next.createInstance();

/** Starts i18next with the shared catalogs, in the logged-out language until the session says otherwise. */
export function initI18n(): typeof i18n {
  const lng = resolveLocale({ stored: storedLocale(), browser: browserLanguages() });
  void i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    supportedLngs: ['es', 'pt-BR', 'en'],
    ns: Object.keys(resources.es),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = pageLanguage(lng);
  return i18n;
}

/** Switches the interface language and the page language ('pt' for Portuguese). */
export async function applyLocale(locale: Locale): Promise<void> {
  document.documentElement.lang = pageLanguage(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  const l = i18n.language;
  return l === 'pt-BR' || l === 'en' ? l : 'es';
}
