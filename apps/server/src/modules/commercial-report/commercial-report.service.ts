import type { CommercialReportAnswer } from '@regcheck/shared/schemas/commercial-report';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller, TenantCaller } from '../../plugins/context';
import { getCompany } from '../companies';
import { get as getFicha } from '../fichas';
import { availability, commercialReportAdapter, lookup, recordsError } from '../providers';
import * as repo from './commercial-report.repo';

/** The report window: a report, and the exposure it counts, cover two years. */
export const WINDOW_YEARS = 2;
/** Defaults until the super administrator sets the company's thresholds (CLP of exposure). */
export const DEFAULT_THRESHOLDS = { mediumFrom: 1_000_000, highFrom: 5_000_000 };

const yearsAgo = (now: Date, n: number) =>
  new Date(Date.UTC(now.getUTCFullYear() - n, now.getUTCMonth(), now.getUTCDate()));

/** Debts, protests and bulletins dated within the two-year window, in CLP. */
export function exposureOf(r: CommercialReportAnswer, now = new Date()): number {
  const since = yearsAgo(now, WINDOW_YEARS).toISOString().slice(0, 10);
  return [...r.debts, ...r.protests, ...r.bulletins].filter((x) => x.date >= since).reduce((a, x) => a + x.amount, 0);
}

export function riskOf(exposure: number, t: { mediumFrom: number; highFrom: number }): 'low' | 'medium' | 'high' {
  if (exposure >= t.highFrom) return 'high';
  if (exposure >= t.mediumFrom) return 'medium';
  return 'low';
}

type Row = Awaited<ReturnType<typeof repo.insertReport>>;
function toView(r: Row) {
  return {
    id: r.id,
    fichaId: r.fichaId,
    createdAt: new Date(r.createdAt).toISOString(),
    sample: r.sample,
    exposure: Number(r.exposure),
    risk: r.risk,
    report: r.report as CommercialReportAnswer,
  };
}

/** The ficha's RUT as the bureau takes it; a person without a Chilean RUT has no commercial report. */
async function rutOf(deps: AppDeps, caller: TenantCaller, fichaId: string) {
  const ficha = await getFicha(deps, caller, fichaId);
  if (ficha.dniType.document.toUpperCase() !== 'RUT')
    throw recordsError('RECORD_DOCUMENT_MISMATCH', { field: 'fichaId', params: { document: ficha.dniType.document } });
  return { ficha, rut: ficha.dni.replace(/[^0-9Kk]/g, '').toUpperCase() };
}

/** The failure of a request as the page shows it: the message and the flag that opens the modal. */
function modal(err: unknown): never {
  if (err instanceof AppError)
    throw new AppError(err.code, {
      messageKey: err.messageKey,
      params: err.params,
      field: err.field,
      details: { showModal: true },
    });
  throw err;
}

async function thresholdsOf(deps: AppDeps, companyId: string) {
  const s = await withTenant(deps.db, companyId, (trx) => repo.findSettings(trx, companyId));
  return s ? { mediumFrom: Number(s.mediumFrom), highFrom: Number(s.highFrom) } : DEFAULT_THRESHOLDS;
}

/** POST /commercial-report: asks the bureau (24 h cache) and keeps the report with its risk. */
export async function request(deps: AppDeps, caller: TenantCaller, fichaId: string, now = new Date()) {
  const { ficha, rut } = await rutOf(deps, caller, fichaId);
  const outcome = await lookup(
    deps,
    caller,
    commercialReportAdapter,
    { rut },
    {
      source: 'businessReport',
      fichaId,
      document: rut,
      cacheKey: rut,
    },
  ).catch(modal);
  if (outcome.state === 'notConfigured')
    throw new AppError('COMMERCIAL_REPORT_UNAVAILABLE', {
      messageKey: 'records:errors.COMMERCIAL_REPORT_UNAVAILABLE',
      details: { showModal: true },
    });
  if (!outcome.data)
    throw new AppError('COMMERCIAL_REPORT_NOT_FOUND', {
      messageKey: 'records:errors.COMMERCIAL_REPORT_NOT_FOUND',
      details: { showModal: true },
    });
  const t = await thresholdsOf(deps, caller.companyId);
  const exposure = exposureOf(outcome.data, now);
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await repo.insertReport(trx, caller.companyId, {
      fichaId: ficha.id,
      requestedBy: caller.auth.userId,
      report: outcome.data,
      exposure,
      risk: riskOf(exposure, t),
      sample: outcome.sample,
    });
    await audit(trx, caller, {
      action: 'commercialReport.requested',
      entity: 'ficha',
      id: ficha.id,
      after: { reportId: row.id, risk: row.risk, exposure },
    });
    return toView(row);
  });
}

/** GET /commercial-report/ficha/{id}: the newest report of the two-year window and the commercial summary. */
export async function ofFicha(deps: AppDeps, caller: TenantCaller, fichaId: string, now = new Date()) {
  await getFicha(deps, caller, fichaId);
  const row = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.latestReport(trx, caller.companyId, fichaId, yearsAgo(now, WINDOW_YEARS)),
  );
  const report = row ? toView(row) : null;
  return { report, summary: { PersonsRate: report?.risk ?? null, lastReportDate: report?.createdAt ?? null } };
}

/** POST /commercial-report/validate: whether a report can be requested now, or the message to show in a modal. */
export async function validate(deps: AppDeps, caller: TenantCaller, fichaId: string) {
  try {
    await rutOf(deps, caller, fichaId);
    const a = await availability(deps, caller, 'commercialReport');
    if (!a.configured)
      throw new AppError('COMMERCIAL_REPORT_UNAVAILABLE', {
        messageKey: 'records:errors.COMMERCIAL_REPORT_UNAVAILABLE',
      });
    if (a.limitReached) throw recordsError('PROVIDER_LIMIT_REACHED');
    return { valid: true, showModal: false, code: null };
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode === 404) throw err;
    return {
      valid: false,
      showModal: true,
      code: err.code,
      messageKey: err.messageKey ?? err.code,
      params: err.params,
    };
  }
}

/** GET /commercial-report/thresholds/{companyId} (super administrator): the company's, or the defaults. */
export async function getThresholds(deps: AppDeps, caller: Caller, companyId: string) {
  await getCompany(deps, caller, companyId);
  const s = await withTenant(deps.db, companyId, (trx) => repo.findSettings(trx, companyId));
  return s
    ? { mediumFrom: Number(s.mediumFrom), highFrom: Number(s.highFrom), isDefault: false }
    : { ...DEFAULT_THRESHOLDS, isDefault: true };
}

/** PUT /commercial-report/thresholds/{companyId} (super administrator). An unknown company is 404. */
export async function setThresholds(
  deps: AppDeps,
  caller: Caller,
  companyId: string,
  v: { mediumFrom: number; highFrom: number },
) {
  await getCompany(deps, caller, companyId);
  return withTenant(deps.db, companyId, async (trx) => {
    const before = await repo.findSettings(trx, companyId);
    const row = await repo.upsertSettings(trx, companyId, v);
    await audit(
      trx,
      { ...caller, companyId },
      {
        action: 'commercialReport.thresholds.updated',
        entity: 'company',
        id: companyId,
        before: before ? { mediumFrom: Number(before.mediumFrom), highFrom: Number(before.highFrom) } : undefined,
        after: v,
      },
    );
    return { mediumFrom: Number(row.mediumFrom), highFrom: Number(row.highFrom) };
  });
}
