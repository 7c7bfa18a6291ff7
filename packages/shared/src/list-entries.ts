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

/**
 * The version labels the product seeds (migration 0100), as stored (in English), and their catalogue keys: a list's
 * version reads in the reader's language ("Plenario del GAFI de febrero de 2026"), issue 27.
 */
export const SEEDED_VERSION_LABEL_KEYS: Readonly<Record<string, string>> = {
  'FATF plenary February 2026': 'screening:versionLabel.fatfFeb2026',
  'Brazil IN RFB 1.037/2010 art. 1 (default; review against the current text)': 'screening:versionLabel.rtpBrDefault',
};

type TranslateFn = (key: string, values?: Record<string, unknown>) => string;

/**
 * A list version's label in the reader's language through `t`. A seeded label by its key; a label the server made
 * from the list's stored (English) name, "UN Security Council consolidated list fetched 2026-11-30 06:00" or
 * "Keywords 2026-11-30", with the list's name as the reader reads it (`source.shownName`); any other label (typed by
 * an administrator, "OFAC SDN 2024-05-03") as stored.
 */
export function listVersionLabel(t: TranslateFn, label: string, source?: { name: string; shownName: string }): string {
  const key = SEEDED_VERSION_LABEL_KEYS[label];
  if (key) {
    const text = t(key);
    if (text && text !== key && !key.endsWith(text)) return text;
  }
  if (source && label.startsWith(`${source.name} `)) {
    const rest = label.slice(source.name.length + 1);
    const fetched = /^fetched (\d{4}-\d{2}-\d{2} \d{2}:\d{2})$/.exec(rest);
    if (fetched) return t('screening:versionLabel.fetched', { list: source.shownName, when: fetched[1] });
    if (/^\d{4}-\d{2}-\d{2}$/.test(rest)) return `${source.shownName} ${rest}`;
  }
  return label;
}
