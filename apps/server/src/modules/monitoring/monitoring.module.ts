import type { AppDeps } from '../../plugins/context';
import type { FeatureModule } from '../feature-module';
import { loadScreening, onFichaScreened, screening } from '../fichas';
import { LIST_FETCH_FAILED_JOB, notifyListFetchFailed } from './list-fetch-alerts';
import { monitoringAdminRoutes } from './monitoring.admin.routes';
import { CHECK_EVERY_MINUTES, RUN_NOW_JOB, runNowJob } from './monitoring.admin.service';
import { monthlyJob, notifyFichaMatches, onListChangedJob, scheduleMonthly } from './monitoring.service';
import { notificationsRoutes } from './notifications.routes';

let unsubscribe: (() => void) | undefined;

/** Subscribes to list changes (each one becomes a job). */
export async function startMonitoring(deps: AppDeps) {
  await loadScreening();
  unsubscribe?.();
  unsubscribe = screening().onListChanged(async (listId, changed) => {
    await deps.queue.enqueue(deps.db, 'monitoring.listChanged', { listId, changed });
  });
}

async function alertFichaMatches(e: Parameters<typeof notifyFichaMatches>[0]) {
  await notifyFichaMatches(e);
}

export const monitoringModule: FeatureModule = {
  name: 'monitoring',
  routes: async (api) => {
    await api.register(notificationsRoutes);
    await api.register(monitoringAdminRoutes);
  },
  registerJobs(deps) {
    // a ficha screened inside a change alerts its matches as a monitoring run does (once per process: a set)
    onFichaScreened(alertFichaMatches);
    deps.queue.register('monitoring.listChanged', async (p) => {
      await onListChangedJob(deps, String(p.listId), p.changed === 'all' ? 'all' : (p.changed as string[]));
    });
    deps.queue.register(LIST_FETCH_FAILED_JOB, async (p) => {
      await notifyListFetchFailed(deps, {
        listId: String(p.listId),
        listName: String(p.listName),
        error: String(p.error ?? ''),
        day: String(p.day),
        versionDate: typeof p.versionDate === 'string' ? p.versionDate : null,
      });
    });
    deps.queue.register('monitoring.monthly', async (p) => {
      await monthlyJob(deps, String(p.companyId), String(p.period));
    });
    deps.queue.register(RUN_NOW_JOB, async (p) => {
      await runNowJob(deps, String(p.period), typeof p.requestedBy === 'string' ? p.requestedBy : null);
    });
  },
  start: startMonitoring,
  /** checks whether a company's monthly run is due (first after one period, as before) */
  schedules: (deps) => [
    {
      name: 'monitoring.monthly',
      everyMs: CHECK_EVERY_MINUTES * 60_000,
      atStart: false,
      failure: 'the monthly monitoring runs could not be scheduled',
      run: () => scheduleMonthly(deps),
    },
  ],
  stop() {
    unsubscribe?.();
    unsubscribe = undefined;
  },
};
