import { withTenant } from '../../db/tenant';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { listCondition } from './fichas.filter';
import { count, list } from './fichas.queries';
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
  const cond = listCondition(caller, informeWhere(q));
  return withTenant(deps.db, caller.companyId, async (trx) =>
    repo.summary(trx, caller.companyId, await resolveCondition(trx, caller.companyId, cond)),
  );
}

/** GET /informes/fichasPersonasList: a page of the report's fichas and their number. */
export async function informeList(
  deps: AppDeps,
  caller: TenantCaller,
  q: InformeQuery & { limit?: number; skip?: number },
) {
  const filter = JSON.stringify({ where: informeWhere(q), limit: q.limit ?? 25, skip: q.skip ?? 0 });
  const rows = await list(deps, caller, filter);
  const c = await count(deps, caller, JSON.stringify(informeWhere(q)));
  return { data: rows.map(toFichaView), count: c.count };
}
