import type { FeatureModule } from '../index';
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
  },
  registerJobs(deps) {
    registerRatingJobs(deps);
    deps.queue.register('fichas.screen', async (p) => screenJob(deps, String(p.companyId), String(p.fichaId)));
    // the business rules queue it when the review periods change (decision 120)
    deps.queue.register(RESCHEDULE_REVIEWS_JOB, async (p) => {
      await rescheduleReviews(deps, String(p.companyId));
    });
  },
  async start() {
    await loadScreening();
  },
};
