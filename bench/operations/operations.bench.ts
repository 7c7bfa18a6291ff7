/**
 * Operations benchmark: 1,000,000 operations with 3 participants each over 100,000 fichas (one company, the worst
 * case for a tenant), on PostgreSQL. Measures the customer-management table (POST /informes/tabla-consultas: page +
 * total) with its common filters and the GET /consultations list, through the service functions (tenant
 * transaction, SET ROLE and row-level security included), and prints p50/p95.
 *
 *   npm run bench:operations            (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_OPERATIONS=200000 npm run bench:operations   (smaller run)
 *
 * It creates and drops its own database.
 */
import { performance } from 'node:perf_hooks';
import type { ConsultationTableFilterT } from '@regcheck/shared/schemas/operations';
import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/config';
import { consultationTable, listOperations } from '../../apps/server/src/modules/operations/operations.service';
import type { AppDeps } from '../../apps/server/src/plugins/context';
import { machineLoad } from '../support/machine';
import { benchCompany, seconds, timeRuns, withBenchDatabase } from '../support/pg-bench';

const OPERATIONS = Number(process.env.BENCH_OPERATIONS ?? 1_000_000);
const FICHAS = Number(process.env.BENCH_FICHAS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);

/** Runs `fn` up to three times (a connection terminated from outside, seen on shared machines). */
async function retry(what: string, fn: () => Promise<unknown>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`${what}: ${(err as Error).message}; retrying`);
    }
  }
}

async function main() {
  await withBenchDatabase(`opsbench_${process.pid}`, async (db) => {
    const { company, user, caller: auth } = await benchCompany(db);

    // participants: FICHAS people (document and name); each operation takes 3 of them, deterministically
    let t0 = performance.now();
    await sql`
      create unlogged table bench_people as
      select f, (10000000 + f)::text || '-' || (f % 10)::text as dni,
             (array['Ana','Bruno','Camila','Diego','Elena','Felipe','Gabriela','Hugo','Isabel','Javier'])[1 + f % 10]
             || ' ' || (array['Silva','Rojas','Muñoz','Soto','Contreras','Pérez','Díaz','Morales','Vargas','Reyes',
                               'Castro','Fuentes','Torres','Araya','Flores','Espinoza','Valenzuela','Tapia'])[1 + (f / 10) % 18]
             || ' ' || f::text as name,
             gen_random_uuid() as ficha_id,
             (array['low','low','low','medium','medium','high'])[1 + (f * 7) % 6] as risk
      from generate_series(0, ${FICHAS - 1}) f`.execute(db);
    await sql`create unique index on bench_people (f)`.execute(db);
    // each participant is a ficha of the company (operation_associates references it)
    await sql`
      insert into fichas (id, company_id, dni, person_type, name, search_name, risk, status, created_by)
      select ficha_id, ${company.id}::uuid, dni, 'natural', name, lower(name), risk, 'active', ${user.id}::uuid
      from bench_people`.execute(db);
    const BATCH = 50_000;
    for (let start = 1; start <= OPERATIONS; start += BATCH) {
      const end = Math.min(OPERATIONS, start + BATCH - 1);
      await retry(`operations ${start}`, async () => {
        await sql`delete from operations where codigo between ${start} and ${end}`.execute(db);
        await sql`
      insert into operations (company_id, codigo, transaction_type, transaction_date, registration_date,
        reference_number, transaction_comments, divisa, amount, cash_amount, includes_cash, state, record_status,
        risk, tags, ros, roe, search_text, created_by, created_by_name, created_at, updated_at)
      select ${company.id}::uuid, g, (array['Compraventa','Arriendo','Seguro','Crédito'])[1 + g % 4],
        d, d, 'REF-' || g, case when g % 7 = 0 then 'pago en efectivo' end,
        (array['CLP','USD','UF'])[1 + g % 3], amt, cash, cash > 0,
        case when g % 5 = 0 then 'open' else 'closed' end,
        case when g % 50 = 0 then 'inactive' else 'active' end,
        greatest_risk, case when g % 11 = 0 then '[{"name":"vip"}]'::jsonb else '[]'::jsonb end,
        g % 97 = 0, cash > 9000000,
        lower(lpad(g::text, 6, '0') || ' ref-' || g || ' ' || coalesce(case when g % 7 = 0 then 'pago en efectivo' end, '')
          || case when g % 11 = 0 then ' vip' else '' end || ' ' || p1.dni || ' ' || p1.name || ' ' || p2.dni || ' '
          || p2.name || ' ' || p3.dni || ' ' || p3.name),
        ${user.id}::uuid, 'Bench admin', d, d
      from generate_series(${start}::int, ${end}::int) g
      cross join lateral (select timestamptz '2021-01-01 12:00:00+00' + (g * interval '150 seconds') as d,
                                 ((g::bigint * 7919) % 50000000)::numeric(18,2) as amt) x
      cross join lateral (select case when g % 4 = 0 then (x.amt / 3)::numeric(18,2) else 0 end as cash) y
      join bench_people p1 on p1.f = (g * 3) % ${FICHAS}
      join bench_people p2 on p2.f = (g * 3 + 1) % ${FICHAS}
      join bench_people p3 on p3.f = (g * 3 + 2) % ${FICHAS}
      cross join lateral (select case when 'high' in (p1.risk, p2.risk, p3.risk) then 'high'
                                      when 'medium' in (p1.risk, p2.risk, p3.risk) then 'medium' else 'low' end
                          as greatest_risk) r`.execute(db);
      });
    }
    console.log(`${OPERATIONS} operations in ${seconds(t0)} s`);
    t0 = performance.now();
    for (let start = 1; start <= OPERATIONS; start += BATCH) {
      const end = Math.min(OPERATIONS, start + BATCH - 1);
      await retry(`participants ${start}`, async () => {
        await sql`delete from operation_associates where operation_id in (select id from operations where codigo between ${start} and ${end})`.execute(
          db,
        );
        await sql`
      insert into operation_associates (company_id, operation_id, position, ficha_id, dni, person_type, currency,
        monto, efective, name, email, risk)
      select o.company_id, o.id, p.pos, bp.ficha_id, bp.dni, 'natural', o.divisa,
        round(o.amount / 3, 2), round(o.cash_amount / 3, 2), bp.name, 'person' || bp.f || '@example.cl', bp.risk
      from operations o
      cross join generate_series(0, 2) as p(pos)
      join bench_people bp on bp.f = (o.codigo * 3 + p.pos) % ${FICHAS}
      where o.codigo between ${start} and ${end}`.execute(db);
      });
    }
    await sql`insert into operation_counters (company_id, last_codigo) values (${company.id}::uuid, ${OPERATIONS})`.execute(
      db,
    );
    await retry('vacuum', () => sql`vacuum analyze operations, operation_associates`.execute(db));
    console.log(`${OPERATIONS * 3} participants + analyze in ${seconds(t0)} s`);

    const deps = { db, config: loadConfig({ DATA_DIR: '/tmp' }) } as unknown as AppDeps;

    const base: ConsultationTableFilterT = { recordStatus: 'active', limit: 25, skip: 0 };
    const scenarios: [string, (i: number) => Promise<unknown>][] = [
      ['table: no filter, pages 1-10', (i) => consultationTable(deps, auth, { ...base, skip: (i % 10) * 25 })],
      [
        'table: status finished',
        (i) => consultationTable(deps, auth, { ...base, status: 'closed', skip: (i % 5) * 25 }),
      ],
      ['table: risk high', (i) => consultationTable(deps, auth, { ...base, risk: ['high'], skip: (i % 5) * 25 })],
      [
        'table: date range (1 month)',
        (i) =>
          consultationTable(deps, auth, {
            ...base,
            dateFrom: `2022-${String(1 + (i % 12)).padStart(2, '0')}-01`,
            dateTo: `2022-${String(1 + (i % 12)).padStart(2, '0')}-28`,
          }),
      ],
      [
        'table: amount >= 40M CLP',
        (i) => consultationTable(deps, auth, { ...base, amountMin: 40_000_000, currency: 'CLP', skip: (i % 5) * 25 }),
      ],
      [
        'table: date range + status + risk',
        () =>
          consultationTable(deps, auth, {
            ...base,
            dateFrom: '2022-03-01',
            dateTo: '2022-05-31',
            status: 'open',
            risk: ['high', 'medium'],
          }),
      ],
      [
        'table: search reference',
        (i) => consultationTable(deps, auth, { ...base, search: `ref-${123_457 + i * 991}` }),
      ],
      [
        'table: search person document',
        (i) => consultationTable(deps, auth, { ...base, search: String(10_012_345 + i * 13) }),
      ],
      [
        'table: search person name',
        (i) => consultationTable(deps, auth, { ...base, search: `silva ${1000 + i * 37}` }),
      ],
      ['table: trash', () => consultationTable(deps, auth, { ...base, recordStatus: 'inactive' })],
      ['GET /consultations page', (i) => listOperations(deps, auth, { limit: 25, skip: (i % 10) * 25 })],
      [
        'GET /consultations search',
        (i) => listOperations(deps, auth, { where: { search: `ref-${765_432 - i * 17}` }, limit: 25, skip: 0 }),
      ],
    ];
    console.log(`\nscenario (${RUNS} runs each, after 5 warm-up)`.padEnd(44) + 'p50 ms    p95 ms   rows/count');
    for (const [name, run] of scenarios) {
      const { p50, p95, last } = await timeRuns(run, 5, RUNS);
      const info = Array.isArray(last)
        ? `${last.length}`
        : `${(last as { data: unknown[] }).data.length}/${(last as { count: number }).count}`;
      console.log(`${name.padEnd(43)} ${p50.toFixed(1).padStart(6)}  ${p95.toFixed(1).padStart(8)}   ${info}`);
    }
  });
}

const load = machineLoad('bench:operations');
main()
  .then(() => load.end())
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
