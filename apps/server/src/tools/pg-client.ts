import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run } from './archive';

/**
 * pg_dump and pg_restore (the PostgreSQL client programs, Debian's `postgresql-client`) on a DATABASE_URL. The
 * password never appears on a command line (where `ps` shows it): it goes to a private pgpass file named by the
 * connection string's `passfile` parameter, removed afterwards.
 */
async function withConnection<T>(databaseUrl: string, fn: (conninfo: string) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  let dir: string | undefined;
  if (password) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-pgpass-'));
    const passfile = path.join(dir, 'pgpass');
    const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/:/g, '\\:');
    fs.writeFileSync(passfile, `*:*:*:*:${esc(password)}\n`, { mode: 0o600 });
    url.password = '';
    url.searchParams.set('passfile', passfile);
  }
  try {
    return await fn(url.toString());
  } finally {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** pg_dump --format=custom of the database, as of the exported snapshot when one is given. */
export async function pgDump(databaseUrl: string, out: string, snapshot?: string) {
  await withConnection(databaseUrl, (conninfo) =>
    run('pg_dump', [
      '--format=custom',
      '--no-password',
      `--file=${out}`,
      ...(snapshot ? [`--snapshot=${snapshot}`] : []),
      `--dbname=${conninfo}`,
    ]),
  );
}

/**
 * pg_restore into the database, in one transaction (all or nothing). Objects belong to the restoring user; with
 * `clean`, the objects the dump holds are dropped first (a non-empty target, `--force`).
 */
export async function pgRestore(databaseUrl: string, dump: string, clean: boolean) {
  await withConnection(databaseUrl, (conninfo) =>
    run('pg_restore', [
      '--no-owner',
      '--no-password',
      '--exit-on-error',
      '--single-transaction',
      ...(clean ? ['--clean', '--if-exists'] : []),
      `--dbname=${conninfo}`,
      dump,
    ]),
  );
}

/** `pg_dump (PostgreSQL) 15.20 ...`, or a sentence saying it is missing. */
export async function pgDumpVersion(): Promise<string> {
  const r = await run('pg_dump', ['--version']);
  return r.stdout.trim();
}
