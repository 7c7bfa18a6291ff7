import { orderToSql } from '../../db/filter-sql';
import { type Executor, withTenant } from '../../db/tenant';
import { parseListFilter, parseWhere } from '../../lib/filter';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { fichaError } from './fichas.errors';
import { fichaAssociates } from './fichas.events';
import { listCondition } from './fichas.filter';
import { relatedOf } from './fichas.relations.repo';
import * as repo from './fichas.repo';
import { resolveCondition } from './fichas.search.repo';
import { dniCandidates, type PersonType } from './fichas.validation';
import { toFichaView, toRelatedView } from './fichas.view';

/** Reading fichas: one, a filtered list, a count, by document, and one with its related persons. */

/** The ficha of the company with this id, or 404 FICHA_NOT_FOUND (another company's answers the same). */
export async function mustFind(db: Executor, companyId: string, id: string) {
  const row = await repo.findFicha(db, companyId, id);
  if (!row) throw fichaError('FICHA_NOT_FOUND');
  return row;
}

/** GET /fichas-clientes/{id} */
export async function get(deps: AppDeps, caller: TenantCaller, id: string) {
  return withTenant(deps.db, caller.companyId, (trx) => mustFind(trx, caller.companyId, id));
}

/** GET /fichas-clientes?filter= : newest first unless `order` says otherwise. */
export async function list(
  deps: AppDeps,
  caller: TenantCaller,
  rawFilter: string | undefined,
  opts: { trash?: boolean } = {},
) {
  const f = parseListFilter(rawFilter);
  const where = opts.trash ? { ...(f.where ?? {}), status: 'inactive' } : f.where;
  const cond = listCondition(caller, where as Record<string, unknown> | undefined);
  const order = orderToSql(f.order, repo.FICHA_FIELDS, 'fichas.created_at desc, fichas.id desc');
  return withTenant(deps.db, caller.companyId, async (trx) =>
    repo.listFichas(trx, caller.companyId, await resolveCondition(trx, caller.companyId, cond), order, f.limit, f.skip),
  );
}

/** GET /fichas-clientes/count?where= */
export async function count(deps: AppDeps, caller: TenantCaller, rawWhere: string | undefined, exact = false) {
  const cond = listCondition(caller, parseWhere(rawWhere));
  return withTenant(deps.db, caller.companyId, async (trx) =>
    repo.countFichas(trx, caller.companyId, await resolveCondition(trx, caller.companyId, cond), exact),
  );
}

/** The ficha plus its related persons, the fichas it is related to, and its operations (asociados). */
export async function getWithRelations(deps: AppDeps, caller: TenantCaller, id: string) {
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const row = await mustFind(trx, caller.companyId, id);
    const down = await relatedOf(trx, caller.companyId, id, 'down');
    const up = await relatedOf(trx, caller.companyId, id, 'up');
    const relatedPersons = down.map(toRelatedView);
    return {
      ...toFichaView(row),
      legalRepresentatives: relatedPersons.filter(
        (p) => p.relationType === 'representant' || p.relationType === 'both',
      ),
      relatedPersons,
      relatedTo: up.map(toRelatedView),
      asociados: await fichaAssociates(deps, trx, caller.companyId, id),
    };
  });
}

/** GET /fichas-clientes/by-dni/{dni}: the active ficha with that document (natural first). */
export async function byDni(deps: AppDeps, caller: TenantCaller, dni: string, personType?: PersonType) {
  const rows = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.findActiveByDni(trx, caller.companyId, dniCandidates(dni), personType),
  );
  const row = rows.find((r) => r.dni === dni) ?? rows[0];
  if (!row) throw fichaError('NO_RECORDS_FOR_DNI', { field: 'dni' });
  return row;
}

/** GET /fichas-clientes/count-legal-by-dni/{dni} */
export async function countLegalByDni(deps: AppDeps, caller: TenantCaller, dni: string) {
  return withTenant(deps.db, caller.companyId, (trx) =>
    repo.countLegalByDni(trx, caller.companyId, dniCandidates(dni)),
  );
}
