import { parseListDate } from '../parsers/dates';
import { countryCode } from '../text/countries';
import { normalizeIdentifier } from '../text/normalize';
import type { EntitySchema, Explanation, ListEntity, ScreeningQuery } from '../types';
import { round } from './names.compare';

/** Score factor when the birth dates conflict (different years, more than one apart). */
export const DOB_CONFLICT_FACTOR = 0.8;
/** Score factor when nationality/country sets do not intersect. */
export const COUNTRY_CONFLICT_FACTOR = 0.92;
const SCHEMA_CONFLICT_FACTOR = 0.8;

const ORG_LIKE = new Set<EntitySchema>(['Company', 'Organization']);

function schemaConflict(a: EntitySchema, b: EntitySchema): boolean {
  if (a === 'Unknown' || b === 'Unknown' || a === b) return false;
  if (ORG_LIKE.has(a) && ORG_LIKE.has(b)) return false;
  return true;
}

/** Compares 'YYYY[-MM[-DD]]' values: match when compatible at their common precision, close within one year. */
export function compareDates(q: string, candidates: string[]): 'match' | 'close' | 'conflict' {
  let best: 'match' | 'close' | 'conflict' = 'conflict';
  for (const c of candidates) {
    const n = Math.min(q.length, c.length);
    if (n >= 4 && q.slice(0, n) === c.slice(0, n)) return 'match';
    const dy = Math.abs(Number(q.slice(0, 4)) - Number(c.slice(0, 4)));
    if (dy <= 1) best = 'close';
  }
  return best;
}

/** Identifier values of a query, normalised (dots, hyphens, slashes, spaces stripped; upper case). */
export function queryIdentifiers(q: ScreeningQuery): string[] {
  return (q.identifiers ?? []).map((i) => normalizeIdentifier(i.value)).filter((v) => v.length >= 4);
}

/**
 * Adjusts a name score with the other evidence: an identical identifier decides (score 1); a conflicting
 * birth date, country or schema lowers the score; a matching birth date or country raises it a little.
 */
export function applyEvidence(
  nameScore: number,
  explanation: Explanation,
  q: ScreeningQuery,
  e: ListEntity,
  qIds: string[],
): number {
  let score = nameScore;
  if (qIds.length && e.identifiers?.length) {
    for (const id of e.identifiers) {
      const v = normalizeIdentifier(id.value);
      if (id.type === 'cpf-partial') continue;
      if (v.length >= 4 && qIds.includes(v)) {
        explanation.identifier = { type: id.type, value: id.value, result: 'match' };
        explanation.summary = `identifier ${id.type} ${id.value} identical; ${explanation.summary}`;
        return 1;
      }
    }
    // Masked CPF of the Brazil PEP list (***456789**): the six middle digits support or contradict.
    const partial = e.identifiers.find((i) => i.type === 'cpf-partial');
    const cpf = qIds.find((v) => /^\d{11}$/.test(v));
    if (partial && cpf) {
      if (cpf.slice(3, 9) === partial.value) score = Math.min(1, score + 0.05);
      else score *= DOB_CONFLICT_FACTOR;
    }
  }
  const qDob = q.birthDate ? (parseListDate(q.birthDate)[0] ?? q.birthDate.trim()) : '';
  if (qDob && e.birthDates?.length) {
    const r = compareDates(qDob, e.birthDates);
    explanation.birthDate = { query: qDob, candidate: e.birthDates, result: r };
    if (r === 'match') score = Math.min(1, score + 0.03);
    else if (r === 'conflict') score *= DOB_CONFLICT_FACTOR;
  }
  if (q.countries?.length && e.countries?.length) {
    const qc = q.countries.map(countryCode);
    const hit = qc.some((c) => e.countries?.includes(c));
    explanation.country = { query: qc, candidate: e.countries, result: hit ? 'match' : 'conflict' };
    if (hit) score = Math.min(1, score + 0.02);
    else score *= COUNTRY_CONFLICT_FACTOR;
  }
  const qs = q.schema ?? 'Unknown';
  if (schemaConflict(qs, e.schema)) {
    explanation.schema = { query: qs, candidate: e.schema, result: 'conflict' };
    score *= SCHEMA_CONFLICT_FACTOR;
  }
  const notes: string[] = [];
  if (explanation.birthDate) notes.push(`birth date ${explanation.birthDate.result}`);
  if (explanation.country) notes.push(`country ${explanation.country.result}`);
  if (explanation.schema) notes.push(`type ${qs} vs ${e.schema}`);
  if (notes.length) explanation.summary += `; ${notes.join('; ')}`;
  return round(score);
}
