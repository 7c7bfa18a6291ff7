import { RATES_LOADED_JOB } from '../currency-rates';
import type { FeatureModule } from '../feature-module';
import { DD_EVALUATE_JOB, enqueueNeverEvaluated, evaluateWaitingDueDiligence } from './operations.due-diligence.job';
import { fichaAssociates, fichasListeners } from './operations.events';
import { operationsPublicRoutes } from './operations.public.routes';
import { recomputePendingCash } from './operations.roe-pending';
import { operationsRoutes } from './operations.routes';

/** Operations (consultations), their documents and public links, and the ROE/UAF reports. */
export const operationsModule: FeatureModule = {
  name: 'operations',
  registerJobs: (deps) => {
    // rates were loaded: the cash that waited for its day's rate is recomputed (decision 128)
    deps.queue.register(RATES_LOADED_JOB, async (p) => {
      await recomputePendingCash(deps, p);
      // and the due diligence by amount that waited for it (issue 23 point 4, decision 146)
      await evaluateWaitingDueDiligence(deps, p);
    });
    deps.queue.register(DD_EVALUATE_JOB, async (p) => {
      await evaluateWaitingDueDiligence(deps, p);
    });
  },
  listeners: fichasListeners,
  // the ficha's detail lists the operations where it is an associate (fichas may not import operations)
  answers: () => ({ 'fichas.associates': fichaAssociates }),
  // operations older than migration 0630 are evaluated once, in a job (decision 146)
  start: enqueueNeverEvaluated,
  routes: async (app) => {
    await app.register(operationsPublicRoutes);
    await app.register(operationsRoutes);
  },
};
