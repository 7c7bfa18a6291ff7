import { countryName, findCountry } from './reference/countries';

/**
 * The entries of the country lists (FATF countries, preferential tax regimes) in the reader's language (issue 27,
 * point 4; decision 190). Their rows are stored as the product seeds them, in English ("Algeria", "increased
 * monitoring"); a screen shows the country by its code through the shared country names and the reason through the
 * catalogue. A reason an administrator typed by hand is shown as typed.
 */
export const COUNTRY_LIST_IDS: readonly string[] = ['gafi', 'rtp'];

/** The reasons the product seeds (migration 0100), as stored, and their catalogue keys. */
export const COUNTRY_LIST_REASON_KEYS: Readonly<Record<string, string>> = {
  'call for action': 'screening:countryReason.callForAction',
  'increased monitoring': 'screening:countryReason.increasedMonitoring',
  'favoured taxation': 'screening:countryReason.favouredTaxation',
};

const languageOf = (locale: string) => (locale.startsWith('pt') ? 'pt' : locale.startsWith('en') ? 'en' : 'es');

/** An entry's name in `locale`: a country list's entry by its country's name; any other entry as stored. */
export function listEntryName(listId: string, name: string, countries: readonly string[], locale: string) {
  if (!COUNTRY_LIST_IDS.includes(listId)) return name;
  const c = findCountry(countries[0] ?? '');
  return c ? countryName(c, languageOf(locale)) : name;
}

/** A stored reason in the reader's language through `t` (a seeded reason's key), else as stored. */
export function listEntryReason(t: (key: string) => string, reason: string | null | undefined) {
  if (!reason) return '';
  const key = COUNTRY_LIST_REASON_KEYS[reason.trim().toLowerCase()];
  if (!key) return reason;
  const text = t(key);
  return text && text !== key ? text : reason;
}
