import type { CompanyCreateBody } from '@regcheck/shared';
import {
  beneficialOwnerThresholdMax,
  languageOfCountry,
  pepYearsMinimum,
  REVIEW_PERIOD_SETTINGS,
} from '@regcheck/shared';
import { foreignRule } from '@regcheck/shared/country-rules';
import { checkCompanyTaxId } from '@regcheck/shared/documents/index';
import type { z } from 'zod';
import type { CompanyRow } from '../../db/schema';
import { type Executor, withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { fileKey, storedName } from '../../lib/files';
import { checkUpload, imageMime } from '../../lib/uploads';
import type { AppDeps, Caller } from '../../plugins/context';
import { mayReceiveReports, seesEveryCompany } from './companies.policy';
import * as repo from './companies.repo';

/**
 * The job that schedules every ficha of a company again after its review periods changed (the fichas module
 * registers it: fichas.reviews.ts, decision 120). Its name lives here, below fichas in the imports, so that both
 * places that change the periods (PATCH /companies/{id} and the business rules) queue it through one function.
 */
export const RESCHEDULE_REVIEWS_JOB = 'fichas.reviews.reschedule';

/** Queues the rescheduling in the caller's transaction: one job per company at a time (a company may hold many fichas). */
export async function enqueueReviewReschedule(queue: AppDeps['queue'], trx: Executor, companyId: string) {
  await queue.enqueue(
    trx,
    RESCHEDULE_REVIEWS_JOB,
    { companyId },
    { singletonKey: `reviews-reschedule:${companyId}`, companyId },
  );
}

export function toCompanyView(c: CompanyRow) {
  return {
    id: c.id,
    name: c.name,
    country: c.country,
    language: c.language,
    massiveBulks: c.massiveBulks,
    allegationsChannelStatus: c.allegationsChannelStatus,
    settings: (c.settings ?? {}) as Record<string, unknown>,
    status: c.status,
    hasLogo: c.logoKey !== null,
    commercialActivityId: c.commercialActivityId ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

/** A commercial activity id of the catalogue, or null; an unknown one is a 400 naming the field. */
async function checkedActivity(trx: Executor, id: string | null | undefined) {
  if (!id) return null;
  if (!(await repo.findCommercialActivity(trx, id)))
    throw new AppError('VALIDATION_ERROR', {
      field: 'commercialActivityId',
      params: { field: 'commercialActivityId', reason: 'unknown commercial activity' },
    });
  return id;
}

/** The company's commercial activity named in the caller's language (GET /companies/{id} with its include). */
export async function commercialActivityOf(deps: AppDeps, c: CompanyRow, locale: string) {
  const a = c.commercialActivityId ? await repo.findCommercialActivity(deps.db, c.commercialActivityId) : undefined;
  if (!a) return null;
  const name = locale === 'pt-BR' ? a.namePt : locale === 'en' ? a.nameEn : a.nameEs;
  return { id: a.id, code: a.code, name };
}

/**
 * Changes some keys of a company's settings inside the caller's transaction (the super administrator's company
 * tabs, which audit their own change): reads the company (404), merges the keys and writes them. Answers the
 * settings before and after.
 */
export async function writeSettingsIn(trx: Executor, id: string, keys: Record<string, unknown>) {
  const company = await repo.findCompanyById(trx, id);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  const before = (company.settings ?? {}) as Record<string, unknown>;
  const after = { ...before, ...keys };
  const row = await repo.updateCompany(trx, id, { settings: JSON.stringify(after) });
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return { before, after, row };
}

/**
 * A beneficial-owner threshold above its country's bound (Brazil: never above 25%) is refused: 400
 * BENEFICIAL_OWNER_THRESHOLD_ABOVE_BOUND naming `field`. Nothing to check when no threshold is given.
 */
export function checkOwnerThreshold(country: string, threshold: unknown, field = 'beneficialOwnerThreshold') {
  if (typeof threshold !== 'number') return;
  const max = beneficialOwnerThresholdMax(country);
  if (threshold > max)
    throw new AppError('BENEFICIAL_OWNER_THRESHOLD_ABOVE_BOUND', { field, params: { max, country } });
}

/** The years after office are at least the country's minimum (Chile 1, Brazil 5; decision 170). */
export function checkPepYears(country: string, years: unknown, field = 'pepYearsAfterOffice') {
  if (typeof years !== 'number') return;
  const min = pepYearsMinimum(country);
  if (years < min) throw new AppError('PEP_YEARS_BELOW_COUNTRY_MINIMUM', { field, params: { min, country } });
}

/**
 * A setting of another country's regulation (decision 159; COUNTRY_RULES in packages/shared country-rules.ts) is
 * refused: 400 BUSINESS_RULE_NOT_FOR_COUNTRY naming `prefix` + the key, rather than stored where nothing reads it.
 */
export function checkCountryRules(country: string, values: Record<string, unknown> | undefined, prefix = '') {
  const key = foreignRule(values, country);
  if (key) throw new AppError('BUSINESS_RULE_NOT_FOR_COUNTRY', { field: `${prefix}${key}`, params: { country } });
}

/**
 * The company's settings with its tax id checked against its country (RUT in Chile, CNPJ in Brazil) and stored in
 * its canonical form; '' removes it. A settings object without a tax id is returned as it is.
 */
export function withCheckedTaxId(country: string, settings: Record<string, unknown>) {
  const given = settings.taxId;
  if (given === undefined) return settings;
  const { taxId: _, ...rest } = settings;
  if (typeof given !== 'string' || given.trim() === '') return rest;
  const check = checkCompanyTaxId(country, given);
  if (!check.valid)
    throw new AppError('COMPANY_TAX_ID_INVALID', { field: 'settings.taxId', params: { type: check.type } });
  return { ...rest, taxId: check.normalized };
}

/** POST /companies (super administrator): a new obliged subject. Language follows the country unless given. */
export async function createCompany(deps: AppDeps, caller: Caller, body: z.infer<typeof CompanyCreateBody>) {
  checkOwnerThreshold(body.country, body.settings?.beneficialOwnerThreshold, 'settings.beneficialOwnerThreshold');
  checkCountryRules(body.country, body.settings, 'settings.');
  checkPepYears(body.country, body.settings?.pepYearsAfterOffice, 'settings.pepYearsAfterOffice');
  return withSystem(deps.db, async (trx) => {
    const row = await repo.insertCompany(trx, {
      name: body.name,
      country: body.country,
      language: body.language ?? languageOfCountry(body.country),
      massiveBulks: body.massiveBulks ?? false,
      allegationsChannelStatus: body.allegationsChannelStatus ?? 'inactive',
      settings: JSON.stringify(withCheckedTaxId(body.country, body.settings ?? {})),
      commercialActivityId: await checkedActivity(trx, body.commercialActivityId),
    });
    // the row belongs to the new company, not to the super administrator's (none)
    await audit(
      trx,
      { ...caller, companyId: row.id },
      { action: 'company.created', entity: 'company', id: row.id, after: toCompanyView(row) },
    );
    return row;
  });
}

/** A company as its own users see it; another company's is a 404. The super administrator sees any. */
export async function getCompany(deps: AppDeps, caller: Caller, id: string) {
  if (seesEveryCompany(caller)) {
    const row = await repo.findCompanyById(deps.db, id);
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    return row;
  }
  const companyId = caller.companyId;
  if (!companyId || companyId !== id) throw new AppError('COMPANY_NOT_FOUND');
  const row = await withTenant(deps.db, companyId, (trx) => repo.findCompanyById(trx, id));
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return row;
}

/** The first start (bootstrap.ts): a company created in its transaction, which writes its own audit rows. */
export const createSetupCompany = (trx: Executor, c: Parameters<typeof repo.insertCompany>[1]) =>
  repo.insertCompany(trx, c);

/**
 * A company by id for the platform's own work (sign-in, e-mails, new users), without a caller's scope: the caller
 * decides whether the answer may be shown.
 */
export function findCompany(db: Executor, id: string) {
  return repo.findCompanyById(db, id);
}

export async function listCompanies(deps: AppDeps, opts: { limit: number; skip: number }) {
  return repo.listCompanies(deps.db, opts);
}

export async function countCompanies(deps: AppDeps) {
  return repo.countCompanies(deps.db);
}

export async function updateCompany(
  deps: AppDeps,
  caller: Caller,
  id: string,
  patch: Partial<z.infer<typeof CompanyCreateBody>>,
) {
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findCompanyById(trx, id);
    if (!before) throw new AppError('COMPANY_NOT_FOUND');
    if (patch.settings?.beneficialOwnerThreshold !== undefined || patch.country !== undefined)
      checkOwnerThreshold(
        patch.country ?? before.country,
        patch.settings?.beneficialOwnerThreshold ??
          (before.settings as Record<string, unknown> | null)?.beneficialOwnerThreshold,
        'settings.beneficialOwnerThreshold',
      );
    checkCountryRules(patch.country ?? before.country, patch.settings, 'settings.');
    const merged = { ...(before.settings as Record<string, unknown>), ...patch.settings };
    // a new country checks the tax id already recorded against its own document
    const settings =
      patch.settings || patch.country !== undefined
        ? withCheckedTaxId(patch.country ?? before.country, merged)
        : undefined;
    const row = await repo.updateCompany(trx, id, {
      name: patch.name,
      country: patch.country,
      language: patch.language,
      massiveBulks: patch.massiveBulks,
      allegationsChannelStatus: patch.allegationsChannelStatus,
      settings: settings ? JSON.stringify(settings) : undefined,
      commercialActivityId:
        patch.commercialActivityId === undefined ? undefined : await checkedActivity(trx, patch.commercialActivityId),
    });
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    await audit(
      trx,
      { ...caller, companyId: id },
      { action: 'company.updated', entity: 'company', id, before: toCompanyView(before), after: toCompanyView(row) },
    );
    // new review periods schedule every ficha's next review again (the fichas module's job, decision 120)
    if (Object.values(REVIEW_PERIOD_SETTINGS).some((k) => patch.settings?.[k] !== undefined))
      await enqueueReviewReschedule(deps.queue, trx, id);
    return row;
  });
}

/** PATCH /companies/delete/{id}: the obliged subject is switched off; its users are switched off and signed out. */
export async function deleteCompany(deps: AppDeps, caller: Caller, id: string) {
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findCompanyById(trx, id);
    if (!before) throw new AppError('COMPANY_NOT_FOUND');
    if (before.deletedAt || before.status === 'inactive') throw new AppError('COMPANY_ALREADY_DELETED');
    const row = await repo.updateCompany(trx, id, {
      status: 'inactive',
      deletedAt: new Date(),
      deletedBy: caller.auth.userId,
    });
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    await repo.deactivateCompanyUsers(trx, id);
    await audit(
      trx,
      { ...caller, companyId: id },
      { action: 'company.deleted', entity: 'company', id, before: toCompanyView(before), after: toCompanyView(row) },
    );
    return row;
  });
}

/** A company logo is a PNG, JPG or WEBP image (by content: checkUpload), at most 2 MB. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/** PATCH /companies/addlogo/{id}: stores the logo, replacing the previous one. */
export async function setCompanyLogo(deps: AppDeps, caller: Caller, id: string, bytes: Buffer) {
  const { kind } = await checkUpload(bytes, ['png', 'jpg', 'webp'], MAX_LOGO_BYTES);
  if (!kind) throw new AppError('LOGO_FORMAT', { field: 'file' });
  const key = fileKey('companies', id, storedName(kind));
  if (!key) throw new AppError('COMPANY_NOT_FOUND');
  const { row, previous } = await withSystem(deps.db, async (trx) => {
    const before = await repo.findCompanyById(trx, id);
    if (!before) throw new AppError('COMPANY_NOT_FOUND');
    await deps.files.put(key, bytes);
    const row = await repo.updateCompany(trx, id, { logoKey: key });
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    await audit(trx, { ...caller, companyId: id }, { action: 'company.logo.changed', entity: 'company', id });
    return { row, previous: before.logoKey };
  });
  if (previous) await deps.files.remove(previous);
  return row;
}

/** GET /companies/viewlogo/{id}: the logo's bytes and type (the company's own users, or the super administrator). */
export async function getCompanyLogo(deps: AppDeps, caller: Caller, id: string) {
  const company = await getCompany(deps, caller, id);
  const bytes = company.logoKey ? await deps.files.get(company.logoKey) : null;
  if (!bytes) throw new AppError('NOT_FOUND');
  return { bytes, mime: imageMime(bytes) };
}

/** The reports a company names a responsible person for (PATCH /companies/reportFlows/{id}). */
export const REPORT_FLOW_TYPES = ['conflictOfInterest', 'finalBeneficiaries'] as const;
export type ReportFlowType = (typeof REPORT_FLOW_TYPES)[number];

interface StoredReportFlow {
  userName: string;
  uniqueId: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** The company's report flows, one per report type that has one, in REPORT_FLOW_TYPES order. */
export function reportFlowsOf(c: CompanyRow) {
  const stored = ((c.settings ?? {}) as Record<string, unknown>).reportFlows as
    | Partial<Record<ReportFlowType, StoredReportFlow>>
    | undefined;
  return REPORT_FLOW_TYPES.flatMap((reportType) => {
    const f = stored?.[reportType];
    return f ? [{ reportType, userName: f.userName, uniqueId: f.uniqueId, updatedAt: f.updatedAt }] : [];
  });
}

/** The responsible person of one report type of a company, or null (the reports print it; decision 94). */
export function reportFlowOf(c: CompanyRow | null | undefined, reportType: ReportFlowType) {
  return c ? (reportFlowsOf(c).find((f) => f.reportType === reportType) ?? null) : null;
}

/** GET /companies/reportFlows/{id} (super administrator): the company's report flows (404 for an unknown company). */
export async function getReportFlows(deps: AppDeps, id: string) {
  const row = await withSystem(deps.db, (trx) => repo.findCompanyById(trx, id));
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return { companyId: id, reportFlows: reportFlowsOf(row) };
}

/** The active companies with report flows and the e-mail of each flow's user (the monthly reports, reports.flows.ts). */
export async function companiesWithReportFlows(deps: AppDeps) {
  return withSystem(deps.db, async (trx) => {
    const out = [];
    for (const c of await repo.companiesWithReportFlows(trx))
      for (const f of reportFlowsOf(c)) {
        const user = await repo.findCompanyUser(trx, c.id, f.uniqueId);
        out.push({ companyId: c.id, reportType: f.reportType, user: user && mayReceiveReports(user, c) ? user : null });
      }
    return out;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * PATCH /companies/reportFlows/{id} (super administrator): sets the person responsible for one report type of the
 * company (settings.reportFlows[reportType], replacing that type's previous one), audited; answers every flow.
 * `uniqueId` is the id of an active user of the company who holds the reports' permission (400
 * REPORT_FLOW_USER_INVALID otherwise): the monthly report is built as that user and e-mailed to them.
 */
export async function setReportFlow(
  deps: AppDeps,
  caller: Caller,
  id: string,
  body: { reportType: ReportFlowType; userName: string; uniqueId: string },
) {
  return withSystem(deps.db, async (trx) => {
    const before = await repo.findCompanyById(trx, id);
    if (!before) throw new AppError('COMPANY_NOT_FOUND');
    const user = UUID.test(body.uniqueId) ? await repo.findCompanyUser(trx, id, body.uniqueId) : undefined;
    if (!user || !mayReceiveReports(user, before))
      throw new AppError('REPORT_FLOW_USER_INVALID', {
        field: 'uniqueId',
        messageKey: 'reports:errors.REPORT_FLOW_USER_INVALID',
      });
    const settings = (before.settings ?? {}) as Record<string, unknown>;
    const flows = { ...((settings.reportFlows ?? {}) as Record<string, StoredReportFlow>) };
    flows[body.reportType] = {
      userName: body.userName,
      uniqueId: body.uniqueId,
      updatedAt: new Date().toISOString(),
      updatedBy: caller.auth.userId,
    };
    const row = await repo.updateCompany(trx, id, { settings: JSON.stringify({ ...settings, reportFlows: flows }) });
    if (!row) throw new AppError('COMPANY_NOT_FOUND');
    await audit(
      trx,
      { ...caller, companyId: id },
      {
        action: 'company.reportFlows.changed',
        entity: 'company',
        id,
        before: { reportFlows: reportFlowsOf(before) },
        after: { reportFlows: reportFlowsOf(row) },
      },
    );
    return { companyId: id, reportFlows: reportFlowsOf(row) };
  });
}
