import { resources } from '@regcheck/shared/locales/index';
import type { Translate } from './explain';

/** The lists the catalogue names in every language (screening:catalog.*; the three languages name the same lists). */
const CATALOG = new Set(Object.keys((resources.es.screening as { catalog: Record<string, string> }).catalog));

/** A list's name in the reader's language; a list the catalogue does not know keeps the name it was given. */
export function listLabel(t: Translate, listId: string, fallback: string): string {
  return CATALOG.has(listId) ? t(`screening:catalog.${listId}`) : fallback;
}
