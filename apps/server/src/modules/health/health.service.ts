import type { AppDeps } from '../../plugins/context';
import { ping } from './health.repo';

/** GET /health: ok once the database answers (the process starts listening only after the migrations ran). */
export async function liveness(deps: AppDeps) {
  await ping(deps.db);
  return { status: 'ok' as const, database: deps.database.kind };
}
