import type { AppDeps } from '../../plugins/context';
import { FETCH_JOB, fetchEnabledLists, fetchList, scheduleNextFetch } from './lists.fetch';
import { failImport, IMPORT_JOB, runImport } from './lists.import';

/** lists.import {versionId}: reads a stored file into a version; lists.fetch {sourceId?}: downloads lists. */
export function registerListJobs(deps: AppDeps) {
  deps.queue.register(IMPORT_JOB, async (payload, ctx) => runImport(deps, Number(payload.versionId), ctx), {
    maxAttempts: 2,
    backoffSeconds: 30,
    // the version leaves `importing` with the reason (a process that died twice, a database error)
    onFailed: (payload, error) => failImport(deps, Number(payload.versionId), error),
  });
  deps.queue.register(
    FETCH_JOB,
    async (payload) => {
      if (typeof payload.sourceId === 'string') await fetchList(deps, payload.sourceId);
      else await fetchEnabledLists(deps);
      if (payload.scheduled) await scheduleNextFetch(deps, new Date(Date.now() + 60_000));
    },
    { maxAttempts: 1 },
  );
}
