import { DEFAULT_THRESHOLD } from '@regcheck/screening';
import type { MonitoringParametersT, MonitoringRunViewT, MonitoringSettingsT } from '@regcheck/shared';
import { platformSetting, setPlatformSetting } from '../../db/platform-settings.repo';
import { withSystem } from '../../db/tenant';
import { audit } from '../../lib/audit';
import type { AppDeps, Caller } from '../../plugins/context';
import { listSourceViews } from '../lists';
import * as repo from './monitoring.repo';
import { monthlyJob, platformMonitoringDay } from './monitoring.service';

/*
 * The platform's monitoring page (issue 13): the day of the monthly run, the last runs with their counts and
 * duration, "run now", and the parameters in words. The runs themselves are monitoring.service.ts.
 */

export const RUN_NOW_JOB = 'monitoring.runNow';
const RUN_NOW_KEY = 'monitoring:runNow';
/** How often the scheduler of a process looks whether a monthly run is due (monitoring.module.ts). */
export const CHECK_EVERY_MINUTES = 60;

export async function getSettings(deps: AppDeps): Promise<MonitoringSettingsT> {
  const s = await withSystem(deps.db, (trx) => platformSetting(trx, 'monitoringDay'));
  return {
    monitoringDay: await platformMonitoringDay(deps),
    updatedAt: s?.updatedAt ? new Date(s.updatedAt).toISOString() : null,
    updatedBy: s?.updatedByName ?? null,
  };
}

/** PUT /monitoring/settings: the day of the monthly run (1 to 28), audited. */
export async function updateSettings(deps: AppDeps, caller: Caller, monitoringDay: number) {
  const before = await platformMonitoringDay(deps);
  await withSystem(deps.db, async (trx) => {
    await setPlatformSetting(trx, 'monitoringDay', monitoringDay, caller.auth.userId);
    await audit(trx, caller, {
      action: 'monitoring.settings.updated',
      entity: 'platform_settings',
      id: 'monitoringDay',
      before: { monitoringDay: before },
      after: { monitoringDay },
    });
  });
  return getSettings(deps);
}

/**
 * POST /monitoring/runs ("run now"): one job screens every active company against every list, audited. While a
 * run asked for is queued or running, asking again starts nothing (alreadyQueued) and is not audited again.
 */
export async function requestRun(deps: AppDeps, caller: Caller) {
  const companies = (await withSystem(deps.db, (trx) => repo.activeCompanies(trx))).length;
  return withSystem(deps.db, async (trx) => {
    // the request's instant: each request is a run of its own, claimed once per company
    const period = new Date().toISOString();
    const jobId = await deps.queue.enqueue(
      trx,
      RUN_NOW_JOB,
      { period, requestedBy: caller.auth.userId },
      { singletonKey: RUN_NOW_KEY, maxAttempts: 3 },
    );
    if (jobId)
      await audit(trx, caller, {
        action: 'monitoring.run.requested',
        entity: 'monitoring_run',
        id: jobId,
        after: { period, companies },
      });
    return { jobId, alreadyQueued: jobId === null, companies };
  });
}

/** Job: the requested run, company after company (a retry resumes: finished companies are not screened again). */
export async function runNowJob(deps: AppDeps, period: string, requestedBy: string | null) {
  for (const c of await withSystem(deps.db, (trx) => repo.activeCompanies(trx)))
    await monthlyJob(deps, c.id, period, 'manual', requestedBy);
}

export async function listRuns(deps: AppDeps, limit: number, skip: number) {
  return withSystem(deps.db, async (trx) => ({
    count: await repo.countRuns(trx),
    data: (await repo.latestRuns(trx, limit, skip)).map(
      (r): MonitoringRunViewT => ({
        id: r.id,
        companyName: r.companyName,
        kind: r.kind === 'manual' ? 'manual' : 'monthly',
        period: r.period,
        status: r.finishedAt ? 'finished' : 'running',
        startedAt: new Date(r.startedAt).toISOString(),
        finishedAt: r.finishedAt ? new Date(r.finishedAt).toISOString() : null,
        durationMs: r.durationMs,
        fichasScreened: r.fichasScreened,
        lists: r.lists,
        newMatches: r.newMatches,
        fichasUpdated: r.fichasUpdated,
        notifications: r.notifications,
        requestedBy: r.requestedByName ?? null,
      }),
    ),
  }));
}

/** The next day (YYYY-MM-DD, UTC) that is the monitoring day, today included. */
export function nextRunDate(day: number, now = new Date()) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const thisMonth = new Date(Date.UTC(y, m, day));
  const next = now.getUTCDate() <= day ? thisMonth : new Date(Date.UTC(y, m + 1, day));
  return next.toISOString().slice(0, 10);
}

const numberOr = (v: unknown) => (typeof v === 'number' ? v : null);

/** GET /monitoring/parameters: what the monitoring does, for the ParameterDisplay page to put in words. */
export async function parameters(deps: AppDeps): Promise<MonitoringParametersT> {
  const day = await platformMonitoringDay(deps);
  const companies = await withSystem(deps.db, (trx) => repo.activeCompanyNames(trx));
  const settingsOf = (c: (typeof companies)[number]) =>
    (typeof c.settings === 'string' ? JSON.parse(c.settings) : (c.settings ?? {})) as Record<string, unknown>;
  const lists = (await listSourceViews(deps, { limit: 100, skip: 0 })).filter((l) => l.currentVersion);
  return {
    monitoringDay: day,
    nextRun: nextRunDate(day),
    checkEveryMinutes: CHECK_EVERY_MINUTES,
    schedulerActive: deps.config.schedules,
    companies: companies.length,
    companiesWithOwnDay: companies.flatMap((c) => {
      const d = numberOr(settingsOf(c).monitoringDay);
      return d === null ? [] : [{ name: c.name, monitoringDay: d }];
    }),
    defaultThreshold: DEFAULT_THRESHOLD,
    companiesWithOwnThreshold: companies.flatMap((c) => {
      const th = numberOr(settingsOf(c).screeningThreshold);
      return th === null ? [] : [{ name: c.name, threshold: th }];
    }),
    lists: lists.map((l) => ({ id: l.id, name: l.name, kind: l.kind, entities: l.entityCount })),
    onListChange: true,
  };
}
