import { type Kysely, type QueryExecutorProvider, sql, type Transaction } from 'kysely';
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

/**
 * Creates the application role when the server lacks it (roles are cluster-wide: several databases, and tests, may
 * create it at once) and makes the connecting user a member, so that it may `SET LOCAL ROLE`. Used by the first
 * migration and by a restore (pg_dump does not carry roles).
 */
export async function createAppRole(db: QueryExecutorProvider) {
  await sql
    .raw(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`)
    .execute(db);
  await sql
    .raw(`do $$ begin
      execute format('grant ${APP_ROLE} to %I', current_user);
    exception when others then raise notice 'could not grant ${APP_ROLE} to %: %', current_user, sqlerrm;
    end $$`)
    .execute(db);
}
