import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from './database';
import type { Database } from './tables';

/** The non-superuser role under which tenant work runs, so that row-level security applies. */
export const APP_ROLE = 'regcheck_app';

export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Runs `fn` in a transaction bound to one company: `SET LOCAL ROLE regcheck_app` and `app.company_id`, so every
 * tenant table's row-level security policy limits what the queries see to that company, even a query that
 * forgets its `company_id` filter (the repos filter too: this is the second wall).
 */
export async function withTenant<T>(db: Db, companyId: string, fn: (trx: Transaction<Database>) => Promise<T>) {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('app.company_id', ${companyId}, true)`.execute(trx);
    await sql.raw(`set local role ${APP_ROLE}`).execute(trx);
    return fn(trx);
  });
}

/** A transaction with no tenant binding, for the super administrator and system work (runs as the owner). */
export async function withSystem<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>) {
  return db.transaction().execute(fn);
}
