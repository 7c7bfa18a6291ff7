import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { execScript } from './sql-script';

/**
 * Under row-level security PostgreSQL uses an index only for conditions whose operator is leakproof: the policy
 * must run first. tsvector @@ and LIKE are not marked leakproof, so a search became a sequential scan of every
 * company's fichas (400 ms at 1.2M rows).
 * - Names: ts_match_vq (the @@ of tsvector and tsquery) is marked leakproof; it raises no error that depends on
 *   the row's value, which is what the mark promises. It needs a superuser (the migration user on PGlite and on
 *   our PostgreSQL set-up); without one the search still works, as a scan.
 * - Documents: a function finds the matching ids with the pattern btree, as the table owner but limited to the
 *   company of the transaction (app.company_id, set by withTenant): the caller cannot widen it, and the rows are
 *   then read under RLS by id (uuid equality is leakproof).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create or replace function fichas_dni_ids(exact text[], prefix text) returns setof uuid
      language sql stable security definer set search_path = public as $fn$
      select id from fichas
      where company_id = nullif(current_setting('app.company_id', true), '')::uuid
        and (dni = any(exact) or (dni ~>=~ prefix and dni ~<~ (prefix || 'ÿ')))
    $fn$;
    revoke all on function fichas_dni_ids(text[], text) from public;
  `,
  );
  await sql
    .raw(`do $$ begin
      alter function ts_match_vq(tsvector, tsquery) leakproof;
    exception when insufficient_privilege then raise notice 'not a superuser: fichas name search scans';
    end $$`)
    .execute(db);
  await sql.raw(`grant execute on function fichas_dni_ids(text[], text) to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop function if exists fichas_dni_ids(text[], text)').execute(db);
}
