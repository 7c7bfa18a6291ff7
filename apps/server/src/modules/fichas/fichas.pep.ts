import { normalizeIdentifier } from '@regcheck/screening';
import {
  derivePepStatus,
  jointOwnershipMakesPep,
  notPep,
  type PepDerived,
  type PepSourceInput,
  pepYearsOf,
  samePepStatus,
} from '@regcheck/shared';
import type { FichaRow } from '../../db/tables/fichas.tables';
import type { Executor } from '../../db/tenant';
import { type AuditActor, type AuditEvent, auditMany } from '../../lib/audit';
import { canonicalJson } from '../../lib/canonical-json';
import type { Caller } from '../../plugins/context';
import * as pepRepo from './fichas.pep.repo';
import * as relations from './fichas.relations.repo';
import * as repo from './fichas.repo';
import { fullNameOf } from './fichas.validation';

/*
 * One PEP truth per person (issue 24, point 1; decisions 170 to 172). The sources of each ficha are read here, the
 * status is derived by the one pure rule of packages/shared (`derivePepStatus`) and stored on the ficha
 * (`pep_status`, `pep_level`, `pep_expiration`, `pep_detail`), which is what the risk rating, the forms required, the
 * enhanced due diligence, the screens and the reports read. A change is audited `ficha.pep.changed` (the ficha's
 * history puts it in words) with its cause. The rating calls `refreshPep` first (every create, edit, relationship
 * change, screening); the jobs of fichas.pep.jobs.ts call it when an expiry passes, the register changes or a
 * related ficha's status changes.
 */

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const day = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString().slice(0, 10) : null);
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Why a ficha's PEP status was computed again (said in words by the history). */
export type PepCause =
  | 'fichaUpdated'
  | 'registerChanged'
  | 'relationChanged'
  | 'expired'
  | 'confirmed'
  | 'formSigned'
  | 'settingChanged'
  | 'backfill'
  /** a tied person (spouse, relative, associate, co-owner or the company held) went to the trash (decision 220) */
  | 'tiedTrashed'
  /** a tied person came back from the trash (decision 220) */
  | 'tiedRestored'
  /** a tied person was deleted for good (decision 220) */
  | 'tiedDeleted';

/** The company's years after office (its setting, else its country's default). */
export async function pepYearsOfCompany(db: Executor, companyId: string): Promise<number> {
  return (await pepRulesOfCompany(db, companyId)).years;
}

/** The company's PEP rule: its years after office and its country (whose rule says who is a close associate). */
export async function pepRulesOfCompany(db: Executor, companyId: string) {
  const { settings, country } = await relations.companyRulesOf(db, companyId);
  return { years: pepYearsOf(json(settings), country), country };
}

function registerSource(p: pepRepo.RegisterSourceRow, kind: 'register' | 'registerConfirmed'): PepSourceInput {
  const related = p.pepLevel === 2;
  return {
    kind,
    level: related ? 2 : 1,
    position: related ? p.primaryPosition : p.position,
    institution: related ? p.primaryInstitution : p.institution,
    since: related ? p.primaryOfficeStart : p.officeStart,
    officeEnd: related ? p.primaryOfficeEnd : p.officeEnd,
    until: p.pepExpiration,
    relation: related ? p.relation : null,
    relatedName: related ? p.primaryName : null,
    refId: p.id,
  };
}

type FormRelationRow = { pepName?: unknown; position?: unknown; institution?: unknown; relationType?: unknown };
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** What a signed PEP form states: PEP (level 1) when it answers "yes" to being one; a relative when "yes" to that. */
export function formSources(form: { id: string; data: unknown }): PepSourceInput[] {
  const d = json<Record<string, unknown> | null>(form.data) ?? {};
  const rows = (Array.isArray(d.relations) ? d.relations : []) as FormRelationRow[];
  const own = rows.find((r) => r.relationType === 'self');
  const other = rows.find((r) => r.relationType !== 'self');
  const out: PepSourceInput[] = [];
  if (d.isPep === 'yes')
    out.push({
      kind: 'form',
      level: 1,
      position: str(own?.position),
      institution: str(own?.institution),
      refId: form.id,
    });
  if (d.isRelated === 'yes')
    out.push({
      kind: 'form',
      level: 2,
      position: str(other?.position),
      institution: str(other?.institution),
      relation: str(other?.relationType),
      relatedName: str(other?.pepName),
      refId: form.id,
    });
  return out;
}

/** A level-2 source from a direct PEP this ficha is tied to: the PEP's office, their end, their name. */
function tiedToPep(n: pepRepo.PepRelationRow | pepRepo.JointOwnerRow) {
  const d = json<PepDerived | null>(n.pepDetail);
  return {
    level: 2 as const,
    position: d?.position ?? null,
    institution: d?.institution ?? null,
    since: d?.since ?? null,
    until: day(n.pepExpiration),
    relatedName: fullNameOf(n),
    refId: n.otherId,
  };
}

/**
 * Every source of these fichas' PEP status, by ficha. `country` is the company's: in Brazil a natural person who holds
 * a legal person together with a PEP is the PEP's close associate (decision 196).
 */
export async function pepSourcesOf(db: Executor, companyId: string, rows: FichaRow[], country: string | null) {
  const out = new Map<string, PepSourceInput[]>(rows.map((r) => [r.id, []]));
  const push = (id: string, s: PepSourceInput) => out.get(id)?.push(s);
  // the ficha's own declaration
  for (const r of rows)
    if (r.pepDeclaredStatus)
      push(r.id, {
        kind: 'declaration',
        level: r.pepDeclaredStatus === 'direct' ? 1 : 2,
        until: day(r.pepDeclaredExpiration),
        // a declared PEP's position and employer are the ficha's own
        position: r.pepDeclaredStatus === 'direct' ? r.position : null,
        institution: r.pepDeclaredStatus === 'direct' ? r.employer : null,
      });
  // the register, by document
  const keyOf = (r: FichaRow) => normalizeIdentifier(r.dni);
  const countryOf = (r: FichaRow) => json<{ country?: string } | null>(r.dniType)?.country ?? null;
  const keys = [...new Set(rows.map(keyOf).filter((k) => k.length >= 5))];
  const people = await pepRepo.registerByDniKeys(db, keys);
  const confirmed = await pepRepo.confirmedRegister(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    const seen = new Set<string>();
    for (const p of people) {
      const c = countryOf(r);
      if (p.dniKey !== keyOf(r) || (c && c !== p.country)) continue;
      seen.add(p.id);
      push(r.id, registerSource(p, 'register'));
    }
    // or by a name match an officer confirmed
    for (const p of confirmed.get(r.id) ?? []) if (!seen.has(p.id)) push(r.id, registerSource(p, 'registerConfirmed'));
  }
  // a signed PEP form
  const forms = await pepRepo.signedPepForms(db, companyId, rows);
  for (const [id, f] of forms) for (const s of formSources(f)) push(id, s);
  // a relation to a PEP: spouse or partner, relative, associate of a ficha that is a PEP itself (level 1)
  const rels = await pepRepo.pepRelations(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  for (const [id, list] of rels)
    for (const n of list) {
      if (n.pepStatus !== 'direct') continue;
      push(id, { kind: 'relation', ...tiedToPep(n), relation: n.relationType });
    }
  // Brazil: a close associate by holding a legal person together with a direct PEP (decision 196)
  if (jointOwnershipMakesPep(country)) {
    const natural = rows.filter((r) => r.personType === 'natural').map((r) => r.id);
    for (const [id, list] of await pepRepo.pepJointOwners(db, companyId, natural))
      for (const n of list) {
        push(id, { kind: 'jointOwnership', ...tiedToPep(n), relation: 'jointOwnership', through: n.legalName });
      }
  }
  return out;
}

/** What a history line says of a status. */
function summary(p: PepDerived | null) {
  if (!p) return { state: 'none' };
  return {
    state: p.state,
    status: p.status,
    level: p.level,
    until: p.until,
    position: p.position,
    institution: p.institution,
    source: p.source,
    relation: p.relation,
    relatedName: p.relatedName,
    through: p.through ?? null,
  };
}

/** The status stored before `pep_detail` existed (a ficha not yet computed), read from its columns. */
function storedOf(r: FichaRow): PepDerived | null {
  const d = json<PepDerived | null>(r.pepDetail);
  if (d) return d;
  if (!r.pepStatus) return null;
  return {
    status: r.pepStatus,
    level: (r.pepLevel as 1 | 2 | null) ?? (r.pepStatus === 'direct' ? 1 : 2),
    state: 'pep',
    until: day(r.pepExpiration),
    since: null,
    position: null,
    institution: null,
    source: 'declaration',
    relation: null,
    relatedName: null,
    through: null,
    years: 0,
    computedOn: '',
    sources: [],
  };
}

export interface RefreshOptions {
  years?: number;
  /** the company's country (the close-associate rule, decision 196); read with the years when not given */
  country?: string | null;
  today?: string;
}

/**
 * Derives and stores the PEP status of these fichas (rows or ids) and audits each change as `ficha.pep.changed`
 * with its cause. Answers the ids whose status changed (what a reader would see: status, dates, position, source).
 * Idempotent.
 */
export async function refreshPep(
  db: Executor,
  companyId: string,
  fichas: string[] | FichaRow[],
  who: Caller | AuditActor,
  cause: PepCause,
  opts: RefreshOptions = {},
): Promise<string[]> {
  if (!fichas.length) return [];
  const rows =
    typeof fichas[0] === 'string'
      ? await repo.findFichas(db, companyId, [...new Set(fichas as string[])])
      : (fichas as FichaRow[]);
  if (!rows.length) return [];
  const rules = opts.years === undefined || opts.country === undefined ? await pepRulesOfCompany(db, companyId) : null;
  const years = opts.years ?? rules?.years ?? 0;
  const country = opts.country === undefined ? (rules?.country ?? null) : opts.country;
  const today = opts.today ?? todayUtc();
  const sources = await pepSourcesOf(db, companyId, rows, country);
  const changed: string[] = [];
  const events: AuditEvent[] = [];
  const stores: Parameters<typeof pepRepo.storePeps>[2] = [];
  for (const r of rows) {
    const derived = derivePepStatus(sources.get(r.id) ?? [], today, years);
    const was = storedOf(r);
    const detail = JSON.stringify(derived);
    const same = samePepStatus(was, derived) && (was?.state ?? 'none') === derived.state;
    // compared by content: PostgreSQL's jsonb gives the stored keys back in an order of its own, so comparing the
    // texts found every stored status stale and wrote it again at each refresh
    const pepExpiration = derived.until ? new Date(`${derived.until}T00:00:00Z`) : null;
    const stale =
      canonicalJson(json(r.pepDetail)) !== canonicalJson(derived) ||
      r.pepStatus !== derived.status ||
      (r.pepLevel ?? null) !== derived.level ||
      (r.pepExpiration ? new Date(r.pepExpiration).getTime() : null) !== (pepExpiration?.getTime() ?? null);
    if (!same || stale)
      stores.push({
        fichaId: r.id,
        pepStatus: derived.status,
        pepLevel: derived.level,
        pepExpiration,
        pepDetail: detail,
      });
    if (same) continue;
    // a ficha that never was PEP and is not one is no news
    if (!was && derived.state === 'none') continue;
    changed.push(r.id);
    events.push({
      action: 'ficha.pep.changed',
      entity: 'ficha',
      id: r.id,
      before: summary(was),
      after: { ...summary(derived), cause },
    });
  }
  await pepRepo.storePeps(db, companyId, stores);
  if (events.length) await auditMany(db, who, events);
  return changed;
}

/**
 * The fichas whose PEP status may follow a change of these fichas' status: their spouses, relatives and associates
 * (either direction) and, in Brazil, the natural persons who hold a legal person together with them (decision 196).
 */
export async function pepNeighbours(db: Executor, companyId: string, fichaIds: string[], country: string | null) {
  const out = new Set(await pepRepo.pepRelationNeighbours(db, companyId, fichaIds));
  if (jointOwnershipMakesPep(country))
    for (const id of await pepRepo.jointOwnershipNeighbours(db, companyId, { coHoldersOf: fichaIds })) out.add(id);
  return [...out];
}

/**
 * Brazil (decision 196): the natural persons who hold these legal persons (partner, beneficiary, effective control),
 * whose joint-ownership status may change when a holder of the legal person comes, goes or changes. None elsewhere.
 */
export function jointHoldersOf(db: Executor, companyId: string, legalIds: string[], country: string | null) {
  if (!jointOwnershipMakesPep(country) || !legalIds.length) return Promise.resolve([]);
  return pepRepo.jointOwnershipNeighbours(db, companyId, { holdersOf: legalIds });
}

/**
 * The PEP status of a ficha as stored (the one truth every consumer reads; decision 170), for a module that reads
 * it without rating (the forms' contradiction checks). Null: no such ficha of the company. A ficha whose status
 * was never computed answers what its columns hold.
 */
export async function pepStatusOf(db: Executor, companyId: string, fichaId: string): Promise<PepDerived | null> {
  const row = await repo.findFicha(db, companyId, fichaId);
  if (!row) return null;
  return storedOf(row) ?? notPep({ years: 0, computedOn: '', sources: [] });
}
