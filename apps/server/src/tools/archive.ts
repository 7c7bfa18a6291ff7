import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The pieces of a backup archive: one uncompressed tar holding `manifest.json`, the database part (`db.tar.gz`,
 * PGlite's data folder dump, or `db.dump`, pg_dump's custom format) and `files.tar` (DATA_DIR/files). The manifest
 * records the SHA-256 of each part; a restore checks them before it touches anything.
 */

export const MANIFEST = 'manifest.json';
export const FORMAT = 'regcheck-backup/1';
export type Backend = 'pglite' | 'postgres';
export const DB_PART: Record<Backend, string> = { pglite: 'db.tar.gz', postgres: 'db.dump' };
export const FILES_PART = 'files.tar';

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  backend: Backend;
  appVersion: string;
  database: string;
  migrations: { count: number; latest: string | null; applied: string[] };
  counts: Record<string, number>;
  files: { count: number; bytes: number };
  parts: Record<string, { sha256: string; bytes: number }>;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** The parts' hashes and sizes, as the manifest records them. */
export async function describeParts(dir: string, names: string[]): Promise<Manifest['parts']> {
  const parts: Manifest['parts'] = {};
  for (const name of names) {
    const file = path.join(dir, name);
    parts[name] = { sha256: await sha256File(file), bytes: (await fsp.stat(file)).size };
  }
  return parts;
}

/** Every part named by the manifest has its recorded hash: the list of problems (empty when sound). */
export async function verifyParts(dir: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, want] of Object.entries(manifest.parts)) {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) {
      problems.push(`${name} is missing`);
      continue;
    }
    const got = await sha256File(file);
    if (got !== want.sha256) problems.push(`${name}: SHA-256 ${got}, the manifest says ${want.sha256}`);
  }
  return problems;
}

/** Reads and checks the shape of a manifest. */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`not a RegCheck backup: it has no ${MANIFEST}`);
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (m.format !== FORMAT) throw new Error(`unknown backup format ${JSON.stringify(m.format)} (expected ${FORMAT})`);
  if (m.backend !== 'pglite' && m.backend !== 'postgres') throw new Error(`unknown backend ${String(m.backend)}`);
  const db = DB_PART[m.backend];
  if (!m.parts?.[db] || !m.parts[FILES_PART]) throw new Error(`the manifest does not list ${db} and ${FILES_PART}`);
  return m;
}

/** Runs a program; resolves with its output, rejects with its error output (and `ok` exit codes besides 0). */
export function run(cmd: string, args: string[], opts: { cwd?: string; ok?: number[] } = {}) {
  return new Promise<{ stdout: string; stderr: string; code: number }>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (err) => reject(new Error(`${cmd} could not be started: ${err.message}`)));
    child.on('close', (code) => {
      if (code === 0 || (code !== null && opts.ok?.includes(code))) resolve({ stdout, stderr, code });
      else reject(new Error(`${cmd} ${args[0] ?? ''} failed (exit ${code}): ${stderr.trim() || stdout.trim()}`));
    });
  });
}

/** A tar of `dir/<name>` (its relative paths start with `<name>/`), or an empty tar when the folder is absent. */
export async function tarFolder(parent: string, name: string, out: string, leave: string[] = []) {
  if (!fs.existsSync(path.join(parent, name))) {
    await run('tar', ['-cf', out, '-T', '/dev/null']);
    return;
  }
  // exit 1 of GNU tar: a file changed while it was read (a server still writing on PostgreSQL); the copy holds
  // the file as it was seen, which the database snapshot taken before it may not reference yet. `leave`: folders
  // under `name` left out (with what they hold)
  const excludes = leave.map((f) => `--exclude=${name}/${f}`);
  const r = await run('tar', ['-C', parent, '-cf', out, ...excludes, name], { ok: [1] });
  if (r.code === 1) process.stderr.write(`warning: ${r.stderr.trim()}\n`);
}

/** The member names of a tar. */
export async function tarMembers(file: string): Promise<string[]> {
  const r = await run('tar', ['-tf', file]);
  return r.stdout.split('\n').filter(Boolean);
}

/** Extracts a tar into a folder, keeping permissions and giving the files to the user who restores. */
export async function untar(file: string, into: string, members: string[] = []) {
  await fsp.mkdir(into, { recursive: true });
  await run('tar', ['-xf', file, '-C', into, '--no-same-owner', ...members]);
}

/** Number and total size of the regular files under a folder (0 when it does not exist). */
export function folderStats(dir: string, leave: string[] = []): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { count, bytes };
  const left = new Set(leave.map((f) => path.join(dir, f)));
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (!left.has(p)) walk(p);
      } else if (e.isFile()) {
        count++;
        bytes += fs.statSync(p).size;
      }
    }
  };
  walk(dir);
  return { count, bytes };
}

/** True when the folder is absent or holds nothing. */
export const isEmptyFolder = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * The processes that hold a file under `dir` open (Linux /proc; `null` where /proc cannot be read). PGlite keeps
 * the files of its data folder open while the database is open.
 */
export function holdersOf(dir: string): number[] | null {
  if (!fs.existsSync('/proc/self/fd')) return null;
  const root = `${path.resolve(dir)}${path.sep}`;
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch (err) {
      // a process of another user, or one that just ended: nothing to learn from it
      if ((err as NodeJS.ErrnoException).code !== undefined) continue;
      throw err;
    }
    for (const fd of fds) {
      let target = '';
      try {
        target = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
      } catch (err) {
        // the descriptor closed between the listing and the read
        if ((err as NodeJS.ErrnoException).code !== undefined) continue;
        throw err;
      }
      if (target.startsWith(root)) {
        pids.push(Number(entry));
        break;
      }
    }
  }
  return pids;
}

/** A time stamp for file names: 2026-03-14T10-22-05Z. */
export const stamp = (d = new Date()) => `${d.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;

export function humanBytes(n: number) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
