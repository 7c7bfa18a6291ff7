// The inspector's files benchmark (issue 28, point 3): npm run bench:inspection
// Creates its own PostgreSQL database (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), migrates
// and seeds it (demo companies and users), then times through the real routes and the real job:
//  1. the customer's file of a ficha with OPERATIONS (200) operations, SCREENINGS (50) screenings (5 recorded hits
//     each) and DECLARATIONS (10) signed declarations (real signed PDFs in the file store), from the request to the
//     zip ready;
//  2. the period pack of a quarter of a company with FICHAS (100,000) fichas and the quarter's activity at that
//     scale (ALERTS list-match alerts with their dismissals, REVIEWS periodic reviews, FORMS declarations sent and
//     signed, allegations), from the request to the zip ready.
// Prints each time, the zip's size and the process's largest resident memory while the job ran, and how much it grew
// over what the process held when the job was asked for (the zip is streamed to the store; the JSONs are written a
// piece at a time; the PDFs print at most 200 rows of a long list). The target: under 10 s and under 2 minutes.
// PERIOD=0 leaves the period pack out (a customer's file alone, e.g. OPERATIONS=5000 SCREENINGS=2000 PERIOD=0).

import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { bootstrap } from '../../apps/server/src/bootstrap';
import { fileKey } from '../../apps/server/src/lib/files';
import { signingKeyFor, signPdf } from '../../apps/server/src/modules/forms/forms.service';
import { createRuntime, stopRuntime } from '../../apps/server/src/runtime';
import { benchConfig, dropDatabase, recreateDatabase } from '../support/database';
import { machineLoad } from '../support/machine';

const OPERATIONS = Number(process.env.OPERATIONS ?? 200);
const SCREENINGS = Number(process.env.SCREENINGS ?? 50);
const DECLARATIONS = Number(process.env.DECLARATIONS ?? 10);
const FICHAS = Number(process.env.FICHAS ?? 100_000);
const ALERTS = Number(process.env.ALERTS ?? 20_000);
const REVIEWS = Number(process.env.REVIEWS ?? 25_000);
const FORMS = Number(process.env.FORMS ?? 10_000);
const PERIOD = process.env.PERIOD !== '0';
const dbName = `rc_bench_inspection_${process.pid}`;
const QUARTER = { from: '2026-07-01', to: '2026-09-30' };

/** The largest resident set size seen while `fn` ran, sampled every 50 ms. */
async function withPeakRss<T>(fn: () => Promise<T>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, peakMb: Math.round(peak / 1024 / 1024), grewMb: Math.round((peak - before) / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  await recreateDatabase(dbName);
  const config = benchConfig(dbName, { REGCHECK_DEMO_PASSWORD: 'Demo.2026!', RATE_LIMIT_MAX: '1000000' });
  const deps = await createRuntime(config);
  const c = new pg.Client({ connectionString: config.databaseUrl });
  try {
    await bootstrap(deps.db, config);
    await c.connect();
    const app = await buildApp(deps, { logger: false, serveWeb: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'admin.cl@demo.regcheck.app', password: 'Demo.2026!' },
    });
    const headers = { authorization: `Bearer ${login.json().token as string}` };
    const companyId = (await c.query(`select id from companies where country = 'CL' limit 1`)).rows[0].id as string;

    // 1. one ficha with its operations, screenings and declarations
    const created = await app.inject({
      method: 'POST',
      url: '/api/fichas-clientes',
      headers,
      payload: {
        personType: 'natural',
        dni: '15432109-8',
        name: 'Beatriz',
        fatherName: 'Banco Pruebas',
        nationality: 'CL',
      },
    });
    if (created.statusCode !== 200) throw new Error(created.body);
    const fichaId = created.json().id as string;
    await c.query(
      `with o as (
         insert into operations (company_id, codigo, divisa, amount, cash_amount, includes_cash, transaction_type,
           transaction_date, roe, risk)
         select $1, 100000 + g, 'USD', 1000 + g * 37, case when g % 4 = 0 then 12000 else 0 end, g % 4 = 0, 'Compra',
           timestamp '2026-01-01' + (g || ' days')::interval, g % 4 = 0, 'low'
         from generate_series(1, $2::int) g returning id, codigo)
       insert into operation_associates (company_id, operation_id, position, ficha_id, dni, person_type, currency, monto,
         name, risk)
       select $1, o.id, 0, $3, '15432109-8', 'natural', 'USD', 1000, 'Beatriz Banco Pruebas', 'low' from o`,
      [companyId, OPERATIONS, fichaId],
    );
    // each screening recorded with 5 hits (decision 240), named by its audit row as recordScreening does
    await c.query(
      `with s as (
         insert into ficha_screenings (company_id, ficha_id, screened_at, cause, total, error, hits)
         select $1, $2, now() - (g || ' days')::interval, 'manual', g % 3, false,
           (select jsonb_agg(jsonb_build_object('listId', 'ofac', 'listName', 'OFAC SDN', 'entityId', 'bench-' || g || '-' || h,
              'name', 'Beatriz Banco Pruebas', 'matchedName', 'Beatriz Banco Prueba ' || h, 'score', 0.9))
            from generate_series(1, 5) h)
         from generate_series(1, $3::int) g
         returning id, screened_at, total)
       insert into audit_log (company_id, user_id, action, entity, entity_id, after, created_at)
       select $1, null, 'ficha.screened', 'ficha', $2,
         jsonb_build_object('total', total, 'error', false, 'screeningId', id), screened_at
       from s`,
      [companyId, fichaId, SCREENINGS],
    );
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Declaración de origen de fondos (benchmark)', { x: 50, y: 780, size: 14 });
    const key = await deps.db.transaction().execute((trx) => signingKeyFor(deps, trx, companyId));
    for (let i = 0; i < DECLARATIONS; i++) {
      const signed = await signPdf(Buffer.from(await doc.save({ useObjectStreams: false })), key, {
        name: 'Beatriz Banco Pruebas',
        reason: 'Declaración',
        at: new Date(),
      });
      const k = fileKey('forms', companyId, fichaId, `bench-${i}.pdf`) ?? '';
      await deps.files.put(k, signed);
      await c.query(
        `insert into forms (company_id, type, ficha_id, dni, name, language, status, template, signed_key, signed_at,
           last_sent_at, signed_sha256)
         values ($1, 'formDOF', $2, '15432109-8', 'Beatriz Banco Pruebas', 'es', 'signed', '{}'::jsonb, $3, now(), now(),
           encode(sha256($4::bytea), 'hex'))`,
        [companyId, fichaId, k, signed],
      );
    }
    const customer = await withPeakRss(async () => {
      const t0 = performance.now();
      const start = await app.inject({
        method: 'POST',
        url: `/api/fichas-clientes/${fichaId}/inspection-file`,
        headers,
      });
      if (start.statusCode !== 200) throw new Error(start.body);
      await deps.queue.drain();
      const done = await app.inject({ method: 'GET', url: `/api/inspection/files/${start.json().id}`, headers });
      const ms = performance.now() - t0;
      if (done.json().status !== 'ready') throw new Error(JSON.stringify(done.json()));
      return { ms, size: done.json().size as number };
    });
    console.log(
      `customer file: ${OPERATIONS} operations, ${SCREENINGS} screenings, ${DECLARATIONS} declarations: ` +
        `${(customer.value.ms / 1000).toFixed(2)} s (target < 10 s), zip ${(customer.value.size / 1024).toFixed(0)} KB, ` +
        `peak RSS ${customer.peakMb} MB (+${customer.grewMb} MB over the start)`,
    );
    if (!PERIOD) {
      await app.close();
      return;
    }

    // 2. a quarter of a company with FICHAS fichas
    console.log(`generating ${FICHAS} fichas and the quarter's activity...`);
    const g0 = performance.now();
    await c.query(
      `insert into fichas (company_id, dni, dni_type, person_type, name, father_name, search_name, risk, calculated_risk,
         effective_risk, status, next_review_at, created_at)
       select $1, (2000000 + g) || '-' || (g % 10), '{"country":"CL","person":"natural","document":"RUT"}'::jsonb,
         'natural', 'Cliente', 'Número ' || g, 'cliente numero ' || g, 'low', 'low', 'low', 'active',
         date '2026-01-01' + (g % 400), now() - (g || ' minutes')::interval
       from generate_series(1, $2::int) g`,
      [companyId, FICHAS],
    );
    const span = `(timestamp '${QUARTER.from}' + ((g % 91) || ' days')::interval + ((g % 1440) || ' minutes')::interval)`;
    await c.query(
      `with f as (select id, row_number() over () as n from fichas where company_id = $1 limit $2)
       insert into notifications (company_id, title, description, ficha_id, kind, data, created_at)
       select $1, 'Nueva coincidencia', 'Coincidencia en lista', f.id, 'monitoring.match',
         jsonb_build_object('listId', 'ofac', 'entityId', 'e' || f.n), ${span.replaceAll('g', 'f.n')}
       from f`,
      [companyId, ALERTS],
    );
    const admin = (await c.query(`select id from users where email = 'admin.cl@demo.regcheck.app'`)).rows[0].id;
    await c.query(
      `insert into match_dismissal_proposals (company_id, ficha_id, list_id, entity_id, entry_hash, matched_name,
         reason_code, status, proposed_by, proposed_at, decided_by, decided_at)
       select n.company_id, n.ficha_id, 'ofac', n.data ->> 'entityId', 'h', 'Nombre Parecido', 'differentPerson',
         case when row_number() over () % 3 = 0 then 'pending' else 'approved' end, $2,
         n.created_at + interval '2 hours', $2, n.created_at + interval '20 hours'
       from notifications n where n.company_id = $1 and n.kind = 'monitoring.match' and random() < 0.6`,
      [companyId, admin],
    );
    await c.query(
      `with f as (select id, row_number() over () as g from fichas where company_id = $1 limit $2)
       insert into ficha_reviews (company_id, ficha_id, checked, outcome, risk, reviewed_by, reviewed_at)
       select $1, f.id, 'Documentos y listas revisados', (array['noChanges','informationUpdated','riskChanged'])[1 + f.g % 3],
         'low', $3, ${span.replaceAll('g', 'f.g')}
       from f`,
      [companyId, REVIEWS, admin],
    );
    await c.query(
      `with f as (select id, dni, row_number() over () as g from fichas where company_id = $1 limit $2)
       insert into forms (company_id, type, ficha_id, dni, name, language, status, template, last_sent_at, signed_at)
       select $1, 'formDOF', f.id, f.dni, 'Cliente', 'es', case when f.g % 2 = 0 then 'signed' else 'sent' end, '{}'::jsonb,
         ${span.replaceAll('g', 'f.g')}, case when f.g % 2 = 0 then ${span.replaceAll('g', 'f.g')} + interval '1 day' end
       from f`,
      [companyId, FORMS],
    );
    await c.query(
      `insert into allegations (company_id, code, pin_hash, category, description, anonymous, relationship, status,
         acknowledge_due, feedback_due, created_at, closed_at)
       select $1, 'BENCH' || g, 'x', (array['fraud','harassment','other'])[1 + g % 3], 'Texto de la denuncia', g % 2 = 0,
         'employee', case when g % 4 = 0 then 'resolved' else 'received' end, '2026-12-31', '2026-12-31', ${span},
         case when g % 4 = 0 then ${span} + interval '9 days' end
       from generate_series(1, 200) g`,
      [companyId],
    );
    await c.query('vacuum analyze');
    console.log(`generated in ${((performance.now() - g0) / 1000).toFixed(1)} s`);
    const period = await withPeakRss(async () => {
      const t0 = performance.now();
      const start = await app.inject({ method: 'POST', url: '/api/inspection/packs', headers, payload: QUARTER });
      if (start.statusCode !== 200) throw new Error(start.body);
      await deps.queue.drain();
      const done = await app.inject({ method: 'GET', url: `/api/inspection/packs/${start.json().id}`, headers });
      const ms = performance.now() - t0;
      if (done.json().status !== 'ready') throw new Error(JSON.stringify(done.json()));
      return { ms, size: done.json().size as number };
    });
    console.log(
      `period pack: a quarter of a company with ${FICHAS} fichas (${ALERTS} alerts, ${REVIEWS} reviews, ${FORMS} ` +
        `declarations): ${(period.value.ms / 1000).toFixed(2)} s (target < 120 s), zip ${(period.value.size / 1024).toFixed(0)} KB, ` +
        `peak RSS ${period.peakMb} MB (+${period.grewMb} MB over the start)`,
    );
    await app.close();
  } finally {
    await c.end().catch(() => undefined);
    await stopRuntime(deps);
    await dropDatabase(dbName);
  }
}

const load = machineLoad('bench:inspection');
await main();
load.end();
