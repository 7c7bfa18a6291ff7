import { outboundRequest } from '../../lib/outbound-http';
import type { AppDeps } from '../../plugins/context';
import { startImport } from './lists.import';
import { checksumOf, type ListFileFormat, unpack } from './lists.parse';
import * as repo from './lists.repo';
import { getSourceView } from './lists.service';

export const FETCH_JOB = 'lists.fetch';
/** monitoring's job that notifies the companies' administrators (named here: lists does not import monitoring) */
const LIST_FETCH_FAILED_JOB = 'monitoring.listFetchFailed';
const FETCH_TIMEOUT_MS = 120_000;
const MAX_BYTES = 200 * 1024 * 1024;

/**
 * Downloads a list from its published address (list_sources.source_url) and imports it as a new version when
 * its content changed. Returns what happened; failures are recorded on the source (last_fetch_error).
 */
export async function fetchList(deps: AppDeps, sourceId: string) {
  const source = await repo.findSource(deps.db, sourceId);
  if (!source?.sourceUrl) return { sourceId, status: 'no-url' as const };
  try {
    // the typed address is checked, resolved once and connected to as checked; so is every redirect
    const res = await outboundRequest(deps.config.outbound, source.sourceUrl, {
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      maxRedirects: 5,
    });
    if (res.status < 200 || res.status > 299) throw new Error(`HTTP ${res.status} from ${source.sourceUrl}`);
    const body = new Uint8Array(res.body);
    const checksum = checksumOf(unpack(body));
    const active = await repo.activeVersion(deps.db, sourceId);
    await repo.updateSource(deps.db, sourceId, { lastFetchedAt: new Date(), lastFetchError: null });
    // the same file as the one in force: the list is confirmed current as of now
    if (active?.checksum === checksum) {
      await repo.updateSource(deps.db, sourceId, { lastSuccessAt: new Date() });
      return { sourceId, status: 'unchanged' as const };
    }
    const v = await startImport(deps, null, {
      sourceId,
      content: body,
      format: source.format as ListFileFormat,
      label: `${source.name} fetched ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
      origin: 'fetch',
    });
    return { sourceId, status: 'importing' as const, versionId: v.id, jobId: v.jobId };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await repo.updateSource(deps.db, sourceId, { lastFetchedAt: new Date(), lastFetchError: message });
    // the administrators are told (monitoring writes the notification; once a day per list and company)
    const day = new Date().toISOString().slice(0, 10);
    const active = await repo.activeVersion(deps.db, sourceId);
    const versionDate = (active?.publishedAt ?? active?.activatedAt)?.toISOString().slice(0, 10) ?? null;
    await deps.queue.enqueue(
      deps.db,
      LIST_FETCH_FAILED_JOB,
      { listId: sourceId, listName: source.name, error: message, day, versionDate },
      { singletonKey: `${LIST_FETCH_FAILED_JOB}:${sourceId}:${day}` },
    );
    deps.log.warn({ sourceId, error: message }, 'a list could not be updated from its published address');
    return { sourceId, status: 'failed' as const, error: message };
  }
}

/** POST /lists/{id}/fetch: downloads the list now, as a job (404 LIST_NOT_FOUND for an unknown list). */
export async function requestFetch(deps: AppDeps, sourceId: string) {
  await getSourceView(deps, sourceId);
  return deps.queue.enqueue(deps.db, FETCH_JOB, { sourceId });
}

/** Fetches every source whose scheduled fetch is enabled (off by default: no list is fetched unless enabled). */
export async function fetchEnabledLists(deps: AppDeps) {
  const sources = await repo.listSources(deps.db);
  const out = [];
  for (const s of sources) if (s.fetchEnabled && s.sourceUrl) out.push(await fetchList(deps, s.id));
  return out;
}

/** The next daily run (03:00 UTC), as the key and time of the scheduled job. */
export function nextFetchRun(now = new Date()) {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3, 0, 0));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return { runAt: next, singletonKey: `${FETCH_JOB}:${next.toISOString().slice(0, 10)}` };
}

/** Enqueues the next scheduled fetch (deduplicated by day across processes). */
export async function scheduleNextFetch(deps: AppDeps, now = new Date()) {
  const { runAt, singletonKey } = nextFetchRun(now);
  if (await deps.queue.hasKey(deps.db, singletonKey)) return null;
  return deps.queue.enqueue(deps.db, FETCH_JOB, { scheduled: true }, { runAt, singletonKey, maxAttempts: 1 });
}
