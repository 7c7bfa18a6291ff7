import { type Kysely, sql } from 'kysely';

/**
 * The currency of the company's DOF amount threshold (issue 9: "DOF amount threshold and currency"): null keeps the
 * old meaning (the amount compared as it is, in the operation's currency); a currency converts each participant's
 * amount at the day's rate before comparing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`alter table form_rules add column dof_currency text check (dof_currency in ('USD','CLP','UF','BRL'))`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table form_rules drop column if exists dof_currency').execute(db);
}
