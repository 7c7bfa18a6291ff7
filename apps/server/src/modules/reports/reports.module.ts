import type { FeatureModule } from '../index';
import { EXPORT_JOB, runExport } from './reports.exports';
import { reportsRoutes } from './reports.routes';

/** Reports and the home dashboard: the calls, and the job that builds a report export. */
export const reportsModule: FeatureModule = {
  name: 'reports',
  routes: reportsRoutes,
  registerJobs: (deps) =>
    deps.queue.register(EXPORT_JOB, (p) => runExport(deps, String(p.companyId), String(p.exportId)), {
      maxAttempts: 3,
      backoffSeconds: 5,
    }),
};
