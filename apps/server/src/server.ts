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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await stopRuntime(deps);
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
