import { nextTurn } from '@regcheck/screening';
import type { ImportLineError, ListVersionOrigin } from '../../db/tables/lists.tables';
import { withSystem } from '../../db/tenant';
import type { JobContext } from '../../jobs/queue';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller } from '../../plugins/context';
import { startedState } from './lists.index';
import { checksumOf, type ListFileFormat, type ParsedList, readListFile, unpack } from './lists.parse';
import * as repo from './lists.repo';
import { platformActor } from './lists.service';

/* Importing a list file: a new version is stored, read by a job, and activated only when every line reads. */

export const IMPORT_JOB = 'lists.import';
const MAX_REPORTED_ERRORS = 200;
/** rows per INSERT: on the embedded database one statement of 250 list rows takes a few milliseconds */
const INSERT_CHUNK = 250;
const DELETE_CHUNK = 2000;

/** Where the uploaded file of a list version is kept in the file store. */
export const listFileKey = (versionId: number) => `lists/versions/${versionId}`;

/**
 * Stores a list file as a new version (status importing) and enqueues its import job in the same transaction.
 * The version becomes active only when the whole file has been read without a bad line. `caller` is the super
 * administrator who uploaded it, or null for the platform's own imports (scheduled fetch, shipped snapshots).
 */
export async function startImport(
  deps: AppDeps,
  caller: Caller | null,
  opts: {
    sourceId: string;
    content: Uint8Array;
    format?: ListFileFormat;
    label?: string;
    origin: ListVersionOrigin;
    /** the date of the list's content (a snapshot's date, an upload's stated date); defaults to now */
    publishedAt?: Date;
  },
) {
  const source = await repo.findSource(deps.db, opts.sourceId);
  if (!source) throw new AppError('LIST_NOT_FOUND');
  const format = opts.format ?? (source.format as ListFileFormat);
  const checksum = checksumOf(unpack(opts.content));
  return withSystem(deps.db, async (trx) => {
    const version = await repo.insertVersion(trx, {
      sourceId: source.id,
      label: opts.label ?? `${source.name} ${new Date().toISOString().slice(0, 10)}`,
      format,
      origin: opts.origin,
      checksum,
      createdBy: caller?.auth.userId ?? null,
      publishedAt: opts.publishedAt,
    });
    // the file goes to the file store (asynchronous I/O): a bytea of megabytes holds the embedded database for
    // seconds. Written before the version commits: a rollback or a crash leaves an unused file, never a version
    // without its file.
    await deps.files.put(listFileKey(version.id), Buffer.from(opts.content));
    const jobId = await deps.queue.enqueue(
      trx,
      IMPORT_JOB,
      { versionId: version.id },
      {
        singletonKey: `lists.import:${version.id}`,
        maxAttempts: 2,
      },
    );
    await repo.setVersionJob(trx, version.id, jobId);
    await audit(trx, platformActor(caller), {
      action: 'list.import.started',
      entity: 'list_version',
      id: String(version.id),
      after: { sourceId: source.id, label: version.label, format, origin: opts.origin, checksum },
    });
    return { ...version, jobId };
  });
}

/** The import job failed for good: the version fails with the reason (the previous version stays in force). */
export async function failImport(deps: AppDeps, versionId: number, error: string) {
  await clearEntities(deps, versionId);
  await repo.failVersion(
    deps.db,
    versionId,
    [{ line: 0, message: `the import stopped: ${error}`, code: 'IMPORT_STOPPED', params: { detail: error } }],
    1,
  );
}

/** Deletes a version's entities a batch at a time (a re-run after a crash starts over from an empty version). */
async function clearEntities(deps: AppDeps, versionId: number) {
  while ((await repo.deleteVersionEntitiesBatch(deps.db, versionId, DELETE_CHUNK)) > 0) await nextTurn();
}

/**
 * The import job: reads the stored file, reports bad lines (the version fails and the previous one stays in
 * force), stores the entities, then activates the version in one transaction. Safe to run twice: a run cut
 * short (the process died) leaves the version `importing`, and the next run starts it over. Every step is
 * short (the file is read in slices, rows are written INSERT_CHUNK at a time, old rows pruned in batches) with
 * a turn of the event loop between steps, so the process keeps answering during a large import.
 */
export async function runImport(deps: AppDeps, versionId: number, ctx?: Pick<JobContext, 'progress'>) {
  const db = deps.db;
  const version = await repo.findVersion(db, versionId);
  if (version?.status !== 'importing') return;
  // versions stored before the file store held list files keep theirs in list_files
  const content = (await deps.files.get(listFileKey(versionId))) ?? (await repo.loadFile(db, versionId));
  const fail = async (errors: ImportLineError[], count = errors.length) => {
    await clearEntities(deps, versionId);
    await repo.failVersion(db, versionId, errors.slice(0, MAX_REPORTED_ERRORS), count);
    await ctx?.progress({ phase: 'failed', errors: count });
  };
  if (!content) return fail([{ line: 0, message: 'the uploaded file is missing', code: 'FILE_MISSING' }]);
  await ctx?.progress({ phase: 'reading', processed: 0 });
  let parsed: ParsedList;
  try {
    parsed = await readListFile(version.format as ListFileFormat, content, version.sourceId);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return fail([{ line: 0, message: detail, code: 'UNREADABLE', params: { detail } }]);
  }
  if (parsed.errors.length) return fail(parsed.errors);
  if (!parsed.entities.length) return fail([{ line: 0, message: 'the file has no entries', code: 'NO_ENTRIES' }]);
  const total = parsed.entities.length;
  await clearEntities(deps, versionId);
  let reported = performance.now();
  for (let i = 0; i < total; i += INSERT_CHUNK) {
    await repo.insertEntities(db, versionId, parsed.entities.slice(i, i + INSERT_CHUNK));
    if (performance.now() - reported > 1000 || i + INSERT_CHUNK >= total) {
      await ctx?.progress({ phase: 'storing', processed: Math.min(total, i + INSERT_CHUNK), total });
      reported = performance.now();
    }
    await nextTurn();
  }
  await withSystem(db, async (trx) => {
    const still = await repo.findVersion(trx, versionId);
    if (still?.status !== 'importing') return;
    await repo.activateVersion(trx, version.sourceId, versionId, total);
    await repo.bumpRevision(trx, version.sourceId);
    // the job runs outside any request: the row names the user who started the import
    await audit(
      trx,
      { companyId: null, userId: version.createdBy },
      {
        action: 'list.import.activated',
        entity: 'list_version',
        id: String(versionId),
        after: { sourceId: version.sourceId, entityCount: total },
      },
    );
  });
  await ctx?.progress({ phase: 'done', processed: total, total });
  // the entities of older versions go a batch at a time (the version just superseded is kept for comparison)
  while ((await repo.pruneOldEntities(db, version.sourceId, DELETE_CHUNK)) > 0) await nextTurn();
  await startedState()?.reloadList(version.sourceId);
}
