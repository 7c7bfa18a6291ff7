import type { FeatureModule } from '../feature-module';
import { PEP_SWEEP_JOB, registerPepJobs, schedulePepSweep } from './fichas.pep.jobs';
import { fichaPepRoutes } from './fichas.pep.routes';
import { registerRatingJobs } from './fichas.rating.service';
import { RESCHEDULE_REVIEWS_JOB, rescheduleReviews } from './fichas.reviews';
import { fichasRoutes } from './fichas.routes';
import { screenJob } from './fichas.screening';
import { loadScreening } from './screening.adapter';

/** Fichas: the customer files, screened against the lists and rated; their jobs and the screening index. */
export const fichasModule: FeatureModule = {
  name: 'fichas',
  async routes(app) {
    await app.register(fichasRoutes);
    await app.register(fichaPepRoutes);
  },
  registerJobs(deps) {
    registerRatingJobs(deps);
    registerPepJobs(deps);
    deps.queue.register('fichas.screen', async (p) => screenJob(deps, String(p.companyId), String(p.fichaId)));
    // the business rules queue it when the review periods change (decision 120)
    deps.queue.register(RESCHEDULE_REVIEWS_JOB, async (p) => {
      await rescheduleReviews(deps, String(p.companyId));
    });
  },
  async start(deps) {
    await loadScreening();
    // the PEP status of every ficha over time (decision 172): once now (the fichas older than the stored status, the
    // expiries passed while stopped), then daily
    if (deps.config.schedules) {
      await deps.queue.enqueue(deps.db, PEP_SWEEP_JOB, {}, { singletonKey: `${PEP_SWEEP_JOB}:start`, maxAttempts: 2 });
      await schedulePepSweep(deps);
    }
  },
};
