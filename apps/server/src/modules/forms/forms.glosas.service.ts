import type { GlosaViewT } from '@regcheck/shared/schemas/forms';
import type { GlosaRow } from '../../db/tables/forms.tables';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import { countIn, type ListFilterArgs, type Listing, listIn } from '../../lib/crud';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { formError } from './forms.errors';
import * as repo from './forms.glosas.repo';

/**
 * glosa-formularios (spec 001 §7): the company's texts of its forms, by a key unique in the company. Created,
 * changed and deactivated ({isActive:false}) with an audit row in the same transaction; another company's glosa is a
 * 404.
 */

const iso = (d: Date | string) => new Date(d).toISOString();

export function glosaView(g: GlosaRow): GlosaViewT {
  return {
    id: g.id,
    clave: g.clave,
    titulo: g.titulo,
    texto: g.texto,
    formType: g.formType,
    id_pais: g.idPais,
    isActive: g.isActive,
    createdAt: iso(g.createdAt),
    updatedAt: iso(g.updatedAt),
  };
}

const LISTING: Listing = {
  fields: {
    id: { column: 'glosa_formularios.id', type: 'uuid' },
    clave: { column: 'glosa_formularios.clave', type: 'string', sortable: true },
    titulo: { column: 'glosa_formularios.titulo', type: 'string', sortable: true },
    formType: { column: 'glosa_formularios.form_type', type: 'string' },
    id_pais: { column: 'glosa_formularios.id_pais', type: 'number' },
    isActive: { column: 'glosa_formularios.is_active', type: 'boolean' },
    createdAt: { column: 'glosa_formularios.created_at', type: 'date', sortable: true },
  },
  defaultOrder: 'glosa_formularios.created_at desc, glosa_formularios.id',
  activeWhen: { field: 'isActive', value: true },
};

export const listGlosas = (deps: AppDeps, c: TenantCaller, f: ListFilterArgs) =>
  listIn(deps.db, c, LISTING, f, repo.listGlosas, glosaView);

export const countGlosas = (deps: AppDeps, c: TenantCaller, where: Record<string, unknown> | undefined) =>
  countIn(deps.db, c, LISTING, where, repo.countGlosas);

export async function getGlosa(deps: AppDeps, c: TenantCaller, id: string) {
  const g = await withTenant(deps.db, c.companyId, (trx) => repo.findGlosa(trx, c.companyId, id));
  if (!g) throw formError('GLOSA_NOT_FOUND');
  return glosaView(g);
}

type Body = {
  clave?: string;
  titulo?: string;
  texto?: string;
  formType?: GlosaRow['formType'];
  id_pais?: number | null;
  isActive?: boolean;
};

/** POST /glosa-formularios: a new text; its key unique in the company (409 naming the key). */
export async function createGlosa(
  deps: AppDeps,
  c: TenantCaller,
  b: Required<Pick<Body, 'clave' | 'titulo' | 'texto'>> & Body,
) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    if (await repo.findGlosaByKey(trx, c.companyId, b.clave))
      throw formError('GLOSA_KEY_TAKEN', { field: 'clave', params: { key: b.clave } });
    const g = await repo.insertGlosa(trx, c.companyId, {
      clave: b.clave,
      titulo: b.titulo,
      texto: b.texto,
      formType: b.formType ?? null,
      idPais: b.id_pais ?? null,
      isActive: b.isActive ?? true,
      createdBy: c.auth.userId,
    });
    await audit(trx, c, { action: 'form.glosa.created', entity: 'glosa_formulario', id: g.id, after: glosaView(g) });
    return glosaView(g);
  });
}

/** PATCH /glosa-formularios/{id}: any field; {isActive:false} deactivates (soft). */
export async function patchGlosa(deps: AppDeps, c: TenantCaller, id: string, b: Body) {
  return withTenant(deps.db, c.companyId, async (trx) => {
    const before = await repo.findGlosa(trx, c.companyId, id, true);
    if (!before) throw formError('GLOSA_NOT_FOUND');
    if (b.clave && (await repo.findGlosaByKey(trx, c.companyId, b.clave, id)))
      throw formError('GLOSA_KEY_TAKEN', { field: 'clave', params: { key: b.clave } });
    const after = await repo.updateGlosa(trx, c.companyId, id, {
      ...(b.clave !== undefined ? { clave: b.clave } : {}),
      ...(b.titulo !== undefined ? { titulo: b.titulo } : {}),
      ...(b.texto !== undefined ? { texto: b.texto } : {}),
      ...(b.formType !== undefined ? { formType: b.formType ?? null } : {}),
      ...(b.id_pais !== undefined ? { idPais: b.id_pais ?? null } : {}),
      ...(b.isActive !== undefined ? { isActive: b.isActive } : {}),
    });
    await audit(trx, c, {
      action: 'form.glosa.updated',
      entity: 'glosa_formulario',
      id,
      before: glosaView(before),
      after: glosaView(after),
    });
    return glosaView(after);
  });
}
