import { localeOf } from '@regcheck/shared';
import {
  COUNTRIES_OF_FORMS,
  FORM_TYPES,
  type FormTemplateConfigT,
  type FormTypeT,
} from '@regcheck/shared/schemas/forms';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import type { FormTemplateRow } from '../../db/tables/forms.tables';
import { type Executor, withSystem, withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller, TenantCaller } from '../../plugins/context';
import { actingCompanyId } from '../../plugins/policy';
import { checkTemplate } from './forms.engine';
import { formError } from './forms.errors';
import { actsForAnyCompany } from './forms.policy';
import * as repo from './forms.repo';
import { DEFAULT_RULES, type Rules } from './forms.status';
import { countryIdOf, defaultTemplate } from './forms.templates';
import * as tRepo from './forms.templates.repo';

/**
 * Templates per country (spec 001 §7 Templates and batch): the company's own (a new one is 'Formulario N' with an
 * empty configuration and country id 2) over the shipped defaults; preview; the company's form rules.
 */

type Trx = Transaction<Database>;

/**
 * The company a settings call acts in, as a tenant caller: the caller's own; for the super administrator (who has
 * none) the one named (404 when it does not exist, 400 COMPANY_REQUIRED when none is named).
 */
export async function settingsCaller(deps: AppDeps, c: Caller, companyId?: string): Promise<TenantCaller> {
  const id = actingCompanyId(c, companyId);
  if (!actsForAnyCompany(c)) return c as TenantCaller;
  const exists = await withSystem(deps.db, (trx) =>
    repo.companyOf(trx, id).then(
      () => true,
      () => false,
    ),
  );
  if (!exists) throw new AppError('COMPANY_NOT_FOUND', { field: 'companyId' });
  return { ...c, companyId: id };
}

/** The language of the company's forms. */
async function languageOf(deps: AppDeps, companyId: string) {
  const company = await withTenant(deps.db, companyId, (trx) => repo.companyOf(trx, companyId));
  return localeOf(company.language);
}

/** The template a new form of this type takes: the company's active one for its country, else the default. */
export async function templateFor(trx: Trx, companyId: string, type: FormTypeT, country: string, language: string) {
  const own = await tRepo.activeTemplate(trx, companyId, type, countryIdOf(country));
  if (own) return checkTemplate(own.configuracion);
  // the shipped templates pass the same engine check as a company's own (a repeated option is refused, not sent)
  return checkTemplate(defaultTemplate(type, countryIdOf(country), language));
}

function templateView(t: FormTemplateRow) {
  return {
    id: t.id,
    nombre: t.nombre,
    configuracion: t.configuracion as FormTemplateConfigT,
    id_pais: t.idPais,
    formType: t.formType,
    isDefault: false,
    isActive: t.isActive,
  };
}

function defaultView(type: FormTypeT, countryId: number, language: string) {
  const configuracion = defaultTemplate(type, countryId, language);
  return {
    id: `default-${countryId}-${type}`,
    nombre: configuracion.title,
    configuracion,
    id_pais: countryId,
    formType: type,
    isDefault: true,
    isActive: true,
  };
}

export const countries = () => COUNTRIES_OF_FORMS.map((c) => ({ ...c }));

/** GET /formularios/template/pais/{country}: the company's templates of a country, then the defaults. */
export async function templatesOfCountry(deps: AppDeps, c: TenantCaller, country: string) {
  const id = /^\d+$/.test(country) ? Number(country) : countryIdOf(country);
  if (!COUNTRIES_OF_FORMS.some((x) => x.id === id)) throw formError('FORM_TEMPLATE_NOT_FOUND', { field: 'country' });
  const language = await languageOf(deps, c.companyId);
  const own = await withTenant(deps.db, c.companyId, (trx) => tRepo.templatesOfCountry(trx, c.companyId, id));
  return [...own.map(templateView), ...FORM_TYPES.map((t) => defaultView(t, id, language))];
}

export async function getTemplate(deps: AppDeps, c: TenantCaller, id: string) {
  const m = /^default-(\d+)-(\w+)$/.exec(id);
  if (m && FORM_TYPES.includes(m[2] as FormTypeT)) {
    return defaultView(m[2] as FormTypeT, Number(m[1]), await languageOf(deps, c.companyId));
  }
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw formError('FORM_TEMPLATE_NOT_FOUND');
  const t = await withTenant(deps.db, c.companyId, (trx) => tRepo.findTemplate(trx, c.companyId, id));
  if (!t) throw formError('FORM_TEMPLATE_NOT_FOUND');
  return templateView(t);
}

/** POST /formularios/template {nombre, configuracion, id_pais}: 'Formulario N', empty configuration, country 2. */
export async function createTemplate(
  deps: AppDeps,
  c: TenantCaller,
  b: { nombre?: string; configuracion?: Record<string, unknown>; id_pais?: number; formType?: FormTypeT },
) {
  const cfg = b.configuracion && Object.keys(b.configuracion).length > 0 ? checkTemplate(b.configuracion) : {};
  return withTenant(deps.db, c.companyId, async (trx) => {
    const n = await tRepo.countTemplates(trx, c.companyId);
    const t = await tRepo.insertTemplate(trx, c.companyId, {
      nombre: b.nombre ?? `Formulario ${n + 1}`,
      configuracion: cfg,
      idPais: b.id_pais ?? 2,
      formType: b.formType ?? null,
      createdBy: c.auth.userId,
    });
    await audit(trx, c, { action: 'form.template.created', entity: 'form_template', id: t.id, after: templateView(t) });
    return templateView(t);
  });
}

export async function patchTemplate(
  deps: AppDeps,
  c: TenantCaller,
  id: string,
  b: { configuracion?: Record<string, unknown>; nombre?: string; isActive?: boolean; formType?: FormTypeT | null },
) {
  const cfg = b.configuracion ? checkTemplate(b.configuracion) : undefined;
  return withTenant(deps.db, c.companyId, async (trx) => {
    const before = await tRepo.findTemplate(trx, c.companyId, id);
    if (!before) throw formError('FORM_TEMPLATE_NOT_FOUND');
    const after = await tRepo.updateTemplate(trx, c.companyId, id, { ...b, configuracion: cfg });
    await audit(trx, c, {
      action: 'form.template.updated',
      entity: 'form_template',
      id,
      before: templateView(before),
      after: templateView(after),
    });
    return templateView(after);
  });
}

/** POST /formularios/preview: the form as it would render (the given configuration, else the template's). */
export async function preview(
  deps: AppDeps,
  c: TenantCaller,
  b: { country_id: number; form_id: string; preview_configuration?: Record<string, unknown> },
) {
  if (b.preview_configuration && Object.keys(b.preview_configuration).length > 0) {
    return checkTemplate(b.preview_configuration);
  }
  if (FORM_TYPES.includes(b.form_id as FormTypeT)) {
    return defaultTemplate(b.form_id as FormTypeT, b.country_id, await languageOf(deps, c.companyId));
  }
  const t = await getTemplate(deps, c, b.form_id);
  return checkTemplate(t.configuracion);
}

// ------------------------------------------------------------------ rules

/** The company's form rules (the defaults until it changes them). */
export async function rulesOf(ex: Executor, companyId: string): Promise<Rules> {
  const r = await repo.findRules(ex, companyId);
  if (!r) return DEFAULT_RULES;
  return {
    dofThreshold: Number(r.dofThreshold),
    updateWindowDays: r.updateWindowDays,
    bfForLegal: r.bfForLegal,
    pepForPeps: r.pepForPeps,
    dofCurrency: r.dofCurrency ?? null,
  };
}

export async function getRules(deps: AppDeps, caller: Caller, companyId: string) {
  const c = await settingsCaller(deps, caller, companyId);
  return withTenant(deps.db, c.companyId, (trx) => rulesOf(trx, c.companyId));
}

/** PATCH /companies/form/{companyId}: the company's form rules (DOF amount, update window, BF, PEP). */
export async function patchRules(deps: AppDeps, caller: Caller, companyId: string, b: Partial<Rules>) {
  const c = await settingsCaller(deps, caller, companyId);
  return withTenant(deps.db, c.companyId, async (trx) => {
    const before = await rulesOf(trx, c.companyId);
    const next = { ...before, ...b };
    await repo.upsertRules(trx, c.companyId, next);
    await audit(trx, c, { action: 'form.rules.updated', entity: 'company', id: companyId, before, after: next });
    return next;
  });
}

/**
 * The update window alone (the declaration window of the super administrator's business rules), inside the
 * caller's transaction; the caller audits it with the rest of its change.
 */
export async function setUpdateWindowIn(trx: Executor, companyId: string, days: number) {
  const next = { ...(await rulesOf(trx, companyId)), updateWindowDays: days };
  await repo.upsertRules(trx, companyId, next);
  return next;
}
