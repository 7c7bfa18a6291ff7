import type { Kysely } from 'kysely';
import { execScript } from './sql-script';

/**
 * Issue 25, "Declarations that prove something": a form keeps what it declares (subject: the operation's number,
 * reference, date, amount and currency; for a company, the company and the beneficial owners RegCheck knew when the
 * form was made; which answers were pre-filled), the natural person who signs for a company (signer), the
 * differences between the signed answers and the file found at signing (findings), and the officer's review that
 * makes the diligence realised (accepted, or a new declaration asked with a reason).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table forms add column subject jsonb;
    alter table forms add column signer jsonb;
    alter table forms add column findings jsonb;
    alter table forms add column review_status text check (review_status in ('accepted', 'renewalRequested'));
    alter table forms add column review_reason text;
    alter table forms add column reviewed_by uuid;
    alter table forms add column reviewed_by_name text;
    alter table forms add column reviewed_at timestamptz;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table forms drop column if exists reviewed_at;
    alter table forms drop column if exists reviewed_by_name;
    alter table forms drop column if exists reviewed_by;
    alter table forms drop column if exists review_reason;
    alter table forms drop column if exists review_status;
    alter table forms drop column if exists findings;
    alter table forms drop column if exists signer;
    alter table forms drop column if exists subject;
    `,
  );
}
