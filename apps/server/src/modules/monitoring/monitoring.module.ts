import type { FeatureModule } from '../feature-module';
import { loadScreening } from '../fichas';
import { LIST_FETCH_FAILED_JOB, notifyListFetchFailed } from './list-fetch-alerts';
import { monitoringAdminRoutes } from './monitoring.admin.routes';
import { CHECK_EVERY_MINUTES, RUN_NOW_JOB, runNowJob } from './monitoring.admin.service';
import { monthlyJob, notifyFichaMatches, onListChangedJob, scheduleMonthly } from './monitoring.service';
import { notificationsRoutes } from './notifications.routes';

/** Makes sure the screening service is there before the first list change's job runs. */
export async function startMonitoring() {
  await loadScreening();
}

export const monitoringModule: FeatureModule = {
  name: 'monitoring',
  routes: async (api) => {
    await api.register(notificationsRoutes);
    await api.register(monitoringAdminRoutes);
  },
  registerJobs(deps) {
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
  /** a ficha screened inside a change alerts its matches as a monitoring run does, in the change's transaction */
  listeners: (deps) => [
    { event: 'ficha.screened', name: 'monitoring.ficha-matches', run: (e) => notifyFichaMatches(deps, e) },
    // a list's entries changed: every company's fichas are screened against them, in a job after the change
    {
      event: 'list.changed',
      job: 'monitoring.listChanged',
      run: (p) => onListChangedJob(deps, String(p.listId), p.changed === 'all' ? 'all' : p.changed.map(String)),
    },
  ],
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
};
