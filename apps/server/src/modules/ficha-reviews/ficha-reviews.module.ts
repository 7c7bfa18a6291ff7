import type { FeatureModule } from '../feature-module';
import { OVERDUE_REVIEWS_JOB, runOverdueReviews, scheduleOverdueReviews } from './ficha-reviews.jobs';
import { fichaReviewsRoutes } from './ficha-reviews.routes';

/** The periodic review of customers: the reviews of a ficha, and the weekly notification of the overdue ones. */
export const fichaReviewsModule: FeatureModule = {
  name: 'ficha-reviews',
  async routes(app) {
    await app.register(fichaReviewsRoutes);
  },
  registerJobs(deps) {
    deps.queue.register(OVERDUE_REVIEWS_JOB, async () => {
      await runOverdueReviews(deps);
    });
  },
  schedules: (deps) => [
    {
      name: 'ficha-reviews.overdue',
      everyMs: 3600_000,
      failure: 'the weekly notification of overdue reviews could not be scheduled',
      run: () => scheduleOverdueReviews(deps),
    },
  ],
};
