import type { FastifyPluginAsync } from 'fastify';
import type { BusAnswers, EventListener } from '../jobs/events';
import type { Schedule } from '../jobs/scheduler';
import type { AppDeps } from '../plugins/context';

/**
 * A feature module: its routes (mounted under /api), the jobs it registers on the queue, and what it needs
 * to do when a process starts (e.g. build the screening index) or stops. Its own file, imported by every
 * `<feature>.module.ts` and by the registry (index.ts), so that no module imports the registry that imports it.
 */
export interface FeatureModule {
  name: string;
  routes?: FastifyPluginAsync;
  registerJobs?(deps: AppDeps): void | Promise<void>;
  /**
   * its periodic work (hourly checks that enqueue the day's or week's job), declared once; the process that runs the
   * schedules runs them (jobs/scheduler.ts, decision 266)
   */
  schedules?(deps: AppDeps): Schedule[];
  /**
   * what it listens to of the other modules' events (and its own), declared once: in the emitter's transaction, or
   * as a job after the change commits (jobs/events.ts, decision 281)
   */
  listeners?(deps: AppDeps): EventListener[];
  /**
   * the questions it answers for modules that may not import it (an operation's form statuses for operations, a
   * ficha's operations for fichas), declared once (jobs/events.ts `BusQuestions`, decision 287)
   */
  answers?(deps: AppDeps): BusAnswers;
  start?(deps: AppDeps): void | Promise<void>;
  stop?(): void | Promise<void>;
}
