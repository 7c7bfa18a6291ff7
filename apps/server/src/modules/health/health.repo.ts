import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/** A round trip to the database: throws when it does not answer. */
export async function ping(db: Executor) {
  await sql`select 1`.execute(db);
}
