import { isBrazil } from '../permissions';

/**
 * The whistleblowing channel's categories by the company's country (issue 23, point 3; decision 136). A company
 * starts with its country's list and its allegations administrator may add its own; a category of the catalogue
 * that belongs to another country only (Chile's Ley Karin category in Brazil, Brazil's harassment category in Chile)
 * is refused everywhere.
 *
 * - Chile: `harassment` is the Ley Karin category (Ley 21.643: 30 business days with Chilean holidays, never
 *   dismissed).
 * - Brazil: `harassmentBr` is harassment under Lei 14.457/2022 (the CIPA's channel for sexual harassment and other
 *   violence at work): no Ley Karin deadline, flag or flow; it follows the general deadlines (decision 137).
 */
export type ChannelCountry = 'CL' | 'BR';

export const ALLEGATION_CATEGORIES_BY_COUNTRY = {
  CL: ['fraud', 'corruption', 'moneyLaundering', 'harassment', 'conflictOfInterest', 'other'],
  BR: ['fraud', 'corruption', 'moneyLaundering', 'harassmentBr', 'conflictOfInterest', 'other'],
} as const satisfies Record<ChannelCountry, readonly string[]>;

/** The Ley Karin category (Chile only). */
export const LEY_KARIN_CATEGORY = 'harassment';
/** Brazil's harassment category (Lei 14.457/2022). */
export const BRAZIL_HARASSMENT_CATEGORY = 'harassmentBr';

/** Every category of the catalogue (translated in the `allegations:category` catalog), of any country. */
export const CATALOGUE_ALLEGATION_CATEGORIES: readonly string[] = [
  ...new Set(Object.values(ALLEGATION_CATEGORIES_BY_COUNTRY).flat()),
];

/**
 * The country whose rules a company follows: Brazil for a Brazilian company (BR, BRA, Brasil, Brazil, as the
 * permissions' isBrazil reads it for the ROE rule), Chile for anything else (the product's two).
 */
export function channelCountry(country: string | null | undefined): ChannelCountry {
  return isBrazil(country) ? 'BR' : 'CL';
}

/** The categories a company of `country` starts with. */
export function defaultCategoriesFor(country: string | null | undefined): string[] {
  return [...ALLEGATION_CATEGORIES_BY_COUNTRY[channelCountry(country)]];
}

/**
 * Whether a category may be used by a company of `country`: its country's catalogue categories and any of its own
 * (not in the catalogue); never a catalogue category of another country only.
 */
export function categoryAllowedIn(country: string | null | undefined, category: string): boolean {
  const own: readonly string[] = ALLEGATION_CATEGORIES_BY_COUNTRY[channelCountry(country)];
  return own.includes(category) || !CATALOGUE_ALLEGATION_CATEGORIES.includes(category);
}

/** Whether a report of this category in a company of `country` is a Ley Karin complaint (Chile only). */
export function isLeyKarin(country: string | null | undefined, category: string): boolean {
  return channelCountry(country) === 'CL' && category === LEY_KARIN_CATEGORY;
}
