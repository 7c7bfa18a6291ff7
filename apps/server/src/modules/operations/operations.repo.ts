import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { FieldMap } from '../../lib/filter';
import { classifySearch, type SearchTerm } from './operations.search';
import type {
  AssociateRow,
  OperationAssociatesTable,
  OperationRow,
  OperationsTable,
  PolicyHistoryRow,
  SnapshotRow,
} from './operations.tables';

/** Fields of GET /consultations `where` and `order` (LoopBack filter), with their columns. */
export const OPERATION_FIELDS: FieldMap = {
  id: { column: 'operations.id', type: 'uuid' },
  codigo: { column: 'operations.codigo', type: 'number' },
  status: { column: 'operations.state', type: 'string' },
  recordStatus: { column: 'operations.record_status', type: 'string' },
  consultationStatus: { column: 'operations.consultation_status', type: 'string' },
  risk: { column: 'operations.risk', type: 'string' },
  divisa: { column: 'operations.divisa', type: 'string' },
  amount: { column: 'operations.amount', type: 'number' },
  cashAmount: { column: 'operations.cash_amount', type: 'number' },
  includesCash: { column: 'operations.includes_cash', type: 'boolean' },
  ros: { column: 'operations.ros', type: 'boolean' },
  roe: { column: 'operations.roe', type: 'boolean' },
  read: { column: 'operations.read', type: 'boolean' },
  transactionType: { column: 'operations.transaction_type', type: 'string' },
  transactionDate: { column: 'operations.transaction_date', type: 'date' },
  registrationDate: { column: 'operations.registration_date', type: 'date' },
  referenceNumber: { column: 'operations.reference_number', type: 'string' },
  createdAt: { column: 'operations.created_at', type: 'date' },
  updatedAt: { column: 'operations.updated_at', type: 'date' },
  createdBy: { column: 'operations.created_by', type: 'uuid' },
};

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
  return db
    .updateTable('operations')
    .set({ ...patch, updatedAt: new Date() })
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function findOperation(db: Executor, companyId: string, id: string, opts: { forUpdate?: boolean } = {}) {
  let q = db.selectFrom('operations').selectAll().where('companyId', '=', companyId).where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function findOperations(db: Executor, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as OperationRow[]);
  return db
    .selectFrom('operations')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('id', 'in', ids)
    .orderBy('createdAt', 'desc')
    .execute();
}

export async function listAssociates(db: Executor, companyId: string, operationIds: string[]) {
  if (operationIds.length === 0) return [] as AssociateRow[];
  return db
    .selectFrom('operationAssociates')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('operationId', 'in', operationIds)
    .orderBy('operationId')
    .orderBy('position')
    .execute();
}

/** Replaces the participants of an operation. */
export async function replaceAssociates(
  db: Executor,
  companyId: string,
  operationId: string,
  rows: Omit<Insertable<OperationAssociatesTable>, 'companyId' | 'operationId' | 'position'>[],
) {
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
      .selectFrom(
        db
          .selectFrom('operations')
          .selectAll()
          .where('companyId', '=', companyId)
          .where(cond)
          .offset(0)
          .as('operations'),
      )
      .selectAll()
      .orderBy(order)
      .limit(page.limit)
      .offset(page.skip)
      .execute() as Promise<OperationRow[]>;
  }
  return db
    .selectFrom('operations')
    .selectAll()
    .where('companyId', '=', companyId)
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
}

/**
 * The operations a search term matches, found through the indexes of migration 0302 (operations_search_ids, limited
 * to the transaction's company: call it inside withTenant). Each kind stops at `limit` rows; `complete` says no kind
 * was cut, so `ids` is every match.
 */
export async function searchIds(db: Executor, term: SearchTerm, limit: number) {
  const r = await sql<{ id: string; branch: number }>`
    select operation_id as id, branch from operations_search_ids(${term.codigo}::int, ${term.docs}::text[],
      ${term.docFrom}::text, ${term.docTo}::text, ${term.refFrom}::text, ${term.refTo}::text, ${term.words}::text,
      ${limit}::int)`.execute(db);
  const perBranch = new Map<number, number>();
  for (const row of r.rows) perBranch.set(row.branch, (perBranch.get(row.branch) ?? 0) + 1);
  return {
    ids: [...new Set(r.rows.map((row) => row.id))],
    complete: [...perBranch.values()].every((n) => n < limit),
  };
}

/**
 * The same match as `searchIds`, row by row (no index): for a term that matches too many operations to list their
 * ids, the page walks the date index and tests each row (it fills quickly, since matches are common).
 */
export function searchRowCondition(term: SearchTerm): Expression<SqlBool> {
  const own: Expression<SqlBool>[] = [
    sql<SqlBool>`(lower(operations.reference_number) ~>=~ ${term.refFrom} and lower(operations.reference_number) ~<~ ${term.refTo})`,
  ];
  if (term.codigo !== null) own.push(sql<SqlBool>`operations.codigo = ${term.codigo}`);
  if (term.words !== null) {
    own.push(
      sql<SqlBool>`operations_search_doc(operations.transaction_comments, operations.tags) @@ to_tsquery('simple', ${term.words})`,
    );
  }
  const theirs: Expression<SqlBool>[] = [];
  if (term.docs !== null) {
    theirs.push(
      sql<SqlBool>`a.dni = any(${term.docs}::text[]) or (a.dni ~>=~ ${term.docFrom} and a.dni ~<~ ${term.docTo})`,
    );
  }
  if (term.words !== null)
    theirs.push(sql<SqlBool>`operations_name_doc(a.name) @@ to_tsquery('simple', ${term.words})`);
  if (theirs.length > 0) {
    own.push(sql<SqlBool>`exists (select 1 from operation_associates a
      where a.company_id = operations.company_id and a.operation_id = operations.id
        and (${sql.join(theirs, sql` or `)}))`);
  }
  return sql<SqlBool>`(${sql.join(own, sql` or `)})`;
}

/**
 * The search of spec 000 §7 (referenceNumber, transactionComments, codigo, tag names, associates' dni and name) as a
 * condition, inside the tenant transaction: the matching ids when there are at most `cap` of them (`selective`:
 * read them by id, then sort), otherwise the row-by-row test. Null for an empty term.
 */
export async function searchCondition(
  db: Executor,
  raw: string | undefined,
  cap = COUNT_CAP,
): Promise<{ cond: Expression<SqlBool>; selective: boolean } | null> {
  const term = classifySearch(raw ?? '');
  if (!term) return null;
  const found = await searchIds(db, term, cap + 1);
  if (found.complete && found.ids.length <= cap) {
    return { cond: sql<SqlBool>`operations.id = any(${found.ids}::uuid[])`, selective: true };
  }
  return { cond: searchRowCondition(term), selective: false };
}

/**
 * The customer-management filters as one SQL condition (the company filter is added by the queries); the text search
 * comes prepared by `searchCondition` (`f.search` is not read here).
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

/** Moves operations to or from the trash; answers the ids that changed. */
export async function setRecordStatus(
  db: Executor,
  companyId: string,
  ids: string[],
  status: 'active' | 'inactive',
  userId: string,
) {
  const rows = await db
    .updateTable('operations')
    .set(
      status === 'inactive'
        ? { recordStatus: 'inactive', deletedBy: userId, deletedAt: new Date(), updatedAt: new Date() }
        : { recordStatus: 'active', deletedBy: null, deletedAt: null, updatedAt: new Date() },
    )
    .where('companyId', '=', companyId)
    .where('id', 'in', ids)
    .where('recordStatus', '!=', status)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function markRead(db: Executor, companyId: string, ids: string[]) {
  const rows = await db
    .updateTable('operations')
    .set({ read: true })
    .where('companyId', '=', companyId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertSnapshot(
  db: Executor,
  companyId: string,
  s: { operationId: string; data: unknown; createdBy: string; createdByName: string | null },
) {
  const last = await db
    .selectFrom('operationSnapshots')
    .select(sql<number>`coalesce(max(seq), 0)::int`.as('seq'))
    .where('companyId', '=', companyId)
    .where('operationId', '=', s.operationId)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('operationSnapshots')
    .values({
      companyId,
      operationId: s.operationId,
      seq: Number(last.seq) + 1,
      kind: 'finished',
      data: JSON.stringify(s.data),
      createdBy: s.createdBy,
      createdByName: s.createdByName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listSnapshots(db: Executor, companyId: string, operationId: string): Promise<SnapshotRow[]> {
  return db
    .selectFrom('operationSnapshots')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('operationId', '=', operationId)
    .orderBy('seq', 'desc')
    .execute();
}

export async function insertPolicyHistory(
  db: Executor,
  companyId: string,
  e: { operationId: string; policy: unknown; changedBy: string; changedByName: string | null },
) {
  await db
    .insertInto('operationPolicyHistory')
    .values({
      companyId,
      operationId: e.operationId,
      policy: JSON.stringify(e.policy),
      changedBy: e.changedBy,
      changedByName: e.changedByName,
    })
    .execute();
}

export function listPolicyHistory(db: Executor, companyId: string, operationId: string): Promise<PolicyHistoryRow[]> {
  return db
    .selectFrom('operationPolicyHistory')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('operationId', '=', operationId)
    .orderBy('changedAt', 'desc')
    .execute();
}

/** Active cash operations flagged ROE, by transaction date (UAF report). */
export function uafCondition(from?: string, to?: string): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [
    sql<SqlBool>`operations.roe`,
    sql<SqlBool>`operations.record_status = 'active'`,
  ];
  if (from) parts.push(sql<SqlBool>`operations.transaction_date >= ${`${from}T00:00:00.000Z`}::timestamptz`);
  if (to) parts.push(sql<SqlBool>`operations.transaction_date <= ${`${to}T23:59:59.999Z`}::timestamptz`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
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
  const rows = await db
    .updateTable('operations')
    .set(
      status === 'inactive'
        ? { recordStatus: 'inactive', deletedBy: userId, deletedAt: new Date(), updatedAt: new Date() }
        : { recordStatus: 'active', deletedBy: null, deletedAt: null, updatedAt: new Date() },
    )
    .where('companyId', '=', companyId)
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
  await db
    .updateTable('operationAssociates')
    .set({ fichaId: null })
    .where('companyId', '=', companyId)
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
