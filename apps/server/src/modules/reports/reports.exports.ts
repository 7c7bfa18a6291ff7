import { LOCALES, type Locale, translate } from '@regcheck/shared';
import type { FormTypeT } from '@regcheck/shared/schemas/forms';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { fileKey } from '../../lib/files';
import { type AppDeps, inCompany, systemCaller, type TenantCaller } from '../../plugins/context';
import { actAs } from '../auth';
import type { ReportFlowType } from '../companies';
import { complianceOfficerReport, conflictOfInterestReport, cpfCnpjValidatorReport } from './reports.compliance';
import * as repo from './reports.exports.repo';
import { fichasReport } from './reports.fichas';
import { mailFlowReady } from './reports.flows';
import { formsReport } from './reports.forms';
import { periodOf } from './reports.range';
import { finalBeneficiariesReport, listsReport, roeUafReport, summaryReport } from './reports.service';
import { issuerOf, type ReportTables, tr, workbookHead } from './reports.tables';
import { reportWorkbook } from './reports.xlsx';

/**
 * exportReport: a report of the module as an xlsx built by a job, without the on-screen cap of REPORT_ROW_LIMIT
 * (up to EXPORT_ROW_LIMIT rows, under the xlsx sheet limit of 1,048,576), written in pages with its progress on the
 * export's row, stored through deps.files and downloaded when ready. The report's own builder makes its rows: an
 * export holds exactly what the screen shows, only not cut.
 */
export const EXPORT_JOB = 'reports.export';
export const EXPORT_ROW_LIMIT = 1_000_000;

/**
 * What a report needs besides its period: the forms report its form type and whether filled forms count, the fichas
 * report its person type and risk; `flow` marks an export a report flow started (its responsible gets an e-mail).
 */
export type ExportOptions = {
  formType?: FormTypeT;
  allowFilled?: boolean;
  personType?: 'natural' | 'legal';
  risk?: 'low' | 'medium' | 'high';
  flow?: ReportFlowType;
};

type Builder = (
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  from: string,
  to: string,
  limit: number,
  options: ExportOptions,
) => Promise<ReportTables>;

/** The reports an export can hold and the builder (and file name) of each. */
export const EXPORT_REPORTS = {
  forms: {
    file: 'formularios',
    build: (d, c, l, from, to, limit, o) =>
      formsReport(d, c, l, { type: o.formType ?? 'formDOF', from, to, allowFilled: o.allowFilled ?? false }, limit),
  },
  fichas: {
    file: 'fichas',
    build: (d, c, l, from, to, limit, o) =>
      fichasReport(d, c, l, from, to, { personType: o.personType, risk: o.risk }, limit),
  },
  summary: { file: 'resumen', build: (d, c, l, f, t) => summaryReport(d, c, l, f, t) },
  lists: { file: 'listas', build: listsReport },
  validator: { file: 'validador-cpf-cnpj', build: cpfCnpjValidatorReport },
  complianceOfficer: { file: 'oficial-cumplimiento', build: complianceOfficerReport },
  conflictOfInterest: { file: 'conflicto-interes', build: conflictOfInterestReport },
  finalBeneficiaries: {
    file: 'beneficiarios-finales',
    build: (d, c, l, _f, _t, limit) => finalBeneficiariesReport(d, c, l, limit),
  },
  roeUaf: { file: 'roe-uaf', build: async (d, c, l, f, t, limit) => (await roeUafReport(d, c, l, f, t, limit)).report },
} satisfies Record<string, { file: string; build: Builder }>;
export type ExportReport = keyof typeof EXPORT_REPORTS;
export const EXPORT_REPORT_KEYS = Object.keys(EXPORT_REPORTS) as [ExportReport, ...ExportReport[]];

const isReport = (r: string): r is ExportReport => r in EXPORT_REPORTS;

export function exportView(r: repo.ExportRow) {
  return {
    id: r.id,
    report: r.report as ExportReport,
    options: (r.options ?? {}) as ExportOptions,
    from: r.dateFrom,
    to: r.dateTo,
    status: r.status,
    progress: r.progress,
    rows: r.rowCount,
    size: r.fileSize,
    error: r.error,
    createdBy: r.createdByName ?? '',
    createdAt: new Date(r.createdAt).toISOString(),
    finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
    downloadUrl: r.status === 'ready' ? `/api/informes/exports/${r.id}/download` : null,
  };
}

const notFound = () =>
  new AppError('REPORT_EXPORT_NOT_FOUND', { field: 'id', messageKey: 'reports:errors.REPORT_EXPORT_NOT_FOUND' });

/**
 * The options a report keeps (the others are dropped): the forms report needs its form type (400 naming
 * `options.formType` without it).
 */
function optionsFor(report: ExportReport, o: ExportOptions): ExportOptions {
  const flow = o.flow ? { flow: o.flow } : {};
  if (report === 'forms') {
    if (!o.formType)
      throw new AppError('VALIDATION_ERROR', {
        field: 'options.formType',
        params: { field: 'options.formType', reason: 'required' },
      });
    return { formType: o.formType, allowFilled: o.allowFilled ?? false, ...flow };
  }
  if (report === 'fichas')
    return { ...(o.personType ? { personType: o.personType } : {}), ...(o.risk ? { risk: o.risk } : {}), ...flow };
  return flow;
}

/** Starts an export: the row, its job (in the same transaction) and the audit row. Bad periods answer 400. */
export async function startExport(
  deps: AppDeps,
  caller: TenantCaller,
  locale: Locale,
  body: { report: ExportReport; from?: string; to?: string; options?: ExportOptions },
) {
  const p = periodOf(body.from, body.to, new Date(), { from: 'from', to: 'to' });
  const periodless = body.report === 'finalBeneficiaries';
  const options = optionsFor(body.report, body.options ?? {});
  const row = await withTenant(deps.db, caller.companyId, async (trx) => {
    const r = await repo.insertExport(trx, {
      companyId: caller.companyId,
      report: body.report,
      dateFrom: periodless ? null : p.from,
      dateTo: periodless ? null : p.to,
      locale,
      options,
      createdBy: caller.auth.userId,
      createdByName: caller.auth.user.name,
      createdByEmail: caller.auth.user.email,
    });
    await deps.queue.enqueue(
      trx,
      EXPORT_JOB,
      { companyId: caller.companyId, exportId: r.id },
      { companyId: caller.companyId, singletonKey: `report-export:${r.id}` },
    );
    await audit(trx, caller, {
      action: 'report.export.started',
      entity: 'reportExport',
      id: r.id,
      after: { report: r.report, from: r.dateFrom, to: r.dateTo, options },
    });
    return r;
  });
  return exportView(row);
}

export async function listExports(deps: AppDeps, caller: TenantCaller, q: { limit: number; skip: number }) {
  const rows = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.listExports(trx, caller.companyId, q.limit, q.skip),
  );
  return rows.map(exportView);
}

export async function countExports(deps: AppDeps, caller: TenantCaller) {
  return { count: await withTenant(deps.db, caller.companyId, (trx) => repo.countExports(trx, caller.companyId)) };
}

export async function getExport(deps: AppDeps, caller: TenantCaller, id: string) {
  const row = await withTenant(deps.db, caller.companyId, (trx) => repo.findExport(trx, caller.companyId, id));
  if (!row) throw notFound();
  return exportView(row);
}

/** The stored xlsx of a ready export (audited); another company's export is 404, one not ready yet 409. */
export async function downloadExport(deps: AppDeps, caller: TenantCaller, id: string) {
  const row = await withTenant(deps.db, caller.companyId, (trx) => repo.findExport(trx, caller.companyId, id));
  if (!row) throw notFound();
  if (row.status !== 'ready' || !row.fileKey)
    throw new AppError('REPORT_EXPORT_NOT_READY', { messageKey: 'reports:errors.REPORT_EXPORT_NOT_READY' });
  const body = await deps.files.get(row.fileKey);
  if (!body) throw notFound();
  await withTenant(deps.db, caller.companyId, (trx) =>
    audit(trx, caller, { action: 'report.export.downloaded', entity: 'reportExport', id: row.id }),
  );
  const report = isReport(row.report) ? EXPORT_REPORTS[row.report].file : 'reporte';
  const period = row.dateFrom && row.dateTo ? `_${row.dateFrom}_${row.dateTo}` : '';
  return { body, filename: `${report}${period}.xlsx` };
}

/** Why an export failed, in the words of the export's language. */
function failure(err: unknown, locale: Locale) {
  if (err instanceof AppError && err.messageKey) return translate(locale, err.messageKey, err.params ?? {});
  return translate(locale, 'reports:export.failedDetail', { detail: err instanceof Error ? err.message : String(err) });
}

/**
 * The job: builds the report as its starter (the user who asked, with the role they have now), writes the workbook
 * in pages reporting progress, stores it and marks the export ready; any error marks it failed with the error in
 * words. Safe to run twice: a rerun rebuilds and overwrites the same file.
 */
export async function runExport(deps: AppDeps, companyId: string, id: string) {
  const set = (p: Parameters<typeof repo.updateExport>[3]) =>
    withTenant(deps.db, companyId, (trx) => repo.updateExport(trx, companyId, id, p));
  const row = await withTenant(deps.db, companyId, (trx) => repo.findExport(trx, companyId, id));
  if (!row || row.status === 'ready' || row.status === 'failed') return;
  const locale = (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : 'es';
  try {
    await set({ status: 'running', progress: 1, error: null });
    const auth = row.createdByEmail ? await actAs(deps, row.createdByEmail) : undefined;
    if (!auth || auth.companyId !== companyId) throw new Error(translate(locale, 'reports:export.noAuthor'));
    const caller = { ...inCompany(systemCaller(auth, deps.log, companyId)), requestId: `report-export:${id}` };
    if (!isReport(row.report)) throw new Error(row.report);
    const spec = EXPORT_REPORTS[row.report];
    const today = new Date().toISOString().slice(0, 10);
    const options = (row.options ?? {}) as ExportOptions;
    const from = row.dateFrom ?? today;
    const report = await spec.build(deps, caller, locale, from, row.dateTo ?? today, EXPORT_ROW_LIMIT, options);
    await set({ progress: 10 });
    let last = 10;
    const t = tr(locale);
    const built: ReportTables = report;
    const tables = built.tables.map((table) => ({
      sheet: t(`sheets.${table.key}`),
      columns: table.columns,
      rows: table.rows,
      kinds: table.kinds,
      empty: table.empty,
    }));
    const head = workbookHead(locale, report.title, report.period, issuerOf(caller));
    const body = await reportWorkbook(head, tables, async (written, total) => {
      const progress = Math.min(95, 10 + Math.floor((85 * written) / Math.max(1, total)));
      if (progress > last) {
        last = progress;
        await set({ progress });
      }
    });
    const key = fileKey('report-exports', companyId, `${id}.xlsx`);
    if (!key) throw new Error('file key');
    await deps.files.put(key, body);
    const rows = report.tables.reduce((n, t) => n + t.rows.length, 0);
    const ready = { status: 'ready', progress: 100, rowCount: rows, fileKey: key, fileSize: body.length } as const;
    await withTenant(deps.db, companyId, async (trx) => {
      await repo.updateExport(trx, companyId, id, { ...ready, finished: true });
      // a report flow's export tells its responsible person, with the ready mark (never twice: a rerun stops above)
      if (options.flow && row.createdByEmail)
        await mailFlowReady(trx, deps, {
          companyId,
          to: row.createdByEmail,
          locale,
          flow: options.flow,
          dateFrom: row.dateFrom,
          dateTo: row.dateTo,
        });
    });
  } catch (err) {
    deps.log.warn({ err, exportId: id }, 'report export failed');
    await set({ status: 'failed', error: failure(err, locale), finished: true });
  }
}
