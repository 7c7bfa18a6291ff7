import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { FichaRow, FichasTable } from '../../db/tables/fichas.tables';
import type { Executor } from '../../db/tenant';
import { fieldsOf } from '../../lib/filter';

/** Fields a LoopBack filter may name on fichas (others answer 400 naming them). */
export const FICHA_FIELDS = fieldsOf('fichas', {
  id: 'uuid',
  dni: 'string',
  personType: 'string',
  name: 'string',
  fatherName: 'string',
  motherName: 'string',
  socialReason: 'string',
  fantasyName: 'string',
  /** folded names and dni; `{ search: { like: 'gonzalez' } }` uses the trigram index */
  search: { column: 'fichas.search_name', type: 'string', sortable: false },
  email: 'string',
  phone: 'string',
  gender: 'string',
  nationality: 'string',
  countryOfResidence: 'string',
  city: 'string',
  commune: 'string',
  region: 'string',
  position: 'string',
  birthDate: 'date',
  status: 'string',
  risk: 'string',
  calculatedRisk: 'string',
  effectiveRisk: 'string',
  overwrittenRisk: 'string',
  pepStatus: 'string',
  pepLevel: 'number',
  identificadorFicha: 'string',
  personId: 'uuid',
  'listas.total': { column: 'fichas.listas_total', type: 'number' },
  listasTotal: 'number',
  // `tags` / `tags.name` (jsonb array of { name }) are compiled by fichaWhereToSql in the service
  createdAt: 'date',
  created_at: 'date',
  /** the periodic review (midnight UTC of the next review day); `reviewState` is compiled by fichaWhereToSql */
  nextReviewAt: 'date',
  lastReviewedAt: 'date',
  updatedAt: 'date',
  createdBy: 'uuid',
  deletedDate: 'date',
  deletedBy: 'uuid',
});

/** Above this many rows a count answers the planner's estimate (see docs/benchmarks.md "Fichas"). */
export const EXACT_COUNT_LIMIT = 1_000;

export async function insertFicha(db: Executor, row: Insertable<FichasTable>) {
  return db.insertInto('fichas').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Several new fichas in one statement (a bulk load's batch), in the order given. */
export async function insertFichas(db: Executor, rows: Insertable<FichasTable>[]) {
  if (!rows.length) return [] as FichaRow[];
  return db.insertInto('fichas').values(rows).returningAll().execute();
}

/** The ratings of several fichas in one statement (updated_at kept, as a rating is no edit of the ficha). */
export async function updateRisks(
  db: Executor,
  companyId: string,
  rows: {
    id: string;
    calculatedRisk: string;
    effectiveRisk: string;
    risk: string;
    riskScore: number;
    riskReasons: string;
    /** the next review the new risk schedules (ISO instant, midnight UTC), or null */
    nextReviewAt: string | null;
  }[],
) {
  if (!rows.length) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.calculatedRisk}, ${r.effectiveRisk}, ${r.risk}, ${r.riskScore}::numeric, ${r.riskReasons}::jsonb, ${r.nextReviewAt}::timestamptz)`,
    ),
  );
  await sql`
    update fichas f set calculated_risk = v.calculated_risk, effective_risk = v.effective_risk, risk = v.risk,
      risk_score = v.risk_score, risk_reasons = v.risk_reasons, next_review_at = v.next_review_at
    from (values ${values}) as v(id, calculated_risk, effective_risk, risk, risk_score, risk_reasons, next_review_at)
    where f.company_id = ${companyId} and f.id = v.id`.execute(db);
}

export function findFicha(db: Executor, companyId: string, id: string) {
  return tenantRows(db, 'fichas', companyId).where('id', '=', id).executeTakeFirst();
}

export function findFichas(db: Executor, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([] as FichaRow[]);
  return tenantRows(db, 'fichas', companyId).where('id', 'in', ids).execute();
}

/** Active fichas of the company with one of these dnis (any person type unless given). */
export function findActiveByDni(db: Executor, companyId: string, dnis: string[], personType?: string) {
  let q = tenantRows(db, 'fichas', companyId)
    .where('status', '=', 'active')
    .where('dni', 'in', dnis.length ? dnis : [''])
    .orderBy('createdAt', 'desc');
  if (personType) q = q.where('personType', '=', personType as 'natural');
  return q.execute();
}

export async function listFichas(
  db: Executor,
  companyId: string,
  where: Expression<SqlBool>,
  order: ReturnType<typeof sql.join>,
  limit: number,
  skip: number,
) {
  const res = await sql<Record<string, unknown>>`
    select * from fichas where fichas.company_id = ${companyId} and ${where}
    order by ${order} limit ${limit} offset ${skip}`.execute(db);
  return res.rows.map(camelRow) as unknown as FichaRow[];
}

/**
 * Count with a bounded cost. The planner's estimate comes first (EXPLAIN, about a millisecond): far above
 * EXACT_COUNT_LIMIT it is the answer, flagged `estimated`. Otherwise the rows are counted up to the limit (the
 * subquery stops there), exact below it and the estimate above. `exact` forces a full count (reports).
 */
export async function countFichas(db: Executor, companyId: string, where: Expression<SqlBool>, exact = false) {
  if (exact) {
    const r = await sql<{ n: number }>`
      select count(*)::int as n from fichas where fichas.company_id = ${companyId} and ${where}`.execute(db);
    return { count: Number(r.rows[0]?.n ?? 0) };
  }
  const plan = await sql<Record<string, unknown>>`
    explain (format json) select 1 from fichas where fichas.company_id = ${companyId} and ${where}`.execute(db);
  // the camel-case plugin may rename the 'QUERY PLAN' column: take the row's only value
  const raw = Object.values(plan.rows[0] ?? {})[0];
  const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  const estimate = Math.round(json[0]?.Plan['Plan Rows'] ?? 0);
  if (estimate > EXACT_COUNT_LIMIT * 10) return { count: estimate, estimated: true };
  const r = await sql<{ n: number }>`
    select count(*)::int as n from (select 1 from fichas where fichas.company_id = ${companyId} and ${where}
    limit ${EXACT_COUNT_LIMIT + 1}) s`.execute(db);
  const n = Number(r.rows[0]?.n ?? 0);
  if (n <= EXACT_COUNT_LIMIT) return { count: n };
  return { count: Math.max(estimate, EXACT_COUNT_LIMIT + 1), estimated: true };
}

export async function updateFicha(db: Executor, companyId: string, id: string, patch: Updateable<FichasTable>) {
  return tenantUpdate(db, 'fichas', companyId, { ...patch, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function setStatus(
  db: Executor,
  companyId: string,
  ids: string[],
  from: 'active' | 'inactive',
  patch: Updateable<FichasTable>,
) {
  return tenantUpdate(db, 'fichas', companyId, { ...patch, updatedAt: new Date() })
    .where('id', 'in', ids)
    .where('status', '=', from)
    .returningAll()
    .execute();
}

export async function deleteFicha(db: Executor, companyId: string, id: string) {
  return db.deleteFrom('fichas').where('companyId', '=', companyId).where('id', '=', id).executeTakeFirst();
}

export async function countLegalByDni(db: Executor, companyId: string, dnis: string[]) {
  const r = await db
    .selectFrom('fichas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyId', '=', companyId)
    .where('status', '=', 'active')
    .where('personType', '=', 'legal')
    .where('dni', 'in', dnis.length ? dnis : [''])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Totals for GET /informes/fichasPersonas. */
export async function summary(db: Executor, companyId: string, where: Expression<SqlBool>) {
  const r = await sql<Record<string, number>>`
    select count(*)::int as total,
      count(*) filter (where person_type = 'natural')::int as natural,
      count(*) filter (where person_type = 'legal')::int as legal,
      count(*) filter (where risk = 'high')::int as high,
      count(*) filter (where risk = 'medium')::int as medium,
      count(*) filter (where risk = 'low')::int as low,
      count(*) filter (where risk is null)::int as "noRisk",
      count(*) filter (where pep_status is not null)::int as pep,
      count(*) filter (where listas_total > 0)::int as "withMatches",
      count(*) filter (where length(dni) = 22)::int as "withoutDocument"
    from fichas where fichas.company_id = ${companyId} and ${where}`.execute(db);
  return r.rows[0] ?? {};
}

/** Every active ficha of a company, a page at a time (monitoring). */
export function activeFichasPage(db: Executor, companyId: string, afterId: string | null, limit: number) {
  let q = db
    .selectFrom('fichas')
    .select([
      'id',
      'dni',
      'dniType',
      'personType',
      'name',
      'fatherName',
      'motherName',
      'socialReason',
      'fantasyName',
      'birthDate',
      'nationality',
    ])
    .where('companyId', '=', companyId)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(limit);
  if (afterId) q = q.where('id', '>', afterId);
  return q.execute();
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Raw SQL rows bypass the camel-case plugin. */
function camelRow(r: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) out[camel(k)] = v;
  return out;
}

/**
 * One page of the export (newest first), after a keyset cursor. `cursorAt` is created_at as text, so the
 * microseconds survive the round trip (a JS Date would drop them and skip or repeat rows).
 */
export async function exportPage(
  db: Executor,
  companyId: string,
  where: Expression<SqlBool>,
  after: { at: string; id: string } | null,
  limit: number,
) {
  const keyset = after
    ? sql<SqlBool>`(fichas.created_at, fichas.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql<SqlBool>`true`;
  const res = await sql<Record<string, unknown>>`
    select fichas.*, fichas.created_at::text as cursor_at from fichas
    where fichas.company_id = ${companyId} and ${where} and ${keyset}
    order by fichas.created_at desc, fichas.id desc limit ${limit}`.execute(db);
  return res.rows.map(camelRow) as unknown as (FichaRow & { cursorAt: string })[];
}

/** Number of rows of a where, counted up to `cap + 1` (enough to tell "above the cap"). */
export async function countUpTo(db: Executor, companyId: string, where: Expression<SqlBool>, cap: number) {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from (select 1 from fichas where fichas.company_id = ${companyId} and ${where}
    limit ${cap + 1}) s`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The audit rows about a ficha, newest first: its own (created, updated, risk overwritten, screened, files,
 * matches dismissed, hard deleted), the trash moves that name it in `after.fichasIds`, and the relationships
 * where it is either end. With the author's name.
 */
export async function fichaHistory(db: Executor, companyId: string, fichaId: string, limit: number, skip: number) {
  const cond = sql<SqlBool>`audit_log.company_id = ${companyId} and (
      (audit_log.entity = 'ficha' and audit_log.entity_id = ${fichaId})
      or (audit_log.entity = 'ficha' and audit_log.action in ('ficha.softDeleted', 'ficha.restored')
          and audit_log.after -> 'fichasIds' @> jsonb_build_array(${fichaId}::text))
      or (audit_log.entity = 'fichaRelationship' and (
          audit_log.after ->> 'fichaId' = ${fichaId} or audit_log.after ->> 'relatedFichaId' = ${fichaId}
          or audit_log.before ->> 'fichaId' = ${fichaId} or audit_log.before ->> 'relatedFichaId' = ${fichaId})))`;
  const rows = await sql<Record<string, unknown>>`
    select audit_log.id, audit_log.action, audit_log.entity, audit_log.entity_id, audit_log.user_id,
      users.name as user_name, audit_log.before, audit_log.after, audit_log.created_at
    from audit_log left join users on users.id = audit_log.user_id
    where ${cond}
    order by audit_log.created_at desc, audit_log.id desc limit ${limit} offset ${skip}`.execute(db);
  const total = await sql<{ n: number }>`select count(*)::int as n from audit_log where ${cond}`.execute(db);
  return {
    rows: rows.rows.map(camelRow) as {
      id: string;
      action: string;
      entity: string | null;
      entityId: string | null;
      userId: string | null;
      userName: string | null;
      before: unknown;
      after: unknown;
      createdAt: Date | string;
    }[],
    count: Number(total.rows[0]?.n ?? 0),
  };
}

/** The dismissed matches of a ficha (false positives, each holding while its list entry keeps its hash). */
export function findDismissals(db: Executor, companyId: string, fichaId: string) {
  return tenantRows(db, 'fichaMatchDismissals', companyId).where('fichaId', '=', fichaId).execute();
}

/** Records (or renews) the dismissal of one list entry's match on a ficha. */
export async function upsertDismissal(
  db: Executor,
  companyId: string,
  d: { fichaId: string; listId: string; entityId: string; entryHash: string; reason: string; dismissedBy: string },
) {
  await db
    .insertInto('fichaMatchDismissals')
    .values({ companyId, ...d })
    .onConflict((oc) =>
      oc
        .columns(['companyId', 'fichaId', 'listId', 'entityId'])
        .doUpdateSet({ entryHash: d.entryHash, reason: d.reason, dismissedBy: d.dismissedBy }),
    )
    .execute();
}

/** A report's rows of fichas (newest first, at most `limit`): only the columns a report prints. */
export async function reportRows(db: Executor, companyId: string, where: Expression<SqlBool>, limit: number) {
  const res = await sql<{
    id: string;
    dni: string;
    personType: string;
    name: string;
    risk: string | null;
    pepStatus: string | null;
    listasTotal: number;
    createdAt: Date;
  }>`
    select id, dni, person_type as "personType",
      coalesce(social_reason, concat_ws(' ', name, father_name, mother_name)) as name, risk,
      pep_status as "pepStatus", coalesce(listas_total, 0)::int as "listasTotal", created_at as "createdAt"
    from fichas where fichas.company_id = ${companyId} and ${where}
    order by fichas.created_at desc, fichas.id desc limit ${limit}`.execute(db);
  return res.rows;
}
