import type { ConsultationTableFilterT, OperationViewT } from '@regcheck/shared/schemas/operations';
import type { Expression, SqlBool, Transaction } from 'kysely';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import type { Database } from '../../db/tables';
import type { AssociateRow, OperationRow } from '../../db/tables/operations.tables';
import { type Executor, withTenant } from '../../db/tenant';
import { AppError } from '../../lib/errors';
import type { ListFilter } from '../../lib/filter';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { opError } from './operations.errors';
import * as historyRepo from './operations.history.repo';
import { load } from './operations.load';
import { maySeeTrash } from './operations.policy';
import * as repo from './operations.repo';
import { checkAmountFilter, viewRules } from './operations.rules';
import * as searchRepo from './operations.search.repo';
import * as view from './operations.view';

/** Reading operations: one, its detail, the list of GET /consultations, the customer-management table and summary. */

/** GET /consultations/{id} */
export async function getOperation(deps: AppDeps, c: TenantCaller, id: string) {
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id);
    return view.operationView(o, associates, viewRules(c));
  });
}

/** GET /consultations/view/{id}: the operation, its historical records and its insurance policy history. */
export async function getOperationDetail(deps: AppDeps, c: TenantCaller, id: string) {
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const { o, associates } = await load(trx, companyId, id);
    const [snapshots, policy] = await Promise.all([
      historyRepo.listSnapshots(trx, companyId, id),
      historyRepo.listPolicyHistory(trx, companyId, id),
    ]);
    return {
      ...view.operationView(o, associates, viewRules(c)),
      historicalRecords: snapshots.map(view.snapshotView),
      policyHistory: policy.map(view.policyHistoryView),
    };
  });
}

async function withAssociates(trx: Transaction<Database>, c: TenantCaller, rows: OperationRow[]) {
  const companyId = c.companyId;
  const associates = await repo.listAssociates(
    trx,
    companyId,
    rows.map((r) => r.id),
  );
  const byOp = new Map<string, AssociateRow[]>();
  for (const a of associates) byOp.set(a.operationId, [...(byOp.get(a.operationId) ?? []), a]);
  const roe = viewRules(c);
  return rows.map((r) => view.operationView(r, byOp.get(r.id) ?? [], roe));
}

/**
 * The `where` of GET /consultations: `search` (text) and `status: 'active'|'inactive'` (the trash view) are the
 * spec's list parameters; `status: 'open'|'closed'` is the operation state. Without a record status, active only.
 */
function listCondition(c: TenantCaller, where: Record<string, unknown> | undefined) {
  const w = { ...(where ?? {}) };
  const search = typeof w.search === 'string' ? w.search : undefined;
  delete w.search;
  if (w.status === 'active' || w.status === 'inactive') {
    w.recordStatus = w.status;
    delete w.status;
  }
  if (w.recordStatus === undefined) w.recordStatus = 'active';
  if (w.recordStatus !== 'active' && !maySeeTrash(c)) throw new AppError('FORBIDDEN');
  return { base: whereToSql(w, repo.OPERATION_FIELDS), search };
}

/** The list condition with its text search, inside the tenant transaction (the search looks its ids up first). */
async function withSearch(
  trx: Transaction<Database>,
  companyId: string,
  base: Expression<SqlBool>,
  search: string | undefined,
) {
  const s = await searchRepo.searchCondition(trx, companyId, search);
  return s ? { cond: repo.allOf(base, s.cond), selective: s.selective } : { cond: base, selective: false };
}

/** GET /consultations?filter: newest first, limit and skip from the filter. */
export async function listOperations(
  deps: AppDeps,
  c: TenantCaller,
  f: { where?: Record<string, unknown>; order?: ListFilter['order']; limit: number; skip: number },
) {
  const companyId = c.companyId;
  const { base, search } = listCondition(c, f.where);
  const order = orderToSql(f.order, repo.OPERATION_FIELDS, 'operations.created_at desc, operations.id desc');
  return withTenant(deps.db, companyId, async (trx) => {
    const { cond, selective } = await withSearch(trx, companyId, base, search);
    const rows = await repo.listOperations(trx, companyId, cond, { limit: f.limit, skip: f.skip, order, selective });
    return withAssociates(trx, c, rows);
  });
}

/** GET /consultations/count?where */
export async function countOperations(deps: AppDeps, c: TenantCaller, where: Record<string, unknown> | undefined) {
  const companyId = c.companyId;
  const { base, search } = listCondition(c, where);
  return withTenant(deps.db, companyId, async (trx) =>
    repo.countOperations(trx, companyId, (await withSearch(trx, companyId, base, search)).cond),
  );
}

function checkTableFilter(c: TenantCaller, f: Omit<ConsultationTableFilterT, 'limit' | 'skip'>) {
  checkAmountFilter(f);
  if (f.recordStatus === 'inactive' && !maySeeTrash(c)) throw new AppError('FORBIDDEN');
}

/** The customer-management filters with the text search, inside the tenant transaction. */
async function tableCond(
  trx: Transaction<Database>,
  companyId: string,
  f: Omit<ConsultationTableFilterT, 'limit' | 'skip'>,
) {
  const s = await searchRepo.searchCondition(trx, companyId, f.search);
  return { cond: repo.tableCondition(f, s?.cond), searchSelective: s?.selective ?? false };
}

/** POST /informes/tabla-consultas: the customer-management page and its total. */
export async function consultationTable(deps: AppDeps, c: TenantCaller, f: ConsultationTableFilterT) {
  const companyId = c.companyId;
  checkTableFilter(c, f);
  return withTenant(deps.db, companyId, async (trx) => {
    const { cond, searchSelective } = await tableCond(trx, companyId, f);
    // the ids of a text search or a bounded date range are selective: find those rows through their index, then sort
    const selective = searchSelective || (!!f.dateFrom && !!f.dateTo);
    const rows = await repo.listOperations(trx, companyId, cond, { limit: f.limit, skip: f.skip, selective });
    const count =
      rows.length > 0 && rows.length < f.limit
        ? f.skip + rows.length
        : await repo.countOperations(trx, companyId, cond, repo.COUNT_CAP);
    return {
      data: await withAssociates(trx, c, rows),
      count: Math.min(count, repo.COUNT_CAP),
      countExact: count <= repo.COUNT_CAP,
    };
  });
}

export async function consultationTableCount(deps: AppDeps, c: TenantCaller, f: ConsultationTableFilterT) {
  const companyId = c.companyId;
  checkTableFilter(c, f);
  return withTenant(deps.db, companyId, async (trx) =>
    repo.countOperations(trx, companyId, (await tableCond(trx, companyId, f)).cond),
  );
}

/** GET /consultations-resume (behind consultations_resume_is_enabled, checked by the route). */
export async function consultationResume(deps: AppDeps, c: TenantCaller, f: ConsultationTableFilterT) {
  const companyId = c.companyId;
  checkTableFilter(c, f);
  const { totals, byCurrency } = await withTenant(deps.db, companyId, async (trx) =>
    repo.resumeOperations(trx, companyId, (await tableCond(trx, companyId, f)).cond),
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

/** Operations of the caller's company by id, in one query (mass actions, export): one unknown id is a 404. */
export async function operationsByIds(deps: AppDeps, c: TenantCaller, ids: string[]) {
  const companyId = c.companyId;
  return withTenant(deps.db, companyId, async (trx) => {
    const found = await repo.findOperations(trx, companyId, ids);
    if (found.length !== new Set(ids).size) throw opError('OPERATION_NOT_FOUND', { field: 'consultationIds' });
    return withAssociates(trx, c, found);
  });
}

/**
 * The reference check of another module (a transaction naming its operation), in that module's transaction: the
 * operation must be the company's, else 404 OPERATION_NOT_FOUND naming the field.
 */
export async function assertOperationOf(trx: Executor, companyId: string, id: string, field: string) {
  if (!(await repo.findOperation(trx, companyId, id))) throw opError('OPERATION_NOT_FOUND', { field });
}
