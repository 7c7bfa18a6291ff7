// Ongoing-monitoring benchmark: npm run bench:monitoring
// On its own PostgreSQL database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): FICHAS
// (default 100,000) active fichas in one company, PLANTED of them carrying the names of list entries; then a full
// change of the OFAC SDN list (2024-05-03 sample, plus the UN consolidated list as a second change) is screened
// against every ficha through the real monitoring service (the fichas are indexed with @regcheck/screening and the
// list entries queried against them), storing listas, notifications and risk. Target: under 60 s.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { bootstrap } from '../../apps/server/src/bootstrap';
import { useLocalScreening } from '../../apps/server/src/modules/fichas/screening.adapter';
import { onListChangedJob } from '../../apps/server/src/modules/monitoring/monitoring.service';
import { createRuntime, stopRuntime } from '../../apps/server/src/runtime';
import { loadListPath } from '../../packages/screening/src/lists.load';
import { benchConfig, databaseUrl, dropDatabase, recreateDatabase } from '../support/database';
import { machineLoad } from '../support/machine';
import { NAMES, SURNAMES, sqlArray } from '../support/names';

const FICHAS = Number(process.env.FICHAS ?? 100_000);
const PLANTED = Number(process.env.PLANTED ?? 200);
const dbName = `rc_bench_monitoring_${process.pid}`;
const data = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data/lists');

async function main() {
  await recreateDatabase(dbName);
  const url = databaseUrl(dbName);
  const config = benchConfig(dbName);
  const deps = await createRuntime(config);
  try {
    await bootstrap(deps.db, config);
    const cl =
      (await deps.db.selectFrom('companies').select(['id', 'country']).execute()).find((c) => c.country === 'CL')?.id ??
      '';
    const ofac = loadListPath(path.join(data, 'ofac-sdn-2024-05-03'), 'ofac');
    const un = loadListPath(path.join(data, 'un/consolidated-2026-02-27.xml'), 'onu');
    const planted = [...ofac.filter((e) => e.schema === 'Person'), ...un.filter((e) => e.schema === 'Person')]
      .filter((_, i) => i % 37 === 0)
      .slice(0, PLANTED)
      .map((e) => e.names[0] ?? '');
    console.log(
      `lists: OFAC ${ofac.length} entries, UN ${un.length}; fichas: ${FICHAS} (${planted.length} carry a listed name)`,
    );
    let t0 = Date.now();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(
      `insert into fichas (company_id, dni, dni_type, person_type, name, father_name, mother_name, search_name, nationality,
         listas, listas_total, risk, calculated_risk, status)
       select $1, (2000000 + g) || '-X', '{"country":"CL","person":"natural","document":"RUT"}'::jsonb, 'natural',
         (${sqlArray(NAMES)})[1 + (g * 7919) % ${NAMES.length}], (${sqlArray(SURNAMES)})[1 + (g * 104729) % ${SURNAMES.length}],
         (${sqlArray(SURNAMES)})[1 + (g * 1299709) % ${SURNAMES.length}], '', 'CL',
         '{"total":0,"error":false,"lastChecked":null,"lists":[]}'::jsonb, 0, 'low', 'low', 'active'
       from generate_series(1, $2::bigint) g`,
      [cl, FICHAS - planted.length],
    );
    for (const [i, name] of planted.entries()) {
      await c.query(
        `insert into fichas (company_id, dni, dni_type, person_type, name, search_name, listas, listas_total, risk, calculated_risk, status)
         values ($1, $2, '{"country":"CL","person":"natural","document":"RUT"}'::jsonb, 'natural', $3, '', null, 0, 'low', 'low', 'active')`,
        [cl, `${9000000 + i}-P`, name],
      );
    }
    await c.query('vacuum analyze fichas');
    await c.end();
    console.log(`generated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const lists = useLocalScreening();
    for (const [listId, listName, entries] of [
      ['ofac', 'OFAC SDN', ofac],
      ['onu', 'UN Security Council', un],
    ] as const) {
      await lists.replaceList(listId, listName, [...entries]);
      t0 = Date.now();
      const [stats] = (await onListChangedJob(deps, listId, 'all')).filter((s) => s.companyId === cl);
      const secs = (Date.now() - t0) / 1000;
      console.log(
        `${listName}: ${stats?.fichasIndexed} fichas re-screened against ${stats?.entriesQueried} changed entries in ${secs.toFixed(1)} s ` +
          `(all companies); ${stats?.fichasUpdated} fichas with new or changed matches, ${stats?.notifications} notifications`,
      );
    }
    const risk = await deps.db.selectFrom('fichas').select(['risk']).where('listasTotal', '>', 0).execute();
    console.log(
      `fichas with matches: ${risk.length}, of which high risk: ${risk.filter((r) => r.risk === 'high').length}`,
    );
  } finally {
    await stopRuntime(deps);
    await dropDatabase(dbName);
  }
}

const load = machineLoad('bench:monitoring');
await main();
load.end();
