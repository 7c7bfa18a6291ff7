import type { FeatureModule } from '../feature-module';
import { OVERDUE_REVIEWS_JOB, runOverdueReviews, scheduleOverdueReviews } from './ficha-reviews.jobs';
import { fichaReviewsRoutes } from './ficha-reviews.routes';

let timer: NodeJS.Timeout | undefined;

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
  start(deps) {
    if (!deps.config.schedules) return;
    const tick = () =>
      scheduleOverdueReviews(deps).catch((err) =>
        deps.log.error({ err }, 'the weekly notification of overdue reviews could not be scheduled'),
      );
    void tick();
    timer = setInterval(tick, 3600_000);
    timer.unref();
  },
  stop() {
    if (timer) clearInterval(timer);
    timer = undefined;
  },
};
