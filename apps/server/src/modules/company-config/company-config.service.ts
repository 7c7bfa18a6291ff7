import { DEFAULT_THRESHOLD } from '@regcheck/screening';
import {
  type BusinessRules,
  type BusinessRulesPatch,
  beneficialOwnerSettings,
  coafNonOccurrenceOf,
  coafThresholdOf,
  DEFAULT_DD_OCCASIONAL_USD,
  DEFAULT_DD_WIRE_USD,
  DEFAULT_ROE_THRESHOLD_USD,
  type FileConfigT,
  fileConfigOf,
  type ListControlT,
  listControlsOf,
  operationTagsEnabled,
  pepYearsOf,
  REVIEW_PERIOD_SETTINGS,
  reviewPeriodsOf,
} from '@regcheck/shared';
import { type CountryRuleKey, ruleApplies } from '@regcheck/shared/country-rules';
import type { z } from 'zod';
import { type Executor, withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller, TenantCaller } from '../../plugins/context';
import {
  checkCountryRules,
  checkOwnerThreshold,
  checkPepYears,
  enqueueReviewReschedule,
  findCompany,
  writeSettingsIn,
} from '../companies';
import { rulesOf, setUpdateWindowIn } from '../forms';
import { listSourceViews } from '../lists';
import { configurationOf, listKind } from '../risk';
import * as tagsService from '../tags';

/*
 * The super administrator's company tabs (issue 13): business rules, file rules, which lists screen the company and
 * their weights, and the operation tags switch. Each is kept in the company's settings (the declaration window in
 * its form rules), read where it applies, and every change is audited in the same transaction.
 */

type Settings = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

async function companyOrThrow(db: Executor, companyId: string) {
  const company = await findCompany(db, companyId);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  return company;
}

/** A change that moves ratings (beneficial owners, list weights): every active ficha is rated again by a job. */
async function rateAgain(deps: AppDeps, trx: Executor, companyId: string) {
  await deps.queue.enqueue(
    trx,
    'risk.recalculateCompany',
    { companyId },
    { singletonKey: `risk:${companyId}`, companyId },
  );
}

// ------------------------------------------------------------------ business rules

type Rules = z.infer<typeof BusinessRules>;

/** The rules in force for a company of `country`: null for a rule of another country's regulation (decision 159). */
function rulesFrom(settings: Settings, declarationWindowDays: number, country: string): Rules {
  const owners = beneficialOwnerSettings(settings);
  const own = <T>(key: CountryRuleKey, value: T): T | null => (ruleApplies(key, country) ? value : null);
  return {
    roeThresholdUsd: own('roeThresholdUsd', num(settings.roeThresholdUsd) ?? DEFAULT_ROE_THRESHOLD_USD),
    ddOccasionalUsd: num(settings.ddOccasionalUsd) ?? DEFAULT_DD_OCCASIONAL_USD,
    ddWireUsd: own('ddWireUsd', num(settings.ddWireUsd) ?? DEFAULT_DD_WIRE_USD),
    beneficialOwnerThreshold: owners.threshold,
    beneficialOwnerInclusive: owners.inclusive,
    declarationWindowDays,
    screeningThreshold: num(settings.screeningThreshold) ?? DEFAULT_THRESHOLD,
    monitoringDay: num(settings.monitoringDay) ?? 1,
    ...reviewRules(settings),
    coafCashThresholdBrl: own('coafCashThresholdBrl', coafThresholdOf(settings)),
    coafNonOccurrence: own('coafNonOccurrence', coafNonOccurrenceOf(settings)),
    pepYearsAfterOffice: pepYearsOf(settings, country),
  };
}

/** The review periods by risk as the business rules name them (defaults 1, 2 and 3 years). */
function reviewRules(settings: Settings) {
  const p = reviewPeriodsOf(settings);
  return { reviewYearsHigh: p.high, reviewYearsMedium: p.medium, reviewYearsLow: p.low };
}

/** GET /companies/{id}/business-rules: the thresholds in force (the defaults where the company set none). */
export async function getBusinessRules(deps: AppDeps, companyId: string): Promise<Rules> {
  const company = await companyOrThrow(deps.db, companyId);
  const form = await rulesOf(deps.db, companyId);
  return rulesFrom((company.settings ?? {}) as Settings, form.updateWindowDays, company.country);
}

/**
 * PATCH /companies/{id}/business-rules: the ROE amount, the beneficial-owner threshold and whether it is inclusive,
 * the screening threshold and the monitoring day go to the company's settings, the declaration window to its form
 * rules (the window after which a signed declaration is asked again), in one transaction with one audit row
 * `company.businessRules.changed`. A new beneficial-owner rule rates every ficha again; new review periods by risk
 * (reviewYearsHigh, …Medium, …Low: whole years, 1 to 10) schedule every ficha's next review again. A threshold above the
 * country's bound (Brazil: 25%) is refused (400 BENEFICIAL_OWNER_THRESHOLD_ABOVE_BOUND on beneficialOwnerThreshold).
 */
export async function patchBusinessRules(
  deps: AppDeps,
  caller: Caller,
  companyId: string,
  patch: z.infer<typeof BusinessRulesPatch>,
) {
  return withSystem(deps.db, async (trx) => {
    const company = await companyOrThrow(trx, companyId);
    checkOwnerThreshold(company.country, patch.beneficialOwnerThreshold);
    checkCountryRules(company.country, patch);
    checkPepYears(company.country, patch.pepYearsAfterOffice);
    const before = rulesFrom(
      (company.settings ?? {}) as Settings,
      (await rulesOf(trx, companyId)).updateWindowDays,
      company.country,
    );
    const { declarationWindowDays, ...keys } = patch;
    const defined = Object.fromEntries(Object.entries(keys).filter(([, v]) => v !== undefined));
    const settings = Object.keys(defined).length
      ? (await writeSettingsIn(trx, companyId, defined)).after
      : ((company.settings ?? {}) as Settings);
    const window =
      declarationWindowDays !== undefined
        ? (await setUpdateWindowIn(trx, companyId, declarationWindowDays)).updateWindowDays
        : before.declarationWindowDays;
    const after = rulesFrom(settings, window, company.country);
    await audit(
      trx,
      { ...caller, companyId },
      { action: 'company.businessRules.changed', entity: 'company', id: companyId, before, after },
    );
    if (
      before.beneficialOwnerThreshold !== after.beneficialOwnerThreshold ||
      before.beneficialOwnerInclusive !== after.beneficialOwnerInclusive
    )
      await rateAgain(deps, trx, companyId);
    // new review periods schedule every ficha's next review again (fichas.reviews.ts, decision 120)
    if (Object.values(REVIEW_PERIOD_SETTINGS).some((k) => before[k] !== after[k]))
      await enqueueReviewReschedule(deps.queue, trx, companyId);
    // new years after office: every customer's PEP status is computed again, and rated when it changed
    if (before.pepYearsAfterOffice !== after.pepYearsAfterOffice)
      await deps.queue.enqueue(
        trx,
        'fichas.pep.refreshCompany',
        { companyId, cause: 'settingChanged' },
        { singletonKey: `pep:${companyId}`, companyId },
      );
    return after;
  });
}

// ------------------------------------------------------------------ file rules

/** GET /companies/{id}/file-config: the largest document and the document types its fichas and operations take. */
export async function getFileConfig(deps: AppDeps, companyId: string): Promise<FileConfigT> {
  return fileConfigOf((await companyOrThrow(deps.db, companyId)).settings);
}

/** PUT /companies/{id}/file-config: audited `company.fileConfig.changed`; the upload checks read it at once. */
export async function putFileConfig(deps: AppDeps, caller: Caller, companyId: string, body: FileConfigT) {
  const documentTypes = [...new Set(body.documentTypes)];
  const next = { maxDocumentMb: body.maxDocumentMb, documentTypes };
  return withSystem(deps.db, async (trx) => {
    const { before } = await writeSettingsIn(trx, companyId, { fileConfig: next });
    await audit(
      trx,
      { ...caller, companyId },
      {
        action: 'company.fileConfig.changed',
        entity: 'company',
        id: companyId,
        before: fileConfigOf(before),
        after: next,
      },
    );
    return next;
  });
}

// ------------------------------------------------------------------ operation tags

/** GET /companies/{id}/tags-config: whether its operations carry tags (tags.operation.enabled). */
export async function getTagsConfig(deps: AppDeps, companyId: string) {
  return { operationTagsEnabled: operationTagsEnabled((await companyOrThrow(deps.db, companyId)).settings) };
}

/** PUT /companies/{id}/tags-config: switches operation tags on or off (settings.tags.operation.enabled), audited. */
export async function putTagsConfig(deps: AppDeps, caller: Caller, companyId: string, enabled: boolean) {
  return withSystem(deps.db, async (trx) => {
    const company = await companyOrThrow(trx, companyId);
    const tags = ((company.settings as Settings | null)?.tags ?? {}) as Settings;
    const operation = (tags.operation ?? {}) as Settings;
    const { before } = await writeSettingsIn(trx, companyId, {
      tags: { ...tags, operation: { ...operation, enabled } },
    });
    await audit(
      trx,
      { ...caller, companyId },
      {
        action: 'company.tagsConfig.changed',
        entity: 'company',
        id: companyId,
        before: { operationTagsEnabled: operationTagsEnabled(before) },
        after: { operationTagsEnabled: enabled },
      },
    );
    return { operationTagsEnabled: enabled };
  });
}

// ------------------------------------------------------------------ lists that screen the company

/** The company's own lists, which screen it like the global ones. */
const COMPANY_LISTS = [
  { id: 'interest', name: 'List of interest', kind: 'company' },
  { id: 'blacklist', name: 'Blacklist', kind: 'company' },
];

/**
 * GET /companies/{id}/list-controls: every list that can screen the company (the global lists and its own), whether
 * it does, and the weight of a match on it (the lists factor, 1 to 3): the super administrator's choice, else the
 * one its risk configuration gives the list's kind (sanctions, PEP, other).
 */
export async function listControls(deps: AppDeps, companyId: string) {
  const company = await companyOrThrow(deps.db, companyId);
  const controls = listControlsOf(company.settings);
  const config = await configurationOf(deps.db, companyId);
  const sources = await listSourceViews(deps, { limit: 1000, skip: 0 });
  const lists: { id: string; name: string; kind: string; freshness?: (typeof sources)[number]['freshness'] }[] = [
    ...sources.map((s) => ({ id: s.id, name: s.name, kind: s.kind, freshness: s.freshness })),
    ...COMPANY_LISTS,
  ];
  return lists.map((l) => {
    const defaultWeight = config.listScores[listKind(l.id, config)];
    const c = controls[l.id];
    return {
      listId: l.id,
      listName: l.name,
      kind: l.kind,
      enabled: c?.enabled ?? true,
      weight: c?.weight ?? defaultWeight,
      defaultWeight,
      customised: !!c,
      // an empty list screens no one, whatever its switch says (issue 27): the tab shows it as such
      listState: l.freshness?.state ?? ('current' as const),
      versionDate: l.freshness?.versionDate ?? null,
      ageDays: l.freshness?.ageDays ?? null,
    };
  });
}

/**
 * PUT /companies/{id}/list-controls/{listId}: whether the list screens the company and its weight; `null` goes back
 * to the default. Audited `company.listControl.changed`; screening reads it at once and every ficha is rated again.
 */
export async function putListControl(
  deps: AppDeps,
  caller: Caller,
  companyId: string,
  listId: string,
  control: ListControlT | null,
) {
  const rows = await listControls(deps, companyId);
  const row = rows.find((r) => r.listId === listId);
  if (!row) throw new AppError('LIST_NOT_FOUND');
  return withSystem(deps.db, async (trx) => {
    const company = await companyOrThrow(trx, companyId);
    const all = { ...listControlsOf(company.settings) };
    const before = all[listId] ?? null;
    if (control) all[listId] = control;
    else delete all[listId];
    await writeSettingsIn(trx, companyId, { listControls: all });
    await audit(
      trx,
      { ...caller, companyId },
      {
        action: 'company.listControl.changed',
        entity: 'company',
        id: companyId,
        before: { listId, control: before },
        after: { listId, control },
      },
    );
    await rateAgain(deps, trx, companyId);
    return {
      ...row,
      enabled: control?.enabled ?? true,
      weight: control?.weight ?? row.defaultWeight,
      customised: !!control,
    };
  });
}

// ------------------------------------------------------------------ the company's tag catalogue

/** The super administrator acting inside one company (its tags are written there, audited as that company). */
function inCompany(caller: Caller, companyId: string): TenantCaller {
  return { ...caller, companyId };
}

/** GET /companies/{id}/tags: the company's tags (fichas and operations) and how many records carry each. */
export async function companyTags(deps: AppDeps, caller: Caller, companyId: string) {
  await companyOrThrow(deps.db, companyId);
  const c = inCompany(caller, companyId);
  const [rows, used] = await Promise.all([
    tagsService.list(deps, c, { limit: 1000, skip: 0 }),
    tagsService.inUse(deps, c),
  ]);
  const count = new Map(used.map((u) => [`${u.appliesTo}|${u.name}`, Number(u.records)]));
  return rows.map((r) => ({ ...tagsService.toTagView(r), records: count.get(`${r.appliesTo}|${r.name}`) ?? 0 }));
}

/** POST /companies/{id}/tags: a tag of the company's catalogue (audited by the tags module). */
export async function addCompanyTag(
  deps: AppDeps,
  caller: Caller,
  companyId: string,
  body: { name: string; active?: boolean; appliesTo: 'fichas' | 'operations' },
) {
  await companyOrThrow(deps.db, companyId);
  return tagsService.toTagView(await tagsService.create(deps, inCompany(caller, companyId), body));
}

/** PATCH /companies/{id}/tags/{tagId}: renames or (de)activates a tag of the company (audited). */
export async function changeCompanyTag(
  deps: AppDeps,
  caller: Caller,
  companyId: string,
  tagId: string,
  body: { name?: string; active?: boolean; appliesTo?: 'fichas' | 'operations' },
) {
  await companyOrThrow(deps.db, companyId);
  return tagsService.toTagView(await tagsService.update(deps, inCompany(caller, companyId), tagId, body));
}
