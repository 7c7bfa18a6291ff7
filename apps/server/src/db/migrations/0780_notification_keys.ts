import { LOCALES, type Locale, translate } from '@regcheck/shared';
import { type Kysely, sql } from 'kysely';
import { type NotificationText, renderDescription, renderText } from '../../lib/notification-text';

/**
 * Issue 27, point 5 (decision 202): the notifications written before decision 190 (text in the company's language,
 * no keys) gain their keys and values where the kind says which sentences wrote them, so that they too read in the
 * reader's language. A row's stored title and description are read back against the kind's sentences in es, pt-BR
 * and en: the values are what fills the sentence's blanks, and a row is converted only if the keys and values write
 * its stored title and description again exactly, character for character, in that language. A row that does not
 * (a sentence changed since, a value that makes the reading ambiguous, a kind with no sentence) keeps its stored
 * text, as before. The stored text is not changed: only `data.i18n` is added.
 */

interface Candidate {
  title: string;
  description: string;
  /** values that are catalogue keys, from the row's data (a list's name, an allegation's deadline) */
  paramKeys?: (data: Record<string, unknown>) => Record<string, string> | undefined;
  /** the description's first sentence lists items, each written with this key (the overdue customers) */
  listItem?: { param: string; key: string };
  /** a further sentence that may follow the description (", and 12 more") */
  more?: string;
}

const KINDS: Record<string, Candidate[]> = {
  'monitoring.match': [
    {
      title: 'fichas:notifications.newMatchTitle',
      description: 'fichas:notifications.newMatchDescription',
      paramKeys: (d) => (typeof d.listId === 'string' ? { listName: `screening:catalog.${d.listId}` } : undefined),
    },
  ],
  bacen: [
    { title: 'records:bacen.declaration.reminderTitle', description: 'records:bacen.declaration.reminderBody' },
    { title: 'records:bacen.declaration.reminderTitle', description: 'records:bacen.declaration.overdue' },
  ],
  'coaf.due': [{ title: 'coaf:title', description: 'coaf:notification' }],
  'allegation.deadline': (['soon', 'passed'] as const).map((stage) => ({
    title: `allegations:mail.${stage}Subject`,
    description: `allegations:mail.${stage}Body`,
    paramKeys: (d: Record<string, unknown>) =>
      typeof d.deadline === 'string' ? { deadline: `allegations:deadline.${d.deadline}` } : undefined,
  })),
  'reviews.overdue': [
    {
      title: 'fichas:reviews.notification.title',
      description: 'fichas:reviews.notification.body',
      listItem: { param: 'list', key: 'fichas:reviews.notification.item' },
      more: 'fichas:reviews.notification.more',
    },
  ],
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The sentence `key` of `locale` as a pattern whose groups are its blanks, in order, and their names. */
function pattern(locale: Locale, key: string): { source: string; names: string[] } | null {
  // the sentence with its blanks kept: every value asked for answers its own placeholder
  const blanks = new Proxy({}, { get: (_, name) => `{{${String(name)}}}` }) as Record<string, unknown>;
  const template = translate(locale, key, blanks);
  if (template === key) return null;
  const names: string[] = [];
  const parts = template.split(/\{\{\s*(\w+)\s*\}\}/g);
  let source = '';
  parts.forEach((part, i) => {
    if (i % 2 === 0) source += escapeRegExp(part);
    else if (names.includes(part)) source += `\\k<${part}>`;
    else {
      names.push(part);
      source += `(?<${part}>[\\s\\S]+?)`;
    }
  });
  return { source, names };
}

/** The values that fill `key`'s blanks to write `text` (the first reading; the round trip decides). */
function read(locale: Locale, key: string, text: string, tail?: string): Record<string, string> | null {
  const p = pattern(locale, key);
  if (!p) return null;
  const m = new RegExp(`^${p.source}${tail ?? ''}$`).exec(text);
  return m ? { ...(m.groups ?? {}) } : null;
}

/** A count stays a number (it chooses the plural); every other value stays as written ("000123", a document). */
const typed = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, k === 'count' && /^\d+$/.test(v) ? Number(v) : v]));

/** The keys and values that write this row again exactly in `locale`, or null. */
export function keysFor(
  locale: Locale,
  c: Candidate,
  row: { title: string; description: string; data: Record<string, unknown> },
): NotificationText | null {
  const titleParams = read(locale, c.title, row.title);
  if (!titleParams) return null;
  let description = row.description;
  const more: NotificationText['more'] = [];
  if (c.more) {
    const m = pattern(locale, c.more);
    const at = m ? new RegExp(` (${m.source})$`).exec(description) : null;
    if (at?.groups) {
      more.push({ key: c.more, params: typed({ ...at.groups }) });
      description = description.slice(0, at.index);
    }
  }
  const descParams = read(locale, c.description, description);
  if (!descParams) return null;
  const params: Record<string, string | number> = typed({ ...titleParams, ...descParams });
  const text: NotificationText = { title: c.title, description: c.description, params };
  if (more.length) text.more = more;
  if (c.listItem) {
    const joined = String(params[c.listItem.param] ?? '');
    const items = joined.split('; ').map((s) => read(locale, c.listItem?.key ?? '', s));
    if (items.some((i) => !i)) return null;
    delete params[c.listItem.param];
    text.paramLists = { [c.listItem.param]: { key: c.listItem.key, items: items as Record<string, string>[] } };
  }
  const keys = c.paramKeys?.(row.data);
  if (keys) {
    // a value written from a key reads in the reader's language when it is the key's text in this language
    for (const [name, key] of Object.entries(keys)) {
      // (a list the catalogue does not name, or named otherwise then, keeps the name it was written with)
      if (translate(locale, key) === params[name]) text.paramKeys = { ...text.paramKeys, [name]: key };
    }
  }
  return renderText(locale, text.title, text) === row.title && renderDescription(locale, text) === row.description
    ? text
    : null;
}

/** The row's keys: the first language and sentence of its kind that write it again exactly. */
export function convert(row: { kind: string; title: string; description: string; data: Record<string, unknown> }) {
  for (const c of KINDS[row.kind] ?? [])
    for (const locale of LOCALES) {
      const text = keysFor(locale, c, row);
      if (text) return text;
    }
  return null;
}

const PAGE = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = (
      await sql<{ id: string; kind: string; title: string; description: string; data: Record<string, unknown> | null }>`
        select id, kind, title, description, data from notifications
        where id > ${after}::uuid and kind in (${sql.join(Object.keys(KINDS))})
          and (data is null or not (data ? 'i18n'))
        order by id limit ${PAGE}`.execute(db)
    ).rows;
    if (rows.length === 0) return;
    for (const r of rows) {
      const text = convert({ ...r, data: r.data ?? {} });
      if (text)
        await sql`update notifications set data = coalesce(data, '{}'::jsonb) || ${JSON.stringify({ i18n: text })}::jsonb
          where id = ${r.id}`.execute(db);
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(): Promise<void> {
  // the keys added are read only when present; leaving them is harmless and removing them would also remove the
  // keys of rows written since
}
