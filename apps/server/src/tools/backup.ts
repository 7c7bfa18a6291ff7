import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { appliedMigrations, serverVersion, tableCounts, withExportedSnapshot } from '../db/backup.repo';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/database';
import type { Executor } from '../db/tenant';
import { DERIVED_FOLDERS, isDerivedKey, localFileStore } from '../lib/files';
import { s3FileStore } from '../lib/files-s3';
import {
  type Backend,
  DB_PART,
  describeParts,
  FILES_PART,
  FORMAT,
  folderStats,
  holdersOf,
  MANIFEST,
  type Manifest,
  run,
  stamp,
  tarFolder,
} from './archive';
import { copyFiles } from './files-to-bucket';
import { pgDump } from './pg-client';

/**
 * `npm run backup`: one archive with the database (a PGlite data folder dump, or pg_dump's custom format), the
 * files folder (DATA_DIR/files) and a manifest. See docs/operating.md, "Backups".
 */

export interface BackupOptions {
  /** an archive path ending in .tar, or a folder to write `regcheck-<backend>-<time>.tar` into */
  out?: string;
}

export interface BackupResult {
  file: string;
  manifest: Manifest;
}

export const backendOf = (config: Pick<Config, 'databaseUrl'>): Backend => (config.databaseUrl ? 'postgres' : 'pglite');

/**
 * Refuses an embedded database folder that a process holds open (a running server: PGlite is one process's
 * database, so a second reader would see half-written pages) or that was not closed cleanly.
 */
export function assertEmbeddedFolderFree(dbDir: string, doing: string) {
  if (!fs.existsSync(path.join(dbDir, 'postmaster.pid'))) return;
  const holders = holdersOf(dbDir);
  if (holders?.length) {
    throw new Error(
      `the embedded database ${dbDir} is open in process ${holders.join(', ')} (a running RegCheck server?). ` +
        `Stop the server (Ctrl-C or SIGTERM), then ${doing} again; the embedded database serves one process at a time.`,
    );
  }
  throw new Error(
    `the embedded database ${dbDir} was not closed cleanly (a server that stopped abruptly, or one running as another ` +
      `user). Stop the server, or start it and stop it once so that it recovers, then ${doing} again.`,
  );
}

async function describeDatabase(db: Executor) {
  const applied = await appliedMigrations(db);
  return {
    database: await serverVersion(db),
    migrations: { count: applied.length, latest: applied.at(-1) ?? null, applied },
    counts: await tableCounts(db),
  };
}

/** Dumps the embedded database of DATA_DIR/db into `work/db.tar.gz`, once no process holds the folder. */
async function dumpEmbedded(config: Config, work: string) {
  const dbDir = path.join(config.dataDir, 'db');
  if (!fs.existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new Error(`no embedded database in ${dbDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  }
  assertEmbeddedFolderFree(dbDir, 'run the backup');
  const pglite = await PGlite.create(dbDir, { extensions: PGLITE_EXTENSIONS });
  const handle = await openDatabase({ pglite });
  try {
    const described = await describeDatabase(handle.db);
    const dump = await pglite.dumpDataDir('gzip');
    fs.writeFileSync(path.join(work, DB_PART.pglite), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    return described;
  } finally {
    await handle.close();
  }
}

/** pg_dump of DATABASE_URL into `work/db.dump`, from the very snapshot whose rows the manifest counts. */
async function dumpPostgres(config: Config, work: string) {
  const url = config.databaseUrl as string;
  const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    return await withExportedSnapshot(handle.db, async (trx, snapshot) => {
      const described = await describeDatabase(trx);
      await pgDump(url, path.join(work, DB_PART.postgres), snapshot);
      return described;
    });
  } finally {
    await handle.close();
  }
}

function archivePath(config: Config, backend: Backend, out: string | undefined, at: Date) {
  const name = `regcheck-${backend}-${stamp(at)}.tar`;
  if (!out) return path.join(config.dataDir, 'backups', name);
  const abs = path.resolve(out);
  if (abs.endsWith('.tar')) return abs;
  return path.join(abs, name);
}

/** Takes a backup of the configured backend and its files folder; answers the archive and its manifest. */
export async function takeBackup(config: Config, opts: BackupOptions = {}): Promise<BackupResult> {
  const backend = backendOf(config);
  const createdAt = new Date();
  const file = archivePath(config, backend, opts.out, createdAt);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) throw new Error(`${file} exists already; choose another --out`);
  const work = fs.mkdtempSync(path.join(path.dirname(file), '.backup-'));
  try {
    // the database first, then the files: a file uploaded in between is an unreferenced extra, never a hole
    const described = backend === 'pglite' ? await dumpEmbedded(config, work) : await dumpPostgres(config, work);
    // the files of a bucket (FILE_STORE=s3) are streamed down into the archive's files part, verified by hash: the
    // archive holds them as it would a local folder, and a restore puts them back where the target keeps its files
    const filesRoot = config.files.kind === 's3' ? path.join(work, 'bucket') : config.dataDir;
    if (config.files.kind === 's3') {
      const copied = await copyFiles(s3FileStore(config.files), localFileStore(path.join(filesRoot, 'files')), {
        leave: isDerivedKey,
      });
      if (copied.failed.length)
        throw new Error(`${copied.failed.length} files of the bucket did not copy: ${copied.failed[0]?.key} …`);
    }
    // the screening index's snapshots are left out: the restored installation builds its index at its first start
    await tarFolder(filesRoot, 'files', path.join(work, FILES_PART), DERIVED_FOLDERS);
    const dbPart = DB_PART[backend];
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: createdAt.toISOString(),
      backend,
      appVersion: config.version,
      ...described,
      files: folderStats(path.join(filesRoot, 'files'), DERIVED_FOLDERS),
      parts: await describeParts(work, [dbPart, FILES_PART]),
    };
    fs.writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const partial = `${file}.partial`;
    await run('tar', ['-C', work, '-cf', partial, MANIFEST, dbPart, FILES_PART]);
    // the archive holds personal data: readable by its owner only
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, file);
    return { file, manifest };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
