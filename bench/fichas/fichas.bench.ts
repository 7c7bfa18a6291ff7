// Fichas list and count benchmark: npm run bench:fichas
// Creates its own PostgreSQL database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), runs the
// migrations, generates FICHAS (default 1,000,000) fichas for the demo Chilean company plus OTHER (default 200,000)
// for the Brazilian one with INSERT ... SELECT generate_series, then times the list and count calls a user makes
// through the real routes, services and repos (app.inject with a signed-in admin: RLS and all). Prints p50/p95.
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { bootstrap } from '../../apps/server/src/bootstrap';
import { createRuntime, stopRuntime } from '../../apps/server/src/runtime';
import { benchConfig, databaseExists, databaseUrl, dropDatabase, recreateDatabase, runSql } from '../support/database';
import { machineLoad } from '../support/machine';
import { NAMES, SURNAMES, sqlArray } from '../support/names';

const FICHAS = Number(process.env.FICHAS ?? 1_000_000);
const OTHER = Number(process.env.OTHER ?? 200_000);
const RUNS = Number(process.env.RUNS ?? 100);
// KEEP=1 keeps the database (rc_bench_fichas_keep) between runs and skips the generation when it is there
const KEEP = process.env.KEEP === '1';
const dbName = KEEP ? 'rc_bench_fichas_keep' : `rc_bench_fichas_${process.pid}`;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

async function generate(url: string, companyId: string, n: number, offset: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`create or replace function pg_temp.rut_dv(b bigint) returns text language sql immutable as $$
    select case 11 - (sum(substr(b::text, length(b::text) - i, 1)::int * (2 + i % 6)) % 11)
      when 11 then '0' when 10 then 'K' else (11 - (sum(substr(b::text, length(b::text) - i, 1)::int * (2 + i % 6)) % 11))::text end
    from generate_series(0, length(b::text) - 1) i $$`);
  const step = 250_000;
  for (let from = 0; from < n; from += step) {
    const to = Math.min(n, from + step) - 1;
    await c.query(
      `insert into fichas (company_id, dni, dni_type, person_type, name, father_name, mother_name, social_reason, search_name,
         email, nationality, risk, calculated_risk, effective_risk, listas_total, status, created_at, updated_at)
       select $1, d.dni, '{"country":"CL","person":"natural","document":"RUT"}'::jsonb,
         case when g % 10 = 0 then 'legal' else 'natural' end,
         case when g % 10 = 0 then null else d.n end, case when g % 10 = 0 then null else d.f end,
         case when g % 10 = 0 then null else d.m end,
         case when g % 10 = 0 then 'Comercial ' || d.f || ' ' || g || ' SpA' else null end,
         lower(translate(case when g % 10 = 0 then 'comercial ' || d.f || ' ' || g || ' spa' else d.n || ' ' || d.f || ' ' || d.m end,
           'ÁÉÍÓÚáéíóúÑñ', 'AEIOUaeiouNn')) || ' ' || replace(lower(d.dni), '-', ' ') || ' ' || replace(lower(d.dni), '-', ''),
         'cliente' || g || '@example.cl', 'CL',
         (array['low','low','low','medium','high'])[1 + ((g / 10) * 3 + g) % 5], (array['low','low','low','medium','high'])[1 + ((g / 10) * 3 + g) % 5],
         (array['low','low','low','medium','high'])[1 + ((g / 10) * 3 + g) % 5], (g % 50 = 0)::int,
         case when g % 50 = 7 then 'inactive' else 'active' end,
         now() - (g || ' minutes')::interval, now()
       from generate_series($2::bigint, $3::bigint) g
       cross join lateral (select (1000000 + g * 7)::bigint as body) b
       cross join lateral (select b.body || '-' || pg_temp.rut_dv(b.body) as dni,
         (${sqlArray(NAMES)})[1 + abs(hashint8(g)) % ${NAMES.length}] as n,
         (${sqlArray(SURNAMES)})[1 + abs(hashint8(g * 3 + 1)) % ${SURNAMES.length}] as f,
         (${sqlArray(SURNAMES)})[1 + abs(hashint8(g * 5 + 2)) % ${SURNAMES.length}] as m) d`,
      [companyId, offset + from, offset + to],
    );
    process.stdout.write(`  ${to + 1} / ${n}\r`);
  }
  await c.end();
}

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

async function main() {
  const reuse = KEEP && (await databaseExists(dbName));
  if (!reuse) await recreateDatabase(dbName);
  const url = databaseUrl(dbName);
  const config = benchConfig(dbName, { REGCHECK_DEMO_PASSWORD: 'Demo.2026!', RATE_LIMIT_MAX: '1000000' });
  const deps = await createRuntime(config);
  try {
    await bootstrap(deps.db, config);
    const companies = await deps.db.selectFrom('companies').select(['id', 'country']).execute();
    const cl = companies.find((c) => c.country === 'CL')?.id ?? '';
    const br = companies.find((c) => c.country === 'BR')?.id ?? '';
    let t0 = Date.now();
    if (!reuse) {
      console.log(`generating ${FICHAS} fichas (company CL) + ${OTHER} (company BR)...`);
      await generate(url, cl, FICHAS, 0);
      await generate(url, br, OTHER, FICHAS);
      await runSql('vacuum analyze').catch(() => undefined);
      await runSql('vacuum analyze fichas', url);
      console.log(`\ngenerated in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }

    const app = await buildApp(deps, { logger: false, serveWeb: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'admin.cl@demo.regcheck.app', password: 'Demo.2026!' },
    });
    const token = login.json().token as string;
    const headers = { authorization: `Bearer ${token}` };
    const time = async (label: string, url: (i: number) => string) => {
      const ms: number[] = [];
      let last: unknown;
      for (let i = 0; i < RUNS + 5; i++) {
        const s = performance.now();
        const res = await app.inject({ method: 'GET', url: url(i), headers });
        const d = performance.now() - s;
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i >= 5) ms.push(d);
        last = res.json();
      }
      const shown = Array.isArray(last) ? `${last.length} rows` : JSON.stringify(last);
      console.log(
        `${label.padEnd(58)} p50 ${pct(ms, 50).toFixed(1).padStart(6)} ms   p95 ${pct(ms, 95).toFixed(1).padStart(6)} ms   (${shown})`,
      );
      return { label, p50: pct(ms, 50), p95: pct(ms, 95) };
    };
    const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
    const terms = SURNAMES.map(fold);
    // full names of existing natural fichas (about 30 fichas share each of the 32,000 combinations)
    const sample = await deps.db
      .selectFrom('fichas')
      .select(['name', 'fatherName', 'motherName'])
      .where('companyId', '=', cl)
      .where('personType', '=', 'natural')
      .where('dni', 'like', '1%3')
      .limit(200)
      .execute();
    const fullName = (i: number) => {
      const r = sample[i % sample.length];
      return fold(`${r?.name ?? ''} ${r?.fatherName ?? ''} ${r?.motherName ?? ''}`);
    };
    t0 = Date.now();
    const results = [
      await time(
        'list: newest first, page of 25 (pages 1-40)',
        (i) => `/api/fichas-clientes?filter=${q({ order: 'createdAt DESC', limit: 25, skip: (i % 40) * 25 })}`,
      ),
      await time(
        'list: search a surname, newest first',
        (i) =>
          `/api/fichas-clientes?filter=${q({ where: { search: terms[i % terms.length] }, order: 'createdAt DESC', limit: 25 })}`,
      ),
      await time(
        'list: search a full name, newest first',
        (i) =>
          `/api/fichas-clientes?filter=${q({ where: { search: fullName(i) }, order: 'createdAt DESC', limit: 25 })}`,
      ),
      await time(
        'list: search a RUT',
        (i) =>
          `/api/fichas-clientes?filter=${q({ where: { search: `${1000000 + ((i * 7919) % FICHAS) * 7}-` }, limit: 25 })}`,
      ),
      await time(
        'list: high risk, legal persons, newest first',
        () =>
          `/api/fichas-clientes?filter=${q({ where: { risk: 'high', personType: 'legal' }, order: 'createdAt DESC', limit: 25 })}`,
      ),
      await time('count: all active', () => `/api/fichas-clientes/count`),
      await time(
        'count: search a surname',
        (i) => `/api/fichas-clientes/count?where=${q({ search: terms[i % terms.length] })}`,
      ),
      await time('count: search a full name', (i) => `/api/fichas-clientes/count?where=${q({ search: fullName(i) })}`),
      await time('count: high risk', () => `/api/fichas-clientes/count?where=${q({ risk: 'high' })}`),
      await time(
        'count: created in the last 7 days',
        () =>
          `/api/fichas-clientes/count?where=${q({ createdAt: { gte: new Date(Date.now() - 7 * 86400_000).toISOString() } })}`,
      ),
    ];
    console.log(
      `\n${results.length} scenarios x ${RUNS} calls in ${((Date.now() - t0) / 1000).toFixed(1)} s; worst p95 ${Math.max(...results.map((r) => r.p95)).toFixed(1)} ms`,
    );
    await app.close();
  } finally {
    await stopRuntime(deps);
    if (!KEEP) await dropDatabase(dbName);
  }
}

const load = machineLoad('bench:fichas');
await main();
load.end();
