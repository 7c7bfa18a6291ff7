// Over 400 lines: the operations table and its participants are written together (one operation, its associates,
// its counters); the search and history reads already live in operations.search.repo.ts and operations.history.repo.ts.
import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type {
  AssociateRow,
  OperationAssociatesTable,
  OperationRow,
  OperationsTable,
} from '../../db/tables/operations.tables';
import type { Executor } from '../../db/tenant';
import { fieldsOf } from '../../lib/filter';

/**
 * Operations and their participants: rows, lists and counts by a prepared condition, the trash, and what the fichas
 * module's events change. The text search is operations.search.repo.ts, the history operations.history.repo.ts, the
 * public links operations.links.repo.ts.
 */

/** Fields of GET /consultations `where` and `order` (LoopBack filter), with their columns. */
export const OPERATION_FIELDS = fieldsOf('operations', {
  id: 'uuid',
  codigo: 'number',
  status: { column: 'operations.state', type: 'string' },
  recordStatus: 'string',
  consultationStatus: 'string',
  risk: 'string',
  divisa: 'string',
  amount: 'number',
  cashAmount: 'number',
  includesCash: 'boolean',
  ros: 'boolean',
  roe: 'boolean',
  read: 'boolean',
  transactionType: 'string',
  transactionDate: 'date',
  registrationDate: 'date',
  referenceNumber: 'string',
  createdAt: 'date',
  updatedAt: 'date',
  createdBy: 'uuid',
});

/** The next codigo of a company (a per-company sequence; the counter row is locked until the transaction ends). */
export async function nextCodigo(db: Executor, companyId: string): Promise<number> {
  const row = await db
    .insertInto('operationCounters')
    .values({ companyId, lastCodigo: 1 })
    .onConflict((oc) =>
      oc.column('companyId').doUpdateSet({ lastCodigo: sql<number>`operation_counters.last_codigo + 1` }),
    )
    .returning('lastCodigo')
    .executeTakeFirstOrThrow();
  return Number(row.lastCodigo);
}

export function insertOperation(
  db: Executor,
  companyId: string,
  values: Omit<Insertable<OperationsTable>, 'companyId'>,
) {
  return db
    .insertInto('operations')
    .values({ ...values, companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateOperation(
  db: Executor,
  companyId: string,
  id: string,
  patch: Omit<Updateable<OperationsTable>, 'companyId' | 'id'>,
) {
  return tenantUpdate(db, 'operations', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * The operation's form status snapshot (consultation_status and the per-form columns), refreshed by the forms
 * module; `updated_at` is left as it was (the operation itself did not change). Answers the row, or undefined.
 */
export function setFormSnapshot(
  db: Executor,
  companyId: string,
  id: string,
  s: { consultationStatus: string; formDof: string; formBf: string; pepDefaultFormStatus: string },
) {
  return tenantUpdate(db, 'operations', companyId, s).where('id', '=', id).returningAll().executeTakeFirst();
}

export function findOperation(db: Executor, companyId: string, id: string, opts: { forUpdate?: boolean } = {}) {
  let q = tenantRows(db, 'operations', companyId).where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function findOperations(db: Executor, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as OperationRow[]);
  return tenantRows(db, 'operations', companyId).where('id', 'in', ids).orderBy('createdAt', 'desc').execute();
}

export async function listAssociates(db: Executor, companyId: string, operationIds: string[]) {
  if (operationIds.length === 0) return [] as AssociateRow[];
  return tenantRows(db, 'operationAssociates', companyId)
    .where('operationId', 'in', operationIds)
    .orderBy('operationId')
    .orderBy('position')
    .execute();
}

/** The e-mail of one participant (kept in step with its ficha's). */
export async function updateAssociateEmail(db: Executor, companyId: string, associateId: string, email: string | null) {
  await tenantUpdate(db, 'operationAssociates', companyId, { email }).where('id', '=', associateId).execute();
}

/** A participant as the services hold it (parsed JSON columns), before it is stored. */
export type AssociateValues = Omit<AssociateRow, 'id' | 'companyId' | 'operationId' | 'position'>;

/** The stored form of participants: JSON columns serialised. */
function associateInsert(rows: AssociateValues[]) {
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

/** Replaces the participants of an operation. */
export async function replaceAssociates(
  db: Executor,
  companyId: string,
  operationId: string,
  participants: AssociateValues[],
) {
  const rows: Omit<Insertable<OperationAssociatesTable>, 'companyId' | 'operationId' | 'position'>[] =
    associateInsert(participants);
  await db
    .deleteFrom('operationAssociates')
    .where('companyId', '=', companyId)
    .where('operationId', '=', operationId)
    .execute();
  if (rows.length === 0) return;
  await db
    .insertInto('operationAssociates')
    .values(rows.map((r, position) => ({ ...r, companyId, operationId, position })))
    .execute();
}

/**
 * Page of operations by a prepared condition, newest first. With `selective` (the ids of a text search, a bounded
 * date range), the matching rows are found first through their index and only then sorted: without the fence the
 * planner walks the date index hoping to fill the page early, which is slow when few rows match.
 */
export function listOperations(
  db: Executor,
  companyId: string,
  cond: Expression<SqlBool>,
  page: { limit: number; skip: number; order?: Expression<unknown>; selective?: boolean },
) {
  const order = page.order ?? sql`created_at desc, id desc`;
  if (page.selective) {
    return db
      .selectFrom(tenantRows(db, 'operations', companyId).where(cond).offset(0).as('operations'))
      .selectAll()
      .orderBy(order)
      .limit(page.limit)
      .offset(page.skip)
      .execute() as Promise<OperationRow[]>;
  }
  return tenantRows(db, 'operations', companyId)
    .where(cond)
    .orderBy(order)
    .limit(page.limit)
    .offset(page.skip)
    .execute();
}

/** Exact counts stop here: above it the table says "more than" (a count over a million rows costs seconds). */
export const COUNT_CAP = 10_000;

/** Number of matching operations, exact up to `cap` (cap + 1 means "more than cap"). */
export async function countOperations(db: Executor, companyId: string, cond: Expression<SqlBool>, cap?: number) {
  if (cap !== undefined) {
    const r = await db
      .selectFrom(
        db
          .selectFrom('operations')
          .select(sql`1`.as('one'))
          .where('companyId', '=', companyId)
          .where(cond)
          .limit(cap + 1)
          .as('capped'),
      )
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
  const r = await db
    .selectFrom('operations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('companyId', '=', companyId)
    .where(cond)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Both conditions. */
export function allOf(a: Expression<SqlBool>, b: Expression<SqlBool>): Expression<SqlBool> {
  return sql<SqlBool>`(${a} and ${b})`;
}

export interface TableConditionInput {
  search?: string;
  recordStatus: 'active' | 'inactive';
  status?: 'open' | 'closed';
  risk?: string[];
  dateFrom?: string;
  dateTo?: string;
  amountMin?: number;
  amountMax?: number;
  currency?: string;
  ros?: boolean;
  roe?: boolean;
  /** an active declaration form of the operation is in one of these statuses */
  consultationStatus?: string[];
}

/**
 * The customer-management filters as one SQL condition (the company filter is added by the queries); the text search
 * comes prepared by `searchCondition` (operations.search.repo.ts) (`f.search` is not read here).
 */
export function tableCondition(f: TableConditionInput, search?: Expression<SqlBool>): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`operations.record_status = ${f.recordStatus}`];
  if (f.status) parts.push(sql<SqlBool>`operations.state = ${f.status}`);
  if (f.risk?.length) parts.push(sql<SqlBool>`operations.risk in (${sql.join(f.risk)})`);
  if (f.dateFrom)
    parts.push(sql<SqlBool>`operations.transaction_date >= ${`${f.dateFrom}T00:00:00.000Z`}::timestamptz`);
  if (f.dateTo) parts.push(sql<SqlBool>`operations.transaction_date <= ${`${f.dateTo}T23:59:59.999Z`}::timestamptz`);
  if (f.currency) parts.push(sql<SqlBool>`operations.divisa = ${f.currency}`);
  if (f.amountMin !== undefined) parts.push(sql<SqlBool>`operations.amount >= ${f.amountMin}`);
  if (f.amountMax !== undefined) parts.push(sql<SqlBool>`operations.amount <= ${f.amountMax}`);
  if (f.ros !== undefined) parts.push(sql<SqlBool>`operations.ros = ${f.ros}`);
  if (f.roe !== undefined) parts.push(sql<SqlBool>`operations.roe = ${f.roe}`);
  // the forms module's table, read-only: an active declaration form of the operation in one of these statuses
  if (f.consultationStatus?.length)
    parts.push(sql<SqlBool>`exists (select 1 from forms f where f.company_id = operations.company_id
      and f.operation_id = operations.id and f.is_active and f.status in (${sql.join(f.consultationStatus)}))`);
  if (search) parts.push(search);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Summary of the customer-management table (GET /consultations-resume). */
export async function resumeOperations(db: Executor, companyId: string, cond: Expression<SqlBool>) {
  const totals = await db
    .selectFrom('operations')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where state = 'open'))::int`.as('open'),
      sql<number>`(count(*) filter (where state = 'closed'))::int`.as('closed'),
      sql<number>`(count(*) filter (where risk = 'high'))::int`.as('high'),
      sql<number>`(count(*) filter (where risk = 'medium'))::int`.as('medium'),
      sql<number>`(count(*) filter (where risk = 'low'))::int`.as('low'),
      sql<number>`(count(*) filter (where risk = '-'))::int`.as('none'),
      sql<number>`(count(*) filter (where ros))::int`.as('ros'),
      sql<number>`(count(*) filter (where roe))::int`.as('roe'),
    ])
    .where('companyId', '=', companyId)
    .where(cond)
    .executeTakeFirstOrThrow();
  const byCurrency = await db
    .selectFrom('operations')
    .select([
      'divisa',
      sql<number>`coalesce(sum(amount), 0)`.as('amount'),
      sql<number>`coalesce(sum(cash_amount), 0)`.as('cashAmount'),
    ])
    .where('companyId', '=', companyId)
    .where(cond)
    .groupBy('divisa')
    .orderBy('divisa')
    .execute();
  return { totals, byCurrency };
}

/** The change of an operation moved to the trash (stamped with who and when) or back from it. */
function trashStamp(status: 'active' | 'inactive', userId: string | null) {
  return status === 'inactive'
    ? { recordStatus: 'inactive' as const, deletedBy: userId, deletedAt: new Date(), updatedAt: new Date() }
    : { recordStatus: 'active' as const, deletedBy: null, deletedAt: null, updatedAt: new Date() };
}

/** Moves operations to or from the trash; answers the ids that changed. */
export async function setRecordStatus(
  db: Executor,
  companyId: string,
  ids: string[],
  status: 'active' | 'inactive',
  userId: string,
) {
  const rows = await tenantUpdate(db, 'operations', companyId, trashStamp(status, userId))
    .where('id', 'in', ids)
    .where('recordStatus', '!=', status)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function markRead(db: Executor, companyId: string, ids: string[]) {
  const rows = await tenantUpdate(db, 'operations', companyId, { read: true })
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Operations where any of the fichas is a participant, with the given record status (fichas trash cascade). */
export async function setRecordStatusByFichas(
  db: Executor,
  companyId: string,
  fichaIds: string[],
  status: 'active' | 'inactive',
  userId: string | null,
) {
  if (fichaIds.length === 0) return [] as string[];
  const rows = await tenantUpdate(db, 'operations', companyId, trashStamp(status, userId))
    .where('recordStatus', '!=', status)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('operationAssociates')
        .select('operationId')
        .where('companyId', '=', companyId)
        .where('fichaId', 'in', fichaIds),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** A ficha deleted permanently: its participations keep the document and name, without the link. */
export async function unlinkFichas(db: Executor, companyId: string, fichaIds: string[]) {
  if (fichaIds.length === 0) return;
  await tenantUpdate(db, 'operationAssociates', companyId, { fichaId: null })
    .where('fichaId', 'in', fichaIds)
    .execute();
}

/** The operations of a ficha, newest first (GET /fichas-clientes/with-relations asociados). */
export function operationsOfFicha(db: Executor, companyId: string, fichaId: string) {
  return db
    .selectFrom('operationAssociates')
    .innerJoin('operations', 'operations.id', 'operationAssociates.operationId')
    .select([
      'operations.id',
      'operations.codigo',
      'operations.state',
      'operations.recordStatus',
      'operations.divisa',
      'operations.risk',
      'operations.transactionDate',
      'operations.createdAt',
      'operationAssociates.monto',
      'operationAssociates.efective',
    ])
    .where('operationAssociates.companyId', '=', companyId)
    .where('operationAssociates.fichaId', '=', fichaId)
    .where('operations.recordStatus', '=', 'active')
    .orderBy('operations.createdAt', 'desc')
    .limit(200)
    .execute();
}
