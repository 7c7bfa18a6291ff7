import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Customer files (fichas) and what hangs from them: relationships between fichas (related persons, partners),
 * company tags, screening dismissals, notifications, the per-company risk configuration, positions
 * (occupations) and the monitoring runs. Indexes are the ones the list, count and trash calls use
 * (bench/fichas: 1,000,000 fichas in one company).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('create extension if not exists pg_trgm').execute(db);
  await execScript(
    db,
    `
    create table fichas (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      dni text not null,
      dni_type jsonb not null default '{}'::jsonb,
      person_type text not null check (person_type in ('natural','legal')),
      name text,
      father_name text,
      mother_name text,
      social_reason text,
      fantasy_name text,
      search_name text not null default '',
      gender text,
      nationality text,
      country_of_residence text,
      birth_date timestamptz,
      email text,
      phone text,
      address text,
      fiscal_address text,
      city text,
      commune text,
      region text,
      zip_code text,
      position text,
      employer text,
      marital_status text,
      income numeric,
      sales numeric,
      business_type text,
      business_relationship_purpose text,
      comments text,
      tags jsonb not null default '[]'::jsonb,
      files jsonb not null default '[]'::jsonb,
      calculated_risk text check (calculated_risk in ('low','medium','high')),
      effective_risk text check (effective_risk in ('low','medium','high')),
      overwritten_risk text check (overwritten_risk in ('low','medium','high')),
      overwritten_risk_reason text,
      risk text check (risk in ('low','medium','high')),
      risk_score numeric,
      risk_reasons jsonb not null default '[]'::jsonb,
      pep_status text check (pep_status in ('direct','consanguineous')),
      pep_level integer check (pep_level in (1,2)),
      pep_expiration timestamptz,
      status text not null default 'active' check (status in ('active','inactive')),
      identificador_ficha text,
      person_id uuid,
      last_dof_date timestamptz,
      listas jsonb,
      listas_total integer not null default 0,
      corporate_structure jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      created_by uuid,
      updated_by uuid,
      deleted_by uuid,
      deleted_date timestamptz
    );
    create unique index fichas_dni_active_key on fichas (company_id, person_type, dni) where status = 'active';
    create index fichas_company_dni_idx on fichas (company_id, dni);
    create index fichas_company_status_created_idx on fichas (company_id, status, created_at desc, id desc);
    create index fichas_company_status_risk_idx on fichas (company_id, status, risk, created_at desc);
    create index fichas_search_trgm_idx on fichas using gin (search_name gin_trgm_ops);

    create table ficha_relationships (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      ficha_id uuid not null references fichas(id) on delete cascade,
      related_ficha_id uuid not null references fichas(id) on delete cascade,
      relation_type text not null check (relation_type in
        ('representant','beneficiary','both','manager','effectiveControl','declarant','partners')),
      participation numeric(5,2),
      amount numeric,
      extract_date timestamptz,
      status text not null default 'active' check (status in ('active','inactive')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      created_by uuid,
      updated_by uuid,
      deleted_by uuid,
      deleted_date timestamptz
    );
    create unique index ficha_relationships_active_key on ficha_relationships
      (company_id, ficha_id, related_ficha_id, relation_type) where status = 'active';
    create index ficha_relationships_ficha_idx on ficha_relationships (company_id, ficha_id);
    create index ficha_relationships_related_idx on ficha_relationships (company_id, related_ficha_id);

    create table tags (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      name text not null,
      active boolean not null default true,
      applies_to text not null default 'fichas' check (applies_to in ('fichas','operations')),
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index tags_name_key on tags (company_id, applies_to, lower(name));

    create table ficha_match_dismissals (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      ficha_id uuid not null references fichas(id) on delete cascade,
      list_id text not null,
      entity_id text not null,
      entry_hash text not null,
      reason text not null,
      dismissed_by uuid,
      created_at timestamptz not null default now()
    );
    create unique index ficha_match_dismissals_key on ficha_match_dismissals (company_id, ficha_id, list_id, entity_id);

    create table notifications (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      title text not null,
      description text not null default '',
      ficha_id uuid,
      consultation_code text,
      read boolean not null default false,
      kind text not null default 'general',
      data jsonb,
      created_at timestamptz not null default now()
    );
    create index notifications_company_idx on notifications (company_id, created_at desc);
    create index notifications_unread_idx on notifications (company_id, read);

    create table risk_configurations (
      company_id uuid primary key references companies(id),
      config jsonb not null,
      updated_at timestamptz not null default now(),
      updated_by uuid
    );

    create table positions (
      id uuid primary key default gen_random_uuid(),
      company_id uuid references companies(id),
      name text not null,
      risk text check (risk in ('low','medium','high')),
      created_by uuid,
      created_at timestamptz not null default now()
    );
    create unique index positions_name_key on positions
      (coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(name));

    create table monitoring_runs (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      kind text not null,
      period text not null,
      started_at timestamptz not null default now(),
      finished_at timestamptz,
      stats jsonb
    );
    create unique index monitoring_runs_key on monitoring_runs (company_id, kind, period);
  `,
  );
  for (const t of [
    'fichas',
    'ficha_relationships',
    'tags',
    'ficha_match_dismissals',
    'notifications',
    'risk_configurations',
    'monitoring_runs',
  ]) {
    await tenantPolicy(db, t);
  }
  // positions: the global list (company_id null) is readable by every tenant, writable by none
  await sql.raw('alter table positions enable row level security').execute(db);
  await sql
    .raw(
      `create policy positions_tenant on positions to ${APP_ROLE}
       using (company_id is null or company_id = nullif(current_setting('app.company_id', true), '')::uuid)
       with check (company_id = nullif(current_setting('app.company_id', true), '')::uuid)`,
    )
    .execute(db);
  await sql
    .raw(
      `grant select, insert, update, delete on fichas, ficha_relationships, tags, ficha_match_dismissals,
       notifications, risk_configurations, positions, monitoring_runs to ${APP_ROLE}`,
    )
    .execute(db);
  const positions: [string, string][] = [
    ['Abogado', 'medium'],
    ['Agricultor', 'low'],
    ['Arquitecto', 'low'],
    ['Comerciante', 'medium'],
    ['Contador', 'medium'],
    ['Corredor de propiedades', 'high'],
    ['Docente', 'low'],
    ['Dueña de casa', 'low'],
    ['Empleado', 'low'],
    ['Empresario', 'medium'],
    ['Estudiante', 'low'],
    ['Funcionario público', 'medium'],
    ['Ingeniero', 'low'],
    ['Jubilado', 'low'],
    ['Médico', 'low'],
    ['Notario', 'medium'],
    ['Operador de casa de cambio', 'high'],
    ['Joyero', 'high'],
    ['Operador de casino', 'high'],
    ['Independiente', 'medium'],
  ];
  for (const [name, risk] of positions) {
    await sql`insert into positions (company_id, name, risk) values (null, ${name}, ${risk})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'drop table if exists monitoring_runs, positions, risk_configurations, notifications, ficha_match_dismissals, tags, ficha_relationships, fichas cascade',
    )
    .execute(db);
}
