import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables';

// int8 (count, sum) as number; ids are uuids, so no int8 id is ever near 2^53
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
// numeric as number: amounts keep 2 decimals, well inside double precision
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the PGlite instance on the embedded backend (tests dump and clone it) */
  pglite?: PGlite;
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];

/**
 * Keeps the data folder to the process's owner: files created from now on are 0600 and folders 0700 (umask 077),
 * and the folder itself is closed to the group and others. Called by the server and the worker before the database
 * opens. (The umask cannot fix PGlite's catalog: see `restrictToOwner`.)
 */
export function ownerOnlyDataDir(dataDir: string) {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  closeFolder(dataDir);
}

/** Closes a folder to the group and others; one that belongs to another user (a mounted volume) is only warned of. */
function closeFolder(dir: string) {
  const st = fs.statSync(dir);
  if (!(st.mode & 0o077)) return;
  try {
    fs.chmodSync(dir, st.mode & 0o700);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
    process.emitWarning(`${dir} is open to other users and belongs to another one: close it (chmod 700)`);
  }
}

/**
 * Takes every group and other permission away under `dir`. PGlite unpacks its initial catalog with mode 0666
 * whatever the umask, so the folder is closed again each time it opens (a folder made before this fix included).
 */
export function restrictToOwner(dir: string) {
  const st = fs.lstatSync(dir);
  if (st.isSymbolicLink()) return;
  if (st.mode & 0o077) fs.chmodSync(dir, st.mode & 0o700);
  if (st.isDirectory()) for (const name of fs.readdirSync(dir)) restrictToOwner(path.join(dir, name));
}

/** Opens Kysely on PostgreSQL when a URL is given, else on PGlite in `dataDir/db`. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // an idle connection that the server drops (restart, failover, admin command) must not crash the process:
    // the pool discards it and opens a new one on the next query
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL connection lost: ${err.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite = opts.pglite;
  if (!pglite) {
    const dataDir = opts.dataDir ?? './data';
    const dir = path.join(dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    pglite = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
    // the data folder and the catalog for the owner only (PGlite writes its catalog 0666)
    closeFolder(dataDir);
    restrictToOwner(dir);
  }
  const instance = pglite;
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: instance }), plugins });
  return {
    db,
    kind: 'pglite',
    pglite: instance,
    close: async () => {
      await db.destroy();
      if (!instance.closed) await instance.close();
    },
  };
}
