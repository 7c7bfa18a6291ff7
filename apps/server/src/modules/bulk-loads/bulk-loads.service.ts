import { randomUUID } from 'node:crypto';
import { type Locale, translate } from '@regcheck/shared';
import { orderToSql, whereToSql } from '../../db/filter-sql';
import type { BulkLoadType } from '../../db/tables/bulk-loads.tables';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { ListFilterArgs } from '../../lib/crud';
import { hmac, safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { fieldsOf } from '../../lib/filter';
import { checkUpload } from '../../lib/uploads';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { columnsOf, headerOf } from './bulk-loads.columns';
import type { SimilarRecord } from './bulk-loads.job';
import * as repo from './bulk-loads.repo';
import type { RowIssue } from './bulk-loads.rows';
import { writeWorkbook } from './bulk-loads.xlsx';

/*
 * Bulk loads: the signed upload URL and its PUT, starting a load (a job), the history, one load's progress, the
 * similar-records choice, the per-row error report (JSON and xlsx) and the templates.
 */

export const JOB = 'bulk-loads.run';
/** How long a signed upload URL is valid. */
const UPLOAD_TTL_MS = 15 * 60_000;

const bulkError = (
  code:
    | 'BULK_LOAD_NOT_FOUND'
    | 'BULK_UPLOAD_URL_INVALID'
    | 'BULK_NOT_WAITING'
    | 'BULK_UPLOAD_FAILED'
    | 'BULK_FILE_ZIP_BOMB'
    | 'FILE_FORMAT',
  field?: string,
) => new AppError(code, { field, messageKey: `bulk:errors.${code}` });

type LoadRow = NonNullable<Awaited<ReturnType<typeof repo.findLoad>>>;

const FIELDS = fieldsOf(null, {
  id: 'uuid',
  customName: { column: 'custom_name', type: 'string', sortable: true },
  bulkName: { column: 'custom_name', type: 'string', sortable: true },
  loadType: 'string',
  bulkType: { column: 'load_type', type: 'string' },
  status: 'string',
  bulkStatus: { column: 'status', type: 'string' },
  createdAt: { column: 'created_at', type: 'date', sortable: true },
  bulkDate: { column: 'created_at', type: 'date', sortable: true },
});

/** A file error's parameters for its message: missing columns named by their header in the language. */
function fileParams(params: Record<string, unknown> | undefined, locale: Locale) {
  const columns = params?.columns;
  if (!Array.isArray(columns)) return params;
  return { ...params, columns: columns.map((c) => headerOf(locale, String(c))).join(', ') };
}

/** The view of a load: the spec's bulk* fields and the counts behind the progress bar. */
export function toView(r: LoadRow, locale: Locale) {
  const fileError = r.fileError as { messageKey: string; params?: Record<string, unknown> } | null;
  const total = r.total ?? 0;
  return {
    id: r.id,
    bulkType: r.loadType,
    bulkName: r.customName,
    bulkStatus: r.status,
    bulkErrors: r.failed,
    bulkProcessedQuantity: r.processed,
    bulkAuthor: r.authorName ?? '',
    bulkDate: new Date(r.createdAt).toISOString(),
    country: r.country,
    total: r.total,
    created: r.created,
    updated: r.updated,
    failed: r.failed,
    progress: total > 0 ? Math.min(100, Math.round((r.processed / total) * 100)) : r.status === 'done' ? 100 : 0,
    fileError: fileError ? translate(locale, fileError.messageKey, fileParams(fileError.params, locale)) : null,
    similar: r.status === 'update' ? ((r.similarRecords as SimilarRecord[] | null) ?? []) : [],
    finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
  };
}

// ------------------------------------------------------------ upload

const sign = (deps: AppDeps, payload: string) => hmac(deps.jwtSecret, `bulk-upload:${payload}`);

/** POST /carga-masiva/upload-url: an expiring signed URL of this server for one PUT of the file. */
export function uploadUrl(deps: AppDeps, caller: TenantCaller) {
  const key = `bulk/${caller.companyId}/${randomUUID()}.xlsx`;
  const expires = Date.now() + UPLOAD_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ k: key, c: caller.companyId, e: expires })).toString('base64url');
  const token = `${payload}.${sign(deps, payload)}`;
  return { url: `/api/carga-masiva/upload/${token}`, urlFile: key, expiresAt: new Date(expires).toISOString() };
}

function verifyToken(deps: AppDeps, caller: TenantCaller, token: string) {
  const [payload = '', sig = ''] = token.split('.');
  if (!safeEqual(sign(deps, payload), sig)) throw bulkError('BULK_UPLOAD_URL_INVALID');
  const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { k: string; c: string; e: number };
  if (p.c !== caller.companyId || p.e < Date.now()) throw bulkError('BULK_UPLOAD_URL_INVALID');
  return p.k;
}

/**
 * PUT of the signed URL: the bytes must be an .xlsx workbook whose entries really inflate within the zip limits
 * ('Incorrect file format', or the zip-bomb refusal).
 */
export async function upload(deps: AppDeps, caller: TenantCaller, token: string, body: Buffer | undefined) {
  const key = verifyToken(deps, caller, token);
  if (!body?.length) throw bulkError('BULK_UPLOAD_FAILED', 'file');
  // the route's bodyLimit bounds the size; the zip limits are those of every xlsx upload
  const { problem } = await checkUpload(body, ['xlsx'], Number.POSITIVE_INFINITY);
  if (problem === 'FILE_ZIP_BOMB') throw bulkError('BULK_FILE_ZIP_BOMB', 'file');
  if (problem) throw bulkError('FILE_FORMAT', 'file');
  await deps.files.put(key, body);
  return { urlFile: key, size: body.length };
}

// ------------------------------------------------------------ loads

export interface StartBody {
  customName: string;
  country?: string;
  loadType: 'fichas' | 'fichas_v2' | 'record' | 'operation';
  urlFile: string;
}

/** POST /carga-masiva and /masive-load/carga-masiva: a load of an uploaded file, run by the job. */
export async function start(deps: AppDeps, caller: TenantCaller, body: StartBody, locale: Locale) {
  if (!body.urlFile.startsWith(`bulk/${caller.companyId}/`) || body.urlFile.includes('..'))
    throw bulkError('BULK_UPLOAD_FAILED', 'urlFile');
  if (!(await deps.files.get(body.urlFile))) throw bulkError('BULK_UPLOAD_FAILED', 'urlFile');
  const loadType: BulkLoadType = body.loadType === 'record' ? 'fichas' : body.loadType;
  const row = await withTenant(deps.db, caller.companyId, async (trx) => {
    const r = await repo.insertLoad(trx, {
      companyId: caller.companyId,
      userId: caller.auth.userId,
      authorName: caller.auth.user.name,
      authorEmail: caller.auth.user.email,
      customName: body.customName,
      country: (body.country ?? caller.auth.company?.country ?? 'CL').toUpperCase(),
      loadType,
      fileKey: body.urlFile,
      total: null,
      fileError: null,
      similarRecords: null,
      restoreIds: null,
    });
    await deps.queue.enqueue(
      trx,
      JOB,
      { companyId: caller.companyId, loadId: r.id },
      { companyId: caller.companyId, singletonKey: `bulk:${r.id}` },
    );
    await audit(trx, caller, {
      action: 'bulkLoad.created',
      entity: 'bulkLoad',
      id: r.id,
      after: { customName: r.customName, loadType, country: r.country },
    });
    return r;
  });
  return toView(row, locale);
}

async function mustFind(deps: AppDeps, caller: TenantCaller, id: string) {
  const r = await withTenant(deps.db, caller.companyId, (trx) => repo.findLoad(trx, caller.companyId, id));
  if (!r) throw bulkError('BULK_LOAD_NOT_FOUND');
  return r;
}

export async function get(deps: AppDeps, caller: TenantCaller, id: string, locale: Locale) {
  return toView(await mustFind(deps, caller, id), locale);
}

/** GET /carga-masiva?filter=: the history, newest first. */
export async function list(deps: AppDeps, caller: TenantCaller, f: ListFilterArgs, locale: Locale) {
  const q = {
    where: whereToSql(f.where ?? {}, FIELDS),
    order: orderToSql(f.order, FIELDS, 'created_at desc, id desc'),
    limit: f.limit,
    skip: f.skip,
  };
  const rows = await withTenant(deps.db, caller.companyId, (trx) => repo.pageLoads(trx, caller.companyId, q));
  return rows.map((r) => toView(r, locale));
}

export async function count(deps: AppDeps, caller: TenantCaller, where: Record<string, unknown> | undefined) {
  const w = whereToSql(where ?? {}, FIELDS);
  return withTenant(deps.db, caller.companyId, (trx) => repo.countLoads(trx, caller.companyId, { where: w }));
}

/** POST /carga-masiva/{id}/similar: the trashed fichas to restore (none: new fichas are created); the load goes on. */
export async function decideSimilar(
  deps: AppDeps,
  caller: TenantCaller,
  id: string,
  restore: string[],
  locale: Locale,
) {
  const row = await withTenant(deps.db, caller.companyId, async (trx) => {
    const load = await repo.findLoad(trx, caller.companyId, id);
    if (!load) throw bulkError('BULK_LOAD_NOT_FOUND');
    if (load.status !== 'update') throw bulkError('BULK_NOT_WAITING');
    const offered = new Set(((load.similarRecords as SimilarRecord[] | null) ?? []).map((s) => s.fichaId));
    const chosen = [...new Set(restore)].filter((r) => offered.has(r));
    const r = await repo.updateLoad(trx, caller.companyId, id, {
      restoreIds: JSON.stringify(chosen),
      status: 'creating',
    });
    await deps.queue.enqueue(
      trx,
      JOB,
      { companyId: caller.companyId, loadId: id },
      { companyId: caller.companyId, singletonKey: `bulk:${id}` },
    );
    await audit(trx, caller, { action: 'bulkLoad.similarDecided', entity: 'bulkLoad', id, after: { restore: chosen } });
    return r as LoadRow;
  });
  return toView(row, locale);
}

// ------------------------------------------------------------ error report and templates

const MAX_REPORTED = 100_000;

/** GET /carga-masiva/errors/{id}: every reported row with its column, value and translated message. */
export async function errors(deps: AppDeps, caller: TenantCaller, id: string, locale: Locale) {
  const load = await mustFind(deps, caller, id);
  const rows = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.reportedRows(trx, caller.companyId, id, MAX_REPORTED),
  );
  const out: { row: number; column: string; value: string; message: string; loaded: boolean }[] = [];
  for (const r of rows)
    for (const e of (r.errors as RowIssue[] | null) ?? []) {
      const column = e.column ? headerOf(locale, e.column) : '';
      out.push({
        row: r.rowNumber,
        column: column.startsWith('bulk:') ? e.column : column,
        value: e.value,
        message: translate(locale, e.messageKey, { ...(e.params ?? {}), field: column || e.column }),
        loaded: r.outcome !== 'failed',
      });
    }
  return { load: toView(load, locale), errors: out };
}

/** GET /carga-masiva/errors/{id}/xlsx: the same report as a spreadsheet. */
export async function errorsXlsx(deps: AppDeps, caller: TenantCaller, id: string, locale: Locale) {
  const { load, errors: list } = await errors(deps, caller, id, locale);
  const t = (k: string) => translate(locale, `bulk:report.${k}`);
  const buf = await writeWorkbook([
    {
      name: t('sheet'),
      rows: [
        [t('row'), t('column'), t('value'), t('message'), t('loaded')],
        ...list.map((e) => [e.row, e.column, e.value, e.message, e.loaded ? t('yes') : t('no')]),
      ],
      widths: [8, 24, 28, 70, 12],
    },
  ]);
  return { buf, name: `${load.bulkName.replace(/[^\p{L}\p{N} ._-]/gu, '_') || 'load'}-errors.xlsx` };
}

/** GET /carga-masiva/templates/{type}: the header row in the language, and a sheet explaining each column. */
export async function template(type: BulkLoadType, locale: Locale) {
  const cols = columnsOf(type);
  const t = (k: string) => translate(locale, `bulk:${k}`);
  return writeWorkbook([
    { name: t(`types.${type}`), rows: [cols.map((c) => headerOf(locale, c.key))] },
    {
      name: t('template.helpSheet'),
      rows: [
        [t('template.column'), t('template.required'), t('template.explanation')],
        ...cols.map((c) => [
          headerOf(locale, c.key),
          c.required ? t('template.yes') : t('template.no'),
          t(`help.${c.key}`),
        ]),
      ],
      widths: [28, 12, 100],
    },
  ]);
}
