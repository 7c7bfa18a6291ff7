import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { TransactionsTable } from '../../db/tables/transactions.tables';
import type { Executor } from '../../db/tenant';
import { fieldsOf } from '../../lib/filter';

export const TRANSACTION_FIELDS = fieldsOf('transactions', {
  id: 'uuid',
  dni: 'string',
  fichaId: 'uuid',
  operationId: 'uuid',
  transactionType: 'string',
  transactionDate: 'date',
  divisa: 'string',
  amount: 'number',
  cashAmount: 'number',
  isActive: 'boolean',
  read: 'boolean',
  createdAt: 'date',
});

export function insertTransaction(
  db: Executor,
  companyId: string,
  v: Omit<Insertable<TransactionsTable>, 'companyId'>,
) {
  return db
    .insertInto('transactions')
    .values({ ...v, companyId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findTransaction(db: Executor, companyId: string, id: string) {
  return tenantRows(db, 'transactions', companyId).where('id', '=', id).executeTakeFirst();
}

/** The transaction holding a stored file name. */
export function findTransactionByFile(db: Executor, companyId: string, storedName: string) {
  return tenantRows(db, 'transactions', companyId)
    .where(sql<SqlBool>`files @> ${JSON.stringify([{ storedName }])}::jsonb`)
    .executeTakeFirst();
}

export function updateTransaction(
  db: Executor,
  companyId: string,
  id: string,
  patch: Omit<Updateable<TransactionsTable>, 'companyId' | 'id'>,
) {
  return tenantUpdate(db, 'transactions', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function listTransactions(
  db: Executor,
  companyId: string,
  cond: Expression<SqlBool>,
  page: { limit: number; skip: number; order: Expression<unknown> },
) {
  return tenantRows(db, 'transactions', companyId)
    .where(cond)
    .orderBy(page.order)
    .limit(page.limit)
    .offset(page.skip)
    .execute();
}

export async function countTransactions(db: Executor, companyId: string, cond: Expression<SqlBool>) {
  const r = await db
    .selectFrom('transactions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('companyId', '=', companyId)
    .where(cond)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** How many of the ids are transactions of the company. */
export async function countTransactionsById(db: Executor, companyId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const r = await db
    .selectFrom('transactions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('companyId', '=', companyId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function markRead(db: Executor, companyId: string, ids: string[]) {
  const rows = await tenantUpdate(db, 'transactions', companyId, { read: true })
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
