import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { execScript } from './sql-script';

/**
 * Issue 29, point 3 (decision 207): the counters every API node must agree on when several share one PostgreSQL —
 * the per-address request limits of the public routes, the proof-of-work challenges already spent, the wrong pins
 * of the whistleblowing channel. A row is a key (an HMAC made with the installation's secret: never an address, a
 * report id or a challenge as typed), a count and the moment it is forgotten. No company's data: no tenant policy.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table expiring_counters (
      key text primary key,
      count integer not null,
      expires_at timestamptz not null
    );
    create index expiring_counters_expiry on expiring_counters (expires_at);
    `,
  );
  await sql.raw(`grant select, insert, update, delete on expiring_counters to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists expiring_counters`.execute(db);
}
