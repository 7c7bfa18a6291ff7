import type { Translate } from './explain';

/** The lists the catalogue names in every language (screening:catalog.*). */
const CATALOG = new Set([
  'ofac',
  'onu',
  'interpol',
  'pdi',
  'gafi',
  'rtp',
  'keywords',
  'pep-br',
  'risk-cities',
  'interest',
  'blacklist',
  'eu-fsf',
  'uk-ofsi',
  'uk-sanctions',
  'opensanctions',
]);

/** A list's name in the reader's language; a list the catalogue does not know keeps the name it was given. */
export function listLabel(t: Translate, listId: string, fallback: string): string {
  return CATALOG.has(listId) ? t(`screening:catalog.${listId}`) : fallback;
}
