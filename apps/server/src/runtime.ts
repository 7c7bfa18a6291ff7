// first: exceljs must find the chunk-safe SAX decoder when it loads (see lib/xlsx-utf8.ts)
import './lib/xlsx-utf8';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config';
import { insertSettingIfAbsent, readSetting } from './db/app-settings.repo';
import { type DatabaseHandle, openDatabase } from './db/database';
import { sqlCounters } from './db/expiring-counters.repo';
import { migrateToLatest } from './db/migrate';
import { EventBus } from './jobs/events';
import { JobQueue } from './jobs/queue';
import { Scheduler } from './jobs/scheduler';
import { randomToken } from './lib/crypto';
import { memoryCounters } from './lib/expiring-counters';
import { type FileStore, localFileStore } from './lib/files';
import { s3FileStore } from './lib/files-s3';
import { RequestActivity } from './lib/request-activity';
import { featureModules } from './modules/index';
import { registerMailJobs } from './modules/mail';
import type { AppDeps } from './plugins/context';

const JWT_SECRET_KEY = 'jwt_secret';

/** The JWT secret: from the environment, else generated once and kept in the database (shared by all processes). */
async function jwtSecretOf(database: DatabaseHandle, config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const { db } = database;
  const stored = await readSetting(db, JWT_SECRET_KEY);
  if (stored !== undefined) return String(stored);
  await insertSettingIfAbsent(db, JWT_SECRET_KEY, randomToken(48));
  // read back: another process starting at the same moment may have stored its own first
  const kept = await readSetting(db, JWT_SECRET_KEY);
  if (kept === undefined) throw new Error('the JWT secret could not be stored');
  return String(kept);
}

/**
 * Opens the database, runs migrations, and wires the queue with every job. Used by the API process, the
 * worker process and the tests.
 */
export async function createRuntime(
  config: Config,
  opts: { log?: FastifyBaseLogger; pglite?: PGlite } = {},
): Promise<AppDeps> {
  const log = opts.log ?? (pino({ level: config.logLevel }) as unknown as FastifyBaseLogger);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pglite: opts.pglite,
  });
  try {
    await migrateToLatest(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  const jwtSecret = await jwtSecretOf(database, config);
  const queue = new JobQueue(database.db, log, {
    heartbeatMs: config.jobHeartbeatSeconds * 1000,
    staleAfterMs: config.jobStaleSeconds * 1000,
  });
  const files = fileStoreOf(config);
  const activity = new RequestActivity();
  const counters = config.databaseUrl ? sqlCounters(database.db) : memoryCounters();
  const scheduler = new Scheduler(log);
  const bus = new EventBus(queue);
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    queue,
    jwtSecret,
    log,
    files,
    activity,
    counters,
    scheduler,
    bus,
  };
  await registerMailJobs(database.db, queue, config, bus);
  for (const m of featureModules) {
    await m.registerJobs?.(deps);
    for (const s of m.schedules?.(deps) ?? []) scheduler.add(s);
    for (const l of m.listeners?.(deps) ?? []) bus.listen(l);
    bus.answer(m.answers?.(deps) ?? {});
  }
  return deps;
}

export async function startFeatures(deps: AppDeps) {
  for (const m of featureModules) await m.start?.(deps);
  if (deps.config.schedules) deps.scheduler.start();
}

export async function stopRuntime(deps: AppDeps) {
  await deps.scheduler.stop();
  await deps.queue.stop();
  for (const m of featureModules) await m.stop?.();
  // after the modules' stops: a list change applied while stopping is still told
  deps.bus.stop();
  await deps.database.close();
}

/** The configured file store: DATA_DIR/files, or the S3-compatible bucket of the S3_* settings (decision 195). */
export function fileStoreOf(config: Config): FileStore {
  return config.files.kind === 's3' ? s3FileStore(config.files) : localFileStore(path.join(config.dataDir, 'files'));
}
