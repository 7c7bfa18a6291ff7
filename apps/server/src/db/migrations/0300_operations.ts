import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../tenant';
import { tenantPolicy } from './0001_foundation';
import { execScript } from './sql-script';

/**
 * Operations (consultations) with their participants (associates), the immutable historical records written when
 * an operation finishes, the insurance policy history and the per-company codigo counter; the transactions of a
 * person; the currency rates (global, seeded with sample rates); feature flags (global, per environment and company).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(
    db,
    `
    create extension if not exists pg_trgm;

    create table operation_counters (
      company_id uuid primary key references companies(id),
      last_codigo integer not null default 0
    );

    create table operations (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      codigo integer not null,
      transaction_type text,
      transaction_date timestamptz,
      registration_date timestamptz not null default now(),
      reference_number text,
      transaction_comments text,
      divisa text not null check (divisa in ('USD','CLP','UF','BRL')),
      amount numeric(18,2) not null default 0,
      cash_amount numeric(18,2) not null default 0,
      cash_amount_usd numeric(18,2),
      includes_cash boolean not null default false,
      state text not null default 'open' check (state in ('open','closed')),
      record_status text not null default 'active' check (record_status in ('active','inactive')),
      consultation_status text not null default 'notRequired'
        check (consultation_status in ('notRequired','required','sent','opened','filled','signed')),
      risk text not null default '-' check (risk in ('low','medium','high','-')),
      tags jsonb not null default '[]'::jsonb,
      ros boolean not null default false,
      ros_reason text,
      roe boolean not null default false,
      transporter jsonb,
      documents jsonb not null default '[]'::jsonb,
      policy_number text,
      product text,
      start_date text check (start_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      end_date text check (end_date ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      premium_sfp numeric(18,2),
      policy_status text,
      payment_channel text,
      payment_method text,
      policy_value_at_closure numeric(18,2),
      search_text text not null default '',
      read boolean not null default false,
      created_by uuid,
      created_by_name text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      updated_by uuid,
      deleted_by uuid,
      deleted_at timestamptz,
      finished_at timestamptz,
      finished_by uuid,
      unique (company_id, codigo)
    );
    create index operations_list_idx on operations (company_id, record_status, created_at desc, id desc);
    create index operations_state_idx on operations (company_id, record_status, state, created_at desc);
    create index operations_risk_idx on operations (company_id, record_status, risk, created_at desc);
    create index operations_txdate_idx on operations (company_id, record_status, transaction_date);
    create index operations_roe_idx on operations (company_id, transaction_date) where roe and record_status = 'active';
    create index operations_search_idx on operations using gin (search_text gin_trgm_ops);

    create table operation_associates (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      operation_id uuid not null references operations(id) on delete cascade,
      position integer not null,
      ficha_id uuid,
      dni text not null,
      dni_type jsonb,
      person_type text not null check (person_type in ('natural','legal')),
      currency text not null check (currency in ('USD','CLP','UF','BRL')),
      monto numeric(18,2) not null default 0,
      efective numeric(18,2) not null default 0,
      persons_relations jsonb not null default '[]'::jsonb,
      name text not null default '',
      email text,
      risk text not null default '-',
      missing_fields jsonb not null default '[]'::jsonb,
      check (efective <= monto),
      unique (operation_id, position)
    );
    create index operation_associates_dni_idx on operation_associates (company_id, dni);
    create index operation_associates_ficha_idx on operation_associates (company_id, ficha_id);

    -- historical records: written when an operation finishes, never changed afterwards
    create table operation_snapshots (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      operation_id uuid not null references operations(id) on delete cascade,
      seq integer not null,
      kind text not null default 'finished' check (kind in ('finished')),
      data jsonb not null,
      created_by uuid,
      created_by_name text,
      created_at timestamptz not null default now(),
      unique (operation_id, seq)
    );

    create table operation_policy_history (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      operation_id uuid not null references operations(id) on delete cascade,
      policy jsonb not null,
      changed_by uuid,
      changed_by_name text,
      changed_at timestamptz not null default clock_timestamp()
    );
    create index operation_policy_history_idx on operation_policy_history (operation_id, changed_at desc);

    create function operation_snapshots_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'historical records cannot be changed';
    end $$;
    create trigger operation_snapshots_no_update before update on operation_snapshots
      for each row execute function operation_snapshots_immutable();

    create table transactions (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies(id),
      dni text not null,
      ficha_id uuid,
      operation_id uuid references operations(id) on delete set null,
      transaction_type text,
      transaction_date timestamptz,
      divisa text not null check (divisa in ('USD','CLP','UF','BRL')),
      amount numeric(18,2) not null default 0,
      cash_amount numeric(18,2) not null default 0,
      description text,
      files jsonb not null default '[]'::jsonb,
      is_active boolean not null default true,
      read boolean not null default false,
      created_by uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (cash_amount <= amount)
    );
    create index transactions_company_idx on transactions (company_id, is_active, created_at desc);
    create index transactions_dni_idx on transactions (company_id, dni);

    -- sample rates (not official): units of each currency per 1 USD, and the CLP value of one unit
    create table currency_rates (
      divisa text not null check (divisa in ('CLP','UF','BRL')),
      fecha date not null,
      per_usd numeric(20,8) not null check (per_usd > 0),
      value_clp numeric(20,4),
      source text not null default 'sample',
      primary key (divisa, fecha)
    );

    create table feature_flags (
      name text primary key,
      enabled boolean not null default false,
      environments text[] not null default '{}',
      company_ids uuid[],
      updated_at timestamptz not null default now()
    );
  `,
  );

  // Sample daily rates 2020-2026 on business days only (weekends are missing on purpose: a missing day uses the
  // last earlier rate). Deterministic curves around realistic levels; replace with official series in production.
  await execScript(
    db,
    `
    insert into currency_rates (divisa, fecha, per_usd, value_clp)
    select 'CLP', d::date, round((850 + 90 * sin(extract(doy from d) / 58.0) + (extract(year from d) - 2020) * 12)::numeric, 2),
           round((850 + 90 * sin(extract(doy from d) / 58.0) + (extract(year from d) - 2020) * 12)::numeric, 2)
    from generate_series('2020-01-01'::date, '2026-12-31'::date, interval '1 day') d
    where extract(isodow from d) < 6;

    insert into currency_rates (divisa, fecha, per_usd, value_clp)
    select 'UF', c.fecha, round(c.per_usd / uf.clp, 8), uf.clp
    from currency_rates c
    cross join lateral (select round((28300 + (c.fecha - '2020-01-01'::date) * 4.6)::numeric, 2) as clp) uf
    where c.divisa = 'CLP';

    insert into currency_rates (divisa, fecha, per_usd, value_clp)
    select 'BRL', c.fecha, round((5.1 + 0.35 * cos(extract(doy from c.fecha) / 41.0))::numeric, 4),
           round(c.per_usd / (5.1 + 0.35 * cos(extract(doy from c.fecha) / 41.0))::numeric, 4)
    from currency_rates c where c.divisa = 'CLP';

    insert into feature_flags (name, enabled, environments, company_ids)
    values ('consultations_resume_is_enabled', true, '{development,test,production}', null);
  `,
  );

  for (const t of [
    'operation_counters',
    'operations',
    'operation_associates',
    'operation_snapshots',
    'operation_policy_history',
    'transactions',
  ]) {
    await tenantPolicy(db, t);
  }
  await sql
    .raw(
      `grant select, insert, update, delete on operation_counters, operations, operation_associates, transactions to ${APP_ROLE}`,
    )
    .execute(db);
  // historical records and the policy history are append-only for the application
  await sql.raw(`grant select, insert on operation_snapshots, operation_policy_history to ${APP_ROLE}`).execute(db);
  await sql.raw(`grant select on currency_rates, feature_flags to ${APP_ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'drop table if exists feature_flags, currency_rates, transactions, operation_policy_history, operation_snapshots, operation_associates, operations, operation_counters cascade',
    )
    .execute(db);
  await sql.raw('drop function if exists operation_snapshots_immutable()').execute(db);
}
