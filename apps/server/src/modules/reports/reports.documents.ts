import ExcelJS from 'exceljs';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { cleanFileName, fileKey, storedName } from '../../lib/files';
import { checkUpload, MAX_PDF_BYTES } from '../../lib/uploads';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import * as repo from './reports.exports.repo';

/**
 * The report documents of the file service (docs/decisions.md 43): POST
 * /files/archivo/reportes/{origin} stores an uploaded report file (a PDF or an xlsx, checked by content, 25 MB) for
 * the report it came from; POST /files/getDocument answers the named stored documents of the company, each as
 * base64 under the name the client asked for.
 */
export const MAX_REPORT_FILE_BYTES = MAX_PDF_BYTES;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const invalid = () =>
  new AppError('REPORT_FILE_INVALID', { field: 'file', messageKey: 'reports:errors.REPORT_FILE_INVALID' });

/**
 * What the bytes are, through the one upload check (a readable, unencrypted PDF without active content, or an xlsx
 * within the zip limits, refused before anything parses it), then an xlsx workbook ExcelJS opens with a sheet. A
 * problem a user can act on (0 bytes, too large, active content, a zip bomb) answers its own message; any other
 * 'Error loading File'.
 */
async function reportFileType(bytes: Buffer): Promise<'pdf' | 'xlsx'> {
  const checked = await checkUpload(bytes, ['pdf', 'xlsx'], MAX_REPORT_FILE_BYTES);
  if (checked.problem) {
    if (checked.problem === 'FILE_FORMAT' || checked.problem === 'FILE_ENCRYPTED') throw invalid();
    throw new AppError(checked.problem, { field: 'file', messageKey: `reports:errors.${checked.problem}` });
  }
  if (checked.kind === 'pdf') return 'pdf';
  const wb = new ExcelJS.Workbook();
  // a workbook ExcelJS cannot read answers the same refusal as any other unreadable file
  const sheets = await wb.xlsx.load(bytes as unknown as ArrayBuffer).then(
    () => wb.worksheets.length,
    () => 0,
  );
  if (sheets === 0) throw invalid();
  return 'xlsx';
}

/** POST /files/archivo/reportes/{origin}: stores the file; a bad one answers 'Error loading File'. */
export async function uploadReportFile(
  deps: AppDeps,
  caller: TenantCaller,
  origin: string,
  file: { bytes: Buffer; filename: string },
) {
  const type = await reportFileType(file.bytes);
  const key = fileKey('report-documents', caller.companyId, storedName(type));
  if (!key) throw invalid();
  try {
    await deps.files.put(key, file.bytes);
  } catch (err) {
    caller.log.error({ err }, 'report document upload: the file store failed');
    throw invalid();
  }
  const name = cleanFileName(file.filename, `${origin}.${type}`);
  const row = await withTenant(deps.db, caller.companyId, async (trx) => {
    const r = await repo.insertDocument(trx, {
      companyId: caller.companyId,
      origin,
      name,
      mimetype: type === 'pdf' ? 'application/pdf' : XLSX_TYPE,
      size: file.bytes.length,
      fileKey: key,
      by: caller.auth.userId,
    });
    await audit(trx, caller, {
      action: 'report.document.uploaded',
      entity: 'reportDocument',
      id: r.id,
      after: { origin, name, size: r.size },
    });
    return r;
  });
  return {
    id: row.id,
    origin: row.origin,
    name: row.name,
    mimetype: row.mimetype,
    size: row.size,
    uploadedAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * POST /files/getDocument: `data` is the id archivo/reportes answered, `name` the file name to give it (the stored
 * name when blank). Every id must be one of the company's documents: any other answers 404 naming its position.
 */
export async function getDocuments(deps: AppDeps, caller: TenantCaller, wanted: { name: string; data: string }[]) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ids = wanted.map((w) => w.data.trim());
  const missing = (i: number) =>
    new AppError('REPORT_DOCUMENT_NOT_FOUND', {
      field: `${i}.data`,
      params: { name: wanted[i]?.name ?? '' },
      messageKey: 'reports:errors.REPORT_DOCUMENT_NOT_FOUND',
    });
  const bad = ids.findIndex((id) => !uuid.test(id));
  if (bad >= 0) throw missing(bad);
  const rows = await withTenant(deps.db, caller.companyId, (trx) => repo.findDocuments(trx, caller.companyId, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = [];
  for (const [i, id] of ids.entries()) {
    const row = byId.get(id);
    const bytes = row ? await deps.files.get(row.fileKey) : null;
    if (!row || !bytes) throw missing(i);
    out.push({
      name: cleanFileName(wanted[i]?.name.trim() || row.name, row.name),
      mimetype: row.mimetype,
      size: bytes.length,
      data: bytes.toString('base64'),
    });
  }
  await withTenant(deps.db, caller.companyId, (trx) =>
    audit(trx, caller, { action: 'report.document.read', entity: 'reportDocument', after: { ids } }),
  );
  return out;
}
