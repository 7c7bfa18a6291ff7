import type { FeatureModule } from '../feature-module';
import { runLoad } from './bulk-loads.job';
import { bulkLoadsRoutes } from './bulk-loads.routes';
import { JOB } from './bulk-loads.service';

/** Bulk loads of fichas and operations from xlsx: the calls, and the job that loads a file. */
export const bulkLoadsModule: FeatureModule = {
  name: 'bulk-loads',
  routes: bulkLoadsRoutes,
  registerJobs: (deps) =>
    deps.queue.register(JOB, (p) => runLoad(deps, String(p.companyId), String(p.loadId)), {
      maxAttempts: 10,
      backoffSeconds: 2,
    }),
};
