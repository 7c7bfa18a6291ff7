import { sql } from 'kysely';
import type { Executor } from '../../db/tenant';

export interface ManualRow {
  id: string;
  companyId: string;
  name: string;
  mimetype: string;
  fileKey: string;
  size: number;
  active: boolean;
  uploadedBy: string | null;
  uploadedByName: string | null;
  uploadDate: Date;
}

const COLUMNS = sql`id, company_id as "companyId", name, mimetype, file_key as "fileKey", size, active,
  uploaded_by as "uploadedBy", uploaded_by_name as "uploadedByName", upload_date as "uploadDate"`;

/** The company's manuals (only the active ones unless `all`), newest first. */
export async function listManuals(db: Executor, companyId: string, all: boolean, limit: number, skip: number) {
  const r = await sql<ManualRow>`select ${COLUMNS} from companies_manuals
    where company_id = ${companyId} and (${all} or active) order by upload_date desc, id desc
    limit ${limit} offset ${skip}`.execute(db);
  return r.rows;
}

export async function findManual(db: Executor, companyId: string, id: string) {
  const r = await sql<ManualRow>`select ${COLUMNS} from companies_manuals
    where company_id = ${companyId} and id = ${id}`.execute(db);
  return r.rows[0];
}

export async function insertManual(
  db: Executor,
  row: { companyId: string; name: string; fileKey: string; size: number; uploadedBy: string; uploadedByName: string },
) {
  const r = await sql<ManualRow>`insert into companies_manuals
    (company_id, name, file_key, size, uploaded_by, uploaded_by_name)
    values (${row.companyId}, ${row.name}, ${row.fileKey}, ${row.size}, ${row.uploadedBy}, ${row.uploadedByName})
    returning ${COLUMNS}`.execute(db);
  const created = r.rows[0];
  if (!created) throw new Error('manual insert returned no row');
  return created;
}

export async function updateManual(
  db: Executor,
  companyId: string,
  id: string,
  patch: { name?: string; active?: boolean },
) {
  const r = await sql<ManualRow>`update companies_manuals set
    name = coalesce(${patch.name ?? null}, name), active = coalesce(${patch.active ?? null}::boolean, active)
    where company_id = ${companyId} and id = ${id} returning ${COLUMNS}`.execute(db);
  return r.rows[0];
}

/** Every company's active manuals with the company's name, newest first (the platform's users: no company). */
export async function listAllActiveManuals(db: Executor, limit: number, skip: number) {
  const r = await sql<ManualRow & { companyName: string }>`select m.id, m.company_id as "companyId", m.name,
      m.mimetype, m.file_key as "fileKey", m.size, m.active, m.uploaded_by as "uploadedBy",
      m.uploaded_by_name as "uploadedByName", m.upload_date as "uploadDate", c.name as "companyName"
    from companies_manuals m join companies c on c.id = m.company_id
    where m.active order by c.name, m.upload_date desc, m.id desc limit ${limit} offset ${skip}`.execute(db);
  return r.rows;
}

/** One active manual of any company (the platform's users download from every company). */
export async function findActiveManualAnyCompany(db: Executor, id: string) {
  const r = await sql<ManualRow>`select ${COLUMNS} from companies_manuals where id = ${id} and active`.execute(db);
  return r.rows[0];
}
