import { type Locale, translate } from '@regcheck/shared';

/**
 * What a notification carries to be written in the reader's language at read time (issue 27, point 4): catalogue
 * keys and their values, kept in `data.i18n`. The stored title and description stay as written (in the company's
 * language) for the search and for rows written before the keys existed, which read as they were stored.
 */
export interface NotificationText {
  title: string;
  description?: string;
  params?: Record<string, string | number>;
  /** values that are themselves catalogue keys (a list's name): written in the reader's language too */
  paramKeys?: Record<string, string>;
  /** values that are lists of items, each written with its own key and values, joined by "; " (the overdue names) */
  paramLists?: Record<string, { key: string; items: Record<string, string | number>[] }>;
  /** further sentences of the description, each a key and its values, appended after a space */
  more?: { key: string; params?: Record<string, string | number> }[];
}

/** The text in `locale`: the keys' values translated first, then the title or description. */
export function renderText(locale: Locale, key: string, text: NotificationText) {
  const params: Record<string, string | number> = { ...text.params };
  for (const [name, k] of Object.entries(text.paramKeys ?? {})) {
    const v = translate(locale, k);
    if (v !== k) params[name] = v;
  }
  for (const [name, l] of Object.entries(text.paramLists ?? {}))
    params[name] = l.items.map((p) => translate(locale, l.key, p)).join('; ');
  return translate(locale, key, params);
}

/** The description in `locale`: its key, then the further sentences (decision 190). */
export function renderDescription(locale: Locale, text: NotificationText) {
  const first = text.description ? renderText(locale, text.description, text) : '';
  const rest = (text.more ?? []).map((m) => translate(locale, m.key, m.params));
  return [first, ...rest].filter(Boolean).join(' ');
}

/** A notification's stored text as data (`data.i18n`), for writers of notifications. */
export const notificationText = (text: NotificationText) => ({ i18n: text });
