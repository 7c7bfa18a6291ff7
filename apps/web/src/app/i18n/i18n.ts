import type { Locale } from '@regcheck/shared/locales/language';
import { pageLanguage } from '@regcheck/shared/locales/language';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogOf, restCatalogOf, startLocale } from './catalogs';

export const i18n = i18next.createInstance();

let markReady: () => void = () => undefined;
/** settles once i18next is started: bundles are added to it only after */
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** the languages whose second part (every namespace the sign-in does not use) is in i18next */
const complete = new Set<Locale>();
/** set by the first page behind the sign-in or a public link: from then on a language switch brings both parts */
let wantComplete = false;

async function ensureStart(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'common')) return;
  const catalog = await catalogOf(locale);
  for (const [ns, texts] of Object.entries(catalog)) i18n.addResourceBundle(locale, ns, texts, true, false);
}

async function ensureRest(locale: Locale): Promise<void> {
  if (complete.has(locale)) return;
  const catalog = await restCatalogOf(locale);
  for (const [ns, texts] of Object.entries(catalog)) i18n.addResourceBundle(locale, ns, texts, true, false);
  complete.add(locale);
}

/**
 * Every namespace of the page's language (and of a language being switched to): the lazy pages behind the sign-in
 * and the public links wait for it before they render (lazy-page.ts), so none shows a raw key.
 */
export async function ensureCompleteCatalog(): Promise<void> {
  wantComplete = true;
  await ready;
  const langs = new Set<Locale>([currentLocale(), ...(latest ? [latest] : [])]);
  await Promise.all([...langs].map(ensureRest));
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
  markReady();
  return i18n;
}

let latest: Locale | null = null;

/**
 * Switches the interface language and the page language ('pt' for Portuguese), once the language's catalogue is
 * loaded; when the reader switches again before it arrives, the last choice wins.
 */
export async function applyLocale(locale: Locale): Promise<void> {
  latest = locale;
  await ensureStart(locale);
  if (wantComplete) await ensureRest(locale);
  if (latest !== locale) return;
  document.documentElement.lang = pageLanguage(locale);
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
}

export function currentLocale(): Locale {
  const l = i18n.language;
  return l === 'pt-BR' || l === 'en' ? l : 'es';
}
