import { listVersionLabel } from '@regcheck/shared/list-entries';
import type { Translate } from './explain';

/**
 * A list's name in the reader's language (screening:catalog.<listId>); a list the catalogue does not know keeps the
 * name it was given. Unknown means the translation comes back as its own key, as i18next and the shared translate()
 * answer a missing one.
 */
export function listLabel(t: Translate, listId: string, fallback: string): string {
  const key = `screening:catalog.${listId}`;
  const text = t(key);
  return text === key || text === `catalog.${listId}` || text === '' ? fallback : text;
}

/**
 * A version of a list in the reader's language: a seeded label ("FATF plenary February 2026") by its catalogue key,
 * a label the server made from the list's name with the list's name translated, any other label as stored.
 */
export function versionLabel(t: Translate, listId: string, listName: string, label: string): string {
  return listVersionLabel(t, label, { name: listName, shownName: listLabel(t, listId, listName) });
}
