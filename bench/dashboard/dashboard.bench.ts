/**
 * Home dashboard benchmark: 1,000,000 operations and 1,000,000 fichas of one company on PostgreSQL (created over
 * about five years), a declaration form for every third operation, generated with INSERT ... SELECT generate_series. Measures every dashboard widget (one aggregate
 * query each, through the tenant transaction: SET ROLE and row-level security included), the whole dashboard call
 * and the summary report, for the default period (the last 30 days) and for a year, and prints p50/p95.
 *
 *   npm run bench:dashboard            (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_OPERATIONS=100000 BENCH_FICHAS=100000 npm run bench:dashboard   (smaller run)
 *
 * It creates and drops its own database. Target: p95 under 200 ms per widget.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../../apps/server/src/config';
import { withTenant } from '../../apps/server/src/db/tenant';
import * as newsRepo from '../../apps/server/src/modules/reports/reports.news.repo';
import { periodOf } from '../../apps/server/src/modules/reports/reports.range';
import * as repo from '../../apps/server/src/modules/reports/reports.repo';
import { dashboard, summaryReport } from '../../apps/server/src/modules/reports/reports.service';
import type { AppDeps } from '../../apps/server/src/plugins/context';
import { benchCompany, seconds, timeRuns, withBenchDatabase } from '../support/pg-bench';

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 1_000_000);
const FICHAS = Number(process.env.BENCH_FICHAS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
/** the newest row is created `now`; rows are spread back over about five years */
const SPAN_SECONDS = 5 * 365 * 86_400;

async function main() {
  await withBenchDatabase(`dashbench_${process.pid}`, async (db) => {
    const { company, user, caller } = await benchCompany(db);

    const BATCH = 100_000;
    let t0 = performance.now();
    for (let start = 1; start <= OPERATIONS; start += BATCH) {
      const end = Math.min(OPERATIONS, start + BATCH - 1);
      await sql`
        insert into operations (company_id, codigo, transaction_type, transaction_date, divisa, amount, cash_amount,
          includes_cash, state, record_status, consultation_status, risk, ros, roe, created_by, created_at, updated_at)
        select ${company.id}::uuid, g, 'Compraventa', d, 'CLP', 1000000, case when g % 4 = 0 then 500000 else 0 end,
          g % 4 = 0, case when g % 5 = 0 then 'open' else 'closed' end,
          case when g % 50 = 0 then 'inactive' else 'active' end,
          (array['notRequired','required','sent','opened','filled','signed'])[1 + g % 6],
          (array['low','low','medium','high'])[1 + g % 4], g % 97 = 0, g % 13 = 0, ${user.id}::uuid, d, d
        from generate_series(${start}::int, ${end}::int) g
        cross join lateral (select now() - make_interval(secs => (${OPERATIONS} - g)::double precision * ${SPAN_SECONDS / OPERATIONS})) x(d)`.execute(
        db,
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
      await sql`
        insert into fichas (company_id, dni, person_type, name, father_name, search_name, risk, status, listas,
          listas_total, pep_status, created_by, created_at, updated_at)
        select ${company.id}::uuid, (30000000 + g)::text || '-' || (g % 10)::text,
          case when g % 5 = 0 then 'legal' else 'natural' end, 'Persona', 'Bench ' || g, 'persona bench ' || g,
          (array['low','low','low','medium','medium','high'])[1 + g % 6],
          case when g % 40 = 0 then 'inactive' else 'active' end,
          case when g % 50 = 0 then ${listas('ofac', 'OFAC SDN')}::jsonb
               when g % 50 = 1 then ${listas('onu', 'ONU')}::jsonb end,
          case when g % 50 in (0, 1) then 1 else 0 end,
          case when g % 200 = 0 then 'direct' end, ${user.id}::uuid, d, d
        from generate_series(${start}::int, ${end}::int) g
        cross join lateral (select now() - make_interval(secs => (${FICHAS} - g)::double precision * ${SPAN_SECONDS / FICHAS})) x(d)`.execute(
        db,
      );
    }
    await sql`
      insert into notifications (company_id, title, description, kind, created_at)
      select ${company.id}::uuid, 'Nueva coincidencia ' || g, 'detalle', 'monitoring.match',
        now() - make_interval(secs => g * 900)
      from generate_series(1, 100000) g`.execute(db);
    // a declaration form for every third operation, in each status the dashboard counts or not
    await sql`
      insert into forms (company_id, type, operation_id, associate_index, dni, name, language, status, template,
        created_at)
      select ${company.id}::uuid, 'formDOF', o.id, 0, '1-9', 'Bench', 'es',
        (array['required','sent','opened','filled','signed'])[1 + o.codigo % 5], '{}'::jsonb, o.created_at
      from operations o where o.company_id = ${company.id}::uuid and o.codigo % 3 = 0`.execute(db);
    await sql`vacuum analyze operations, fichas, notifications, forms`.execute(db);
    console.log(`${FICHAS} fichas + 100000 notifications + analyze in ${seconds(t0)} s`);

    const deps = { db, config: loadConfig({ DATA_DIR: '/tmp' }), log: pino({ level: 'silent' }) } as unknown as AppDeps;
    const cid = company.id;
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const periods: [string, ReturnType<typeof periodOf>][] = [
      ['30 days', periodOf(undefined, undefined)],
      ['1 year', periodOf(yearAgo, today)],
    ];
    const tenant = <T>(fn: (trx: Parameters<Parameters<typeof withTenant>[2]>[0]) => Promise<T>) =>
      withTenant(db, cid, async (trx) => {
        await repo.withoutJit(trx);
        return fn(trx);
      });

    console.log(`\nwidget (${RUNS} runs each, after 3 warm-up)`.padEnd(52) + 'p50 ms    p95 ms');
    const worst: number[] = [];
    for (const [label, p] of periods) {
      const r = p.range;
      const scenarios: [string, () => Promise<unknown>][] = [
        ['portfolio risk', () => tenant((trx) => repo.riskCounts(trx, cid, r))],
        ['activity summary', () => tenant((trx) => repo.activity(trx, cid, r))],
        ['created per day', () => tenant((trx) => repo.createdPerDay(trx, cid, r))],
        ['forms sent and signed', () => tenant((trx) => repo.forms(trx, cid, r))],
        ['list matches by list', () => tenant((trx) => repo.matchesByList(trx, cid, r))],
        ['latest notifications', () => tenant((trx) => repo.latestNotifications(trx, cid, r))],
        ['news', () => tenant((trx) => newsRepo.listNews(trx, 'CL', 5, 0))],
        ['whole dashboard (all widgets)', () => dashboard(deps, caller, { from: p.from, to: p.to })],
        ['summary report', () => summaryReport(deps, caller, 'es', p.from, p.to)],
      ];
      for (const [name, run] of scenarios) {
        const { p50, p95 } = await timeRuns(run, 3, RUNS);
        if (!name.startsWith('whole')) worst.push(p95);
        console.log(`${`${name} (${label})`.padEnd(51)} ${p50.toFixed(1).padStart(6)}  ${p95.toFixed(1).padStart(8)}`);
      }
    }
    console.log(`\nslowest widget p95: ${Math.max(...worst).toFixed(1)} ms (target 200 ms)`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
