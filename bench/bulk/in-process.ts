// bench:bulk's in-process mode (BULK_MODE=in-process npm run bench:bulk), the benchmark as it was before issue 31:
// not what a user waits for (no HTTP upload, no job queue, no separate process; the demo lists unless LISTS=shipped),
// kept because it is the one that can profile the load's statements (PROFILE=1, bench/support/query-profile.ts).
// Generates a fichas 3.0 file of ROWS spreadsheet rows and loads it for the demo Chilean company by calling the job's
// runLoad in this process (the same services, validations, screening, savepoints and committed batches as in
// production). Prints wall time, rows/s and this process's peak RSS. DB=postgres (default; its own database next to
// DATABASE_URL, dropped at the end) or DB=pglite (an embedded database); the data folder is removed at the end.
// first: exceljs must find the chunk-safe SAX decoder when it loads
import '../../apps/server/src/lib/xlsx-utf8';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bootstrap } from '../../apps/server/src/bootstrap';
import { actAs } from '../../apps/server/src/modules/auth/auth.service';
import { runLoad } from '../../apps/server/src/modules/bulk-loads/bulk-loads.job';
import { rutOf, writeFichasFile } from '../../apps/server/src/modules/bulk-loads/bulk-loads.samples';
import { errors, get, start, uploadUrl } from '../../apps/server/src/modules/bulk-loads/bulk-loads.service';
import { list } from '../../apps/server/src/modules/fichas/fichas.service';
import { listsModule } from '../../apps/server/src/modules/lists/lists.module';
import { count as countNotifications } from '../../apps/server/src/modules/monitoring/notifications.service';
import { inCompany, systemCaller } from '../../apps/server/src/plugins/context';
import { createRuntime, stopRuntime } from '../../apps/server/src/runtime';
import { benchConfig, dropDatabase, recreateDatabase } from '../support/database';
import { QueryProfile } from '../support/query-profile';

const DB = process.env.DB ?? 'postgres';
// PROFILE=1: time every statement of the load and print the dearest, and those that grow with the tables
const profile = process.env.PROFILE === '1' ? new QueryProfile() : null;

/** Loads a file of about `target` rows by calling the job in this process. */
export async function inProcess(target: number) {
  // each group of five persons: four natural (one row each) and one legal with two related persons (three rows)
  const MAIN = Math.round((target * 5) / 7);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-bench-bulk-'));
  const dbName = `rc_bench_bulk_${process.pid}`;
  // the data folder is the temporary one on both databases (removed at the end); pglite: no DATABASE_URL, the
  // embedded database in that folder
  const config = benchConfig(dbName, {
    DATA_DIR: tmp,
    ...(DB === 'pglite' ? { DATABASE_URL: '' } : { REGCHECK_DEMO_PASSWORD: 'Demo.2026!' }),
    ...(process.env.LISTS === 'shipped' ? { REGCHECK_SHIP_LISTS: '1' } : {}),
  });
  if (DB !== 'pglite') await recreateDatabase(dbName);
  const deps = await createRuntime(config);
  try {
    await bootstrap(deps.db, config);
    // the screening index of the server (stopped with the runtime)
    await listsModule.start?.(deps);
    const file = path.join(tmp, 'fichas.xlsx');
    let t0 = Date.now();
    const { rows, bytes } = await writeFichasFile(file, MAIN, 50_000_000);
    console.log(`file: ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB, written in ${Date.now() - t0} ms`);
    const auth = await actAs(deps, 'admin.cl@demo.regcheck.app');
    if (!auth) throw new Error('demo administrator missing');
    const caller = { ...inCompany(systemCaller(auth, deps.log)), requestId: 'bench-bulk' };
    const signed = uploadUrl(deps, caller);
    await deps.files.put(signed.urlFile, fs.readFileSync(file));
    const load = await start(deps, caller, { customName: 'bench', loadType: 'fichas', urlFile: signed.urlFile }, 'es');
    const rss0 = process.resourceUsage().maxRSS;
    const unprofiled = deps.db;
    if (profile) deps.db = deps.db.withPlugin(profile);
    t0 = Date.now();
    await runLoad(deps, caller.companyId, load.id);
    const ms = Date.now() - t0;
    deps.db = unprofiled;
    if (profile) console.log(profile.report());
    const done = await get(deps, caller, load.id, 'es');
    const peak = process.resourceUsage().maxRSS / 1024;
    console.log(
      `DB=${DB}: ${done.bulkProcessedQuantity}/${done.total} rows in ${(ms / 1000).toFixed(1)} s = ${Math.round(
        (done.bulkProcessedQuantity / ms) * 1000,
      )} rows/s; created ${done.created}, updated ${done.updated}, failed ${done.failed}; status ${done.bulkStatus}; peak RSS ${peak.toFixed(0)} MB (before the load ${(rss0 / 1024).toFixed(0)} MB)`,
    );
    // the rows were screened against the index (listas stored, no screening error)
    const [sample] = (await list(deps, caller, JSON.stringify({ where: { dni: rutOf(50_000_000) }, limit: 1 }))) as {
      listas?: { error: boolean; lists: unknown[] } | null;
    }[];
    console.log(
      `  screened: first ficha listas error ${sample?.listas?.error}, lists checked ${sample?.listas?.lists.length}`,
    );
    const matches = await countNotifications(deps, caller, JSON.stringify({ kind: 'monitoring.match' }));
    console.log(`  list matches notified: ${JSON.stringify(matches)}`);
    // what the failed rows were refused for (the generator makes 1% invalid main rows; a legal one takes its two
    // related persons with it)
    const report = await errors(deps, caller, load.id, 'en');
    const why = new Map<string, { n: number; first: string }>();
    for (const e of report.errors.filter((x) => !x.loaded)) {
      const w = why.get(e.message) ?? { n: 0, first: `row ${e.row}, ${e.column} '${e.value}'` };
      why.set(e.message, { ...w, n: w.n + 1 });
    }
    for (const [message, w] of why) console.log(`  failed: ${w.n} × ${message} (first: ${w.first})`);
  } finally {
    await stopRuntime(deps);
    if (DB !== 'pglite') await dropDatabase(dbName);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
