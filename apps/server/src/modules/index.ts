import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../plugins/context';
import { fichasModule } from './fichas/fichas.module';
import { listsModule } from './lists/lists.module';
import { monitoringModule } from './monitoring/monitoring.module';
import { operationsModule } from './operations/operations.module';

/**
 * A feature module: its routes (mounted under /api), the jobs it registers on the queue, and what it needs
 * to do when a process starts (e.g. build the screening index) or stops.
 */
export interface FeatureModule {
  name: string;
  routes?: FastifyPluginAsync;
  registerJobs?(deps: AppDeps): void | Promise<void>;
  start?(deps: AppDeps): void | Promise<void>;
  stop?(): void | Promise<void>;
}

/** Every feature module, in order. A feature adds itself here. */
export const featureModules: FeatureModule[] = [operationsModule, listsModule, fichasModule, monitoringModule];
