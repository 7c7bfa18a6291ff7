import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

/**
 * The inspector's files (migration 0790) and what a customer's file reads that no other module's service hands
 * over: the company, the ficha's declarations, its operations with their ROE and COAF filings, and the list
 * versions that were in force. Every function but the /public/verify lookups takes the company first.
 */

export interface InspectionRow {
  id: string;
  companyId: string;
  kind: 'customer' | 'period';
  fichaId: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  locale: string;
  status: 'queued' | 'running' | 'ready' | 'failed';
  progress: number;
  fileKey: string | null;
  fileSize: number | null;
  fileName: string | null;
  pdfSha256: string | null;
  manifestSha256: string | null;
  signerFingerprint: string | null;
  error: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const COLUMNS = sql`id, company_id as "companyId", kind, ficha_id as "fichaId",
  to_char(date_from, 'YYYY-MM-DD') as "dateFrom", to_char(date_to, 'YYYY-MM-DD') as "dateTo", locale, status,
  progress, file_key as "fileKey", file_size::float8 as "fileSize", file_name as "fileName", pdf_sha256 as "pdfSha256",
  manifest_sha256 as "manifestSha256", signer_fingerprint as "signerFingerprint", error, created_by as "createdBy", created_by_name as "createdByName",
  created_by_email as "createdByEmail", created_at as "createdAt", finished_at as "finishedAt"`;

export async function insertFile(
  db: Executor,
  f: {
    companyId: string;
    kind: 'customer' | 'period';
    fichaId: string | null;
    dateFrom: string | null;
    dateTo: string | null;
    locale: string;
    createdBy: string;
    createdByName: string;
    createdByEmail: string;
  },
): Promise<InspectionRow> {
  const res = await sql<InspectionRow>`
    insert into inspection_files (company_id, kind, ficha_id, date_from, date_to, locale, created_by, created_by_name,
      created_by_email)
    values (${f.companyId}, ${f.kind}, ${f.fichaId}, ${f.dateFrom}, ${f.dateTo}, ${f.locale}, ${f.createdBy},
      ${f.createdByName}, ${f.createdByEmail})
    returning ${COLUMNS}`.execute(db);
  const row = res.rows[0];
  if (!row) throw new Error('inspection file not inserted');
  return row;
}

export async function updateFile(
  db: Executor,
  companyId: string,
  id: string,
  p: {
    status?: InspectionRow['status'];
    progress?: number;
    fileKey?: string;
    fileSize?: number;
    fileName?: string;
    pdfSha256?: string;
    manifestSha256?: string;
    signerFingerprint?: string;
    error?: string | null;
    finished?: boolean;
  },
) {
  await sql`
    update inspection_files set
      status = coalesce(${p.status ?? null}, status),
      progress = coalesce(${p.progress ?? null}::int, progress),
      file_key = coalesce(${p.fileKey ?? null}, file_key),
      file_size = coalesce(${p.fileSize ?? null}::bigint, file_size),
      file_name = coalesce(${p.fileName ?? null}, file_name),
      pdf_sha256 = coalesce(${p.pdfSha256 ?? null}, pdf_sha256),
      manifest_sha256 = coalesce(${p.manifestSha256 ?? null}, manifest_sha256),
      signer_fingerprint = coalesce(${p.signerFingerprint ?? null}, signer_fingerprint),
      error = ${p.error === undefined ? sql`error` : p.error},
      finished_at = ${p.finished ? sql`now()` : sql`finished_at`}
    where company_id = ${companyId} and id = ${id}`.execute(db);
}

export async function findFile(db: Executor, companyId: string, id: string): Promise<InspectionRow | null> {
  const res = await sql<InspectionRow>`
    select ${COLUMNS} from inspection_files where company_id = ${companyId} and id = ${id}`.execute(db);
  return res.rows[0] ?? null;
}

/** The company's files, newest first: of one ficha, or the period packs. */
export async function listFiles(
  db: Executor,
  companyId: string,
  q: { kind: 'customer' | 'period'; fichaId?: string; limit: number },
): Promise<InspectionRow[]> {
  const res = await sql<InspectionRow>`
    select ${COLUMNS} from inspection_files
    where company_id = ${companyId} and kind = ${q.kind}
      and (${q.fichaId ?? null}::uuid is null or ficha_id = ${q.fichaId ?? null}::uuid)
    order by created_at desc, id desc limit ${q.limit}`.execute(db);
  return res.rows;
}

/** A ready file by the SHA-256 of its signed PDF or of its manifest (system lookup for /public/verify). */
export async function findBySha(db: Executor, which: 'pdf' | 'manifest', sha: string) {
  const col = which === 'pdf' ? sql`f.pdf_sha256` : sql`f.manifest_sha256`;
  const res = await sql<{
    id: string;
    kind: 'customer' | 'period';
    companyName: string;
    dateFrom: string | null;
    dateTo: string | null;
    finishedAt: Date | null;
    pdfSha256: string | null;
    manifestSha256: string | null;
    signerFingerprint: string | null;
  }>`
    select f.id, f.kind, c.name as "companyName", to_char(f.date_from, 'YYYY-MM-DD') as "dateFrom",
      to_char(f.date_to, 'YYYY-MM-DD') as "dateTo", f.finished_at as "finishedAt", f.pdf_sha256 as "pdfSha256",
      f.manifest_sha256 as "manifestSha256", f.signer_fingerprint as "signerFingerprint"
    from inspection_files f join companies c on c.id = f.company_id
    where ${col} = ${sha} and f.status = 'ready' limit 1`.execute(db);
  return res.rows[0] ?? null;
}

export async function companyOf(db: Executor, companyId: string) {
  const res = await sql<{ name: string; country: string; language: string }>`
    select name, country, language from companies where id = ${companyId}`.execute(db);
  return res.rows[0] ?? null;
}

/** The declarations (forms) of a ficha, oldest first, with their stored signed PDF. */
export async function fichaForms(db: Executor, companyId: string, fichaId: string) {
  const res = await sql<{
    id: string;
    type: string;
    status: string;
    name: string;
    language: string;
    signedKey: string | null;
    signedSha256: string | null;
    contentSha256: string | null;
    signedAt: Date | null;
    lastSentAt: Date | null;
    createdAt: Date;
    reviewStatus: string | null;
    reviewedByName: string | null;
    reviewReason: string | null;
  }>`
    select id, type, status, name, language, signed_key as "signedKey", signed_sha256 as "signedSha256",
      content_sha256 as "contentSha256", signed_at as "signedAt", last_sent_at as "lastSentAt",
      created_at as "createdAt", review_status as "reviewStatus", reviewed_by_name as "reviewedByName",
      review_reason as "reviewReason"
    from forms where company_id = ${companyId} and ficha_id = ${fichaId} and is_active
    order by created_at, id`.execute(db);
  return res.rows;
}

/** The operations where the ficha takes part, oldest first, with its part and the ROE / COAF filings. */
export async function fichaOperations(db: Executor, companyId: string, fichaId: string) {
  const res = await sql<{
    id: string;
    codigo: number;
    transactionType: string | null;
    transactionDate: Date | null;
    registrationDate: Date;
    divisa: string;
    amount: number;
    cashAmount: number;
    includesCash: boolean;
    state: string;
    roe: boolean;
    ros: boolean;
    rosReason: string | null;
    risk: string;
    partAmount: number;
    partCurrency: string;
    coafProtocol: string | null;
    coafCommunicatedOn: string | null;
    coafDeadline: string | null;
    coafBy: string | null;
    roeFilings: { filedAt: string; filedBy: string; from: string; to: string; fileName: string }[] | null;
  }>`
    select o.id, o.codigo, o.transaction_type as "transactionType", o.transaction_date as "transactionDate",
      o.registration_date as "registrationDate", o.divisa, o.amount::float8 as amount,
      o.cash_amount::float8 as "cashAmount", o.includes_cash as "includesCash", o.state, o.roe, o.ros,
      o.ros_reason as "rosReason", o.risk, a.monto::float8 as "partAmount", a.currency as "partCurrency",
      cc.protocol as "coafProtocol", to_char(cc.communicated_on, 'YYYY-MM-DD') as "coafCommunicatedOn",
      to_char(cc.deadline, 'YYYY-MM-DD') as "coafDeadline", cc.registered_by_name as "coafBy",
      (select jsonb_agg(jsonb_build_object('filedAt', rf.filed_at, 'filedBy', rf.filed_by_name,
          'from', to_char(rf.period_from, 'YYYY-MM-DD'), 'to', to_char(rf.period_to, 'YYYY-MM-DD'),
          'fileName', rf.file_name) order by rf.filed_at)
        from roe_filings rf
        where rf.company_id = o.company_id and exists (
          select 1 from jsonb_array_elements(rf.operations) op where op ->> 'id' = o.id::text)) as "roeFilings"
    from operation_associates a
    join operations o on o.id = a.operation_id and o.company_id = a.company_id
    left join coaf_communications cc on cc.company_id = o.company_id and cc.operation_id = o.id
    where a.company_id = ${companyId} and a.ficha_id = ${fichaId} and o.record_status = 'active'
    order by coalesce(o.transaction_date, o.registration_date), o.codigo`.execute(db);
  return res.rows;
}

/** The list versions that were activated, with their list, oldest first (the lists are the platform's). */
export async function activatedListVersions(db: Executor) {
  const res = await sql<{ sourceId: string; listName: string; label: string; activatedAt: Date }>`
    select v.source_id as "sourceId", s.name as "listName", v.label, v.activated_at as "activatedAt"
    from list_versions v join list_sources s on s.id = v.source_id
    where v.activated_at is not null
    order by v.activated_at, v.id`.execute(db);
  return res.rows;
}

/** The recorded screenings of a ficha with their hits (migration 0820), by id (a ficha.screened audit row names one). */
export async function fichaScreenings(db: Executor, companyId: string, fichaId: string) {
  const rows = await db
    .selectFrom('fichaScreenings')
    .select(['id', 'screenedAt', 'cause', 'total', 'error', 'hits', 'hitsOmitted'])
    .where('companyId', '=', companyId)
    .where('fichaId', '=', fichaId)
    .orderBy('screenedAt')
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
