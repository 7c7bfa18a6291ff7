import { orderToSql } from '../../db/filter-sql';
import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { reportCondition } from './fichas.filter';
import * as repo from './fichas.repo';
import { resolveCondition } from './fichas.search.repo';
import { toFichaView } from './fichas.view';

/** The query of GET /informes/fichasPersonas*. */
export interface InformeQuery {
  personType?: string;
  status?: string;
  risk?: string;
  search?: string;
  from?: string;
  to?: string;
  tag?: string;
  pepStatus?: string;
}

/** The where of GET /informes/fichasPersonas*: query parameters as filter fields. */
export function informeWhere(q: InformeQuery) {
  const and: Record<string, unknown>[] = [];
  if (q.personType) and.push({ personType: q.personType });
  and.push({ status: q.status ?? 'active' });
  if (q.risk) and.push({ risk: q.risk });
  if (q.search) and.push({ search: q.search });
  if (q.from) and.push({ createdAt: { gte: q.from } });
  if (q.to) and.push({ createdAt: { lte: q.to } });
  if (q.tag) and.push({ tags: q.tag });
  if (q.pepStatus) and.push({ pepStatus: q.pepStatus });
  return { and };
}

/** GET /informes/fichasPersonas: totals by person type, risk, PEP and matches. */
export async function informeSummary(deps: AppDeps, caller: TenantCaller, q: InformeQuery) {
  const cond = reportCondition(informeWhere(q));
  return withTenant(deps.db, caller.companyId, async (trx) =>
    repo.summary(trx, caller.companyId, await resolveCondition(trx, caller.companyId, cond)),
  );
}

/** GET /informes/fichasPersonasList: a page of the report's fichas (newest first) and their number. */
export async function informeList(
  deps: AppDeps,
  caller: TenantCaller,
  q: InformeQuery & { limit?: number; skip?: number },
) {
  const cond = reportCondition(informeWhere(q));
  const order = orderToSql(undefined, repo.FICHA_FIELDS, 'fichas.created_at desc, fichas.id desc');
  const { rows, total } = await withTenant(deps.db, caller.companyId, async (trx) => {
    const where = await resolveCondition(trx, caller.companyId, cond);
    return {
      rows: await repo.listFichas(trx, caller.companyId, where, order, q.limit ?? 25, q.skip ?? 0),
      total: await repo.countFichas(trx, caller.companyId, where, false),
    };
  });
  return { data: rows.map(toFichaView), count: total.count };
}

/**
 * The fichas of GET /informes/fichasPersonasList as a report's rows (the reports module's fichas report, on screen,
 * as files and in its export): the same condition, newest first, at most `limit`, only the printed columns.
 */
export async function informeRows(deps: AppDeps, caller: TenantCaller, q: InformeQuery, limit: number) {
  const cond = reportCondition(informeWhere(q));
  return withTenant(deps.db, caller.companyId, async (trx) =>
    repo.reportRows(trx, caller.companyId, await resolveCondition(trx, caller.companyId, cond), limit),
  );
}
