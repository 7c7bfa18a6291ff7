import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { ensureAppRole, publicTableCount, tableCounts } from '../db/backup.repo';
import { openDatabase, PGLITE_EXTENSIONS } from '../db/database';
import { migrations } from '../db/migrations/index';
import { type FileStore, localFileStore } from '../lib/files';
import { s3FileStore } from '../lib/files-s3';
import {
  DB_PART,
  FILES_PART,
  folderStats,
  isEmptyFolder,
  MANIFEST,
  type Manifest,
  readManifest,
  stamp,
  tarMembers,
  untar,
  verifyParts,
} from './archive';
import { assertEmbeddedFolderFree, backendOf } from './backup';
import { copyFiles } from './files-to-bucket';
import { pgRestore } from './pg-client';

/**
 * `npm run restore`: checks an archive of `npm run backup` (the manifest's SHA-256 of each part) and restores it
 * into an empty target: DATA_DIR/db (embedded) or the database of DATABASE_URL, and DATA_DIR/files. A non-empty
 * target needs `--force`; the embedded folders it replaces are kept beside as `db.replaced-<time>`.
 */

export interface RestoreOptions {
  from: string;
  /** restore over a non-empty target */
  force?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  /** where the database went (a folder or the database name) */
  database: string;
  files: string;
  counts: Record<string, number>;
  /** folders moved aside by --force */
  keptAside: string[];
}

const ALLOWED = new Set([MANIFEST, FILES_PART, ...Object.values(DB_PART)]);

/** Unpacks the archive into `work` and checks it: the manifest, its parts and their hashes. */
async function openArchive(from: string, work: string): Promise<Manifest> {
  if (!fs.existsSync(from)) throw new Error(`no backup at ${from}`);
  const members = await tarMembers(from);
  const unknown = members.filter((m) => !ALLOWED.has(m));
  if (unknown.length || !members.includes(MANIFEST)) {
    throw new Error(`${from} is not a RegCheck backup (it holds ${members.slice(0, 5).join(', ') || 'nothing'})`);
  }
  await untar(from, work, members);
  const manifest = readManifest(work);
  const problems = await verifyParts(work, manifest);
  if (problems.length) {
    throw new Error(`the backup is damaged, nothing was restored:\n  ${problems.join('\n  ')}`);
  }
  return manifest;
}

/** Checks an archive without restoring it: the manifest, once every part matches its hash. */
export async function checkBackup(from: string): Promise<Manifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'regcheck-check-'));
  try {
    return await openArchive(path.resolve(from), work);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function assertCompatible(manifest: Manifest, config: Config) {
  const backend = backendOf(config);
  if (manifest.backend !== backend) {
    const how =
      manifest.backend === 'pglite'
        ? 'restore it with DATABASE_URL unset (into DATA_DIR)'
        : 'restore it with DATABASE_URL set to an empty PostgreSQL database';
    throw new Error(
      `this backup is of the ${manifest.backend === 'pglite' ? 'embedded' : 'PostgreSQL'} database: ${how}`,
    );
  }
  const known = new Set(Object.keys(migrations));
  const newer = manifest.migrations.applied.filter((m) => !known.has(m));
  if (newer.length) {
    throw new Error(
      `this backup was taken by a newer RegCheck (${manifest.appVersion}; migrations ${newer.join(', ')} are ` +
        'unknown here): restore it with that version or a later one',
    );
  }
}

function compareCounts(want: Record<string, number>, got: Record<string, number>) {
  const diff = Object.entries(want)
    .filter(([t, n]) => got[t] !== n)
    .map(([t, n]) => `${t}: ${got[t] ?? 'absent'} rows, the manifest says ${n}`);
  if (diff.length) throw new Error(`the restored database differs from the manifest:\n  ${diff.join('\n  ')}`);
}

/** Moves a non-empty folder aside (with --force) so that nothing is deleted; answers where it went. */
function moveAside(dir: string, at: string): string | null {
  if (isEmptyFolder(dir)) {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const aside = `${dir}.replaced-${at}`;
  fs.renameSync(dir, aside);
  return aside;
}

/** Loads the PGlite dump into a fresh folder beside the target and checks its rows; answers that folder. */
async function loadEmbedded(work: string, manifest: Manifest) {
  const dir = path.join(work, 'db');
  const dump = new Blob([fs.readFileSync(path.join(work, DB_PART.pglite))]);
  const pglite = await PGlite.create(dir, { loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
  const handle = await openDatabase({ pglite });
  try {
    const counts = await tableCounts(handle.db);
    compareCounts(manifest.counts, counts);
    return { dir, counts };
  } finally {
    await handle.close();
  }
}

/** How many tables the target PostgreSQL database holds (0: empty). */
async function postgresTables(url: string) {
  const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    return await publicTableCount(handle.db);
  } finally {
    await handle.close();
  }
}

async function restorePostgres(url: string, work: string, manifest: Manifest, clean: boolean) {
  const handle = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await ensureAppRole(handle.db);
    await pgRestore(url, path.join(work, DB_PART.postgres), clean);
    const counts = await tableCounts(handle.db);
    compareCounts(manifest.counts, counts);
    return counts;
  } finally {
    await handle.close();
  }
}

/** Whether the store holds no file at all. */
async function bucketEmpty(store: FileStore): Promise<boolean> {
  for await (const _key of store.list()) return false;
  return true;
}

/** Restores an archive into the configured target. */
export async function restoreBackup(config: Config, opts: RestoreOptions): Promise<RestoreResult> {
  const backend = backendOf(config);
  const filesDir = path.join(config.dataDir, 'files');
  const dbDir = path.join(config.dataDir, 'db');
  fs.mkdirSync(config.dataDir, { recursive: true });
  const work = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  const at = stamp();
  const keptAside: string[] = [];
  try {
    const manifest = await openArchive(path.resolve(opts.from), work);
    assertCompatible(manifest, config);
    const bucket = config.files.kind === 's3' ? s3FileStore(config.files) : null;
    const filesBusy = bucket ? !(await bucketEmpty(bucket)) : !isEmptyFolder(filesDir);
    if (backend === 'pglite') {
      if (fs.existsSync(dbDir)) assertEmbeddedFolderFree(dbDir, 'restore');
      if ((!isEmptyFolder(dbDir) || filesBusy) && !opts.force) {
        throw new Error(
          `${config.dataDir} already holds a database or files: restore into a new DATA_DIR, or pass --force to ` +
            'replace them (the current folders are kept beside as *.replaced-<time>)',
        );
      }
    }
    const tables = backend === 'postgres' ? await postgresTables(config.databaseUrl as string) : 0;
    if (backend === 'postgres' && (tables > 0 || filesBusy) && !opts.force) {
      const what = [
        tables > 0 ? `the target database holds ${tables} tables` : '',
        filesBusy ? `${bucket ? 'the bucket of S3_BUCKET' : filesDir} is not empty` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      throw new Error(
        `${what}: restore into an empty database (createdb) and a new DATA_DIR, or pass --force to replace them`,
      );
    }

    // the files first: a damaged files part stops the restore before the database is touched
    const fileMembers = await tarMembers(path.join(work, FILES_PART));
    const outside = fileMembers.filter((m) => m !== 'files' && !m.startsWith('files/'));
    if (outside.length)
      throw new Error(`${FILES_PART} holds entries outside files/: ${outside.slice(0, 3).join(', ')}`);
    await untar(path.join(work, FILES_PART), work);
    const restoredFiles = path.join(work, 'files');
    fs.mkdirSync(restoredFiles, { recursive: true });
    const stats = folderStats(restoredFiles);
    if (stats.count !== manifest.files.count || stats.bytes !== manifest.files.bytes) {
      throw new Error(
        `the files folder holds ${stats.count} files (${stats.bytes} bytes), the manifest says ` +
          `${manifest.files.count} (${manifest.files.bytes} bytes)`,
      );
    }

    let counts: Record<string, number>;
    let database: string;
    if (backend === 'pglite') {
      const loaded = await loadEmbedded(work, manifest);
      counts = loaded.counts;
      const aside = moveAside(dbDir, at);
      if (aside) keptAside.push(aside);
      fs.renameSync(loaded.dir, dbDir);
      database = dbDir;
    } else {
      const url = config.databaseUrl as string;
      counts = await restorePostgres(url, work, manifest, tables > 0);
      database = new URL(url).pathname.replace(/^\//, '') || url;
    }

    if (bucket) {
      // FILE_STORE=s3: the files go into the bucket, each verified by hash (a key already there is replaced)
      const copied = await copyFiles(localFileStore(restoredFiles), bucket);
      if (copied.failed.length)
        throw new Error(`${copied.failed.length} files did not reach the bucket: ${copied.failed[0]?.key} …`);
      return {
        manifest,
        database,
        files: `s3://${config.files.kind === 's3' ? config.files.bucket : ''}`,
        counts,
        keptAside,
      };
    }
    const filesAside = moveAside(filesDir, at);
    if (filesAside) keptAside.push(filesAside);
    fs.renameSync(restoredFiles, filesDir);
    return { manifest, database, files: filesDir, counts, keptAside };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
