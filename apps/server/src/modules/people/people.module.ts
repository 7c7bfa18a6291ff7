import type { AppDeps } from '../../plugins/context';
import type { FeatureModule } from '../feature-module';
import { peopleFilesRoutes } from './people.files.routes';
import { failImport, IMPORT_JOB, runImport } from './people.import.service';
import { ensureRegisterInStep, setRegisterQueue, sweepExpired } from './people.register.service';
import { peopleRoutes } from './people.routes';

export const SWEEP_JOB = 'people.expirySweep';

/** The next daily sweep (00:10 UTC), as the key and time of the scheduled job. */
export function nextSweep(now = new Date()) {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 0, 10, 0));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return { runAt: next, singletonKey: `${SWEEP_JOB}:${next.toISOString().slice(0, 10)}` };
}

async function scheduleSweep(deps: AppDeps, now = new Date()) {
  const { runAt, singletonKey } = nextSweep(now);
  if (await deps.queue.hasKey(deps.db, singletonKey)) return;
  await deps.queue.enqueue(deps.db, SWEEP_JOB, { scheduled: true }, { runAt, singletonKey, maxAttempts: 2 });
}

/**
 * The platform's PEP register (001 §7 People): its calls, its documents and imports, and the register as a
 * screening list. At start the register list is checked against the register (written again when they disagree)
 * and, where this process schedules periodic work, the daily sweep of expired PEPs is queued.
 */
export const peopleModule: FeatureModule = {
  name: 'people',
  routes: async (api) => {
    await api.register(peopleRoutes);
    await api.register(peopleFilesRoutes);
  },
  registerJobs(deps) {
    setRegisterQueue(deps.queue);
    deps.queue.register(
      IMPORT_JOB,
      async (p) => {
        await runImport(deps, String(p.importId));
      },
      // the import leaves `running` with the reason (a process that died twice, a database error)
      { maxAttempts: 2, backoffSeconds: 30, onFailed: (p, error) => failImport(deps, String(p.importId), error) },
    );
    deps.queue.register(SWEEP_JOB, async (p) => {
      await sweepExpired(deps);
      if (p.scheduled) await scheduleSweep(deps, new Date(Date.now() + 60_000));
    });
  },
  async start(deps) {
    await ensureRegisterInStep(deps);
    if (deps.config.schedules) {
      await sweepExpired(deps);
      await scheduleSweep(deps);
    }
  },
};
