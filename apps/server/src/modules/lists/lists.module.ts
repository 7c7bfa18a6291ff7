import type { AppDeps } from '../../plugins/context';
import { blacklistsRoutes } from '../blacklists/blacklists.routes';
import type { FeatureModule } from '../index';
import { listInternsRoutes } from '../list-interns/list-interns.routes';
import { searchRoutes } from '../search/search.routes';
import { searchLogsRoutes } from '../search-logs/search-logs.routes';
import { scheduleNextFetch } from './lists.fetch';
import { ListIndexState, setCurrentState } from './lists.index';
import { registerListJobs } from './lists.jobs';
import { listsRoutes } from './lists.routes';
import { seedShippedLists } from './lists.seed';
import { publicListsRoutes } from './public-lists.routes';

/** How often each process looks for list changes made by another process. */
const POLL_MS = Number(process.env.LIST_POLL_MS ?? 5000);

/** Started index states, newest last (a test process may hold two apps at once). */
const started: ListIndexState[] = [];

/**
 * Screening: lists and their versions, the public lists, the individual search, the list of interest,
 * blacklists and the search log. At start it imports the shipped OFAC and UN snapshots when the database has
 * none (not in tests: REGCHECK_SHIP_LISTS=0 turns it off elsewhere too) and builds the screening index.
 */
export const listsModule: FeatureModule = {
  name: 'screening',
  routes: async (api) => {
    await api.register(listsRoutes);
    await api.register(publicListsRoutes);
    await api.register(searchRoutes);
    await api.register(searchLogsRoutes);
    await api.register(listInternsRoutes);
    await api.register(blacklistsRoutes);
  },
  registerJobs: (deps: AppDeps) => registerListJobs(deps),
  start: async (deps: AppDeps) => {
    // the snapshots are imported before the index exists, so that it is built once, below
    const ship = process.env.REGCHECK_SHIP_LISTS ?? (deps.config.env === 'test' ? '0' : '1');
    if (ship !== '0') {
      const t0 = Date.now();
      const seeded = await seedShippedLists(deps);
      if (seeded.length)
        console.info(
          `screening: imported the shipped lists ${seeded.map((s) => `${s.sourceId} (${s.ms} ms)`).join(', ')} in ${Date.now() - t0} ms`,
        );
    }
    const state = new ListIndexState(deps);
    started.push(state);
    setCurrentState(state);
    await state.load();
    state.startPolling(POLL_MS);
    if (deps.config.env !== 'test') await scheduleNextFetch(deps);
  },
  stop: async () => {
    const state = started.pop();
    await state?.stop();
    setCurrentState(started.at(-1));
  },
};
