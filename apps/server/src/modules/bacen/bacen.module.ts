import type { FeatureModule } from '../feature-module';
import { DECLARATION_REMINDER_JOB, runDeclarationReminder, scheduleDeclarationReminder } from './bacen.jobs';
import { bacenRoutes } from './bacen.routes';

/** Bacen fraud-indication records (Brazil), and the daily reminder of the monthly conformity declaration. */
export const bacenModule: FeatureModule = {
  name: 'bacen',
  async routes(app) {
    await app.register(bacenRoutes);
  },
  registerJobs(deps) {
    deps.queue.register(DECLARATION_REMINDER_JOB, async () => {
      await runDeclarationReminder(deps);
    });
  },
  schedules: (deps) => [
    {
      name: 'bacen.declaration-reminder',
      everyMs: 3600_000,
      failure: 'the Bacen declaration reminder could not be scheduled',
      run: () => scheduleDeclarationReminder(deps),
    },
  ],
};
