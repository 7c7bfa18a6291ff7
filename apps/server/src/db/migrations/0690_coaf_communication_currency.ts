import { type Kysely, sql } from 'kysely';

/**
 * Decision 158: a Brazilian company's cash in another currency than BRL is "COAF: not checked" (RegCheck holds no
 * BRL rate series); when the officer converts it by hand and communicates it, its registration keeps the cash in the
 * operation's own currency, so the stored amount says what it is. The registrations before this one were all BRL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table coaf_communications add column currency text not null default 'BRL'
    check (currency ~ '^[A-Z]{3}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table coaf_communications drop column if exists currency`.execute(db);
}
