import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Issue 24, point 1: one PEP truth per person (decisions 170 to 172).
 * - The ficha's own PEP fields become the derived status: `pep_status`, `pep_level` and `pep_expiration` hold what
 *   every source together says today (fichas.pep.ts), `pep_detail` its position, institution, since, until, source
 *   and each source. What the customer or a user declared moves to `pep_declared_*` (copied here), one source among
 *   the others. `pep_detail` null means "not computed yet": the backfill job computes those at start.
 * - `ficha_pep_confirmations`: a name match with a register person that an officer confirmed is this customer.
 * - Relationship types `spouse`, `relative`, `associate` (a PEP's relations, level 2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    alter table fichas
      add column pep_declared_status text check (pep_declared_status in ('direct','consanguineous')),
      add column pep_declared_level integer check (pep_declared_level in (1,2)),
      add column pep_declared_expiration timestamptz,
      add column pep_detail jsonb;
    update fichas set pep_declared_status = pep_status, pep_declared_level = pep_level,
      pep_declared_expiration = pep_expiration;
    create index fichas_pep_expiry_idx on fichas (company_id, pep_expiration) where pep_status is not null;
    create index fichas_pep_pending_idx on fichas (company_id) where pep_detail is null;

    alter table ficha_relationships drop constraint if exists ficha_relationships_relation_type_check;
    alter table ficha_relationships add constraint ficha_relationships_relation_type_check check (relation_type in
      ('representant','beneficiary','both','manager','effectiveControl','declarant','partners',
       'spouse','relative','associate'));

    create table ficha_pep_confirmations (
      company_id uuid not null references companies(id),
      ficha_id uuid not null,
      person_id uuid not null references people(id),
      confirmed_by uuid,
      confirmed_at timestamptz not null default now(),
      primary key (company_id, ficha_id, person_id),
      foreign key (company_id, ficha_id) references fichas (company_id, id) on delete cascade
    );
    create index ficha_pep_confirmations_person_idx on ficha_pep_confirmations (person_id);
    `,
  );
  await tenantPolicy(db, 'ficha_pep_confirmations');
  await sql.raw(`grant select, insert, update, delete on ficha_pep_confirmations to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    drop table if exists ficha_pep_confirmations;
    drop index if exists fichas_pep_expiry_idx;
    drop index if exists fichas_pep_pending_idx;
    alter table fichas drop column if exists pep_declared_status, drop column if exists pep_declared_level,
      drop column if exists pep_declared_expiration, drop column if exists pep_detail;
    `,
  );
}
