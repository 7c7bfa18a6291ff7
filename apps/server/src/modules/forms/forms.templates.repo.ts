import { sql } from 'kysely';
import { tenantRows, tenantUpdate } from '../../db/crud';
import type { FormType } from '../../db/tables/forms.types';
import type { Executor } from '../../db/tenant';

/* The company's form templates. */

export function templatesOfCountry(ex: Executor, companyId: string, countryId: number) {
  return tenantRows(ex, 'formTemplates', companyId).where('idPais', '=', countryId).orderBy('createdAt').execute();
}

export function findTemplate(ex: Executor, companyId: string, id: string) {
  return tenantRows(ex, 'formTemplates', companyId).where('id', '=', id).executeTakeFirst();
}

/** The company's newest active template of a type and country with a configuration (else the default applies). */
export function activeTemplate(ex: Executor, companyId: string, type: FormType, countryId: number) {
  return tenantRows(ex, 'formTemplates', companyId)
    .where('formType', '=', type)
    .where('idPais', '=', countryId)
    .where('isActive', '=', true)
    .where(sql<boolean>`configuracion ? 'sections'`)
    .orderBy('updatedAt', 'desc')
    .executeTakeFirst();
}

export async function countTemplates(ex: Executor, companyId: string) {
  const r = await ex
    .selectFrom('formTemplates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('companyId', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function insertTemplate(
  ex: Executor,
  companyId: string,
  v: { nombre: string; configuracion: unknown; idPais: number; formType: FormType | null; createdBy: string },
) {
  return ex
    .insertInto('formTemplates')
    .values({ companyId, ...v, configuracion: JSON.stringify(v.configuracion) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateTemplate(
  ex: Executor,
  companyId: string,
  id: string,
  v: { nombre?: string; configuracion?: unknown; isActive?: boolean; formType?: FormType | null },
) {
  const set: Record<string, unknown> = { updatedAt: new Date() };
  if (v.nombre !== undefined) set.nombre = v.nombre;
  if (v.isActive !== undefined) set.isActive = v.isActive;
  if (v.formType !== undefined) set.formType = v.formType;
  if (v.configuracion !== undefined) set.configuracion = JSON.stringify(v.configuracion);
  return tenantUpdate(ex, 'formTemplates', companyId, set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
