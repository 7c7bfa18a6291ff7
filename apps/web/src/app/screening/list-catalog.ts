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
