import { buildApp } from './app';
import { bootstrap, formatBootstrapReport } from './bootstrap';
import { loadConfig } from './config';
import { ownerOnlyDataDir } from './db/database';
import { seedDemo } from './demo/demo-seed';
import { createRuntime, startFeatures, stopRuntime } from './runtime';

/** Process entry: config, database and migrations, first-start accounts, jobs, listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  // everything under DATA_DIR (database, stored files, exports) for the owner only, before anything is written
  ownerOnlyDataDir(config.dataDir);
  const deps = await createRuntime(config);
  const app = await buildApp(deps);
  const report = await bootstrap(deps.db, config, app.log);
  await startFeatures(deps);
  if (report.demo) {
    // demo customers and operations, once, right after the demo accounts (a convenience: a failure only warns)
    try {
      const seeded = await seedDemo(deps);
      app.log.info({ companies: seeded.companies, ms: seeded.ms }, 'demo data created');
    } catch (err) {
      app.log.warn({ err }, 'demo data could not be created; the server starts without it');
    }
  }
  if (config.jobsInProcess) deps.queue.start();

  // SIGTERM drains (decision 205): GET /ready answers 503 for DRAIN_DELAY_MS while everything is still served, so a
  // balancer moves new requests to another node; then the listener closes and the requests in flight and the job
  // step under way finish; then the process exits. Past SHUTDOWN_TIMEOUT_MS it exits anyway (a job left running is
  // taken up by another worker once its heartbeat is stale).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    deps.activity.startDraining();
    app.log.info({ signal, drainDelayMs: config.drainDelayMs }, 'shutting down: draining');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'the drain took too long: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      if (config.drainDelayMs > 0) await new Promise((r) => setTimeout(r, config.drainDelayMs));
      app.log.info(
        { inFlight: deps.activity.inFlight },
        'no longer accepting connections; finishing the requests in flight',
      );
      // a keep-alive connection whose request ends after the close began stays open until the client drops it
      // (a minute and more with Node's fetch): the idle ones are closed as they become idle, never one in flight
      const closeIdle = setInterval(() => app.server.closeIdleConnections(), 200);
      try {
        await app.close();
      } finally {
        clearInterval(closeIdle);
      }
      await stopRuntime(deps);
      app.log.info('drained: exiting');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const text = formatBootstrapReport(report, config.publicUrl);
  if (text) process.stdout.write(text);
  app.log.info({ url: config.publicUrl, database: deps.database.kind }, 'RegCheck is ready');
}

main().catch((err) => {
  // a failure before the logger exists (configuration, database, migrations): the console is all there is
  console.error(err);
  process.exit(1);
});
