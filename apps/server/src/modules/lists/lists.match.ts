import {
  countryCode,
  DEFAULT_THRESHOLD,
  type EntitySchema,
  type ListEntity,
  type ScreeningHit,
  type ScreeningQuery,
} from '@regcheck/screening';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller } from '../../plugins/context';
import { findCompany } from '../companies';
import { currentState } from './lists.index';
import { entriesByIds } from './public-lists.service';

/*
 * Asking the screening index of the lists: the question (a person or company by name parts and/or document) and
 * the answer (the candidate entries with score and explanation). The screening of the search module asks every
 * list this way; GET /{ofac|onu}/match asks one.
 */

/** A person or company as the index is asked about it. */
export interface IndexQuery {
  name?: string;
  fatherName?: string;
  motherName?: string;
  dni?: string;
  personType?: 'natural' | 'legal';
  /** ISO alpha-2 code (or a country name) of the person's country or nationality */
  country?: string;
  /** YYYY, YYYY-MM or YYYY-MM-DD */
  birthDate?: string;
}

/** One entry of a list found by the index, with its score (0 to 1) and the explanation of what matched. */
export interface ListHit {
  entityId: string;
  name: string;
  matchedName: string;
  score: number;
  explanation: ScreeningHit['explanation'];
  /** the list entry (not sent by the HTTP answers; fichas hash it to remember a dismissed match) */
  entity?: ListEntity;
}

/** The engine's query of a person or company. */
export function indexQuery(q: IndexQuery): ScreeningQuery {
  const schema: EntitySchema | undefined =
    q.personType === 'legal' ? 'Company' : q.personType === 'natural' ? 'Person' : undefined;
  const out: ScreeningQuery = {};
  if (q.name?.trim()) out.name = q.name.trim();
  if (q.fatherName?.trim()) out.fatherName = q.fatherName.trim();
  if (q.motherName?.trim()) out.motherName = q.motherName.trim();
  if (schema) out.schema = schema;
  if (q.dni?.trim()) out.identifiers = [{ value: q.dni.trim() }];
  if (q.birthDate) out.birthDate = q.birthDate;
  if (q.country?.trim()) out.countries = [countryCode(q.country.trim())];
  return out;
}

/** An engine hit as the answers carry it. */
export function listHit(h: ScreeningHit): ListHit {
  return {
    entityId: h.entityId,
    name: h.name,
    matchedName: h.matchedName,
    score: h.score,
    explanation: h.explanation,
    entity: h.entity,
  };
}

/** The score from which a candidate is a coincidence: the company's `screeningThreshold`, else the engine's default. */
export function thresholdOf(settings: unknown): number {
  const t = (settings as { screeningThreshold?: unknown } | null | undefined)?.screeningThreshold;
  return typeof t === 'number' ? t : DEFAULT_THRESHOLD;
}

/** The screening threshold of a company (the engine's default for a caller without one). */
export async function companyThreshold(deps: AppDeps, companyId: string | null) {
  const company = companyId ? await findCompany(deps.db, companyId) : undefined;
  return thresholdOf(company?.settings);
}

const MATCH_FIELDS = ['name', 'fatherName', 'motherName', 'dni', 'rut', 'personType', 'country', 'birthDate'];
/** The longest name part and document the match takes (as the individual search). */
const MAX_NAME = 300;
const MAX_DNI = 40;

/** A 400 naming the `where` field, with its reason from the screening catalogue in the caller's language. */
const badField = (k: string, reason: string, params: Record<string, unknown> = {}) =>
  new AppError('VALIDATION_ERROR', {
    field: `where.${k}`,
    messageKey: `screening:errors.${reason}`,
    params: { field: `where.${k}`, ...params },
  });

/** The `where` of a match checked field by field: every wrong type, length or format is a 400 naming it. */
export function matchQuery(where: Record<string, unknown> | undefined): IndexQuery {
  const w = where ?? {};
  for (const k of Object.keys(w)) if (!MATCH_FIELDS.includes(k)) throw badField(k, 'matchUnknownField');
  const text = (k: string, max: number) => {
    const v = w[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isFinite(v) && (k === 'dni' || k === 'rut')) return String(v);
    if (typeof v !== 'string' || v.length > max) throw badField(k, 'matchText', { max });
    return v.trim() || undefined;
  };
  const personType = text('personType', 10);
  if (personType !== undefined && personType !== 'natural' && personType !== 'legal')
    throw badField('personType', 'matchPersonType');
  const country = text('country', 2);
  if (country !== undefined && !/^[A-Za-z]{2}$/.test(country)) throw badField('country', 'matchCountry');
  const birthDate = text('birthDate', 10);
  if (birthDate !== undefined && !/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/.test(birthDate))
    throw badField('birthDate', 'matchBirthDate');
  const query: IndexQuery = {
    name: text('name', MAX_NAME),
    fatherName: text('fatherName', MAX_NAME),
    motherName: text('motherName', MAX_NAME),
    dni: text('dni', MAX_DNI) ?? text('rut', MAX_DNI),
    personType: personType as IndexQuery['personType'],
    country: country?.toUpperCase(),
    birthDate,
  };
  if (!query.name && !query.fatherName && !query.motherName && !query.dni) throw badField('name', 'nameOrDocument');
  return query;
}

/**
 * GET /{ofac|onu}/match?filter={"where":{"name":...,"dni":...}}: the list's entries matching a name and/or
 * document, best first, with score and explanation, at the caller's company's threshold. A name made only of
 * punctuation or emoji finds nothing (an empty array), never an error.
 */
export async function matchList(
  deps: AppDeps,
  caller: Caller,
  listId: string,
  where: Record<string, unknown> | undefined,
  limit: number,
) {
  const query = matchQuery(where);
  const threshold = await companyThreshold(deps, caller.companyId);
  const hits = currentState().index.search(indexQuery(query), { threshold, limit, lists: [listId] });
  const entries = await entriesByIds(
    deps,
    listId,
    hits.map((h) => h.entityId),
  );
  return hits.flatMap((h) => {
    const entry = entries.get(h.entityId);
    return entry ? [{ ...listHit(h), listId, entry }] : [];
  });
}
