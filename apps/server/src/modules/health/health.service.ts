import type { AppDeps } from '../../plugins/context';
import { ping } from './health.repo';

/** GET /health: ok once the database answers (the process starts listening only after the migrations ran). */
export async function liveness(deps: AppDeps) {
  await ping(deps.db);
  return { status: 'ok' as const, database: deps.database.kind };
}

/**
 * GET /ready: whether a load balancer should send this process requests. Not while it drains after SIGTERM, nor
 * while its database does not answer; the status says which (decision 205).
 */
export async function readiness(
  deps: AppDeps,
): Promise<{ ready: boolean; status: 'ready' | 'draining' | 'unavailable' }> {
  if (deps.activity.draining) return { ready: false, status: 'draining' };
  try {
    await ping(deps.db);
    return { ready: true, status: 'ready' };
  } catch (err) {
    deps.log.warn({ err }, 'readiness: the database does not answer');
    return { ready: false, status: 'unavailable' };
  }
}
