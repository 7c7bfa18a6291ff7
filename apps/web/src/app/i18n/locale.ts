import type { Locale } from '@regcheck/shared/locales/language';
import { localeOf } from '@regcheck/shared/locales/language';

const STORAGE_KEY = 'regcheck.locale';

/** The locale of a browser language tag, or null when it is none of ours. */
export function localeOfBrowser(tag: string | null | undefined): Locale | null {
  const l = (tag ?? '').toLowerCase();
  if (l.startsWith('pt')) return 'pt-BR';
  if (l.startsWith('es')) return 'es';
  if (l.startsWith('en')) return 'en';
  return null;
}

export interface LocaleInputs {
  /** the user's own language setting ('es' | 'br' | 'en' | null) */
  userLang?: string | null;
  /** the company's language setting */
  companyLang?: string | null;
  /** the last language chosen on this browser */
  stored?: string | null;
  /** navigator.languages */
  browser?: readonly string[];
}

/**
 * The interface language: the user's own setting, else the company's, else (logged out or without a company)
 * the last one chosen on this browser, else the browser's, else Spanish.
 */
export function resolveLocale({ userLang, companyLang, stored, browser = [] }: LocaleInputs): Locale {
  if (userLang) return localeOf(userLang);
  if (companyLang) return localeOf(companyLang);
  if (stored) return localeOf(stored);
  for (const tag of browser) {
    const l = localeOfBrowser(tag);
    if (l) return l;
  }
  return 'es';
}

export function storedLocale(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
