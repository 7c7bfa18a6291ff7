import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loadConfig } from './config';
import { ownerOnlyDataDir } from './db/database';
import { createRuntime, startFeatures, stopRuntime } from './runtime';

/** `npm run worker`: a process that only runs jobs, beside API processes started with JOBS_IN_PROCESS=false. */
async function main() {
  // this process runs the jobs whatever JOBS_IN_PROCESS says (the setting is the API processes' shared environment):
  // what runs jobs also saves the screening index's snapshot (decision 245)
  const config = { ...loadConfig(), jobsInProcess: true };
  if (!config.databaseUrl) {
    // a fatal start-up failure told to the person who typed the command, in plain words on stderr
    console.error('npm run worker needs DATABASE_URL: the embedded database serves one process only.');
    process.exit(2);
  }
  const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
  // the files jobs write under DATA_DIR for the owner only, as the API process does
  ownerOnlyDataDir(config.dataDir);
  const deps = await createRuntime(config, { log });
  await startFeatures(deps);
  deps.queue.start();
  log.info({ worker: deps.queue.workerId }, 'worker started');
  // SIGTERM: the job step under way finishes and no other is claimed (decision 205); past SHUTDOWN_TIMEOUT_MS the
  // process exits anyway, and another worker takes the job up once its heartbeat is stale
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info('worker stopping: finishing the job under way');
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs).unref();
    await stopRuntime(deps);
    log.info('worker stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  // a failure before the logger exists (configuration, database, migrations): the console is all there is
  console.error(err);
  process.exit(1);
});
