import { type Kysely, sql } from 'kysely';

/** The customer-management amount filter (always with a currency): its count no longer walks the whole company. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('create index if not exists operations_amount_idx on operations (company_id, record_status, divisa, amount)')
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index if exists operations_amount_idx').execute(db);
}
