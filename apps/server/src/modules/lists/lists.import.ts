import { withSystem } from '../../db/tenant';
import type { JobContext } from '../../jobs/queue';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { AppDeps, Caller } from '../../plugins/context';
import { startedState } from './lists.index';
import { checksumOf, type ListFileFormat, parseListFile, unpack } from './lists.parse';
import * as repo from './lists.repo';
import { platformActor } from './lists.service';
import type { ImportLineError, ListVersionOrigin } from './lists.tables';

/* Importing a list file: a new version is stored, read by a job, and activated only when every line reads. */

export const IMPORT_JOB = 'lists.import';
const MAX_REPORTED_ERRORS = 200;
const INSERT_CHUNK = 500;

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
    });
    await repo.saveFile(trx, version.id, opts.content);
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

/**
 * The import job: reads the stored file, reports bad lines (the version fails and the previous one stays in
 * force), stores the entities, then activates the version in one transaction. Safe to run twice.
 */
export async function runImport(deps: AppDeps, versionId: number, ctx?: Pick<JobContext, 'progress'>) {
  const db = deps.db;
  const version = await repo.findVersion(db, versionId);
  if (version?.status !== 'importing') return;
  const content = await repo.loadFile(db, versionId);
  const fail = async (errors: ImportLineError[], count = errors.length) => {
    await repo.deleteVersionEntities(db, versionId);
    await repo.failVersion(db, versionId, errors.slice(0, MAX_REPORTED_ERRORS), count);
    await ctx?.progress({ phase: 'failed', errors: count });
  };
  if (!content) return fail([{ line: 0, message: 'the uploaded file is missing' }]);
  await ctx?.progress({ phase: 'reading', processed: 0 });
  let parsed: ReturnType<typeof parseListFile>;
  try {
    parsed = parseListFile(version.format as ListFileFormat, content, version.sourceId);
  } catch (err) {
    return fail([{ line: 0, message: err instanceof Error ? err.message : String(err) }]);
  }
  if (parsed.errors.length) return fail(parsed.errors);
  if (!parsed.entities.length) return fail([{ line: 0, message: 'the file has no entries' }]);
  const total = parsed.entities.length;
  await repo.deleteVersionEntities(db, versionId);
  for (let i = 0; i < total; i += INSERT_CHUNK) {
    await repo.insertEntities(db, versionId, parsed.entities.slice(i, i + INSERT_CHUNK));
    await ctx?.progress({ phase: 'storing', processed: Math.min(total, i + INSERT_CHUNK), total });
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
  await startedState()?.reloadList(version.sourceId);
}
