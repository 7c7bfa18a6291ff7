import { type Kysely, sql } from 'kysely';
import { execScript } from './sql-script';

/**
 * The platform's register of politically exposed persons (001 §3 Person, §7 People), kept by the super
 * administrator for every company: not a tenant table. The expiration is stored as computed by the service from
 * the country's rule (DOMAIN.md), so that a list and the screening read it without recomputing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create table people (
      id uuid primary key default gen_random_uuid(),
      country text not null,
      person_type text not null default 'natural' check (person_type in ('natural','legal')),
      document_type text not null,
      dni text not null,
      dni_key text not null,
      name text not null,
      pep_level integer not null check (pep_level in (1,2)),
      position text,
      institution text,
      office_start date,
      office_end date,
      primary_person_id uuid references people(id),
      relation text,
      pep_expiration date,
      nationality text,
      gender text,
      email text,
      phone text,
      address text,
      is_active boolean not null default true,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deactivated_at timestamptz,
      deactivated_by uuid,
      check (office_end is null or office_start is null or office_end >= office_start)
    );
    create unique index people_country_dni_idx on people (country, dni_key);
    create index people_primary_idx on people (primary_person_id);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists people`.execute(db);
}
