import {
  can,
  FICHAS_EXPORT_MAX_ROWS,
  type FichaFieldsInput,
  type FichaListasT,
  type FichaPatchBody,
  FichaView,
  type FichaViewT,
} from '@regcheck/shared';
import { formatDocument, isFileWithoutDocument, normalizeDocument } from '@regcheck/shared/documents/index';
import { type Expression, type SqlBool, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import type { Database } from '../../db/tables';
import { type Executor, withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import { parseListFilter, parseWhere } from '../../lib/filter';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { insertAudit } from '../audit/audit.repo';
import * as risk from '../risk/risk.service';
import { fichaError } from './fichas.errors';
import { emitFichas, fichaAssociates } from './fichas.events';
import * as repo from './fichas.repo';
import type { FichaRow } from './fichas.tables';
import {
  assertRequired,
  type FichaColumns,
  foldText,
  fullNameOf,
  type PersonType,
  resolveDocument,
  resolveFields,
  searchNameOf,
} from './fichas.validation';
import { type Dismissal, dismissalKey, failedListas, listasFromResult } from './listas';
import { screening } from './screening.adapter';

/** The caller as the service needs it: company, user, role and request id for the audit. */
export interface Ctx {
  auth: AuthContext;
  companyId: string;
  ip?: string | null;
  requestId?: string | null;
}

export function ctxOf(auth: AuthContext, req?: { ip?: string; id?: string }): Ctx {
  if (!auth.companyId) throw new AppError('NO_COMPANY_ASSIGNED');
  return { auth, companyId: auth.companyId, ip: req?.ip ?? null, requestId: req?.id ?? null };
}

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function dniTypeOf(r: FichaRow) {
  const t = json<{ country?: string; person?: PersonType; document?: string }>(r.dniType) ?? {};
  return { country: t.country ?? '', person: t.person ?? r.personType, document: t.document ?? '' };
}

export function dniDisplay(dni: string, document: string) {
  return isFileWithoutDocument(dni) ? '' : formatDocument(document, dni);
}

/** A ficha row as the API shows it (FichaView). */
export function toFichaView(r: FichaRow): FichaViewT {
  const dniType = dniTypeOf(r);
  const listas = json<FichaListasT | null>(r.listas);
  return {
    id: r.id,
    companyId: r.companyId,
    dni: r.dni,
    dniType,
    dniFormatted: dniDisplay(r.dni, dniType.document),
    withoutDocument: isFileWithoutDocument(r.dni),
    personType: r.personType,
    fullName: fullNameOf(r),
    name: r.name,
    fatherName: r.fatherName,
    motherName: r.motherName,
    socialReason: r.socialReason,
    fantasyName: r.fantasyName,
    gender: (r.gender as 'female' | 'male' | null) ?? null,
    nationality: r.nationality,
    countryOfResidence: r.countryOfResidence,
    birthDate: iso(r.birthDate),
    email: r.email,
    phone: r.phone,
    address: r.address,
    fiscalAddress: r.fiscalAddress,
    city: r.city,
    commune: r.commune,
    region: r.region,
    zipCode: r.zipCode,
    position: r.position,
    employer: r.employer,
    maritalStatus: r.maritalStatus,
    income: num(r.income),
    sales: num(r.sales),
    businessType: r.businessType,
    businessRelationshipPurpose: r.businessRelationshipPurpose,
    comments: r.comments,
    tags: json<{ name: string }[]>(r.tags) ?? [],
    files: (
      json<{ name: string; url: string; active: boolean; uploadedAt?: string; size?: number }[]>(r.files) ?? []
    ).map((f) => ({ name: f.name, url: f.url, active: f.active, uploadedAt: f.uploadedAt, size: f.size })),
    calculatedRisk: r.calculatedRisk,
    effectiveRisk: r.effectiveRisk,
    overwrittenRisk: r.overwrittenRisk,
    overwrittenRiskReason: r.overwrittenRiskReason,
    risk: r.risk,
    riskScore: num(r.riskScore),
    riskReasons: json<FichaViewT['riskReasons']>(r.riskReasons) ?? [],
    pepStatus: r.pepStatus,
    pepLevel: (r.pepLevel as 1 | 2 | null) ?? null,
    pepExpiration: iso(r.pepExpiration),
    status: r.status,
    identificadorFicha: r.identificadorFicha,
    personId: r.personId,
    lastDOFDate: iso(r.lastDofDate),
    listas,
    corporateStructure: json<FichaViewT['corporateStructure']>(r.corporateStructure) ?? null,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    createdBy: r.createdBy,
    updatedBy: r.updatedBy,
    deletedBy: r.deletedBy,
    deletedDate: iso(r.deletedDate),
  };
}

export function toPublicView(r: FichaRow) {
  const dniType = dniTypeOf(r);
  return {
    id: r.id,
    dni: r.dni,
    dniFormatted: dniDisplay(r.dni, dniType.document),
    dniType,
    personType: r.personType,
    fullName: fullNameOf(r),
    risk: r.risk,
    status: r.status,
  };
}

/** Fold the values of `search` conditions the way search_name is stored (case and accents ignored). */
function foldSearch(where: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!where) return where;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(where)) {
    if ((k === 'and' || k === 'or') && Array.isArray(v))
      out[k] = v.map((w) => foldSearch(w as Record<string, unknown>));
    else if (k === 'search' && typeof v === 'string') out[k] = { like: `%${foldText(v)}%` };
    else if (k === 'search' && v && typeof v === 'object')
      out[k] = Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([op, a]) => [
          op,
          typeof a === 'string' ? foldText(a.replaceAll('%', ' ')).replace(/^|$/g, '%') : a,
        ]),
      );
    else out[k] = v;
  }
  return out;
}

/** Pulls the `search` terms out of the top level of a where (and of a top-level `and`). */
function extractSearch(where: Record<string, unknown> | undefined): {
  rest: Record<string, unknown> | undefined;
  terms: string[];
} {
  if (!where) return { rest: where, terms: [] };
  const rest: Record<string, unknown> = { ...where };
  const terms: string[] = [];
  const take = (v: unknown): boolean => {
    if (typeof v === 'string') {
      terms.push(v);
      return true;
    }
    if (v && typeof v === 'object' && Object.keys(v).length === 1) {
      const [op, arg] = Object.entries(v as Record<string, unknown>)[0] ?? [];
      if ((op === 'like' || op === 'ilike' || op === 'eq') && typeof arg === 'string') {
        terms.push(arg.replaceAll('%', ' '));
        return true;
      }
    }
    return false;
  };
  if ('search' in rest && take(rest.search)) delete rest.search;
  if (Array.isArray(rest.and)) {
    rest.and = rest.and.filter((w) => {
      if (w && typeof w === 'object' && Object.keys(w).length === 1 && 'search' in w)
        return !take((w as Record<string, unknown>).search);
      return true;
    });
  }
  return { rest, terms };
}

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
interface ListCondition {
  base: Expression<SqlBool>;
  terms: string[];
}

async function resolveCondition(db: Executor, companyId: string, c: ListCondition) {
  const extra = await searchConditions(db, companyId, c.terms);
  return extra.reduce((acc, e) => sql<SqlBool>`${acc} and ${e}`, c.base);
}

function mentionsStatus(where: unknown): boolean {
  if (!where || typeof where !== 'object') return false;
  return Object.entries(where as Record<string, unknown>).some(
    ([k, v]) => k === 'status' || ((k === 'and' || k === 'or') && Array.isArray(v) && v.some(mentionsStatus)),
  );
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

/** whereToSql over FICHA_FIELDS, with the `tags` conditions (at any depth of and/or) compiled by tagCondition. */
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
    else parts.push(whereToSql({ [key]: value }, repo.FICHA_FIELDS, path));
  }
  return sql<SqlBool>`(${sql.join(parts, sql.raw(' and '))})`;
}

/**
 * The list condition: the caller's `where` over the allow-listed fields; active fichas unless `where` names a
 * status. Reading the trash (status other than active) needs the `trash` permission.
 */
function listCondition(ctx: Ctx, rawWhere: Record<string, unknown> | undefined): ListCondition {
  const { rest, terms } = extractSearch(rawWhere);
  const where = foldSearch(rest);
  if (mentionsStatus(where)) {
    const onlyActive = where?.status === 'active';
    if (!onlyActive && !can({ role: ctx.auth.role, company: ctx.auth.company }, 'trash'))
      throw new AppError('FORBIDDEN');
    return { base: fichaWhereToSql(where), terms };
  }
  return { base: fichaWhereToSql({ ...where, status: 'active' }), terms };
}

/** GET /fichas-clientes?filter= : newest first unless `order` says otherwise. */
export async function list(deps: AppDeps, ctx: Ctx, rawFilter: string | undefined, opts: { trash?: boolean } = {}) {
  const f = parseListFilter(rawFilter);
  const where = opts.trash ? { ...(f.where ?? {}), status: 'inactive' } : f.where;
  const cond = listCondition(ctx, where as Record<string, unknown> | undefined);
  const order = orderToSql(f.order, repo.FICHA_FIELDS, 'fichas.created_at desc, fichas.id desc');
  return withTenant(deps.db, ctx.companyId, async (trx) =>
    repo.listFichas(trx, ctx.companyId, await resolveCondition(trx, ctx.companyId, cond), order, f.limit, f.skip),
  );
}

/** GET /fichas-clientes/count?where= */
export async function count(deps: AppDeps, ctx: Ctx, rawWhere: string | undefined, exact = false) {
  const cond = listCondition(ctx, parseWhere(rawWhere));
  return withTenant(deps.db, ctx.companyId, async (trx) =>
    repo.countFichas(trx, ctx.companyId, await resolveCondition(trx, ctx.companyId, cond), exact),
  );
}

/** The export's cap (FICHAS_EXPORT_MAX_ROWS; tests lower it). */
export const exportLimits = { maxRows: FICHAS_EXPORT_MAX_ROWS };

/** The export's condition: the list's where (order, limit and skip are ignored), at most exportLimits.maxRows rows. */
export async function prepareExport(deps: AppDeps, ctx: Ctx, rawFilter: string | undefined) {
  const f = parseListFilter(rawFilter);
  const cond = listCondition(ctx, f.where as Record<string, unknown> | undefined);
  const n = await withTenant(deps.db, ctx.companyId, async (trx) =>
    repo.countUpTo(trx, ctx.companyId, await resolveCondition(trx, ctx.companyId, cond), exportLimits.maxRows),
  );
  if (n > exportLimits.maxRows)
    throw fichaError('FICHAS_EXPORT_TOO_MANY', 'filter', { max: exportLimits.maxRows.toLocaleString('en') });
  return { cond, count: n };
}

const EXPORT_PAGE = 1000;

/** Hands the export's rows, newest first, a page at a time (keyset), to `write`; stops at the cap. */
export async function exportRows(
  deps: AppDeps,
  ctx: Ctx,
  cond: ListCondition,
  write: (rows: { row: FichaRow; dniFormatted: string; fullName: string }[]) => void,
) {
  await withTenant(deps.db, ctx.companyId, async (trx) => {
    const where = await resolveCondition(trx, ctx.companyId, cond);
    let after: { at: string; id: string } | null = null;
    let written = 0;
    while (written < exportLimits.maxRows) {
      const limit = Math.min(EXPORT_PAGE, exportLimits.maxRows - written);
      const page = await repo.exportPage(trx, ctx.companyId, where, after, limit);
      if (page.length === 0) break;
      write(
        page.map((row) => ({
          row,
          dniFormatted: dniDisplay(row.dni, dniTypeOf(row).document),
          fullName: fullNameOf(row),
        })),
      );
      written += page.length;
      const last = page[page.length - 1] as (typeof page)[number];
      after = { at: last.cursorAt, id: last.id };
      if (page.length < limit) break;
    }
  });
}

/** Fields left out of the history's diffs: bookkeeping that changes with every write. */
const HISTORY_IGNORED = new Set(['updatedAt', 'updatedBy', 'companyId', 'searchName']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The changed fields between an audit row's before and after (objects compared by value). */
export function auditChanges(before: unknown, after: unknown) {
  const b = (json<Record<string, unknown> | null>(before) ?? {}) as Record<string, unknown>;
  const a = (json<Record<string, unknown> | null>(after) ?? {}) as Record<string, unknown>;
  const isObj = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(b) || !isObj(a)) return [{ field: 'value', before: b ?? null, after: a ?? null }];
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HISTORY_IGNORED.has(k));
  return keys
    .filter((k) => !same(b[k], a[k]))
    .filter((k) => !(b[k] == null && Object.keys(b).length === 0 && (a[k] == null || same(a[k], []))))
    .map((k) => ({ field: k, before: b[k] ?? null, after: a[k] ?? null }));
}

/** GET /fichas-clientes/{id}/history: the audit rows of the ficha and of its relationships, newest first. */
export async function history(deps: AppDeps, ctx: Ctx, id: string, limit: number, skip: number) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    await mustFind(trx, ctx.companyId, id);
    const { rows, count } = await repo.fichaHistory(trx, ctx.companyId, id, limit, skip);
    return {
      count,
      data: rows.map((r) => ({
        id: r.id,
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        userId: r.userId,
        userName: r.userName,
        createdAt: new Date(r.createdAt).toISOString(),
        changes: auditChanges(r.before, r.after),
      })),
    };
  });
}

async function mustFind(db: Executor, companyId: string, id: string) {
  const row = await repo.findFicha(db, companyId, id);
  if (!row) throw fichaError('FICHA_NOT_FOUND');
  return row;
}

export async function get(deps: AppDeps, ctx: Ctx, id: string) {
  return withTenant(deps.db, ctx.companyId, (trx) => mustFind(trx, ctx.companyId, id));
}

/** The ficha plus its related persons, the fichas it is related to, and its operations (asociados). */
export async function getWithRelations(deps: AppDeps, ctx: Ctx, id: string) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const row = await mustFind(trx, ctx.companyId, id);
    const { relatedOf } = await import('../relationships/relationships.repo');
    const down = await relatedOf(trx, ctx.companyId, id, 'down');
    const up = await relatedOf(trx, ctx.companyId, id, 'up');
    const view = (r: (typeof down)[number]) => {
      const t = json<{ document?: string }>(r.dniType) ?? {};
      return {
        relationshipId: r.relationshipId,
        relationType: r.relationType,
        participation: num(r.participation),
        fichaId: r.fichaId,
        dni: r.dni,
        dniFormatted: dniDisplay(r.dni, t.document ?? ''),
        personType: r.personType,
        fullName: fullNameOf(r),
        risk: r.risk,
        listasTotal: Number(r.listasTotal ?? 0),
      };
    };
    const relatedPersons = down.map(view);
    return {
      ...toFichaView(row),
      legalRepresentatives: relatedPersons.filter(
        (p) => p.relationType === 'representant' || p.relationType === 'both',
      ),
      relatedPersons,
      relatedTo: up.map(view),
      asociados: await fichaAssociates(trx, ctx.companyId, id),
    };
  });
}

/** The stored forms a typed dni may have (RUT, CPF, CNPJ normalisations and as typed). */
export function dniCandidates(dni: string): string[] {
  const raw = dni.trim();
  return [
    ...new Set([
      raw,
      raw.toUpperCase(),
      normalizeDocument('RUT', raw),
      normalizeDocument('CPF', raw),
      normalizeDocument('CNPJ', raw),
    ]),
  ].filter(Boolean);
}

/** GET /fichas-clientes/by-dni/{dni}: the active ficha with that document (natural first). */
export async function byDni(deps: AppDeps, ctx: Ctx, dni: string, personType?: PersonType) {
  const rows = await withTenant(deps.db, ctx.companyId, (trx) =>
    repo.findActiveByDni(trx, ctx.companyId, dniCandidates(dni), personType),
  );
  const row = rows.find((r) => r.dni === dni) ?? rows[0];
  if (!row) throw fichaError('NO_RECORDS_FOR_DNI', 'dni');
  return row;
}

export async function countLegalByDni(deps: AppDeps, ctx: Ctx, dni: string) {
  return withTenant(deps.db, ctx.companyId, (trx) => repo.countLegalByDni(trx, ctx.companyId, dniCandidates(dni)));
}

async function dismissalsOf(db: Executor, companyId: string, fichaId: string | null) {
  const map = new Map<string, Dismissal>();
  if (!fichaId) return map;
  const rows = await db
    .selectFrom('fichaMatchDismissals')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('fichaId', '=', fichaId)
    .execute();
  for (const d of rows) map.set(dismissalKey(d.listId, d.entityId), d);
  return map;
}

/** Screens a ficha's identity; a failing screening service leaves listas with error true (never blocks a save). */
export async function screenIdentity(
  deps: AppDeps,
  companyId: string,
  f: {
    dni: string;
    personType: PersonType;
    name?: string | null;
    fatherName?: string | null;
    motherName?: string | null;
    socialReason?: string | null;
    nationality?: string | null;
    birthDate?: string | Date | null;
  },
  dismissals: Map<string, Dismissal>,
  previous: FichaListasT | null,
): Promise<FichaListasT> {
  try {
    const result = await screening().screen(deps, companyId, {
      name: f.personType === 'legal' ? (f.socialReason ?? f.name ?? undefined) : (f.name ?? undefined),
      fatherName: f.personType === 'natural' ? (f.fatherName ?? undefined) : undefined,
      motherName: f.personType === 'natural' ? (f.motherName ?? undefined) : undefined,
      dni: isFileWithoutDocument(f.dni) ? undefined : f.dni,
      personType: f.personType,
      country: f.nationality ?? undefined,
      birthDate: f.birthDate ? new Date(f.birthDate).toISOString().slice(0, 10) : undefined,
    });
    // the entries themselves make the dismissal hash (a dismissal holds until the entry changes)
    for (const l of result.lists) {
      if (!l.hits.some((h) => h.entity === undefined)) continue;
      const entries = await screening()
        .listEntities(
          deps,
          l.listId,
          l.hits.map((h) => h.entityId),
        )
        .catch(() => []);
      const byId = new Map(entries.map((e) => [e.id, e]));
      l.hits = l.hits.map((h) => ({ ...h, entity: h.entity ?? byId.get(h.entityId) }));
    }
    return listasFromResult(result, dismissals, f.dni, f.personType);
  } catch {
    // keep the save: the failure is recorded in listas (error true) and the ficha can be screened again
    return failedListas(previous, f.dni, f.personType);
  }
}

/** Rejects a dni already used by an active ficha of the company (same type: exists; other type: its message). */
async function assertDniFree(db: Executor, companyId: string, dni: string, personType: PersonType, exceptId?: string) {
  if (isFileWithoutDocument(dni)) return;
  const rows = (await repo.findActiveByDni(db, companyId, [dni])).filter((r) => r.id !== exceptId);
  const other = rows.find((r) => r.personType !== personType);
  if (other) throw fichaError('FICHA_DNI_OTHER_PERSON_TYPE', 'dni', { dni, personType: other.personType });
  if (rows.length) throw fichaError('FICHA_DNI_EXISTS', 'dni', { dni });
}

function columnsToRow(c: FichaColumns) {
  const { tags, corporateStructure, ...rest } = c;
  const out: Record<string, unknown> = { ...rest };
  if (tags !== undefined) out.tags = JSON.stringify(tags);
  if (corporateStructure !== undefined)
    out.corporateStructure = corporateStructure === null ? null : JSON.stringify(corporateStructure);
  return out;
}

/** POST /fichas-clientes: validates, screens, stores, rates the risk and audits, in one transaction. */
export async function create(deps: AppDeps, ctx: Ctx, body: FichaFieldsInput, trxIn?: Transaction<Database>) {
  const personType = body.personType;
  const { dni, dniType } = resolveDocument(body, personType, body.nationality ?? ctx.auth.company?.country);
  const cols = resolveFields(body, personType);
  assertRequired({ personType, name: cols.name, socialReason: cols.socialReason });
  const identity = { ...cols, dni, personType };
  // inside a caller's transaction (a related person created on the fly) the screening waits for a job
  const listas = trxIn ? null : await screenIdentity(deps, ctx.companyId, identity, new Map(), null);
  const run = async (trx: Transaction<Database>) => {
    await assertDniFree(trx, ctx.companyId, dni, personType);
    const row = await repo.insertFicha(trx, {
      ...(columnsToRow(cols) as object),
      companyId: ctx.companyId,
      dni,
      dniType: JSON.stringify(dniType),
      personType,
      searchName: searchNameOf({ ...cols, dni, personType }),
      listas: listas ? JSON.stringify(listas) : null,
      listasTotal: listas?.total ?? 0,
      riskReasons: JSON.stringify([]),
      createdBy: ctx.auth.userId,
      updatedBy: ctx.auth.userId,
    } as Parameters<typeof repo.insertFicha>[1]);
    const rated = (await risk.recalculate(trx, ctx.companyId, row.id)) ?? row;
    if (!listas)
      await deps.queue.enqueue(
        trx,
        'fichas.screen',
        { companyId: ctx.companyId, fichaId: row.id },
        { companyId: ctx.companyId },
      );
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.created',
      entity: 'ficha',
      entityId: row.id,
      after: toFichaView(rated),
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return rated;
  };
  if (trxIn) return run(trxIn);
  try {
    return await withTenant(deps.db, ctx.companyId, run);
  } catch (err) {
    // two concurrent creates of the same dni: the unique index answers, with the same message
    if ((err as { code?: string }).code === '23505') throw fichaError('FICHA_DNI_EXISTS', 'dni', { dni });
    throw err;
  }
}

/** The identity a patch would leave (for screening before the transaction); validation errors surface here. */
function mergedIdentity(before: FichaRow, body: z.infer<typeof FichaPatchBody>) {
  const input = { ...body } as Partial<FichaFieldsInput>;
  const cols = resolveFields(input, before.personType);
  let dni = before.dni;
  if (Object.hasOwn(input, 'dni') || Object.hasOwn(input, 'dniType')) {
    const t = dniTypeOf(before);
    dni = resolveDocument(
      { dni: input.dni ?? before.dni, dniType: { ...t, ...(input.dniType ?? {}) } },
      before.personType,
      t.country,
    ).dni;
  }
  return { ...before, ...cols, dni, personType: before.personType };
}

function identityChanged(before: FichaRow, next: Record<string, unknown>) {
  return SCREENING_FIELDS.some((k) => {
    const a = next[k];
    const b = (before as Record<string, unknown>)[k];
    const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? '' : String(v));
    return norm(a) !== norm(b);
  });
}

/** Fields that trigger a new screening when they change. */
const SCREENING_FIELDS = [
  'dni',
  'name',
  'fatherName',
  'motherName',
  'socialReason',
  'fantasyName',
  'birthDate',
  'nationality',
] as const;

/**
 * PATCH /fichas-clientes/{id} (screen again when an identity field changed) and /no-lists/{id} (never screen).
 * Audit fields, status, risk, listas, files and the record identity (id, companyId, personType) are ignored.
 */
export async function patch(
  deps: AppDeps,
  ctx: Ctx,
  id: string,
  body: z.infer<typeof FichaPatchBody>,
  opts: { screen: boolean; action?: string },
) {
  // Screening reads the lists module (its own queries): it runs before the change's transaction, never inside
  // it (PGlite has one connection). The identity is resolved twice: once to screen, once in the transaction.
  let screened: FichaListasT | undefined;
  if (opts.screen) {
    const { before, dismissals } = await withTenant(deps.db, ctx.companyId, async (trx) => ({
      before: await mustFind(trx, ctx.companyId, id),
      dismissals: await dismissalsOf(trx, ctx.companyId, id),
    }));
    const next = mergedIdentity(before, body);
    if (identityChanged(before, next)) {
      screened = await screenIdentity(deps, ctx.companyId, next, dismissals, json<FichaListasT | null>(before.listas));
    }
  }
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const before = await mustFind(trx, ctx.companyId, id);
    const personType = before.personType;
    const input = { ...body } as Partial<FichaFieldsInput>;
    const cols = resolveFields(input, personType);
    let dni = before.dni;
    let dniType = dniTypeOf(before);
    if (Object.hasOwn(input, 'dni') || Object.hasOwn(input, 'dniType')) {
      const resolved = resolveDocument(
        { dni: input.dni ?? before.dni, dniType: { ...dniType, ...(input.dniType ?? {}) } },
        personType,
        dniType.country,
      );
      dni = resolved.dni;
      dniType = resolved.dniType;
      if (dni !== before.dni) await assertDniFree(trx, ctx.companyId, dni, personType, id);
    }
    const merged = { ...before, ...cols, dni, personType };
    assertRequired(merged);
    const update: Record<string, unknown> = {
      ...columnsToRow(cols),
      dni,
      dniType: JSON.stringify(dniType),
      searchName: searchNameOf(merged),
      updatedBy: ctx.auth.userId,
    };
    if (screened && identityChanged(before, merged)) {
      update.listas = JSON.stringify(screened);
      update.listasTotal = screened.total;
    }
    await repo.updateFicha(trx, ctx.companyId, id, update);
    await risk.recalculateWithParents(trx, ctx.companyId, id);
    const after = await mustFind(trx, ctx.companyId, id);
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: opts.action ?? 'ficha.updated',
      entity: 'ficha',
      entityId: id,
      before: toFichaView(before),
      after: toFichaView(after),
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return after;
  });
}

/**
 * PUT /fichas-clientes/{id}: replaces only the allowed fields (name, fatherName, motherName for a natural
 * person; socialReason for a legal one). An unexpected failure answers FICHA_UPDATE_FAILED, the spec's fallback.
 */
export async function replace(deps: AppDeps, ctx: Ctx, id: string, body: Record<string, unknown>) {
  const row = await get(deps, ctx, id);
  const allowed =
    row.personType === 'natural'
      ? { name: body.name ?? null, fatherName: body.fatherName ?? null, motherName: body.motherName ?? null }
      : { socialReason: body.socialReason ?? null };
  try {
    return await patch(deps, ctx, id, allowed as z.infer<typeof FichaPatchBody>, {
      screen: true,
      action: 'ficha.replaced',
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fichaError('FICHA_UPDATE_FAILED');
  }
}

/** PATCH /fichas-clientes/soft-delete: to the trash, with the operations where they are associates. */
export async function softDelete(deps: AppDeps, ctx: Ctx, ids: string[]) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const unique = [...new Set(ids)];
    const found = await repo.findFichas(trx, ctx.companyId, unique);
    if (found.length !== unique.length) throw fichaError('FICHA_NOT_FOUND', 'fichasIds');
    const rows = await repo.setStatus(trx, ctx.companyId, unique, 'active', {
      status: 'inactive',
      deletedBy: ctx.auth.userId,
      deletedDate: new Date(),
      updatedBy: ctx.auth.userId,
    });
    const moved = rows.map((r) => r.id);
    await emitFichas('softDeleted', { trx, companyId: ctx.companyId, fichaIds: moved, userId: ctx.auth.userId });
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.softDeleted',
      entity: 'ficha',
      entityId: moved.join(','),
      after: { fichasIds: moved },
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return { count: moved.length, fichasIds: moved };
  });
}

/** PATCH /fichas-clientes/restore: back from the trash, unless an active ficha took the dni meanwhile. */
export async function restore(deps: AppDeps, ctx: Ctx, ids: string[]) {
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const unique = [...new Set(ids)];
    const found = await repo.findFichas(trx, ctx.companyId, unique);
    if (found.length !== unique.length) throw fichaError('FICHA_NOT_FOUND', 'fichasIds');
    for (const f of found)
      if (f.status === 'inactive') await assertDniFree(trx, ctx.companyId, f.dni, f.personType, f.id);
    const rows = await repo.setStatus(trx, ctx.companyId, unique, 'inactive', {
      status: 'active',
      deletedBy: null,
      deletedDate: null,
      updatedBy: ctx.auth.userId,
    });
    const restored = rows.map((r) => r.id);
    await emitFichas('restored', { trx, companyId: ctx.companyId, fichaIds: restored, userId: ctx.auth.userId });
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.restored',
      entity: 'ficha',
      entityId: restored.join(','),
      after: { fichasIds: restored },
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return { count: restored.length, fichasIds: restored };
  });
}

/** POST /fichas-clientes/{id}: permanent delete; the audit row keeps the whole record. */
export async function hardDelete(deps: AppDeps, ctx: Ctx, id: string) {
  const files = await withTenant(deps.db, ctx.companyId, async (trx) => {
    const before = await mustFind(trx, ctx.companyId, id);
    await emitFichas('hardDeleted', { trx, companyId: ctx.companyId, fichaIds: [id], userId: ctx.auth.userId });
    await repo.deleteFicha(trx, ctx.companyId, id);
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.hardDeleted',
      entity: 'ficha',
      entityId: id,
      before: toFichaView(before),
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return json<{ path?: string }[]>(before.files) ?? [];
  });
  const { removeStoredFiles } = await import('../ficha-files/ficha-files.service');
  await removeStoredFiles(
    deps,
    files.map((f) => f.path).filter((p): p is string => !!p),
    ctx.companyId,
  );
  return { count: 1, fichasIds: [id] };
}

/** PATCH /fichas-clientes/{id}/risk: an administrator overwrites (or clears) the risk, with a reason. */
export async function overwriteRisk(
  deps: AppDeps,
  ctx: Ctx,
  id: string,
  level: 'low' | 'medium' | 'high' | null,
  reason: string,
) {
  if (ctx.auth.role !== 'admin' && ctx.auth.role !== 'adminNoUser') throw fichaError('RISK_OVERWRITE_ADMIN_ONLY');
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const before = await mustFind(trx, ctx.companyId, id);
    await repo.updateFicha(trx, ctx.companyId, id, {
      overwrittenRisk: level,
      overwrittenRiskReason: level ? reason : null,
      risk: level ?? before.effectiveRisk ?? before.calculatedRisk,
      updatedBy: ctx.auth.userId,
    });
    await risk.recalculateWithParents(trx, ctx.companyId, id);
    const after = await mustFind(trx, ctx.companyId, id);
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.risk.overwritten',
      entity: 'ficha',
      entityId: id,
      before: { overwrittenRisk: before.overwrittenRisk, risk: before.risk },
      after: { overwrittenRisk: level, reason, risk: after.risk },
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return after;
  });
}

/** POST /fichas-clientes/{id}/screen: screens the ficha now and updates its risk. */
export async function screenNow(deps: AppDeps, ctx: Ctx, id: string) {
  const { row0, dismissals } = await withTenant(deps.db, ctx.companyId, async (trx) => ({
    row0: await mustFind(trx, ctx.companyId, id),
    dismissals: await dismissalsOf(trx, ctx.companyId, id),
  }));
  const listas = await screenIdentity(deps, ctx.companyId, row0, dismissals, json(row0.listas));
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    await mustFind(trx, ctx.companyId, id);
    await repo.updateFicha(trx, ctx.companyId, id, { listas: JSON.stringify(listas), listasTotal: listas.total });
    await risk.recalculateWithParents(trx, ctx.companyId, id);
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.screened',
      entity: 'ficha',
      entityId: id,
      after: { total: listas.total, error: listas.error },
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return mustFind(trx, ctx.companyId, id);
  });
}

/**
 * POST /fichas-clientes/{id}/matches/{listId}/{entityId}/dismiss: a false positive, with a reason. The hit stops
 * counting and alerting until the list entry changes (its hash).
 */
export async function dismissMatch(
  deps: AppDeps,
  ctx: Ctx,
  id: string,
  listId: string,
  entityId: string,
  reason: string,
) {
  const { applyDismissal } = await import('./listas');
  return withTenant(deps.db, ctx.companyId, async (trx) => {
    const row = await mustFind(trx, ctx.companyId, id);
    const listas = json<FichaListasT | null>(row.listas);
    const hit = listas?.lists.find((l) => l.listId === listId)?.hits.find((h) => h.entityId === entityId);
    if (!listas || !hit?.entryHash) throw fichaError('MATCH_NOT_FOUND');
    const d = { listId, entityId, entryHash: hit.entryHash, reason };
    await trx
      .insertInto('fichaMatchDismissals')
      .values({
        companyId: ctx.companyId,
        fichaId: id,
        listId,
        entityId,
        entryHash: hit.entryHash,
        reason,
        dismissedBy: ctx.auth.userId,
      })
      .onConflict((oc) =>
        oc
          .columns(['companyId', 'fichaId', 'listId', 'entityId'])
          .doUpdateSet({ entryHash: hit.entryHash ?? '', reason, dismissedBy: ctx.auth.userId }),
      )
      .execute();
    const next = applyDismissal(listas, d);
    await repo.updateFicha(trx, ctx.companyId, id, { listas: JSON.stringify(next), listasTotal: next.total });
    await risk.recalculateWithParents(trx, ctx.companyId, id);
    await insertAudit(trx, {
      companyId: ctx.companyId,
      userId: ctx.auth.userId,
      action: 'ficha.match.dismissed',
      entity: 'ficha',
      entityId: id,
      after: d,
      ip: ctx.ip,
      requestId: ctx.requestId,
    });
    return mustFind(trx, ctx.companyId, id);
  });
}

/** The where of GET /informes/fichasPersonas*: query parameters as filter fields. */
export function informeWhere(q: {
  personType?: string;
  status?: string;
  risk?: string;
  search?: string;
  from?: string;
  to?: string;
  tag?: string;
  pepStatus?: string;
}) {
  const and: Record<string, unknown>[] = [];
  if (q.personType) and.push({ personType: q.personType });
  and.push({ status: q.status ?? 'active' });
  if (q.risk) and.push({ risk: q.risk });
  if (q.search) and.push({ search: q.search });
  if (q.from) and.push({ createdAt: { gte: q.from } });
  if (q.to) and.push({ createdAt: { lte: q.to } });
  if (q.tag) and.push({ tags: q.tag });
  if (q.pepStatus) and.push({ pepStatus: q.pepStatus });
  return { and };
}

export async function informeSummary(deps: AppDeps, ctx: Ctx, q: Parameters<typeof informeWhere>[0]) {
  const cond = listCondition(ctx, informeWhere(q));
  return withTenant(deps.db, ctx.companyId, async (trx) =>
    repo.summary(trx, ctx.companyId, await resolveCondition(trx, ctx.companyId, cond)),
  );
}

export async function informeList(
  deps: AppDeps,
  ctx: Ctx,
  q: Parameters<typeof informeWhere>[0] & { limit?: number; skip?: number },
) {
  const filter = JSON.stringify({ where: informeWhere(q), limit: q.limit ?? 25, skip: q.skip ?? 0 });
  const rows = await list(deps, ctx, filter);
  const c = await count(deps, ctx, JSON.stringify(informeWhere(q)));
  return { data: rows.map(toFichaView), count: c.count };
}

export { FichaView };

/** Job: screens a ficha created inside another change's transaction (related persons), then rates it. */
export async function screenJob(deps: AppDeps, companyId: string, fichaId: string) {
  const found = await withTenant(deps.db, companyId, async (trx) => ({
    row: await repo.findFicha(trx, companyId, fichaId),
    dismissals: await dismissalsOf(trx, companyId, fichaId),
  }));
  if (!found.row || found.row.status !== 'active') return;
  const listas = await screenIdentity(deps, companyId, found.row, found.dismissals, json(found.row.listas));
  await withTenant(deps.db, companyId, async (trx) => {
    await repo.updateFicha(trx, companyId, fichaId, { listas: JSON.stringify(listas), listasTotal: listas.total });
    await risk.recalculateWithParents(trx, companyId, fichaId);
  });
}
