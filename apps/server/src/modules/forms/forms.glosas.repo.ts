import type { Expression, SqlBool } from 'kysely';
import { page, tenantRows, tenantUpdate } from '../../db/crud';
import type { GlosaFormulariosTable, GlosaRow } from '../../db/tables/forms.tables';
import type { Executor } from '../../db/tenant';
import type { ListQuery } from '../../lib/crud';

/* The company's form texts (glosa-formularios). */

type Values = Omit<GlosaFormulariosTable, 'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'isActive'> & {
  isActive?: boolean;
};

export function insertGlosa(ex: Executor, companyId: string, v: Values) {
  return ex
    .insertInto('glosaFormularios')
    .values({ companyId, ...v })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findGlosa(ex: Executor, companyId: string, id: string, forUpdate = false) {
  let q = tenantRows(ex, 'glosaFormularios', companyId).where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Another glosa of the company with this key (case-insensitive). */
export function findGlosaByKey(ex: Executor, companyId: string, clave: string, notId?: string) {
  let q = ex
    .selectFrom('glosaFormularios')
    .select('id')
    .where('companyId', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['clave']), '=', clave.toLowerCase()));
  if (notId) q = q.where('id', '<>', notId);
  return q.executeTakeFirst();
}

export function updateGlosa(ex: Executor, companyId: string, id: string, v: Partial<Values>) {
  return tenantUpdate(ex, 'glosaFormularios', companyId, { ...v, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listGlosas(ex: Executor, companyId: string, q: ListQuery): Promise<GlosaRow[]> {
  return page(tenantRows(ex, 'glosaFormularios', companyId), q);
}

export async function countGlosas(ex: Executor, companyId: string, where: Expression<SqlBool>) {
  const r = await ex
    .selectFrom('glosaFormularios')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('companyId', '=', companyId)
    .where(where)
    .executeTakeFirstOrThrow();
  return Number(r.count);
}
