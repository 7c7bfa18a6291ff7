import type { AppDeps } from '../../plugins/context';
import type { FeatureModule } from '../feature-module';
import { scheduleNextFetch } from './lists.fetch';
import { ListIndexState, setCurrentState } from './lists.index';
import { registerListJobs } from './lists.jobs';
import { listsRoutes } from './lists.routes';
import { seedShippedLists } from './lists.seed';
import { publicListsRoutes } from './public-lists.routes';

/** Started index states, newest last (a test process may hold two apps at once). */
const started: ListIndexState[] = [];

/**
 * The screening lists: the lists and their versions, their import and scheduled fetch, the public lists'
 * entries, and the in-memory screening index of this process. At start it imports the shipped OFAC and UN
 * snapshots when the database has none (setting shipLists; off in tests), builds the index, polls for changes
 * made by other processes (listPollMs) and, when this process schedules periodic work (setting schedules),
 * enqueues the daily fetch.
 */
export const listsModule: FeatureModule = {
  name: 'screening',
  routes: async (api) => {
    await api.register(listsRoutes);
    await api.register(publicListsRoutes);
  },
  registerJobs: (deps: AppDeps) => registerListJobs(deps),
  start: async (deps: AppDeps) => {
    // the snapshots are imported before the index exists, so that it is built once, below
    if (deps.config.shipLists) {
      const t0 = Date.now();
      const seeded = await seedShippedLists(deps);
      if (seeded.length)
        deps.log.info(
          `screening: imported the shipped lists ${seeded.map((s) => `${s.sourceId} (${s.ms} ms)`).join(', ')} in ${Date.now() - t0} ms`,
        );
    }
    const state = new ListIndexState(deps);
    started.push(state);
    setCurrentState(state);
    await state.load();
    state.startPolling(deps.config.listPollMs);
    if (deps.config.schedules) await scheduleNextFetch(deps);
  },
  stop: async () => {
    const state = started.pop();
    await state?.stop();
    setCurrentState(started.at(-1));
  },
};
