import {
  type BeneficialOwnerSettings,
  beneficialOwnerSettings,
  beneficialOwners,
  pepYearsOf,
  type ReviewPeriods,
  type RiskConfigurationT,
  reviewPeriodsOf,
} from '@regcheck/shared';
import type { RiskLevel } from '@regcheck/shared/format/index';
import type { FichaRow } from '../../db/tables/fichas.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { type AuditEvent, audit, auditMany } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';
import { computeRisk, configurationOf, matchedLists, maxRisk } from '../risk';
import { syncEdd } from './fichas.edd';
import { jointHoldersOf, type PepCause, pepNeighbours, refreshPep } from './fichas.pep';
import * as relations from './fichas.relations.repo';
import * as repo from './fichas.repo';
import { nextReviewAt, reviewDay } from './fichas.reviews';
import { fullNameOf } from './fichas.validation';

const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/**
 * What rating a ficha depends on besides the ficha: the company's risk model and its beneficial-owner settings; and
 * the review periods its risk schedules the next review with (fichas.reviews.ts).
 */
export interface RatingSettings {
  config: RiskConfigurationT;
  owners: BeneficialOwnerSettings;
  reviews: ReviewPeriods;
  /** the years a PEP stays PEP after leaving office (company setting, decision 170) */
  pepYears: number;
  /** the company's country: whose rule says who is a PEP's close associate (decision 196) */
  pepCountry: string | null;
}

/** The company's beneficial-owner threshold and inclusiveness (10 %, inclusive, unless its settings say otherwise). */
export async function ownerSettingsOf(db: Executor, companyId: string): Promise<BeneficialOwnerSettings> {
  return beneficialOwnerSettings(json(await relations.companySettingsOf(db, companyId)));
}

export async function ratingSettingsOf(db: Executor, companyId: string): Promise<RatingSettings> {
  const company = await relations.companyRulesOf(db, companyId);
  const settings = json(company.settings);
  return {
    config: await configurationOf(db, companyId),
    owners: beneficialOwnerSettings(settings),
    reviews: reviewPeriodsOf(settings),
    pepYears: pepYearsOf(settings, company.country),
    pepCountry: company.country,
  };
}

/**
 * The beneficial owners of a ficha under the company's settings (the one rule of packages/shared, on the ownership
 * edges of one query), with the edges so that a view can show the owners. The rating and the beneficiaries view
 * both ask this, so they always agree on "owner unresolved".
 */
export async function beneficialOwnersOf(
  db: Executor,
  companyId: string,
  ficha: { id: string; personType: 'natural' | 'legal' },
  owners?: BeneficialOwnerSettings,
) {
  const settings = owners ?? (await ownerSettingsOf(db, companyId));
  const edges = await relations.ownershipEdges(db, companyId, ficha.id);
  return { ...beneficialOwners(ficha, edges, settings), edges };
}

function dniCountry(row: FichaRow): string | null {
  return json<{ country?: string } | null>(row.dniType)?.country ?? null;
}

/** Why a ficha was rated again: the change a user made that a risk change of the ficha is recorded with. */
export type RiskChangeCause = 'fichaUpdated' | 'relationshipChanged' | 'relatedRiskChanged' | 'riskOverwritten';

/** Who rated a ficha again and why: with it, a change of the ficha's risk gets its own audit row. */
export interface RatingBy {
  caller: Caller;
  cause: RiskChangeCause;
  /** the related person whose risk changed (cause relatedRiskChanged) */
  relatedName?: string;
}

type Reason = { rule: string; factor: string; score: number; forced?: boolean; detail?: string };
const reasonKey = (r: Reason) => `${r.rule}|${r.detail ?? ''}`;

/**
 * Recalculates one ficha's risk from its own data, its list results and its related persons, stores
 * calculatedRisk, effectiveRisk (the calculated risk raised to the highest related person's), the rules that
 * fired and the resulting risk (overwritten > effective > calculated). Returns the new row. With `by`, a change of
 * the resulting risk is audited as `ficha.risk.changed` with its cause: the rules that started and stopped firing
 * and, for a legal person, its beneficial owners by name and participation.
 */
/** The rating of a ficha from its row, its related persons' highest risk and its beneficial owners (no query). */
function rateRow(row: FichaRow, relatedRisk: RiskLevel | null, unresolved: boolean, c: RiskConfigurationT) {
  const result = computeRisk(
    {
      personType: row.personType,
      pepStatus: row.pepStatus,
      position: row.position,
      businessType: row.businessType,
      employer: row.employer,
      income: row.income === null ? null : Number(row.income),
      nationality: row.nationality,
      countryOfResidence: row.countryOfResidence,
      dniCountry: dniCountry(row),
      matchedLists: matchedLists(row.listas),
      relatedRisk,
      unresolvedBeneficialOwner: unresolved,
    },
    c,
  );
  const effective = maxRisk(result.level, relatedRisk) ?? result.level;
  return { result, effective, risk: row.overwrittenRisk ?? effective };
}

type BeneficialOwnersResult = ReturnType<typeof beneficialOwners> & { edges: relations.OwnershipEdgeRow[] };

/** The audit event of a change of the resulting risk (`by` given and the risk was set and changed); else null. */
function riskChangeEvent(
  row: FichaRow,
  rated: ReturnType<typeof rateRow>,
  bo: BeneficialOwnersResult | null,
  by: RatingBy | undefined,
  next: Date | null,
): AuditEvent | null {
  const { result, risk } = rated;
  if (!(by && row.risk && row.risk !== risk)) return null;
  const was = (json<Reason[] | null>(row.riskReasons) ?? []).filter((r) => r && typeof r.rule === 'string');
  const wasKeys = new Set(was.map(reasonKey));
  const nowKeys = new Set(result.reasons.map(reasonKey));
  const names = new Map(
    (bo?.edges ?? []).map((e) => [e.relatedFichaId, fullNameOf({ ...e, personType: e.relatedPersonType })]),
  );
  return {
    action: 'ficha.risk.changed',
    entity: 'ficha',
    id: row.id,
    before: {
      risk: row.risk,
      riskScore: row.riskScore === null ? null : Number(row.riskScore),
      nextReviewAt: reviewDay(row.nextReviewAt),
    },
    after: {
      risk,
      riskScore: result.score,
      // the risk's review period schedules the next review again (decision 120)
      nextReviewAt: reviewDay(next),
      cause: by.cause,
      ...(by.relatedName ? { relatedName: by.relatedName } : {}),
      added: result.reasons.filter((r) => !wasKeys.has(reasonKey(r))),
      removed: was.filter((r) => !nowKeys.has(reasonKey(r))),
      ...(bo
        ? {
            beneficialOwners: bo.owners.map((o) => ({
              name: names.get(o.fichaId) ?? '',
              participation: o.participation,
            })),
          }
        : {}),
    },
  };
}

/**
 * Recalculates one ficha's risk from its own data, its list results and its related persons, stores
 * calculatedRisk, effectiveRisk (the calculated risk raised to the highest related person's), the rules that
 * fired and the resulting risk (overwritten > effective > calculated). Returns the new row. With `by`, a change of
 * the resulting risk is audited as `ficha.risk.changed` with its cause: the rules that started and stopped firing
 * and, for a legal person, its beneficial owners by name and participation.
 */
export async function recalculate(
  db: Executor,
  companyId: string,
  fichaId: string,
  settings?: RatingSettings,
  by?: RatingBy,
  pep: { cause?: PepCause; depth?: number } = {},
) {
  let row = await repo.findFicha(db, companyId, fichaId);
  if (!row) return undefined;
  const s = settings ?? (await ratingSettingsOf(db, companyId));
  // the one PEP status first (decision 170): the rating, the forms and the EDD read what it stores
  const who = by?.caller ?? { companyId, userId: null };
  const pepChanged = await refreshPep(db, companyId, [row], who, pep.cause ?? 'fichaUpdated', {
    years: s.pepYears,
    country: s.pepCountry,
  });
  if (pepChanged.length) {
    row = (await repo.findFicha(db, companyId, fichaId)) ?? row;
    // a PEP's spouse, relatives and associates follow its status (level 2), and in Brazil its co-owners (decision 196)
    if ((pep.depth ?? 0) < 2)
      for (const id of await pepNeighbours(db, companyId, [fichaId], s.pepCountry))
        await recalculate(db, companyId, id, s, by && { ...by, cause: 'relationshipChanged' }, {
          cause: 'relationChanged',
          depth: (pep.depth ?? 0) + 1,
        });
  }
  const related = await relations.relatedOf(db, companyId, fichaId, 'down');
  let relatedRisk: RiskLevel | null = null;
  for (const r of related) relatedRisk = maxRisk(relatedRisk, r.risk);
  const bo = row.personType === 'legal' ? await beneficialOwnersOf(db, companyId, row, s.owners) : null;
  const rated = rateRow(row, relatedRisk, !!bo?.unresolved, s.config);
  const next = nextReviewAt(row, rated.risk, s.reviews);
  const updated = await repo.updateFicha(db, companyId, fichaId, {
    calculatedRisk: rated.result.level,
    effectiveRisk: rated.effective,
    risk: rated.risk,
    riskScore: rated.result.score,
    riskReasons: JSON.stringify(rated.result.reasons),
    nextReviewAt: next,
    updatedAt: row.updatedAt,
  });
  const e = riskChangeEvent(row, rated, bo, by, next);
  if (e && by) await audit(db, by.caller, e);
  // the enhanced due diligence follows the same data (decision 141): the ficha's and its related fichas'
  await syncEdd(db, companyId, [fichaId], by?.caller ?? { companyId, userId: null }, { config: s.config });
  return updated;
}

/**
 * The rating of a ficha about to be stored (a bulk load's batch), by the same rules as `recalculate`: a new ficha
 * has no related persons yet, so a legal person's beneficial owners are unresolved until its relationships come.
 * Answers the rating columns to store with it (one write instead of an insert and an update), its first next review
 * counted from its `createdAt` (the caller stores that same instant).
 */
export function rateNewFicha(row: FichaRow, s: RatingSettings) {
  const unresolved = row.personType === 'legal' && beneficialOwners(row, [], s.owners).unresolved;
  const rated = rateRow(row, null, unresolved, s.config);
  return {
    calculatedRisk: rated.result.level,
    effectiveRisk: rated.effective,
    risk: rated.risk,
    riskScore: rated.result.score,
    riskReasons: JSON.stringify(rated.result.reasons),
    // a new ficha was never reviewed
    nextReviewAt: nextReviewAt({ ...row, lastReviewedAt: null, lastReviewOutcome: null }, rated.risk, s.reviews),
  };
}

/**
 * The batch form of `recalculateWithParents` (a bulk load's batch): the same rating of each ficha and, level by
 * level, of the fichas that have it as a related person, with a handful of queries per level instead of several
 * per ficha. With `by`, each risk change is audited as in the one-ficha form.
 */
export async function recalculateManyWithParents(db: Executor, companyId: string, fichaIds: string[], by?: RatingBy) {
  if (!fichaIds.length) return;
  const s = await ratingSettingsOf(db, companyId);
  const rated = new Set<string>();
  let frontier: { id: string; from?: string }[] = fichaIds.map((id) => ({ id }));
  for (let depth = 0; depth < 4 && frontier.length; depth++) {
    // a ficha reached again at a higher level is rated again there, after the related persons below it
    const level = [...new Map(frontier.map((f) => [f.id, f])).values()];
    const ids = level.map((f) => f.id);
    // the one PEP status of the fichas asked (decision 170) before they are rated
    if (depth === 0)
      await refreshPep(db, companyId, ids, by?.caller ?? { companyId, userId: null }, 'fichaUpdated', {
        years: s.pepYears,
        country: s.pepCountry,
      });
    const rows = await repo.findFichas(db, companyId, ids);
    const down = await relations.relatedOfMany(db, companyId, ids, 'down');
    const legal = rows.filter((r) => r.personType === 'legal').map((r) => r.id);
    const edges = await relations.ownershipEdgesMany(db, companyId, legal);
    const names = new Map<string, string>();
    const updates: Parameters<typeof repo.updateRisks>[2] = [];
    const events: AuditEvent[] = [];
    for (const row of rows) {
      let relatedRisk: RiskLevel | null = null;
      for (const r of down.get(row.id) ?? []) relatedRisk = maxRisk(relatedRisk, r.risk);
      const bo =
        row.personType === 'legal'
          ? { ...beneficialOwners(row, edges.get(row.id) ?? [], s.owners), edges: edges.get(row.id) ?? [] }
          : null;
      const rated = rateRow(row, relatedRisk, !!bo?.unresolved, s.config);
      const next = nextReviewAt(row, rated.risk, s.reviews);
      updates.push({
        id: row.id,
        calculatedRisk: rated.result.level,
        effectiveRisk: rated.effective,
        risk: rated.risk,
        riskScore: rated.result.score,
        riskReasons: JSON.stringify(rated.result.reasons),
        nextReviewAt: next ? next.toISOString() : null,
      });
      const from = level.find((f) => f.id === row.id)?.from;
      const rowBy: RatingBy | undefined =
        by && from !== undefined ? { caller: by.caller, cause: 'relatedRiskChanged', relatedName: from } : by;
      const e = riskChangeEvent(row, rated, bo, rowBy, next);
      if (e) events.push(e);
      names.set(row.id, fullNameOf(row));
    }
    await repo.updateRisks(db, companyId, updates);
    for (const id of ids) rated.add(id);
    if (by && events.length) await auditMany(db, by.caller, events);
    const up = await relations.relatedOfMany(db, companyId, ids, 'up');
    const next: { id: string; from?: string }[] = [];
    for (const id of ids) for (const p of up.get(id) ?? []) next.push({ id: p.fichaId, from: names.get(id) ?? '' });
    frontier = next;
  }
  // the enhanced due diligence of every ficha rated, and of its related fichas (decision 141)
  await syncEdd(db, companyId, [...rated], by?.caller ?? { companyId, userId: null }, { config: s.config });
}

/**
 * Recalculates a ficha and then the fichas that have it as a related person (up to three levels up). With `by`,
 * each risk change is audited: the ficha's with `by.cause`, a parent's as caused by its related person's risk.
 */
export async function recalculateWithParents(db: Executor, companyId: string, fichaId: string, by?: RatingBy) {
  const s = await ratingSettingsOf(db, companyId);
  const seen = new Set<string>();
  let frontier: { id: string; from?: string }[] = [{ id: fichaId }];
  for (let depth = 0; depth < 4 && frontier.length; depth++) {
    const next: { id: string; from?: string }[] = [];
    for (const { id, from } of frontier) {
      if (seen.has(id)) continue;
      seen.add(id);
      const parentBy: RatingBy | undefined =
        by && from !== undefined ? { caller: by.caller, cause: 'relatedRiskChanged', relatedName: from } : by;
      const rated = await recalculate(db, companyId, id, s, parentBy);
      const name = rated ? fullNameOf(rated) : '';
      for (const p of await relations.relatedOf(db, companyId, id, 'up')) next.push({ id: p.fichaId, from: name });
    }
    frontier = next;
  }
}

/**
 * After a relationship between two fichas was created, changed or ended: the other end (the related ficha, which the
 * rating of the holder does not reach once the relationship is inactive) gets its PEP status and its enhanced due
 * diligence brought in step now, not on its next read (decision 172). Its risk is rated again when its PEP status
 * changed. With `holderId` (the ficha the relationship belongs to), in Brazil the other natural persons who hold that
 * legal person follow too: one of them may have become, or stopped being, a PEP's co-owner (decision 196).
 */
export async function refreshRelationEnd(
  db: Executor,
  companyId: string,
  fichaId: string,
  caller: Caller,
  holderId?: string,
) {
  const s = await ratingSettingsOf(db, companyId);
  const rules = { years: s.pepYears, country: s.pepCountry };
  const coHolders = holderId
    ? (await jointHoldersOf(db, companyId, [holderId], s.pepCountry)).filter((id) => id !== fichaId)
    : [];
  const changed = await refreshPep(db, companyId, [fichaId, ...coHolders], caller, 'relationChanged', rules);
  for (const id of changed)
    await recalculate(db, companyId, id, s, { caller, cause: 'relationshipChanged' }, { cause: 'relationChanged' });
  if (!changed.includes(fichaId)) await syncEdd(db, companyId, [fichaId], caller, { config: s.config });
}

/**
 * `refreshRelationEnd` for the relationships a bulk load's batch created (decision 254): the same refresh of every
 * other end (and, in Brazil, of the holders' other natural holders) in a handful of statements for the batch instead
 * of a dozen per relationship. A ficha's PEP status rests on its own sources and on its neighbours' direct status,
 * which no relationship changes, so refreshing the ends together derives what refreshing them one after the other
 * did; those whose status changed are rated again one by one as there, the others' diligence is synced in one pass.
 */
export async function refreshRelationEnds(
  db: Executor,
  companyId: string,
  ends: { fichaId: string; holderId: string }[],
  caller: Caller,
) {
  if (!ends.length) return;
  const s = await ratingSettingsOf(db, companyId);
  const rules = { years: s.pepYears, country: s.pepCountry };
  const own = [...new Set(ends.map((e) => e.fichaId))];
  const coHolders = await jointHoldersOf(db, companyId, [...new Set(ends.map((e) => e.holderId))], s.pepCountry);
  const changed = await refreshPep(
    db,
    companyId,
    [...new Set([...own, ...coHolders])],
    caller,
    'relationChanged',
    rules,
  );
  for (const id of changed)
    await recalculate(db, companyId, id, s, { caller, cause: 'relationshipChanged' }, { cause: 'relationChanged' });
  const unchanged = own.filter((id) => !changed.includes(id));
  if (unchanged.length) await syncEdd(db, companyId, unchanged, caller, { config: s.config });
}

/**
 * The fichas whose PEP status may rest on these fichas (decision 220): their spouses, relatives and associates, in
 * Brazil the natural persons who hold a legal person together with them, and the natural holders of these fichas
 * when they are legal persons (a co-owner's tie runs through the company). Read before the fichas change state (a
 * permanent delete takes their relationships with it).
 */
export async function pepTiedOf(db: Executor, companyId: string, fichaIds: string[]) {
  if (!fichaIds.length) return [];
  const s = await ratingSettingsOf(db, companyId);
  const out = new Set([
    ...(await pepNeighbours(db, companyId, fichaIds, s.pepCountry)),
    ...(await jointHoldersOf(db, companyId, fichaIds, s.pepCountry)),
  ]);
  for (const id of fichaIds) out.delete(id);
  return [...out];
}

/**
 * After fichas went to the trash, came back from it or were deleted (decision 220): the tied fichas (`pepTiedOf`)
 * get their PEP status now, in the same transaction, with a history line in words (cause `tiedTrashed`,
 * `tiedRestored` or `tiedDeleted`), and those whose status changed are rated again (risk, forms required, enhanced due diligence).
 * A PEP sent to the trash is no longer a source of its spouse's or its co-owners' status; restored, it is again.
 */
export async function refreshTied(
  db: Executor,
  companyId: string,
  tied: string[],
  caller: Caller,
  cause: Extract<PepCause, 'tiedTrashed' | 'tiedRestored' | 'tiedDeleted'>,
) {
  if (!tied.length) return [];
  const s = await ratingSettingsOf(db, companyId);
  const changed = await refreshPep(db, companyId, tied, caller, cause, { years: s.pepYears, country: s.pepCountry });
  for (const id of changed)
    await recalculate(db, companyId, id, s, { caller, cause: 'relationshipChanged' }, { cause });
  return changed;
}

/** Job: recalculates every active ficha of a company (after a configuration change). Idempotent. */
export async function recalculateCompany(deps: AppDeps, companyId: string) {
  let after: string | null = null;
  for (;;) {
    const page = await withTenant(deps.db, companyId, async (trx) => {
      const rows = await repo.activeFichasPage(trx, companyId, after, 500);
      const s = await ratingSettingsOf(trx, companyId);
      for (const r of rows) await recalculate(trx, companyId, r.id, s);
      return rows;
    });
    if (page.length < 500) break;
    after = page[page.length - 1]?.id ?? null;
  }
}

/**
 * Registers the job that rates a company's fichas again; risk's PUT /risk-configuration queues it by this name
 * (the name stays 'risk.recalculateCompany': queued rows in the database carry it).
 */
export function registerRatingJobs(deps: AppDeps) {
  deps.queue.register('risk.recalculateCompany', async (p) => recalculateCompany(deps, String(p.companyId)));
}
