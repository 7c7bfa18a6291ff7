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
    const dir = path.join(opts.dataDir ?? './data', 'db');
    fs.mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
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
