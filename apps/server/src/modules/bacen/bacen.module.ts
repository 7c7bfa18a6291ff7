import type { FeatureModule } from '../feature-module';
import { DECLARATION_REMINDER_JOB, runDeclarationReminder, scheduleDeclarationReminder } from './bacen.jobs';
import { bacenRoutes } from './bacen.routes';

let timer: NodeJS.Timeout | undefined;

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
  start(deps) {
    if (!deps.config.schedules) return;
    const tick = () =>
      scheduleDeclarationReminder(deps).catch((err) =>
        deps.log.error({ err }, 'the Bacen declaration reminder could not be scheduled'),
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
