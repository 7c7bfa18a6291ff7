import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { Range } from './reports.repo';

/**
 * A ficha's resulting risk changed: a new rating (`ficha.risk.changed`) or an administrator's overwrite that moved
 * it (`ficha.risk.overwritten`, which the rating does not audit a second time).
 */
const RISK_CHANGE = sql`(action = 'ficha.risk.changed' or (action = 'ficha.risk.overwritten'
  and (before->>'risk') is distinct from (after->>'risk')))`;

/**
 * The compliance officer's and the conflict-of-interest reports: the period's activity in one aggregate query, the
 * risk changes (audited as `ficha.risk.changed`) and the conflict-of-interest allegations. `to` is exclusive.
 */
export async function complianceActivity(db: Executor, companyId: string, r: Range) {
  const res = await sql<Record<string, number>>`
    select s.*, f.*, o.*, c.*, a.* from
      (select count(*)::int as searches, count(*) filter (where total > 0)::int as "searchMatches"
         from search_logs where company_id = ${companyId}
           and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz) s,
      (select count(*)::int as fichas, count(*) filter (where listas_total > 0)::int as "fichaMatches",
           count(*) filter (where risk = 'high')::int as "highRisk"
         from fichas where company_id = ${companyId} and status = 'active'
           and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz) f,
      (select count(*)::int as operations, count(*) filter (where ros)::int as ros,
           count(*) filter (where roe)::int as roe,
           count(*) filter (where exists (select 1 from forms f where f.company_id = o.company_id
             and f.operation_id = o.id and f.is_active and f.status in ('sent','opened','filled','signed')))::int
             as "formsSent",
           count(*) filter (where exists (select 1 from forms f where f.company_id = o.company_id
             and f.operation_id = o.id and f.is_active and f.status = 'signed'))::int as "formsSigned"
         from operations o where company_id = ${companyId} and record_status = 'active'
           and transaction_date >= ${r.from}::timestamptz and transaction_date < ${r.to}::timestamptz) o,
      (select count(*)::int as "riskChanges" from audit_log where company_id = ${companyId}
           and ${RISK_CHANGE}
           and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz) c,
      (select count(*)::int as "conflicts" from allegations where company_id = ${companyId}
           and category = 'conflictOfInterest'
           and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz) a`.execute(db);
  return res.rows[0] ?? {};
}

/** The risk changes of the period, newest first: the ficha, the risk before and after and the cause. */
export async function riskChanges(db: Executor, companyId: string, r: Range, limit: number) {
  const res = await sql<{
    name: string | null;
    dni: string | null;
    before: string | null;
    after: string | null;
    cause: string | null;
    createdAt: Date;
  }>`
    select coalesce(f.social_reason, concat_ws(' ', f.name, f.father_name, f.mother_name)) as name, f.dni,
      a.before->>'risk' as before, a.after->>'risk' as after, case when action = 'ficha.risk.overwritten' then 'riskOverwritten' else a.after->>'cause' end as cause, a.created_at as "createdAt"
    from audit_log a left join fichas f on f.company_id = a.company_id and f.id::text = a.entity_id
    where a.company_id = ${companyId} and ${RISK_CHANGE}
      and a.created_at >= ${r.from}::timestamptz and a.created_at < ${r.to}::timestamptz
    order by a.created_at desc, a.id limit ${limit}`.execute(db);
  return res.rows;
}

/**
 * Conflict-of-interest allegations received in the period, in figures only: received, still open, closed. No code,
 * date, state or reporter of any one report: those stay in the whistleblowing channel with its roles (issue 22,
 * decision in docs/decisions.md).
 */
export async function conflictAllegationFigures(db: Executor, companyId: string, r: Range) {
  const res = await sql<{ received: number; open: number; closed: number }>`
    select count(*)::int as received,
      count(*) filter (where status not in ('resolved', 'dismissed'))::int as open,
      count(*) filter (where status in ('resolved', 'dismissed'))::int as closed
    from allegations where company_id = ${companyId} and category = 'conflictOfInterest'
      and created_at >= ${r.from}::timestamptz and created_at < ${r.to}::timestamptz`.execute(db);
  return res.rows[0] ?? { received: 0, open: 0, closed: 0 };
}

/**
 * CPF/CNPJ validator report: the period's registry lookups (validadorCPF-CNPJ, logged in provider_calls) with the
 * person and, when the registry answered, its registration status and the validator's risk (provider_cache).
 */
export async function validatorLookups(db: Executor, companyId: string, r: Range, limit: number) {
  const res = await sql<{
    createdAt: Date;
    name: string | null;
    document: string;
    result: string;
    situation: string | null;
    risk: string | null;
  }>`
    select c.created_at as "createdAt",
      coalesce(f.social_reason, nullif(concat_ws(' ', f.name, f.father_name, f.mother_name), '')) as name,
      c.person_document as document, c.result, pc.answer->>'situacao_cadastral' as situation,
      pc.answer->>'risk' as risk
    from provider_calls c
    left join fichas f on f.company_id = c.company_id and f.id = c.ficha_id
    left join provider_cache pc on pc.company_id = c.company_id and pc.provider = c.provider
      and pc.cache_key = c.person_document and c.result in ('found', 'cached')
    where c.company_id = ${companyId} and c.source = 'validadorCPF-CNPJ'
      and c.created_at >= ${r.from}::timestamptz and c.created_at < ${r.to}::timestamptz
    order by c.created_at desc, c.id limit ${limit}`.execute(db);
  return res.rows;
}
