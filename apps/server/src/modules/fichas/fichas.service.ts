import type { FichaFieldsInput, FichaListasT, FichaPatchBody } from '@regcheck/shared';
import { isFileWithoutDocument } from '@regcheck/shared/documents/index';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/tables';
import type { FichaRow } from '../../db/tables/fichas.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { type AuditAction, audit, auditMany } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { fileKey } from '../../lib/files';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { syncEdd } from './fichas.edd';
import { fichaError } from './fichas.errors';
import { refreshPep } from './fichas.pep';
import { mayOverrideRisk } from './fichas.policy';
import { get, mustFind } from './fichas.queries';
import {
  pepTiedOf,
  type RatingSettings,
  rateNewFicha,
  ratingSettingsOf,
  recalculate,
  recalculateManyWithParents,
  recalculateWithParents,
  refreshTied,
} from './fichas.rating.service';
import * as repo from './fichas.repo';
import { reviewDay } from './fichas.reviews';
import { dismissalsOf, recordScreening, recordScreenings, screenIdentity } from './fichas.screening';
import {
  assertRequired,
  type FichaColumns,
  type PersonType,
  resolveDocument,
  resolveFields,
  searchNameOf,
} from './fichas.validation';
import { dniDisplay, dniTypeOf, json, toFichaRecord } from './fichas.view';

/*
 * Changing fichas: create, update, replace, trash, restore, permanent delete and the risk overwrite, each audited
 * in its own transaction. The other jobs of the module live beside it (view, filter, queries, screening, history,
 * reports, export); this file re-exports some of them, and other modules reach them through the fichas index.
 */
export { FichaView } from '@regcheck/shared';
export { assertNoOpenEdd, eddOf, patchEdd, syncEdd } from './fichas.edd';
export { exportLimits, exportRows, prepareExport } from './fichas.export';
export { auditChanges, history } from './fichas.history';
/** The one PEP status of a ficha as stored (decision 170): what the forms' contradiction checks read. */
export { pepStatusOf } from './fichas.pep';
export { byDni, count, countLegalByDni, get, getWithRelations, list } from './fichas.queries';
export { informeList, informeRows, informeSummary, informeWhere } from './fichas.reports';
export { applyMatchDismissal, screenIdentities, screenIdentity, screenJob, screenNow } from './fichas.screening';
export { dniCandidates } from './fichas.validation';
export { dniDisplay, toFichaView, toPublicView } from './fichas.view';

/** Rejects a dni already used by an active ficha of the company (same type: exists; other type: its message). */
async function assertDniFree(db: Executor, companyId: string, dni: string, personType: PersonType, exceptId?: string) {
  if (isFileWithoutDocument(dni)) return;
  assertDniFreeAmong(
    (await repo.findActiveByDni(db, companyId, [dni])).filter((r) => r.id !== exceptId),
    personType,
  );
}

/** The rule of `assertDniFree` on the active fichas already read with that dni. */
function assertDniFreeAmong(rows: FichaRow[], personType: PersonType) {
  const other = rows.find((r) => r.personType !== personType);
  // the message names the document as people write it (12.345.678-5), not as stored
  const shown = (r: FichaRow) => dniDisplay(r.dni, dniTypeOf(r).document) || r.dni;
  if (other)
    throw fichaError('FICHA_DNI_OTHER_PERSON_TYPE', {
      field: 'dni',
      params: { dni: shown(other), personType: other.personType },
    });
  if (rows[0]) throw fichaError('FICHA_DNI_EXISTS', { field: 'dni', params: { dni: shown(rows[0]) } });
}

/** The caller's transaction when given (a bulk load's batch), else a new one bound to the company. */
function inTenant<T>(
  deps: AppDeps,
  companyId: string,
  trx: Transaction<Database> | undefined,
  fn: (trx: Transaction<Database>) => Promise<T>,
) {
  return trx ? fn(trx) : withTenant(deps.db, companyId, fn);
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
export async function create(
  deps: AppDeps,
  caller: TenantCaller,
  body: FichaFieldsInput,
  trxIn?: Transaction<Database>,
  /** listas screened before the caller's transaction opened (fichas.participants.service.ts); else screened here */
  screened?: FichaListasT,
) {
  const personType = body.personType;
  const { dni, dniType } = resolveDocument(body, personType, body.nationality ?? caller.auth.company?.country);
  const cols = resolveFields(body, personType);
  assertRequired({ personType, name: cols.name, socialReason: cols.socialReason });
  const identity = { ...cols, dni, personType };
  // inside a caller's transaction (a related person created on the fly) the screening waits for a job
  const listas = screened ?? (trxIn ? null : await screenIdentity(deps, caller.companyId, identity, new Map(), null));
  const run = async (trx: Transaction<Database>) => {
    await assertDniFree(trx, caller.companyId, dni, personType);
    const row = await repo.insertFicha(trx, {
      ...(columnsToRow(cols) as object),
      companyId: caller.companyId,
      dni,
      dniType: JSON.stringify(dniType),
      personType,
      searchName: searchNameOf({ ...cols, dni, personType }),
      listas: listas ? JSON.stringify(listas) : null,
      listasTotal: listas?.total ?? 0,
      riskReasons: JSON.stringify([]),
      createdBy: caller.auth.userId,
      updatedBy: caller.auth.userId,
    } as Parameters<typeof repo.insertFicha>[1]);
    const rated =
      (await recalculate(trx, caller.companyId, row.id, undefined, { caller, cause: 'fichaUpdated' })) ?? row;
    if (!listas)
      await deps.queue.enqueue(
        trx,
        'fichas.screen',
        { companyId: caller.companyId, fichaId: row.id },
        { companyId: caller.companyId },
      );
    await audit(trx, caller, { action: 'ficha.created', entity: 'ficha', id: row.id, after: toFichaRecord(rated) });
    // the screening made on creation is recorded and audited as a manual one is (its hits kept)
    if (listas) await recordScreening(trx, caller, row.id, listas, 'created');
    // its matches alert as a monitoring run's new matches do (a participant created inside an operation too)
    if (listas)
      await deps.bus.emit('ficha.screened', {
        trx,
        who: caller,
        companyId: caller.companyId,
        ficha: rated,
        previous: null,
        listas,
      });
    return rated;
  };
  if (trxIn) return run(trxIn);
  try {
    return await withTenant(deps.db, caller.companyId, run);
  } catch (err) {
    // two concurrent creates of the same dni: the unique index answers, with the same message
    if ((err as { code?: string }).code === '23505')
      throw fichaError('FICHA_DNI_EXISTS', { field: 'dni', params: { dni } });
    throw err;
  }
}

/**
 * Several new fichas in the caller's transaction (a bulk load's batch), each validated as `create` validates it
 * (document, fields, required names, a dni free among the active fichas and the batch's own), stored in one
 * statement, rated and audited one row per ficha; each one's matches alert as `create`'s do (`ficha.screened`, in
 * the caller's transaction). `listas` were screened before the transaction opened. Answers each input's ficha or
 * its validation error (an invalid input is not stored; the others are).
 */
export async function createMany(
  deps: AppDeps,
  caller: TenantCaller,
  items: { body: FichaFieldsInput; listas: FichaListasT }[],
  trx: Transaction<Database>,
): Promise<({ row: FichaRow; error?: undefined } | { row?: undefined; error: unknown })[]> {
  const out: ({ row: FichaRow; error?: undefined } | { row?: undefined; error: unknown })[] = [];
  const valid: { at: number; dni: string; personType: PersonType; insert: Record<string, unknown> }[] = [];
  const checked = items.map(({ body, listas }) => {
    try {
      const personType = body.personType;
      const { dni, dniType } = resolveDocument(body, personType, body.nationality ?? caller.auth.company?.country);
      const cols = resolveFields(body, personType);
      assertRequired({ personType, name: cols.name, socialReason: cols.socialReason });
      return { dni, dniType, cols, personType, listas };
    } catch (error) {
      return { error };
    }
  });
  const dnis = checked.flatMap((c) => ('dni' in c && c.dni && !isFileWithoutDocument(c.dni) ? [c.dni] : []));
  const taken = dnis.length ? await repo.findActiveByDni(trx, caller.companyId, [...new Set(dnis)]) : [];
  const byDni = new Map<string, FichaRow[]>();
  for (const r of taken) byDni.set(r.dni, [...(byDni.get(r.dni) ?? []), r]);
  for (const [at, c] of checked.entries()) {
    if (!('dni' in c) || c.dni === undefined) {
      out.push({ error: c.error });
      continue;
    }
    const { dni, dniType, cols, personType, listas } = c as Required<typeof c>;
    try {
      if (!isFileWithoutDocument(dni)) assertDniFreeAmong(byDni.get(dni) ?? [], personType);
    } catch (error) {
      out.push({ error });
      continue;
    }
    // a later input of the batch with the same dni meets this one as an active ficha
    if (!isFileWithoutDocument(dni)) byDni.set(dni, [{ dni, personType, dniType } as unknown as FichaRow]);
    out.push({ error: null });
    valid.push({
      at,
      dni,
      personType,
      insert: {
        ...(columnsToRow(cols) as object),
        companyId: caller.companyId,
        dni,
        dniType: JSON.stringify(dniType),
        personType,
        searchName: searchNameOf({ ...cols, dni, personType }),
        listas: JSON.stringify(listas),
        listasTotal: listas.total,
        riskReasons: JSON.stringify([]),
        createdBy: caller.auth.userId,
        updatedBy: caller.auth.userId,
      },
    });
  }
  // rated before it is stored, as `recalculate` rates it once stored (a new ficha has no related persons); its
  // creation instant is set here, so that its first next review counts from the instant stored
  const settings = valid.length ? await ratingSettingsOf(trx, caller.companyId) : null;
  const createdAt = new Date();
  const inserted = await repo.insertFichas(
    trx,
    valid.map((v) => {
      v.insert.createdAt = createdAt;
      const row = { pepStatus: null, overwrittenRisk: null, income: null, ...v.insert } as unknown as FichaRow;
      return { ...v.insert, ...rateNewFicha(row, settings as RatingSettings) } as Parameters<
        typeof repo.insertFichas
      >[1][number];
    }),
  );
  for (const [i, v] of valid.entries()) out[v.at] = { row: inserted[i] as FichaRow };
  await auditMany(
    trx,
    caller,
    inserted.map((row) => ({ action: 'ficha.created', entity: 'ficha', id: row.id, after: toFichaRecord(row) })),
  );
  // their one PEP status (a declared PEP, a register person by document, decision 170); those it makes PEP are rated
  // again with it (a new ficha has no relationships, no confirmation and no form)
  const pepChanged = await refreshPep(trx, caller.companyId, inserted, caller, 'fichaUpdated', {
    years: (settings as RatingSettings | null)?.pepYears,
    country: (settings as RatingSettings | null)?.pepCountry,
  });
  if (pepChanged.length) await recalculateManyWithParents(trx, caller.companyId, pepChanged);
  // rated without `recalculate`: their enhanced due diligence is synced here (a new ficha has no relationships)
  await syncEdd(
    trx,
    caller.companyId,
    inserted.map((r) => r.id),
    caller,
    { config: (settings as RatingSettings | null)?.config, neighbours: false },
  );
  // each one's screening on creation recorded with its hits, as `create` records it (decision 240)
  await recordScreenings(
    trx,
    caller,
    valid.flatMap((v, i) => {
      const listas = items[v.at]?.listas;
      return listas ? [{ fichaId: (inserted[i] as FichaRow).id, listas }] : [];
    }),
    'created',
  );
  for (const [i, v] of valid.entries()) {
    const listas = items[v.at]?.listas;
    const ficha = inserted[i] as FichaRow;
    if (listas)
      await deps.bus.emit('ficha.screened', {
        trx,
        who: caller,
        companyId: caller.companyId,
        ficha,
        previous: null,
        listas,
      });
  }
  return out;
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

function identityChanged(before: FichaRow, next: Record<string, unknown>) {
  return SCREENING_FIELDS.some((k) => {
    const a = next[k];
    const b = (before as Record<string, unknown>)[k];
    const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? '' : String(v));
    return norm(a) !== norm(b);
  });
}

/**
 * PATCH /fichas-clientes/{id} (screen again when an identity field changed) and /no-lists/{id} (never screen).
 * Audit fields, status, risk, listas, files and the record identity (id, companyId, personType) are ignored.
 */
export async function patch(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  body: z.infer<typeof FichaPatchBody>,
  opts: {
    screen: boolean;
    action?: AuditAction;
    via?: Record<string, unknown>;
    /** the caller's transaction (a bulk load's batch); with `screened`, listas screened before it opened */
    trx?: Transaction<Database>;
    screened?: FichaListasT;
    /**
     * Which matches alert (`ficha.screened`); by default every match of a new screening. 'new' (a bulk load
     * updating a ficha): only those of a new screening the ficha did not hold before. 'held' (a bulk load
     * restoring a ficha): every match the ficha holds after the change, screened again or not, as a created one.
     */
    announce?: 'new' | 'held';
  },
) {
  // Screening reads the lists module (its own queries): it runs before the change's transaction, never inside
  // it (PGlite has one connection). The identity is resolved twice: once to screen, once in the transaction.
  let screened: FichaListasT | undefined = opts.screened;
  if (opts.screen) {
    const { before, dismissals } = await withTenant(deps.db, caller.companyId, async (trx) => ({
      before: await mustFind(trx, caller.companyId, id),
      dismissals: await dismissalsOf(trx, caller.companyId, id),
    }));
    const next = mergedIdentity(before, body);
    if (identityChanged(before, next)) {
      screened = await screenIdentity(
        deps,
        caller.companyId,
        next,
        dismissals,
        json<FichaListasT | null>(before.listas),
      );
    }
  }
  return inTenant(deps, caller.companyId, opts.trx, async (trx) => {
    const before = await mustFind(trx, caller.companyId, id);
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
      if (dni !== before.dni) await assertDniFree(trx, caller.companyId, dni, personType, id);
    }
    const merged = { ...before, ...cols, dni, personType };
    assertRequired(merged);
    const update: Record<string, unknown> = {
      ...columnsToRow(cols),
      dni,
      dniType: JSON.stringify(dniType),
      searchName: searchNameOf(merged),
      updatedBy: caller.auth.userId,
    };
    if (screened && identityChanged(before, merged)) {
      update.listas = JSON.stringify(screened);
      update.listasTotal = screened.total;
    }
    await repo.updateFicha(trx, caller.companyId, id, update);
    await recalculateWithParents(trx, caller.companyId, id, { caller, cause: 'fichaUpdated' });
    const after = await mustFind(trx, caller.companyId, id);
    await audit(trx, caller, {
      action: opts.action ?? 'ficha.updated',
      entity: 'ficha',
      id,
      before: toFichaRecord(before),
      // `via`: how a caller without a user made the change (a public link's id), for the regulator's reading
      after: opts.via ? { ...toFichaRecord(after), via: opts.via } : toFichaRecord(after),
    });
    // screened again on an identity change: recorded and audited as any screening (decision 240)
    if (update.listas && screened) await recordScreening(trx, caller, id, screened, 'updated');
    // screened again (an identity field changed, by a user, a public link or a bulk load): its matches alert; a
    // ficha a bulk load restored announces the matches it holds, screened again or not
    const listas =
      update.listas && screened ? screened : opts.announce === 'held' ? json<FichaListasT | null>(after.listas) : null;
    if (listas)
      await deps.bus.emit('ficha.screened', {
        trx,
        who: caller,
        companyId: caller.companyId,
        ficha: after,
        previous: json<FichaListasT | null>(before.listas),
        listas,
        newOnly: opts.announce === 'new',
      });
    return after;
  });
}

/**
 * PUT /fichas-clientes/{id}: replaces only the allowed fields (name, fatherName, motherName for a natural
 * person; socialReason for a legal one). An unexpected failure answers FICHA_UPDATE_FAILED, the spec's fallback.
 */
export async function replace(deps: AppDeps, caller: TenantCaller, id: string, body: Record<string, unknown>) {
  const row = await get(deps, caller, id);
  const allowed =
    row.personType === 'natural'
      ? { name: body.name ?? null, fatherName: body.fatherName ?? null, motherName: body.motherName ?? null }
      : { socialReason: body.socialReason ?? null };
  try {
    return await patch(deps, caller, id, allowed as z.infer<typeof FichaPatchBody>, {
      screen: true,
      action: 'ficha.replaced',
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fichaError('FICHA_UPDATE_FAILED');
  }
}

/** PATCH /fichas-clientes/soft-delete: to the trash, with the operations where they are associates. */
export async function softDelete(deps: AppDeps, caller: TenantCaller, ids: string[]) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const unique = [...new Set(ids)];
    const found = await repo.findFichas(trx, caller.companyId, unique);
    if (found.length !== unique.length) throw fichaError('FICHA_NOT_FOUND', { field: 'fichasIds' });
    const rows = await repo.setStatus(trx, caller.companyId, unique, 'active', {
      status: 'inactive',
      deletedBy: caller.auth.userId,
      deletedDate: new Date(),
      updatedBy: caller.auth.userId,
    });
    const moved = rows.map((r) => r.id);
    await deps.bus.emit('fichas.softDeleted', {
      trx,
      companyId: caller.companyId,
      fichaIds: moved,
      userId: caller.auth.userId,
    });
    await audit(trx, caller, {
      action: 'ficha.softDeleted',
      entity: 'ficha',
      id: moved.join(','),
      after: { fichasIds: moved },
    });
    // a PEP in the trash is no longer its spouse's or co-owners' source (decision 220)
    await refreshTied(trx, caller.companyId, await pepTiedOf(trx, caller.companyId, moved), caller, 'tiedTrashed');
    return { count: moved.length, fichasIds: moved };
  });
}

/** PATCH /fichas-clientes/restore: back from the trash, unless an active ficha took the dni meanwhile. */
export async function restore(deps: AppDeps, caller: TenantCaller, ids: string[], trxIn?: Transaction<Database>) {
  return inTenant(deps, caller.companyId, trxIn, async (trx) => {
    const unique = [...new Set(ids)];
    const found = await repo.findFichas(trx, caller.companyId, unique);
    if (found.length !== unique.length) throw fichaError('FICHA_NOT_FOUND', { field: 'fichasIds' });
    for (const f of found)
      if (f.status === 'inactive') await assertDniFree(trx, caller.companyId, f.dni, f.personType, f.id);
    const rows = await repo.setStatus(trx, caller.companyId, unique, 'inactive', {
      status: 'active',
      deletedBy: null,
      deletedDate: null,
      updatedBy: caller.auth.userId,
    });
    const restored = rows.map((r) => r.id);
    await deps.bus.emit('fichas.restored', {
      trx,
      companyId: caller.companyId,
      fichaIds: restored,
      userId: caller.auth.userId,
    });
    await audit(trx, caller, {
      action: 'ficha.restored',
      entity: 'ficha',
      id: restored.join(','),
      after: { fichasIds: restored },
    });
    await refreshTied(trx, caller.companyId, await pepTiedOf(trx, caller.companyId, restored), caller, 'tiedRestored');
    return { count: restored.length, fichasIds: restored };
  });
}

/**
 * POST /fichas-clientes/{id}: permanent delete; the audit row keeps the whole record. The ficha's stored files
 * (keys `<company>/<path of the ficha's file>`, as the ficha-files module stores them) go after the commit.
 */
export async function hardDelete(deps: AppDeps, caller: TenantCaller, id: string) {
  const files = await withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await mustFind(trx, caller.companyId, id);
    // read before the relationships go with the ficha (decision 220)
    const tied = await pepTiedOf(trx, caller.companyId, [id]);
    await deps.bus.emit('fichas.hardDeleted', {
      trx,
      companyId: caller.companyId,
      fichaIds: [id],
      userId: caller.auth.userId,
    });
    await repo.deleteFicha(trx, caller.companyId, id);
    await audit(trx, caller, { action: 'ficha.hardDeleted', entity: 'ficha', id, before: toFichaRecord(before) });
    await refreshTied(trx, caller.companyId, tied, caller, 'tiedDeleted');
    return json<{ path?: string }[]>(before.files) ?? [];
  });
  for (const f of files) {
    const key = f.path ? fileKey(caller.companyId, f.path) : null;
    if (key) await deps.files.remove(key);
  }
  return { count: 1, fichasIds: [id] };
}

/** PATCH /fichas-clientes/{id}/risk: an administrator overwrites (or clears) the risk, with a reason. */
export async function overwriteRisk(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  level: 'low' | 'medium' | 'high' | null,
  reason: string,
) {
  if (!mayOverrideRisk(caller)) throw fichaError('RISK_OVERWRITE_ADMIN_ONLY');
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const before = await mustFind(trx, caller.companyId, id);
    await repo.updateFicha(trx, caller.companyId, id, {
      overwrittenRisk: level,
      overwrittenRiskReason: level ? reason : null,
      risk: level ?? before.effectiveRisk ?? before.calculatedRisk,
      updatedBy: caller.auth.userId,
    });
    await recalculateWithParents(trx, caller.companyId, id, { caller, cause: 'riskOverwritten' });
    const after = await mustFind(trx, caller.companyId, id);
    await audit(trx, caller, {
      action: 'ficha.risk.overwritten',
      entity: 'ficha',
      id,
      before: {
        overwrittenRisk: before.overwrittenRisk,
        risk: before.risk,
        nextReviewAt: reviewDay(before.nextReviewAt),
      },
      // the new risk's review period schedules the next review again (decision 120)
      after: { overwrittenRisk: level, reason, risk: after.risk, nextReviewAt: reviewDay(after.nextReviewAt) },
    });
    return after;
  });
}

/*
 * The pure helpers that name, date and validate a person, and the review schedule, used by other modules through
 * the fichas index (index.ts). What they read and change of the rows is in fichas.data.ts.
 */
export {
  nextReviewAt,
  RESCHEDULE_REVIEWS_JOB,
  reviewDay,
  reviewInstant,
  reviewPeriodsIn,
} from './fichas.reviews';
export { foldText, fullNameOf, resolveDate, resolveDocument } from './fichas.validation';
export { type Dismissal, dismissalKey, findHit as findListHit, mergeListHits } from './listas';
export { loadScreening, screening } from './screening.adapter';
