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

function textOf(data: unknown): NotificationText | undefined {
  const i18n = data && typeof data === 'object' ? (data as { i18n?: unknown }).i18n : undefined;
  if (!i18n || typeof i18n !== 'object' || typeof (i18n as NotificationText).title !== 'string') return undefined;
  return i18n as NotificationText;
}

/**
 * A stored notification's title and description in `locale` (the screen and the date-range download): from its keys
 * when it has them, else as stored (rows written before the keys existed).
 */
export function renderStored(locale: Locale | undefined, r: { title: unknown; description: unknown; data: unknown }) {
  const data = typeof r.data === 'string' ? JSON.parse(r.data) : r.data;
  const text = locale ? textOf(data) : undefined;
  return {
    title: text && locale ? renderText(locale, text.title, text) : String(r.title),
    description: text?.description && locale ? renderDescription(locale, text) : String(r.description ?? ''),
  };
}
