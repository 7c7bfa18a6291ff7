import type { FeatureModule } from '../feature-module';
import { inspectionRoutes } from './inspection.routes';
import { INSPECTION_JOB, registerInspectionVerifier, runBuild } from './inspection.service';

/** The inspector's files (issue 28): routes, the build job, and what /public/verify recognises of them. */
export const inspectionModule: FeatureModule = {
  name: 'inspection',
  routes: inspectionRoutes,
  registerJobs(deps) {
    registerInspectionVerifier();
    deps.queue.register(INSPECTION_JOB, (p) => runBuild(deps, String(p.companyId), String(p.fileId)), {
      maxAttempts: 3,
      backoffSeconds: 5,
    });
  },
};
