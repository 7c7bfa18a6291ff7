import { can } from '@regcheck/shared';
import { highestRisk, normalizeDateInput } from '@regcheck/shared/format/index';
import {
  type ConsultationTableFilterT,
  INSURANCE_KEYS,
  type OperationCreate,
  type OperationUpdate,
  type OperationViewT,
} from '@regcheck/shared/schemas/operations';
import { type Expression, type SqlBool, sql, type Transaction } from 'kysely';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import type { Database } from '../../db/tables';
import { type Executor, withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import type { ListFilter } from '../../lib/filter';
import type { AppDeps, AuthContext } from '../../plugins/context';
import { isoDay, toUsd } from '../currency-rates/currency-rates.service';
import { audit, type Caller, companyOf, load, roeThreshold } from './operations.common';
import { opError } from './operations.errors';
import * as fichas from './operations.fichas';
import * as repo from './operations.repo';
import {
  type CheckedAssociate,
  checkAmountFilter,
  checkAssociates,
  checkRos,
  checkTotals,
  sum,
} from './operations.rules';
import type { AssociateRow, OperationRow } from './operations.tables';
import * as view from './operations.view';

export type { Caller } from './operations.common';

type AssociateValues = Omit<AssociateRow, 'id' | 'companyId' | 'operationId' | 'position'>;

/**
 * Links each checked participant to its ficha: the one given by id, else an existing ficha with the document, else a
 * ficha created on the spot from `newFicha`, else the data the operation already had for that document.
 * Runs before the operation's transaction (the fichas service opens its own).
 */
async function resolveParticipants(
  deps: AppDeps,
  auth: AuthContext,
  checked: CheckedAssociate[],
  previous: AssociateRow[] = [],
): Promise<AssociateValues[]> {
  const byId = await fichas.findFichasById(
    deps,
    auth,
    checked.flatMap((a) => (a.fichaId ? [a.fichaId] : [])),
  );
  const byDni = await fichas.findFichasByDni(
    deps,
    auth,
    checked.map((a) => a.dniNormalized),
  );
  const prev = new Map(previous.map((p) => [p.dni, p]));
  const out: AssociateValues[] = [];
  for (const [i, a] of checked.entries()) {
    let f = (a.fichaId ? byId.get(a.fichaId) : undefined) ?? byDni.get(a.dniNormalized);
    const old = prev.get(a.dniNormalized);
    if (!f && a.newFicha) {
      f = await fichas.createFicha(deps, auth, {
        dni: a.dniNormalized,
        personType: a.type,
        dniType: { country: a.dniCountry, document: a.dniDocument },
        ...a.newFicha,
      });
    }
    if (!f && old) {
      f = {
        id: old.fichaId,
        dni: old.dni,
        personType: old.personType,
        name: old.name,
        email: old.email,
        risk: old.risk === '-' ? null : (old.risk as 'low' | 'medium' | 'high'),
        missingFields: old.missingFields as string[],
      };
    }
    if (!f) throw opError('PARTICIPANT_NOT_FOUND', { field: `associates.${i}.dni`, params: { dni: a.dniFormatted } });
    out.push({
      fichaId: f.id,
      dni: a.dniNormalized,
      dniType: { country: a.dniCountry, document: a.dniDocument },
      personType: a.type,
      currency: a.currency ?? 'USD',
      monto: a.monto,
      efective: a.efective,
      personsRelations: a.personsRelations,
      name: f.name,
      email: f.email,
      risk: f.risk ?? '-',
      missingFields: f.missingFields,
    });
  }
  return out;
}

function associateInsert(rows: (AssociateValues | AssociateRow)[]) {
  return rows.map((a) => ({
    fichaId: a.fichaId,
    dni: a.dni,
    dniType: a.dniType === null ? null : JSON.stringify(a.dniType),
    personType: a.personType,
    currency: a.currency,
    monto: a.monto,
    efective: a.efective,
    personsRelations: JSON.stringify(a.personsRelations ?? []),
    name: a.name,
    email: a.email,
    risk: a.risk,
    missingFields: JSON.stringify(a.missingFields ?? []),
  }));
}

const insuranceOf = (o: Record<string, unknown>) => Object.fromEntries(INSURANCE_KEYS.map((k) => [k, o[k] ?? null]));

function dateOrNull(v: string | null | undefined) {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  return normalizeDateInput(v);
}

/** Cash in USD at the day's rate (transaction date, else today) and whether it is above the company threshold. */
async function roeOf(trx: Executor, auth: AuthContext, cash: number, divisa: string, date: Date | string | null) {
  const usd = await toUsd(trx, cash, divisa, isoDay(date ?? new Date()));
  return { cashAmountUsd: usd, roe: usd !== null && usd > roeThreshold(auth) };
}

/** POST /consultations: a new open operation with its participants, audited. */
export async function createOperation(deps: AppDeps, c: Caller, body: OperationCreate): Promise<OperationViewT> {
  const companyId = companyOf(c.auth);
  const checked = checkAssociates(body.associates ?? [], body.divisa, c.auth.company?.country ?? 'CL');
  const amount = body.amount ?? sum(checked.map((a) => a.monto));
  const cashAmount = body.cashAmount ?? sum(checked.map((a) => a.efective));
  checkTotals(amount, cashAmount);
  const ros = body.ros ?? false;
  const tags = body.tags ?? [];
  checkRos(ros, body.rosReason);
  const participants = await resolveParticipants(deps, c.auth, checked);
  const transactionDate = dateOrNull(body.transactionDate) ?? null;
  return withTenant(deps.db, companyId, async (trx) => {
    const codigo = await repo.nextCodigo(trx, companyId);
    const roe = await roeOf(trx, c.auth, cashAmount, body.divisa, transactionDate);
    const o = await repo.insertOperation(trx, companyId, {
      codigo,
      transactionType: body.transactionType ?? null,
      transactionDate,
      referenceNumber: body.referenceNumber ?? null,
      transactionComments: body.transactionComments ?? null,
      divisa: body.divisa,
      amount,
      cashAmount,
      includesCash: cashAmount > 0 || (body.includesCash ?? false),
      ...roe,
      risk: highestRisk(participants.map((p) => p.risk)),
      tags: JSON.stringify(tags),
      ros,
      rosReason: ros ? (body.rosReason ?? null) : null,
      transporter: body.transporter ? JSON.stringify(body.transporter) : null,
      documents: JSON.stringify([]),
      policyNumber: body.policyNumber ?? null,
      product: body.product ?? null,
      startDate: body.startDate ?? null,
      endDate: body.endDate ?? null,
      premiumSfp: body.premiumSFP ?? null,
      policyStatus: body.policyStatus ?? null,
      paymentChannel: body.paymentChannel ?? null,
      paymentMethod: body.paymentMethod ?? null,
      policyValueAtClosure: body.policyValueAtClosure ?? null,
      searchText: view.searchTextOf(
        { codigo, referenceNumber: body.referenceNumber, transactionComments: body.transactionComments, tags },
        participants.map((p, i) => ({ dni: p.dni, name: p.name, formatted: checked[i]?.dniFormatted })),
      ),
      createdBy: c.auth.userId,
      createdByName: c.auth.user.name,
      updatedBy: c.auth.userId,
    });
    await repo.replaceAssociates(trx, companyId, o.id, associateInsert(participants));
    const policy = insuranceOf(body);
    if (Object.values(policy).some((v) => v !== null)) {
      await repo.insertPolicyHistory(trx, companyId, {
        operationId: o.id,
        policy,
        changedBy: c.auth.userId,
        changedByName: c.auth.user.name,
      });
    }
    const result = view.operationView(o, await repo.listAssociates(trx, companyId, [o.id]));
    await audit(trx, c, 'operation.created', o.id, null, result);
    return result;
  });
}

/**
 * PATCH /consultations/{id}. A finished operation is refused (resume it first). Changing the currency changes every
 * participant's; cash stays within amounts; risk, ROE and the search text are recomputed.
 */
export async function updateOperation(
  deps: AppDeps,
  c: Caller,
  id: string,
  body: OperationUpdate,
): Promise<OperationViewT> {
  const companyId = companyOf(c.auth);
  const current = await withTenant(deps.db, companyId, (trx) => load(trx, companyId, id));
  assertEditable(current.o);
  const divisa = body.divisa ?? current.o.divisa;
  let participants: AssociateValues[] | undefined;
  let formatted: (string | undefined)[] = [];
  if (body.associates) {
    const checked = checkAssociates(body.associates, divisa, c.auth.company?.country ?? 'CL');
    formatted = checked.map((a) => a.dniFormatted);
    participants = await resolveParticipants(deps, c.auth, checked, current.associates);
  }
  return withTenant(deps.db, companyId, async (trx) => {
    const { o: before, associates: oldAssociates } = await load(trx, companyId, id, { forUpdate: true });
    assertEditable(before);
    const beforeView = view.operationView(before, oldAssociates);
    // one currency per operation: a new currency applies to every participant
    const next: (AssociateValues | AssociateRow)[] = (participants ?? oldAssociates).map((a) => ({
      ...a,
      currency: divisa,
    }));
    const amount = body.amount ?? (participants ? sum(next.map((a) => Number(a.monto))) : Number(before.amount));
    const cashAmount =
      body.cashAmount ?? (participants ? sum(next.map((a) => Number(a.efective))) : Number(before.cashAmount));
    checkTotals(amount, cashAmount);
    const ros = body.ros ?? before.ros;
    const rosReason = body.rosReason !== undefined ? body.rosReason : before.rosReason;
    checkRos(ros, rosReason);
    const transactionDate =
      body.transactionDate !== undefined ? dateOrNull(body.transactionDate) : before.transactionDate;
    const tags = body.tags ?? (before.tags as { name: string }[]);
    const referenceNumber = body.referenceNumber !== undefined ? body.referenceNumber : before.referenceNumber;
    const transactionComments =
      body.transactionComments !== undefined ? body.transactionComments : before.transactionComments;
    const roe = await roeOf(trx, c.auth, cashAmount, divisa, transactionDate ?? before.registrationDate);
    const pick = <K extends keyof OperationUpdate>(k: K, old: unknown) => (body[k] !== undefined ? body[k] : old);
    const o = await repo.updateOperation(trx, companyId, id, {
      transactionType: pick('transactionType', before.transactionType) as string | null,
      transactionDate: transactionDate ?? null,
      referenceNumber: referenceNumber ?? null,
      transactionComments: transactionComments ?? null,
      divisa,
      amount,
      cashAmount,
      includesCash: cashAmount > 0 || (body.includesCash ?? before.includesCash),
      ...roe,
      risk: highestRisk(next.map((p) => p.risk)),
      tags: JSON.stringify(tags),
      ros,
      rosReason: ros ? (rosReason ?? null) : null,
      transporter:
        body.transporter !== undefined
          ? body.transporter === null
            ? null
            : JSON.stringify(body.transporter)
          : before.transporter === null
            ? null
            : JSON.stringify(before.transporter),
      policyNumber: pick('policyNumber', before.policyNumber) as string | null,
      product: pick('product', before.product) as string | null,
      startDate: pick('startDate', before.startDate) as string | null,
      endDate: pick('endDate', before.endDate) as string | null,
      premiumSfp: pick('premiumSFP', before.premiumSfp) as number | null,
      policyStatus: pick('policyStatus', before.policyStatus) as string | null,
      paymentChannel: pick('paymentChannel', before.paymentChannel) as string | null,
      paymentMethod: pick('paymentMethod', before.paymentMethod) as string | null,
      policyValueAtClosure: pick('policyValueAtClosure', before.policyValueAtClosure) as number | null,
      searchText: view.searchTextOf(
        { codigo: before.codigo, referenceNumber, transactionComments, tags },
        next.map((p, i) => ({ dni: p.dni, name: p.name, formatted: formatted[i] })),
      ),
      updatedBy: c.auth.userId,
    });
    if (!o) throw opError('OPERATION_NOT_FOUND');
    await repo.replaceAssociates(trx, companyId, id, associateInsert(next));
    const result = view.operationView(o, await repo.listAssociates(trx, companyId, [id]));
    const oldPolicy = insuranceOf(beforeView);
    const newPolicy = insuranceOf(result);
    if (JSON.stringify(oldPolicy) !== JSON.stringify(newPolicy)) {
      await repo.insertPolicyHistory(trx, companyId, {
        operationId: id,
        policy: newPolicy,
        changedBy: c.auth.userId,
        changedByName: c.auth.user.name,
      });
    }
    await audit(trx, c, 'operation.updated', id, beforeView, result);
    return result;
  });
}

function assertEditable(o: OperationRow) {
  if (o.recordStatus === 'inactive') throw opError('OPERATION_INACTIVE');
  if (o.state === 'closed') throw opError('OPERATION_FINISHED');
}

/** GET /consultations/{id} */
export async function getOperation(deps: AppDeps, auth: AuthContext, id: string) {
  const companyId = companyOf(auth);
  return withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id);
    return view.operationView(o, associates);
  });
}

/** GET /consultations/view/{id}: the operation, its historical records and its insurance policy history. */
export async function getOperationDetail(deps: AppDeps, auth: AuthContext, id: string) {
  const companyId = companyOf(auth);
  return withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id);
    const [snapshots, policy] = await Promise.all([
      repo.listSnapshots(trx, companyId, id),
      repo.listPolicyHistory(trx, companyId, id),
    ]);
    return {
      ...view.operationView(o, associates),
      historicalRecords: snapshots.map(view.snapshotView),
      policyHistory: policy.map(view.policyHistoryView),
    };
  });
}

async function withAssociates(trx: Transaction<Database>, companyId: string, rows: OperationRow[]) {
  const associates = await repo.listAssociates(
    trx,
    companyId,
    rows.map((r) => r.id),
  );
  const byOp = new Map<string, AssociateRow[]>();
  for (const a of associates) byOp.set(a.operationId, [...(byOp.get(a.operationId) ?? []), a]);
  return rows.map((r) => view.operationView(r, byOp.get(r.id) ?? []));
}

/**
 * The `where` of GET /consultations: `search` (text) and `status: 'active'|'inactive'` (the trash view) are the
 * spec's list parameters; `status: 'open'|'closed'` is the operation state. Without a record status, active only.
 */
function listCondition(auth: AuthContext, where: Record<string, unknown> | undefined) {
  const w = { ...(where ?? {}) };
  const search = typeof w.search === 'string' ? w.search : undefined;
  delete w.search;
  if (w.status === 'active' || w.status === 'inactive') {
    w.recordStatus = w.status;
    delete w.status;
  }
  if (w.recordStatus === undefined) w.recordStatus = 'active';
  if (w.recordStatus !== 'active' && !can({ role: auth.role, company: auth.company }, 'consultationTrash')) {
    throw new AppError('FORBIDDEN');
  }
  return { base: whereToSql(w, repo.OPERATION_FIELDS), search };
}

/** The list condition with its text search, inside the tenant transaction (the search looks its ids up first). */
async function withSearch(trx: Transaction<Database>, base: Expression<SqlBool>, search: string | undefined) {
  const s = await repo.searchCondition(trx, search);
  return s ? { cond: sqlAnd(base, s.cond), selective: s.selective } : { cond: base, selective: false };
}

function sqlAnd(a: Expression<SqlBool>, b: Expression<SqlBool>): Expression<SqlBool> {
  return sql<SqlBool>`(${a} and ${b})`;
}

/** GET /consultations?filter: newest first, limit and skip from the filter. */
export async function listOperations(
  deps: AppDeps,
  auth: AuthContext,
  f: { where?: Record<string, unknown>; order?: ListFilter['order']; limit: number; skip: number },
) {
  const companyId = companyOf(auth);
  const { base, search } = listCondition(auth, f.where);
  const order = orderToSql(f.order, repo.OPERATION_FIELDS, 'operations.created_at desc, operations.id desc');
  return withTenant(deps.db, companyId, async (trx) => {
    const { cond, selective } = await withSearch(trx, base, search);
    const rows = await repo.listOperations(trx, companyId, cond, { limit: f.limit, skip: f.skip, order, selective });
    return withAssociates(trx, companyId, rows);
  });
}

/** GET /consultations/count?where */
export async function countOperations(deps: AppDeps, auth: AuthContext, where: Record<string, unknown> | undefined) {
  const companyId = companyOf(auth);
  const { base, search } = listCondition(auth, where);
  return withTenant(deps.db, companyId, async (trx) =>
    repo.countOperations(trx, companyId, (await withSearch(trx, base, search)).cond),
  );
}

function checkTableFilter(auth: AuthContext, f: Omit<ConsultationTableFilterT, 'limit' | 'skip'>) {
  checkAmountFilter(f);
  if (f.recordStatus === 'inactive' && !can({ role: auth.role, company: auth.company }, 'consultationTrash')) {
    throw new AppError('FORBIDDEN');
  }
}

/** The customer-management filters with the text search, inside the tenant transaction. */
async function tableCond(trx: Transaction<Database>, f: Omit<ConsultationTableFilterT, 'limit' | 'skip'>) {
  const s = await repo.searchCondition(trx, f.search);
  return { cond: repo.tableCondition(f, s?.cond), searchSelective: s?.selective ?? false };
}

/** POST /informes/tabla-consultas: the customer-management page and its total. */
export async function consultationTable(deps: AppDeps, auth: AuthContext, f: ConsultationTableFilterT) {
  const companyId = companyOf(auth);
  checkTableFilter(auth, f);
  return withTenant(deps.db, companyId, async (trx) => {
    const { cond, searchSelective } = await tableCond(trx, f);
    // the ids of a text search or a bounded date range are selective: find those rows through their index, then sort
    const selective = searchSelective || (!!f.dateFrom && !!f.dateTo);
    const rows = await repo.listOperations(trx, companyId, cond, { limit: f.limit, skip: f.skip, selective });
    const count =
      rows.length > 0 && rows.length < f.limit
        ? f.skip + rows.length
        : await repo.countOperations(trx, companyId, cond, repo.COUNT_CAP);
    return {
      data: await withAssociates(trx, companyId, rows),
      count: Math.min(count, repo.COUNT_CAP),
      countExact: count <= repo.COUNT_CAP,
    };
  });
}

export async function consultationTableCount(deps: AppDeps, auth: AuthContext, f: ConsultationTableFilterT) {
  const companyId = companyOf(auth);
  checkTableFilter(auth, f);
  return withTenant(deps.db, companyId, async (trx) =>
    repo.countOperations(trx, companyId, (await tableCond(trx, f)).cond),
  );
}

/** GET /consultations-resume (behind consultations_resume_is_enabled, checked by the route). */
export async function consultationResume(deps: AppDeps, auth: AuthContext, f: ConsultationTableFilterT) {
  const companyId = companyOf(auth);
  checkTableFilter(auth, f);
  const { totals, byCurrency } = await withTenant(deps.db, companyId, async (trx) =>
    repo.resumeOperations(trx, companyId, (await tableCond(trx, f)).cond),
  );
  return {
    total: totals.total,
    open: totals.open,
    closed: totals.closed,
    byRisk: { high: totals.high, medium: totals.medium, low: totals.low, none: totals.none },
    ros: totals.ros,
    roe: totals.roe,
    amountByCurrency: byCurrency.map((r) => ({
      currency: r.divisa as OperationViewT['divisa'],
      amount: Number(r.amount),
      cashAmount: Number(r.cashAmount),
    })),
  };
}

/** Operations of the caller's company by id, in one query (mass actions, export). */
export async function operationsByIds(deps: AppDeps, auth: AuthContext, ids: string[]) {
  const companyId = companyOf(auth);
  return withTenant(deps.db, companyId, async (trx) =>
    withAssociates(trx, companyId, await repo.findOperations(trx, companyId, ids)),
  );
}

export * from './operations.lifecycle';
