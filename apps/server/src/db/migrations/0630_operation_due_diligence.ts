import { type Kysely, sql } from 'kysely';

/**
 * Issue 23, point 4 (decisions 145-147): an operation keeps its due diligence by amount (`due_diligence`: whether a
 * rule asked for it and which, the whole amount in USD and the rate used, or the day whose rate is missing), written
 * on create and edit and by the job after a rate load. Operations older than this migration have none (null: not
 * evaluated); the next rate load evaluates them (operations.due-diligence.job.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operations add column due_diligence jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operations drop column if exists due_diligence`.execute(db);
}
