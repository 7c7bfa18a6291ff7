import { ALLEGATION_DASHBOARD_MODES, type AllegationDashboardMode } from '@regcheck/shared/schemas/allegations';
import { withTenant } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps, TenantCaller } from '../../plugins/context';
import { addDays, chileDate } from './allegations.deadlines';
import { allegationError } from './allegations.errors';
import * as repo from './allegations.repo';
import { listItem } from './allegations.service';

const GROUP: Record<AllegationDashboardMode, Parameters<typeof repo.countBy>[2]> = {
  timeframes: 'month',
  anonymous: 'anonymous',
  client_relationship: 'relationship',
  status: 'status',
  assigned_person: 'assigned',
  category: 'category',
};

/** The range of a dashboard: the given dates, by default the last 12 months to today (Chilean dates). */
export function rangeOf(init?: string, end?: string) {
  const e = end ?? chileDate(new Date());
  const i = init ?? addDays(e, -365);
  if (i > e) throw allegationError('ALLEGATION_DATA_INVALID', { field: 'init', params: { field: 'init' } });
  return { init: i, end: e };
}

function own(caller: TenantCaller, companyId: string) {
  if (companyId !== caller.companyId) throw allegationError('ALLEGATION_NOT_FOUND');
}

export function isMode(mode: string): mode is AllegationDashboardMode {
  return (ALLEGATION_DASHBOARD_MODES as readonly string[]).includes(mode);
}

/** GET /informes/denuncias/{companyId}/{mode}: one chart's counts; any other mode is 'Modo inválido'. */
export async function aggregate(
  deps: AppDeps,
  caller: TenantCaller,
  companyId: string,
  mode: string,
  init?: string,
  end?: string,
) {
  own(caller, companyId);
  if (!isMode(mode)) throw allegationError('ALLEGATION_MODE_INVALID', { field: 'mode' });
  const r = rangeOf(init, end);
  const data = await withTenant(deps.db, caller.companyId, (trx) =>
    repo.countBy(trx, caller.companyId, GROUP[mode], r.init, r.end),
  );
  return { mode, data };
}

/** GET /informes/denuncias/{companyId}/all: the six charts at once (the dashboard). */
export async function allAggregates(
  deps: AppDeps,
  caller: TenantCaller,
  companyId: string,
  init?: string,
  end?: string,
) {
  own(caller, companyId);
  const r = rangeOf(init, end);
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const modes: Record<string, Awaited<ReturnType<typeof repo.countBy>>> = {};
    for (const m of ALLEGATION_DASHBOARD_MODES)
      modes[m] = await repo.countBy(trx, caller.companyId, GROUP[m], r.init, r.end);
    const total = (modes.status ?? []).reduce((s, b) => s + b.count, 0);
    return { ...r, total, modes };
  });
}

/** GET /informes/reportes-denuncias/{companyId}: the reports filed in the range (an array, as every list); audited. */
export async function reportList(
  deps: AppDeps,
  caller: TenantCaller,
  companyId: string,
  inicio?: string,
  fin?: string,
) {
  own(caller, companyId);
  const r = rangeOf(inicio, fin);
  const today = chileDate(new Date());
  return withTenant(deps.db, caller.companyId, async (trx) => {
    const rows = await repo.exportAllegations(trx, caller.companyId, { from: r.init, to: r.end }, today, 10_000);
    await audit(trx, caller, {
      action: 'allegation.report.read',
      entity: 'allegation',
      after: { ...r, count: rows.length },
    });
    return rows.map((x) => listItem(x, today));
  });
}
