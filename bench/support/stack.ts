// The RegCheck processes a benchmark runs against, each its own process as an operator starts them
// (apps/server/test/child-server.ts): on PostgreSQL a database of its own on DATABASE_URL's server, `apis` API processes
// (JOBS_IN_PROCESS=false) and one worker (`npm run worker`); on the embedded database one server process that runs the
// jobs itself. A fresh data folder either way. stop() ends the processes, drops the database and removes the folder,
// and so does Ctrl-C or SIGTERM while a stack is up (a process still starting gets Ctrl-C from the terminal itself:
// it is in the benchmark's process group).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Child, startChild } from '../../apps/server/test/child-server';
import { databaseUrl, dropDatabase, recreateDatabase } from './database';

export interface Stack {
  db: 'postgres' | 'embedded';
  /** the processes that answer HTTP (on the embedded database the one process, which also runs the jobs) */
  apis: Child[];
  /** the worker (PostgreSQL only) */
  worker?: Child;
  dataDir: string;
  /** ends the processes, drops the database, removes the data folder; safe to call twice */
  stop(): Promise<void>;
}

const cleanups = new Set<() => Promise<void> | void>();
let interruptible = false;

/**
 * Runs `cleanup` if the benchmark gets Ctrl-C or SIGTERM before it calls the returned function (which runs it too, once):
 * a stack's processes, database and folder, a benchmark's generated file.
 */
export function cleanUpOnInterrupt(cleanup: () => Promise<void> | void) {
  if (!interruptible) {
    interruptible = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        console.error(`${signal}: stopping the benchmark's processes, dropping its database, removing its folders`);
        void Promise.allSettled([...cleanups].map((c) => c())).finally(() => process.exit(130));
      });
  }
  cleanups.add(cleanup);
  let done = false;
  return async () => {
    cleanups.delete(cleanup);
    if (done) return;
    done = true;
    await cleanup();
  };
}

export async function startStack(opts: {
  db: 'postgres' | 'embedded';
  /** the database's name on PostgreSQL (dropped first if it is there) */
  dbName: string;
  env: Record<string, string>;
  /** API processes on PostgreSQL (default 1) */
  apis?: number;
  nodeArgs?: string[];
}): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${opts.dbName}-`));
  const children: Child[] = [];
  const stop = cleanUpOnInterrupt(async () => {
    for (const c of children.reverse()) await c.stop();
    if (opts.db === 'postgres') await dropDatabase(opts.dbName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const stack: Stack = { db: opts.db, apis: [], dataDir, stop };
  try {
    if (opts.db === 'embedded') {
      stack.apis.push(await startChild({ ...opts.env, DATA_DIR: dataDir }, { nodeArgs: opts.nodeArgs }));
      children.push(...stack.apis);
      return stack;
    }
    await recreateDatabase(opts.dbName);
    const env = { ...opts.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl(opts.dbName), JOBS_IN_PROCESS: 'false' };
    // the first API process migrates, seeds and imports the shipped lists; then the others and the worker
    for (let i = 0; i < (opts.apis ?? 1); i++) {
      const api = await startChild(env, { nodeArgs: opts.nodeArgs });
      children.push(api);
      stack.apis.push(api);
    }
    stack.worker = await startChild(env, { script: 'worker', nodeArgs: opts.nodeArgs });
    children.push(stack.worker);
    return stack;
  } catch (err) {
    await stop();
    throw err;
  }
}
