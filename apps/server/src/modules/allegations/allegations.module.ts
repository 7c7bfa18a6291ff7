import type { FeatureModule } from '../feature-module';
import { DEADLINES_JOB, runDeadlines, scheduleDaily } from './allegations.jobs';
import { allegationsPublicRoutes } from './allegations.public.routes';
import { allegationsRoutes } from './allegations.routes';

let timer: NodeJS.Timeout | undefined;

/** The whistleblowing channel: its routes, the daily deadline job and, where this process schedules, its timer. */
export const allegationsModule: FeatureModule = {
  name: 'allegations',
  async routes(app) {
    await app.register(allegationsRoutes);
    await app.register(allegationsPublicRoutes);
  },
  registerJobs(deps) {
    deps.queue.register(DEADLINES_JOB, async () => {
      await runDeadlines(deps);
    });
  },
  start(deps) {
    if (!deps.config.schedules) return;
    const tick = () =>
      scheduleDaily(deps).catch((err) =>
        deps.log.error({ err }, 'the allegation deadline check could not be scheduled'),
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
