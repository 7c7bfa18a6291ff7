import { type Kysely, sql } from 'kysely';

/** Risk cities (spec 001 §3: city, region, reason): a list matched by the city of the person screened. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into list_sources (id, name, kind, format) values ('risk-cities', 'Risk cities', 'risk', 'entities-csv')
    on conflict (id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from list_sources where id = 'risk-cities'`.execute(db);
}
