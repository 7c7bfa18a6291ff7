import type { FeatureModule } from '../feature-module';
import { DEADLINES_JOB, runDeadlines, scheduleDaily } from './allegations.jobs';
import { allegationsPublicRoutes } from './allegations.public.routes';
import { allegationsRoutes } from './allegations.routes';

/** The whistleblowing channel: its routes, the daily deadline job and its hourly check (run where this process runs the schedules). */
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
  schedules: (deps) => [
    {
      name: 'allegations.deadlines',
      everyMs: 3600_000,
      failure: 'the allegation deadline check could not be scheduled',
      run: () => scheduleDaily(deps),
    },
  ],
};
