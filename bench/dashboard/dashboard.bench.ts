/**
 * Home dashboard benchmark (issue 31 point 2): the dashboard page's requests as the browser makes them, over HTTP
 * through the whole app, at 1,000,000 operations and 1,000,000 fichas of one company on PostgreSQL.
 *
 *   npm run bench:dashboard            (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_OPERATIONS=100000 BENCH_FICHAS=100000 npm run bench:dashboard   (smaller run)
 *   BENCH_DB=rc_bench_dashboard_keep npm run bench:dashboard   (keeps that database and reuses it on the next run)
 *   BENCH_WIDGETS=1 ...                (also each widget's query alone, through a tenant transaction)
 *
 * It creates a database of its own (dropped at the end unless BENCH_DB names one), migrates it, bootstraps the demo
 * companies, starts the features as the server does (the shipped OFAC and UN snapshots imported and indexed), and adds to the Chilean demo company, with INSERT ... SELECT generate_series: 1,000,000 operations over
 * about five years, a declaration form for every third one, 1,000,000 fichas (2% with a list match, 2.5% inactive,
 * risks spread, the next periodic review spread over the next three years with 2% overdue) and 100,000
 * notifications. Then it starts the app on a loopback port, signs in as the demo administrator, and times BENCH_RUNS
 * (40) page loads after 3 warm-up loads, for the page's default period (the last 30 days) and for a year.
 *
 * Inside the timer, per page load: the two requests the dashboard page makes when it opens (GET /api/home-dashboard
 * and the lists' freshness, GET /api/lists, sent together as the browser does), each through HTTP on loopback, the
 * app's hooks (session, access, rate limit), the zod schemas, the service and every query (tenant transactions, SET
 * ROLE and row-level security), the JSON serialisation and the body read and parsed by the client. Outside: the
 * network between a browser and the server, TLS, the browser's rendering of the widgets.
 * Target: p95 under 200 ms for the last 30 days and under 400 ms for a year.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { bootstrap } from '../../apps/server/src/bootstrap';
import { withTenant } from '../../apps/server/src/db/tenant';
import { reviewCountsOf } from '../../apps/server/src/modules/fichas';
import * as newsRepo from '../../apps/server/src/modules/reports/reports.news.repo';
import { periodOf } from '../../apps/server/src/modules/reports/reports.range';
import * as repo from '../../apps/server/src/modules/reports/reports.repo';
import { createRuntime, startFeatures, stopRuntime } from '../../apps/server/src/runtime';
import { benchConfig, databaseExists, databaseUrl, dropDatabase, recreateDatabase, runSql } from '../support/database';
import { machineLoad } from '../support/machine';
import { pct, seconds } from '../support/pg-bench';

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 1_000_000);
const FICHAS = Number(process.env.BENCH_FICHAS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const KEEP = process.env.BENCH_DB;
const dbName = KEEP ?? `dashbench_${process.pid}`;
/** the newest row is created `now`; rows are spread back over about five years */
const SPAN_SECONDS = 5 * 365 * 86_400;
const DEMO_PASSWORD = 'Demo.2026!';

/** The rows of the benchmark in the Chilean demo company (codes and documents far from the demo data's). */
async function seed(url: string, companyId: string, userId: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const BATCH = 100_000;
    let t0 = performance.now();
    for (let start = 1; start <= OPERATIONS; start += BATCH) {
      const end = Math.min(OPERATIONS, start + BATCH - 1);
      await c.query(
        `insert into operations (company_id, codigo, transaction_type, transaction_date, divisa, amount, cash_amount,
          includes_cash, state, record_status, consultation_status, risk, ros, roe, created_by, created_at, updated_at)
        select $1::uuid, 10000000 + g, 'Compraventa', d, 'CLP', 1000000, case when g % 4 = 0 then 500000 else 0 end,
          g % 4 = 0, case when g % 5 = 0 then 'open' else 'closed' end,
          case when g % 50 = 0 then 'inactive' else 'active' end,
          (array['notRequired','required','sent','opened','filled','signed'])[1 + g % 6],
          (array['low','low','medium','high'])[1 + g % 4], g % 97 = 0, g % 13 = 0, $2::uuid, d, d
        from generate_series($3::int, $4::int) g
        cross join lateral (select now() - make_interval(secs => ($5::int - g)::double precision * $6::double precision)) x(d)`,
        [companyId, userId, start, end, OPERATIONS, SPAN_SECONDS / OPERATIONS],
      );
    }
    console.log(`${OPERATIONS} operations in ${seconds(t0)} s`);
    t0 = performance.now();
    const listas = (list: string, name: string) =>
      JSON.stringify({
        total: 1,
        lists: [{ listId: list, listName: name, coincidence: true, hits: [{ score: 0.9 }] }],
      });
    for (let start = 1; start <= FICHAS; start += BATCH) {
      const end = Math.min(FICHAS, start + BATCH - 1);
      await c.query(
        `insert into fichas (company_id, dni, person_type, name, father_name, search_name, risk, status, listas,
          listas_total, pep_status, next_review_at, created_by, created_at, updated_at)
        select $1::uuid, (50000000 + g)::text || '-' || (g % 10)::text,
          case when g % 5 = 0 then 'legal' else 'natural' end, 'Persona', 'Bench ' || g, 'persona bench ' || g,
          r.risk, case when g % 40 = 0 then 'inactive' else 'active' end,
          case when g % 50 = 0 then $3::jsonb when g % 50 = 1 then $4::jsonb end,
          case when g % 50 in (0, 1) then 1 else 0 end,
          case when g % 200 = 0 then 'direct' end,
          case when r.risk is null then null
               when g % 50 = 3 then date_trunc('day', now()) - make_interval(days => 1 + g % 300)
               else date_trunc('day', now()) + make_interval(days => g % 1095) end,
          $2::uuid, d, d
        from generate_series($5::int, $6::int) g
        cross join lateral (select (array['low','low','low','medium','medium','high'])[1 + g % 6] as risk
          where g % 97 <> 0 union all select null where g % 97 = 0) r
        cross join lateral (select now() - make_interval(secs => ($7::int - g)::double precision * $8::double precision)) x(d)`,
        [
          companyId,
          userId,
          listas('ofac', 'OFAC SDN'),
          listas('onu', 'ONU'),
          start,
          end,
          FICHAS,
          SPAN_SECONDS / FICHAS,
        ],
      );
    }
    await c.query(
      `insert into notifications (company_id, title, description, kind, created_at)
      select $1::uuid, 'Nueva coincidencia ' || g, 'detalle', 'monitoring.match', now() - make_interval(secs => g * 900)
      from generate_series(1, 100000) g`,
      [companyId],
    );
    // a declaration form for every third operation, in each status the dashboard counts or not
    await c.query(
      `insert into forms (company_id, type, operation_id, associate_index, dni, name, language, status, template,
        created_at)
      select $1::uuid, 'formDOF', o.id, 0, '1-9', 'Bench', 'es',
        (array['required','sent','opened','filled','signed'])[1 + o.codigo % 5], '{}'::jsonb, o.created_at
      from operations o where o.company_id = $1::uuid and o.codigo >= 10000000 and o.codigo % 3 = 0`,
      [companyId],
    );
    await c.query('vacuum analyze operations, fichas, notifications, forms');
    console.log(`${FICHAS} fichas + 100000 notifications + forms + analyze in ${seconds(t0)} s`);
  } finally {
    await c.end();
  }
}

async function main() {
  const load = machineLoad('bench:dashboard');
  const reuse = KEEP !== undefined && (await databaseExists(dbName));
  if (!reuse) await recreateDatabase(dbName);
  const url = databaseUrl(dbName);
  // a default installation: the shipped OFAC and UN snapshots imported (the page's list freshness reads them)
  const config = benchConfig(dbName, {
    REGCHECK_DEMO_PASSWORD: DEMO_PASSWORD,
    RATE_LIMIT_MAX: '1000000',
    REGCHECK_SHIP_LISTS: '1',
  });
  const deps = await createRuntime(config);
  try {
    await bootstrap(deps.db, config);
    const company = await deps.db
      .selectFrom('companies')
      .selectAll()
      .where('country', '=', 'CL')
      .executeTakeFirstOrThrow();
    const admin = await deps.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('companyId', '=', company.id)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    const seeded = await deps.db
      .selectFrom('operations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('companyId', '=', company.id)
      .where('codigo', '>=', 10_000_000)
      .executeTakeFirstOrThrow();
    if (Number(seeded.n) < OPERATIONS) await seed(url, company.id, admin.id);
    else console.log(`reusing ${dbName}: ${seeded.n} benchmark operations already there`);
    await startFeatures(deps);
    await runSql('checkpoint', url);

    const app = await buildApp(deps, { logger: false, serveWeb: false });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const login = await fetch(`${address}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: admin.email, password: DEMO_PASSWORD }),
      });
      if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${await login.text()}`);
      const token = ((await login.json()) as { token: string }).token;
      const headers = { authorization: `Bearer ${token}`, 'accept-language': 'es' };
      const get = async (path: string) => {
        const res = await fetch(`${address}/api${path}`, { headers });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        return body as Record<string, unknown>;
      };
      const lists = `/lists?filter=${encodeURIComponent('{"limit":100}')}`;
      const today = new Date().toISOString().slice(0, 10);
      const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
      const periods = [
        { label: 'last 30 days (the page default)', from: monthAgo, to: today, target: 200 },
        { label: 'a year', from: yearAgo, to: today, target: 400 },
      ];
      const results: string[] = [];
      for (const p of periods) {
        const page = () => Promise.all([get(`/home-dashboard?from=${p.from}&to=${p.to}`), get(lists)]);
        for (let i = 0; i < 3; i++) await page();
        const times: number[] = [];
        const alone: number[] = [];
        let last: Record<string, unknown> | undefined;
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          [last] = await page();
          times.push(performance.now() - s);
        }
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          await get(`/home-dashboard?from=${p.from}&to=${p.to}`);
          alone.push(performance.now() - s);
        }
        const risk = last?.risk as Record<string, number>;
        const activity = last?.activity as Record<string, number>;
        console.log(
          `  ${p.label}: portfolio ${JSON.stringify(risk)}, operations ${activity.operations}, fichas ${activity.fichas}, ` +
            `forms ${JSON.stringify(last?.forms)}, reviews ${JSON.stringify(last?.reviews)}`,
        );
        const p95 = pct(times, 95);
        results.push(
          `${`dashboard page, ${p.label}`.padEnd(48)} p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ` +
            `${p95.toFixed(1).padStart(6)} ms  (GET /home-dashboard alone: p50 ${pct(alone, 50).toFixed(1)}, p95 ` +
            `${pct(alone, 95).toFixed(1)} ms)  target p95 < ${p.target} ms: ${p95 < p.target ? 'met' : 'MISSED'}`,
        );
      }

      if (process.env.BENCH_WIDGETS === '1') await widgets(deps, company.id, periods);
      console.log(`\n${RUNS} page loads per period after 3 warm-up, ${OPERATIONS} operations, ${FICHAS} fichas`);
      for (const r of results) console.log(r);
    } finally {
      await app.close();
    }
  } finally {
    await stopRuntime(deps);
    if (KEEP) console.log(`kept database ${dbName} (drop it by hand when done)`);
    else {
      await dropDatabase(dbName);
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
    load.end();
  }
}

/** Each widget's query alone in a tenant transaction with JIT off (BENCH_WIDGETS=1): where the time of a page goes. */
async function widgets(
  deps: Awaited<ReturnType<typeof createRuntime>>,
  cid: string,
  periods: { label: string; from: string; to: string }[],
) {
  const tenant = <T>(fn: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(deps.db, cid, async (trx) => {
      await repo.withoutJit(trx);
      return fn(trx);
    });
  console.log('\nwidget alone (tenant transaction)'.padEnd(60) + 'p50 ms    p95 ms');
  for (const p of periods) {
    const r = periodOf(p.from, p.to).range;
    const scenarios: [string, () => Promise<unknown>][] = [
      ['portfolio risk (one query)', () => tenant((trx) => repo.riskCounts(trx, cid, r))],
      ...repo.PORTFOLIO_RISKS.map((k): [string, () => Promise<unknown>] => [
        `portfolio risk ${k ?? 'none'}`,
        () => tenant((trx) => repo.riskCount(trx, cid, r, k)),
      ]),
      ['activity summary', () => tenant((trx) => repo.activity(trx, cid, r))],
      ['created per day', () => tenant((trx) => repo.createdPerDay(trx, cid, r))],
      ['forms sent and signed', () => tenant((trx) => repo.forms(trx, cid, r))],
      ['list matches by list', () => tenant((trx) => repo.matchesByList(trx, cid, r))],
      ['latest notifications', () => tenant((trx) => repo.latestNotifications(trx, cid, r))],
      ['reviews due and overdue', () => tenant((trx) => reviewCountsOf(trx, cid))],
      ['news', () => tenant((trx) => newsRepo.listNews(trx, 'CL', 5, 0))],
    ];
    for (const [name, run] of scenarios) {
      for (let i = 0; i < 3; i++) await run();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        await run();
        times.push(performance.now() - s);
      }
      console.log(
        `${`${name} (${p.label})`.padEnd(59)} ${pct(times, 50).toFixed(1).padStart(6)}  ${pct(times, 95).toFixed(1).padStart(8)}`,
      );
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
