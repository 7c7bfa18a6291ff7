import type { FichaListasT } from '@regcheck/shared';
import { isFileWithoutDocument } from '@regcheck/shared/documents/index';
import type { ScreeningCause, ScreeningHitRecord } from '../../db/tables/fichas.screenings.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { audit, auditMany } from '../../lib/audit';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { fichaError } from './fichas.errors';
import { mustFind } from './fichas.queries';
import { recalculateWithParents } from './fichas.rating.service';
import * as repo from './fichas.repo';
import * as screeningsRepo from './fichas.screenings.repo';
import type { PersonType } from './fichas.validation';
import { json } from './fichas.view';
import { applyDismissal, type Dismissal, dismissalKey, failedListas, findHit, listasFromResult } from './listas';
import { type ScreenResult, screening } from './screening.adapter';

/**
 * Screening fichas against the lists: on create and on an identity change (called by the service), on demand,
 * from the job that screens the related persons created inside another change, and the dismissal of a false
 * positive. Screening reads the lists module (its own queries): it runs outside the change's transaction, never
 * inside it (PGlite has one connection).
 */

/** The dismissed matches of a ficha, by list and entry (none for a ficha not stored yet). */
export async function dismissalsOf(db: Executor, companyId: string, fichaId: string | null) {
  const map = new Map<string, Dismissal>();
  if (!fichaId) return map;
  for (const d of await repo.findDismissals(db, companyId, fichaId)) map.set(dismissalKey(d.listId, d.entityId), d);
  return map;
}

/** The identity a ficha is screened with. */
export interface ScreenedIdentity {
  dni: string;
  personType: PersonType;
  name?: string | null;
  fatherName?: string | null;
  motherName?: string | null;
  socialReason?: string | null;
  nationality?: string | null;
  birthDate?: string | Date | null;
}

/** The query a ficha's identity is screened with. */
function queryOf(f: ScreenedIdentity) {
  return {
    name: f.personType === 'legal' ? (f.socialReason ?? f.name ?? undefined) : (f.name ?? undefined),
    fatherName: f.personType === 'natural' ? (f.fatherName ?? undefined) : undefined,
    motherName: f.personType === 'natural' ? (f.motherName ?? undefined) : undefined,
    dni: isFileWithoutDocument(f.dni) ? undefined : f.dni,
    personType: f.personType,
    country: f.nationality ?? undefined,
    birthDate: f.birthDate ? new Date(f.birthDate).toISOString().slice(0, 10) : undefined,
  };
}

/** A screening result as the ficha's listas: the hits with their list entries (the dismissal hash), dismissals applied. */
async function listasOf(
  deps: AppDeps,
  companyId: string,
  f: ScreenedIdentity,
  result: ScreenResult,
  dismissals: Map<string, Dismissal>,
) {
  // the entries themselves make the dismissal hash (a dismissal holds until the entry changes)
  for (const l of result.lists) {
    if (!l.hits.some((h) => h.entity === undefined)) continue;
    const entries = await screening()
      .listEntities(
        deps,
        l.listId,
        l.hits.map((h) => h.entityId),
      )
      .catch((err: unknown) => {
        // without the entries the hits hash their name only: a dismissal of them holds until the name changes
        deps.log.warn({ err, companyId, listId: l.listId }, 'screening: list entries unavailable');
        return [];
      });
    const byId = new Map(entries.map((e) => [e.id, e]));
    l.hits = l.hits.map((h) => ({ ...h, entity: h.entity ?? byId.get(h.entityId) }));
  }
  return listasFromResult(result, dismissals, f.dni, f.personType);
}

/** Screens a ficha's identity; a failing screening service leaves listas with error true (never blocks a save). */
export async function screenIdentity(
  deps: AppDeps,
  companyId: string,
  f: ScreenedIdentity,
  dismissals: Map<string, Dismissal>,
  previous: FichaListasT | null,
): Promise<FichaListasT> {
  try {
    const result = await screening().screen(deps, companyId, queryOf(f));
    return await listasOf(deps, companyId, f, result, dismissals);
  } catch (err) {
    // keep the save: the failure is recorded in listas (error true) and the ficha can be screened again
    deps.log.warn({ err, companyId }, 'screening failed; the ficha is saved with listas.error');
    return failedListas(previous, f.dni, f.personType);
  }
}

/**
 * `screenIdentity` for several identities not stored yet (a bulk load's batch) in one pass over the in-memory
 * indexes: the same queries and the same listas; a failing screening service leaves each with error true.
 */
export async function screenIdentities(
  deps: AppDeps,
  companyId: string,
  fs: ScreenedIdentity[],
): Promise<FichaListasT[]> {
  if (!fs.length) return [];
  try {
    const results = await screening().screenMany(deps, companyId, fs.map(queryOf));
    const out: FichaListasT[] = [];
    for (const [i, f] of fs.entries())
      out.push(await listasOf(deps, companyId, f, results[i] as ScreenResult, new Map()));
    return out;
  } catch (err) {
    deps.log.warn({ err, companyId }, 'screening failed; the fichas are saved with listas.error');
    return fs.map((f) => failedListas(null, f.dni, f.personType));
  }
}

/** The hits a recorded screening keeps: the screen's own cap (the engine answers at most 50), the rest counted. */
export const RECORDED_HITS_MAX = 50;

/**
 * Records a screening of a ficha in the change's transaction (decision 240): its hits as they are now (list, entry,
 * name matched, score, the engine's explanation, dismissed or not) in ficha_screenings, and the ficha.screened
 * audit row that names it. Every screening stored on the ficha goes through here: by hand, on creation (one by one,
 * or a bulk load's batch through `recordScreenings`), on an identity change, and the job's (a related person created
 * inside another change; audited without a user).
 */
export async function recordScreening(
  trx: Executor,
  who: TenantCaller | { companyId: string; userId: null },
  fichaId: string,
  listas: FichaListasT,
  cause: ScreeningCause,
) {
  await recordScreenings(trx, who, [{ fichaId, listas }], cause);
}

/** `recordScreening` of several fichas, in two statements (their rows, then their audit rows). */
export async function recordScreenings(
  trx: Executor,
  who: TenantCaller | { companyId: string; userId: null },
  screened: { fichaId: string; listas: FichaListasT }[],
  cause: ScreeningCause,
) {
  if (!screened.length) return;
  const rows = await screeningsRepo.insertScreenings(
    trx,
    screened.map(({ fichaId, listas }) => {
      const hits: ScreeningHitRecord[] = listas.lists.flatMap((l) =>
        l.hits.map((h) => ({
          listId: l.listId,
          listName: l.listName,
          entityId: h.entityId,
          name: h.name,
          matchedName: h.matchedName,
          score: h.score,
          ...(h.explanation !== undefined ? { explanation: h.explanation } : {}),
          ...(h.dismissed ? { dismissed: true, dismissedReason: h.dismissedReason } : {}),
        })),
      );
      return {
        companyId: who.companyId,
        fichaId,
        screenedBy: 'auth' in who ? (who.auth.userId ?? null) : null,
        cause,
        total: listas.total,
        error: listas.error,
        hits: JSON.stringify(hits.slice(0, RECORDED_HITS_MAX)),
        hitsOmitted: Math.max(0, hits.length - RECORDED_HITS_MAX),
      };
    }),
  );
  await auditMany(
    trx,
    who,
    screened.map(({ fichaId, listas }, i) => ({
      action: 'ficha.screened',
      entity: 'ficha',
      id: fichaId,
      after: { total: listas.total, error: listas.error, screeningId: rows[i]?.id },
    })),
  );
}

/** POST /fichas-clientes/{id}/screen: screens the ficha now and updates its risk. */
export async function screenNow(deps: AppDeps, caller: TenantCaller, id: string) {
  const { row0, dismissals } = await withTenant(deps.db, caller.companyId, async (trx) => ({
    row0: await mustFind(trx, caller.companyId, id),
    dismissals: await dismissalsOf(trx, caller.companyId, id),
  }));
  const listas = await screenIdentity(deps, caller.companyId, row0, dismissals, json(row0.listas));
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await mustFind(trx, caller.companyId, id);
    await repo.updateFicha(trx, caller.companyId, id, { listas: JSON.stringify(listas), listasTotal: listas.total });
    await recalculateWithParents(trx, caller.companyId, id);
    await recordScreening(trx, caller, id, listas, 'manual');
    const after = await mustFind(trx, caller.companyId, id);
    await deps.bus.emit('ficha.screened', {
      trx,
      who: caller,
      companyId: caller.companyId,
      ficha: after,
      previous: json<FichaListasT | null>(before.listas),
      listas,
    });
    return after;
  });
}

/**
 * Dismisses a match as a false positive inside the caller's transaction (the dismissals module calls it when a
 * dismissal is approved, or applied without a second step): the hit stops counting and alerting until the list
 * entry changes (its hash), the risk is recalculated and the dismissal audited.
 */
export async function applyMatchDismissal(
  trx: Executor,
  caller: TenantCaller,
  id: string,
  listId: string,
  entityId: string,
  reason: string,
) {
  const row = await mustFind(trx, caller.companyId, id);
  const listas = json<FichaListasT | null>(row.listas);
  const hit = findHit(listas, listId, entityId);
  if (!listas || !hit?.entryHash) throw fichaError('MATCH_NOT_FOUND');
  const d = { listId, entityId, entryHash: hit.entryHash, reason };
  await repo.upsertDismissal(trx, caller.companyId, { fichaId: id, ...d, dismissedBy: caller.auth.userId });
  const next = applyDismissal(listas, d);
  await repo.updateFicha(trx, caller.companyId, id, { listas: JSON.stringify(next), listasTotal: next.total });
  await recalculateWithParents(trx, caller.companyId, id);
  await audit(trx, caller, { action: 'ficha.match.dismissed', entity: 'ficha', id, after: d });
}

/** Job: screens a ficha created inside another change's transaction (related persons), then rates it. */
export async function screenJob(deps: AppDeps, companyId: string, fichaId: string) {
  const found = await withTenant(deps.db, companyId, async (trx) => ({
    row: await repo.findFicha(trx, companyId, fichaId),
    dismissals: await dismissalsOf(trx, companyId, fichaId),
  }));
  if (found.row?.status !== 'active') return;
  const listas = await screenIdentity(deps, companyId, found.row, found.dismissals, json(found.row.listas));
  await withTenant(deps.db, companyId, async (trx) => {
    const after = await repo.updateFicha(trx, companyId, fichaId, {
      listas: JSON.stringify(listas),
      listasTotal: listas.total,
    });
    await recalculateWithParents(trx, companyId, fichaId);
    // the job acts for no user
    if (after) await recordScreening(trx, { companyId, userId: null }, fichaId, listas, 'job');
    if (after)
      await deps.bus.emit('ficha.screened', {
        trx,
        who: { companyId, userId: null },
        companyId,
        ficha: after,
        previous: json<FichaListasT | null>(found.row?.listas ?? null),
        listas,
      });
  });
}
