import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';
import type { Range } from './reports.repo';

/** Report exports (migration 0470): one row per xlsx a user asked for, with the job's progress and outcome. */
export interface ExportRow {
  id: string;
  companyId: string;
  report: string;
  dateFrom: string | null;
  dateTo: string | null;
  locale: string;
  status: 'queued' | 'running' | 'ready' | 'failed';
  progress: number;
  rowCount: number | null;
  fileKey: string | null;
  fileSize: number | null;
  error: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** what the report needs besides its period (migration 0540) */
  options: Record<string, unknown> | null;
}

const EXPORT_COLUMNS = sql`id, company_id as "companyId", report, to_char(date_from, 'YYYY-MM-DD') as "dateFrom",
  to_char(date_to, 'YYYY-MM-DD') as "dateTo", locale, status, progress, row_count as "rowCount", file_key as "fileKey",
  file_size as "fileSize", error, created_by as "createdBy", created_by_name as "createdByName",
  created_by_email as "createdByEmail", created_at as "createdAt", finished_at as "finishedAt", options`;

export async function insertExport(
  db: Executor,
  e: {
    companyId: string;
    report: string;
    dateFrom: string | null;
    dateTo: string | null;
    locale: string;
    options: Record<string, unknown>;
    createdBy: string;
    createdByName: string | null;
    createdByEmail: string | null;
  },
) {
  const res = await sql<ExportRow>`
    insert into report_exports (company_id, report, date_from, date_to, locale, options, created_by, created_by_name,
      created_by_email)
    values (${e.companyId}, ${e.report}, ${e.dateFrom}::date, ${e.dateTo}::date, ${e.locale},
      ${JSON.stringify(e.options)}::jsonb, ${e.createdBy}, ${e.createdByName}, ${e.createdByEmail})
    returning ${EXPORT_COLUMNS}`.execute(db);
  const row = res.rows[0];
  if (!row) throw new Error('report export insert returned no row');
  return row;
}

export async function findExport(db: Executor, companyId: string, id: string) {
  const res = await sql<ExportRow>`
    select ${EXPORT_COLUMNS} from report_exports where company_id = ${companyId} and id = ${id}`.execute(db);
  return res.rows[0];
}

/** The company's exports, newest first. */
export async function listExports(db: Executor, companyId: string, limit: number, skip: number) {
  const res = await sql<ExportRow>`
    select ${EXPORT_COLUMNS} from report_exports where company_id = ${companyId}
    order by created_at desc, id desc limit ${limit} offset ${skip}`.execute(db);
  return res.rows;
}

export async function countExports(db: Executor, companyId: string) {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from report_exports where company_id = ${companyId}`.execute(db);
  return res.rows[0]?.n ?? 0;
}

export async function updateExport(
  db: Executor,
  companyId: string,
  id: string,
  p: {
    status?: ExportRow['status'];
    progress?: number;
    rowCount?: number;
    fileKey?: string;
    fileSize?: number;
    error?: string | null;
    finished?: boolean;
  },
) {
  await sql`
    update report_exports set
      status = coalesce(${p.status ?? null}, status),
      progress = coalesce(${p.progress ?? null}::int, progress),
      row_count = coalesce(${p.rowCount ?? null}::int, row_count),
      file_key = coalesce(${p.fileKey ?? null}, file_key),
      file_size = coalesce(${p.fileSize ?? null}::int, file_size),
      error = case when ${p.error === undefined} then error else ${p.error ?? null} end,
      finished_at = case when ${p.finished ?? false} then now() else finished_at end
    where company_id = ${companyId} and id = ${id}`.execute(db);
}

/** Report documents uploaded through POST /files/archivo/reportes/{origin}. */
export interface DocumentRow {
  id: string;
  origin: string;
  name: string;
  mimetype: string;
  size: number;
  fileKey: string;
  createdAt: Date;
}

export async function insertDocument(
  db: Executor,
  d: { companyId: string; origin: string; name: string; mimetype: string; size: number; fileKey: string; by: string },
) {
  const res = await sql<DocumentRow>`
    insert into report_documents (company_id, origin, name, mimetype, size, file_key, uploaded_by)
    values (${d.companyId}, ${d.origin}, ${d.name}, ${d.mimetype}, ${d.size}, ${d.fileKey}, ${d.by})
    returning id, origin, name, mimetype, size, file_key as "fileKey", created_at as "createdAt"`.execute(db);
  const row = res.rows[0];
  if (!row) throw new Error('report document insert returned no row');
  return row;
}

export async function findDocuments(db: Executor, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const res = await sql<DocumentRow>`
    select id, origin, name, mimetype, size, file_key as "fileKey", created_at as "createdAt" from report_documents
    where company_id = ${companyId} and id = any(${ids}::uuid[])`.execute(db);
  return res.rows;
}

/** An active operation with insurance data and the trace of its premium (each recorded policy change). */
export interface PremiumRow {
  id: string;
  codigo: number;
  transactionDate: Date | null;
  divisa: string;
  policyNumber: string | null;
  product: string | null;
  startDate: string | null;
  endDate: string | null;
  premiumSfp: string | null;
  policyStatus: string | null;
  paymentChannel: string | null;
  paymentMethod: string | null;
  policyValueAtClosure: string | null;
  createdAt: Date;
  trace: { changedAt: string; premiumSFP: number | null; policyStatus: string | null; changedBy: string | null }[];
}

const HAS_INSURANCE = sql`(o.policy_number is not null or o.premium_sfp is not null)`;

/** GET /trace-list-premiums: a page of the period's operations with insurance data, newest first, with their trace. */
export async function premiumOperations(db: Executor, companyId: string, r: Range, limit: number, skip: number) {
  const res = await sql<PremiumRow>`
    select o.id, o.codigo, o.transaction_date as "transactionDate", o.divisa, o.policy_number as "policyNumber",
      o.product, o.start_date as "startDate", o.end_date as "endDate", o.premium_sfp as "premiumSfp",
      o.policy_status as "policyStatus", o.payment_channel as "paymentChannel", o.payment_method as "paymentMethod",
      o.policy_value_at_closure as "policyValueAtClosure", o.created_at as "createdAt",
      coalesce((select jsonb_agg(jsonb_build_object('changedAt', h.changed_at, 'premiumSFP', h.policy->'premiumSFP',
          'policyStatus', h.policy->>'policyStatus', 'changedBy', h.changed_by_name) order by h.changed_at, h.id)
        from operation_policy_history h where h.company_id = o.company_id and h.operation_id = o.id), '[]'::jsonb) as trace
    from operations o
    where o.company_id = ${companyId} and o.record_status = 'active' and ${HAS_INSURANCE}
      and o.created_at >= ${r.from}::timestamptz and o.created_at < ${r.to}::timestamptz
    order by o.created_at desc, o.id desc limit ${limit} offset ${skip}`.execute(db);
  return res.rows;
}

export async function countPremiumOperations(db: Executor, companyId: string, r: Range) {
  const res = await sql<{ n: number }>`
    select count(*)::int as n from operations o
    where o.company_id = ${companyId} and o.record_status = 'active' and ${HAS_INSURANCE}
      and o.created_at >= ${r.from}::timestamptz and o.created_at < ${r.to}::timestamptz`.execute(db);
  return res.rows[0]?.n ?? 0;
}
