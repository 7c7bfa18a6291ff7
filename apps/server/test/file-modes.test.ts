import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, ownerOnlyDataDir } from '../src/db/database';
import { localFileStore } from '../src/lib/files';

/**
 * Issue 17, "data files are created 0600": nothing in a data folder is readable or writable by the group or other
 * users (PGlite unpacks its catalog world-writable, whatever the umask).
 */

const dirs: string[] = [];
let shared = '';
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function freshDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-modes-'));
  dirs.push(d);
  return path.join(d, 'data');
}

/** Every path under `dir` (itself included) whose mode gives the group or others any permission. */
function openToOthers(dir: string): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) out.push(`${(st.mode & 0o777).toString(8)} ${path.relative(dir, p) || '.'}`);
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
  };
  visit(dir);
  return out;
}

describe('data files for the owner only', () => {
  it('a new DATA_DIR: the PGlite catalog, the folders and the stored files have no group or other permissions', async () => {
    const dataDir = freshDir();
    shared = dataDir;
    // the usual umask of a shell (022) before the server sets its own
    const umask = process.umask(0o022);
    try {
      ownerOnlyDataDir(dataDir);
      const db = await openDatabase({ dataDir });
      try {
        await db.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      } finally {
        await db.close();
      }
      await localFileStore(path.join(dataDir, 'files')).put('fichas/c1/f1/doc.pdf', Buffer.from('%PDF-1.4'));
    } finally {
      process.umask(umask);
    }
    expect(fs.readdirSync(path.join(dataDir, 'db')).length).toBeGreaterThan(5);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('a data folder created before (catalog world-writable) is closed again when the database opens', async () => {
    const dataDir = shared;
    const catalog = path.join(dataDir, 'db', 'PG_VERSION');
    fs.chmodSync(catalog, 0o666);
    fs.chmodSync(path.join(dataDir, 'db'), 0o755);
    fs.chmodSync(dataDir, 0o755);
    const db = await openDatabase({ dataDir });
    await db.close();
    expect(openToOthers(path.join(dataDir, 'db'))).toEqual([]);
    expect(fs.statSync(dataDir).mode & 0o077).toBe(0);
  });
});
