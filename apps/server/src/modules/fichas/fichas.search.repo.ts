import { REVIEW_STATES, type ReviewState } from '@regcheck/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import { whereToSql } from '../../db/filter-sql';
import type { Executor } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import { FICHA_FIELDS } from './fichas.repo';
import { reviewStateCondition } from './fichas.reviews.repo';
import { dniCandidates, foldText } from './fichas.validation';

/**
 * The SQL of the fichas filter: the `search` terms (documents and name words through their indexes), the `tags`
 * conditions over the jsonb array, and the where of the allow-listed fields (fichas.filter.ts decides what the
 * caller may ask).
 */

/**
 * One search term: a document (digits, optionally with dots, hyphen, slash and a check digit) matches the dni
 * exactly in any stored form or by prefix (pattern btree); anything else matches the folded name words by prefix
 * ('gonz mar' finds María González) through the tsvector GIN index.
 */
function isDocumentTerm(compact: string) {
  return (
    (/^\d+[\dK]?$/.test(compact) && compact.length >= 6) || (/^[0-9A-Z]{12}\d{2}$/.test(compact) && /\d/.test(compact))
  );
}

function searchWords(term: string) {
  return foldText(term)
    .split(' ')
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * The tsquery of a name term. Every word is a prefix (type-ahead: 'mar gonz'), but prefixes of common words make
 * GIN read whole posting lists; so when the whole words but the last already match a ficha of the company, those
 * words are looked up exactly (GIN skips through the lists), which is what someone typing a full name gets.
 */
async function nameQuery(db: Executor, companyId: string, term: string): Promise<string | null> {
  const words = searchWords(term);
  if (words.length === 0) return null;
  const prefix = words.map((w) => `${w}:*`).join(' & ');
  if (words.length === 1) return prefix;
  // all whole words, then whole words and the last as a prefix, then every word as a prefix
  for (const q of [words.join(' & '), words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ')]) {
    const hit = await sql`select 1 from fichas where fichas.company_id = ${companyId}
      and fichas.search_tsv @@ to_tsquery('simple', ${q}) limit 1`.execute(db);
    if (hit.rows.length) return q;
  }
  return prefix;
}

/** Resolves the search terms of a where into SQL (documents directly, names through nameQuery). */
async function searchConditions(db: Executor, companyId: string, terms: string[]) {
  const out: Expression<SqlBool>[] = [];
  for (const term of terms) {
    const compact = term.replace(/[.\-/\s]/g, '').toUpperCase();
    if (isDocumentTerm(compact)) {
      out.push(sql<SqlBool>`fichas.id in (select fichas_dni_ids(${dniCandidates(term)}::text[], ${compact}))`);
      continue;
    }
    const q = await nameQuery(db, companyId, term);
    // @@ is marked leakproof (0202) so that the GIN index serves it under RLS
    if (q) out.push(sql<SqlBool>`fichas.search_tsv @@ to_tsquery('simple', ${q})`);
  }
  return out;
}

/** A where's condition with its search terms, resolved inside the tenant transaction. */
export interface ListCondition {
  base: Expression<SqlBool>;
  terms: string[];
}

export async function resolveCondition(db: Executor, companyId: string, c: ListCondition) {
  const extra = await searchConditions(db, companyId, c.terms);
  return extra.reduce((acc, e) => sql<SqlBool>`${acc} and ${e}`, c.base);
}

/** Operators the `tags` filter takes: a name (exact), `eq`, `neq`, `inq` and `nin` of names. */
const TAG_OPERATORS = ['eq', 'neq', 'inq', 'nin'] as const;

function tagBad(field: string, reason: string) {
  return new AppError('VALIDATION_ERROR', { field, params: { field, reason } });
}

function tagName(field: string, v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '' || v.length > 60) throw tagBad(field, 'must be a tag name');
  return v;
}

/** The ficha carries a tag with exactly this name (jsonb containment: `[{"name": ...}]`). */
function hasTag(name: string) {
  return sql<SqlBool>`fichas.tags @> ${JSON.stringify([{ name }])}::jsonb`;
}

function hasAnyTag(names: string[]) {
  if (names.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`(${sql.join(names.map(hasTag), sql.raw(' or '))})`;
}

/**
 * `tags` (or `tags.name`) conditions: the stored tags are a jsonb array of `{ name }`, so a plain comparison
 * with the column would cast the name to jsonb (500). A name matches a ficha carrying a tag of exactly that name;
 * `inq` any of the names; `neq`/`nin` their negation. Other operators answer 400 naming them.
 */
function tagCondition(field: string, value: unknown): Expression<SqlBool> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return hasTag(tagName(field, value));
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) throw tagBad(field, 'must be a tag name');
  const parts = entries.map(([op, arg]) => {
    const f = `${field}.${op}`;
    if (!(TAG_OPERATORS as readonly string[]).includes(op))
      throw tagBad(f, `unsupported operator '${op}' for tags (use a name, eq, neq, inq or nin)`);
    if (op === 'eq') return hasTag(tagName(f, arg));
    if (op === 'neq') return sql<SqlBool>`not ${hasTag(tagName(f, arg))}`;
    if (!Array.isArray(arg)) throw tagBad(f, 'must be a list of tag names');
    if (arg.length > 100) throw tagBad(f, 'at most 100 tag names');
    const any = hasAnyTag(arg.map((a, i) => tagName(`${f}[${i}]`, a)));
    return op === 'inq' ? any : sql<SqlBool>`not ${any}`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql.raw(' and '))})`;
}

/**
 * `listas.listId`: the ficha has a coincidence (a hit not dismissed) in that list: `{ 'listas.listId': 'ofac' }` or
 * `{ 'listas.listId': { eq: 'ofac' } }` (the home dashboard's list matches by list). jsonb containment on the stored
 * `listas.lists` entries.
 */
function listCondition(field: string, value: unknown): Expression<SqlBool> {
  const id = value && typeof value === 'object' && !Array.isArray(value) ? (value as { eq?: unknown }).eq : value;
  const extra = value && typeof value === 'object' ? Object.keys(value).filter((k) => k !== 'eq') : [];
  if (typeof id !== 'string' || id.trim() === '' || id.length > 60 || extra.length > 0)
    throw tagBad(field, 'must be a list id');
  return sql<SqlBool>`(fichas.listas -> 'lists') @> ${JSON.stringify([{ listId: id, coincidence: true }])}::jsonb`;
}

/**
 * `reviewState`: where the ficha's periodic review stands today (UTC): `overdue`, `dueThisMonth`, `upToDate` or
 * `notScheduled` (packages/shared reviews.ts), as a name, `{ eq: name }` or `{ inq: [names] }`; the home dashboard's
 * review figures count by the same conditions.
 */
function reviewCondition(field: string, value: unknown): Expression<SqlBool> {
  const state = (v: unknown, f: string) => {
    if (typeof v !== 'string' || !(REVIEW_STATES as readonly string[]).includes(v))
      throw tagBad(f, `must be one of ${REVIEW_STATES.join(', ')}`);
    return reviewStateCondition(v as ReviewState);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return state(value, field);
  const entries = Object.entries(value as Record<string, unknown>);
  const [op, arg] = entries[0] ?? [];
  if (entries.length !== 1 || (op !== 'eq' && op !== 'inq'))
    throw tagBad(field, 'use a review state, eq or inq of review states');
  if (op === 'eq') return state(arg, `${field}.eq`);
  if (!Array.isArray(arg) || arg.length === 0 || arg.length > REVIEW_STATES.length)
    throw tagBad(`${field}.inq`, 'must be a list of review states');
  return sql<SqlBool>`(${sql.join(
    arg.map((a, i) => state(a, `${field}.inq[${i}]`)),
    sql.raw(' or '),
  )})`;
}

/** The enhanced due diligence states of the fichas list (decision 173): required and open, completed, not required. */
export const EDD_STATES = ['open', 'completed', 'notRequired'] as const;

function eddStateCondition(state: (typeof EDD_STATES)[number]): Expression<SqlBool> {
  if (state === 'open')
    return sql<SqlBool>`exists (select 1 from ficha_edd e where e.company_id = fichas.company_id and e.ficha_id = fichas.id and e.required and e.status = 'open')`;
  if (state === 'completed')
    return sql<SqlBool>`exists (select 1 from ficha_edd e where e.company_id = fichas.company_id and e.ficha_id = fichas.id and e.required and e.status = 'completed')`;
  return sql<SqlBool>`not exists (select 1 from ficha_edd e where e.company_id = fichas.company_id and e.ficha_id = fichas.id and e.required)`;
}

/**
 * `eddState`: the ficha's enhanced due diligence: `open` (required, not yet approved), `completed` (required and
 * approved) or `notRequired`, as a name, `{ eq: name }` or `{ inq: [names] }` (decision 173).
 */
function eddCondition(field: string, value: unknown): Expression<SqlBool> {
  const state = (v: unknown, f: string) => {
    if (typeof v !== 'string' || !(EDD_STATES as readonly string[]).includes(v))
      throw tagBad(f, `must be one of ${EDD_STATES.join(', ')}`);
    return eddStateCondition(v as (typeof EDD_STATES)[number]);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return state(value, field);
  const entries = Object.entries(value as Record<string, unknown>);
  const [op, arg] = entries[0] ?? [];
  if (entries.length !== 1 || (op !== 'eq' && op !== 'inq'))
    throw tagBad(field, 'use an EDD state, eq or inq of EDD states');
  if (op === 'eq') return state(arg, `${field}.eq`);
  if (!Array.isArray(arg) || arg.length === 0 || arg.length > EDD_STATES.length)
    throw tagBad(`${field}.inq`, 'must be a list of EDD states');
  return sql<SqlBool>`(${sql.join(
    arg.map((a, i) => state(a, `${field}.inq[${i}]`)),
    sql.raw(' or '),
  )})`;
}

/**
 * whereToSql over FICHA_FIELDS, with the `tags` conditions (at any depth of and/or) compiled by tagCondition, the
 * `listas.listId` ones by listCondition and `reviewState` by reviewCondition.
 */
export function fichaWhereToSql(where: Record<string, unknown> | undefined, path = 'where'): Expression<SqlBool> {
  if (!where || Object.keys(where).length === 0) return sql<SqlBool>`true`;
  const parts: Expression<SqlBool>[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value)) throw tagBad(`${path}.${key}`, 'must be a list of conditions');
      const subs = value.map((w, i) => fichaWhereToSql(w as Record<string, unknown>, `${path}.${key}[${i}]`));
      parts.push(
        subs.length === 0
          ? sql<SqlBool>`true`
          : sql<SqlBool>`(${sql.join(subs, sql.raw(key === 'and' ? ' and ' : ' or '))})`,
      );
    } else if (key === 'tags' || key === 'tags.name') parts.push(tagCondition(`${path}.${key}`, value));
    else if (key === 'listas.listId') parts.push(listCondition(`${path}.${key}`, value));
    else if (key === 'reviewState') parts.push(reviewCondition(`${path}.${key}`, value));
    else if (key === 'eddState') parts.push(eddCondition(`${path}.${key}`, value));
    else parts.push(whereToSql({ [key]: value }, FICHA_FIELDS, path));
  }
  return sql<SqlBool>`(${sql.join(parts, sql.raw(' and '))})`;
}
