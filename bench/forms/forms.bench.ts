/**
 * npm run bench:forms (issue 31 point 3): a visitor signs a declaration (DOF) through the public route, end to end,
 * FORMS (200) times, on a RegCheck server started as its own process (production mode, PostgreSQL: DATABASE_URL's
 * server, default postgres://postgres@127.0.0.1:5432/postgres, in a database of its own dropped at the end, and a
 * fresh data folder removed at the end).
 *
 * For each form, outside the timer and through the real routes: an operation with a participant (POST
 * /api/consultations), its DOF sent (the link read from the outbox), the link opened, the document confirmed, the
 * answers filled, two photos (JPEG 320x240 at quality 0.5, as the browser downscales them) and a drawn signature
 * (PNG 600x200) uploaded. The company has a webhook for form.signed, so the signature writes its delivery row.
 *
 * Inside the timer: POST /api/form-dof/public-signed over HTTP on loopback, from the request sent to the reply read
 * and parsed: the rate limit, the schema, the form's row locked in the tenant transaction, the three images read from
 * the file store, the answers' findings, the PDF rendered, the PAdES signature, both PDFs written, the form row, the
 * links revoked, the operation's form snapshot, the audit row and the webhook row, the commit, and the reply with the
 * signed PDF in base64 (about 300 kB of JSON). Outside: the network between a phone and the server, TLS, the page.
 *
 * Memory: the server process's peak resident set as the operating system counts it (VmHWM of /proc/<pid>/status),
 * over its whole life (start-up, the set-up of every form, every signature), and its resident set at the end.
 * Targets: p95 under 300 ms, peak under 300 MB. The last signed PDF is checked (signature valid).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import pg from 'pg';
import { verifyPdfSignature } from '../../apps/server/src/modules/forms/forms.verify';
import { api, login, ROOT, rut, startChild } from '../../apps/server/test/child-server';
import { databaseUrl, dropDatabase, recreateDatabase } from '../support/database';
import { machineLoad, processMemory } from '../support/machine';
import { pct } from '../support/pg-bench';

const FORMS = Number(process.env.FORMS ?? 200);
const WARMUP = 5;
const dbName = `rc_bench_forms_${process.pid}`;
/**
 * The server's Node flags: those of `npm start` (package.json), so the memory measured is the one an operator gets;
 * FORMS_NODE_ARGS replaces them (an experiment: FORMS_NODE_ARGS= for Node's defaults).
 */
const START = /^node\s+(.*?)\s*scripts\/start\.mjs/.exec(
  (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start,
);
const NODE_ARGS = (process.env.FORMS_NODE_ARGS ?? START?.[1] ?? '').split(/\s+/).filter(Boolean);

/** A w x h RGB PNG with a gradient (a drawn signature's byte size). */
function png(w: number, h: number, seed: number) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = (x * 3 + seed) & 255;
      raw[o + 1] = (y * 5 + seed) & 255;
      raw[o + 2] = ((x ^ y) + seed) & 255;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A w x h JPEG at quality 50 with a gradient (jpeg-js, the same encoder family a browser canvas uses). */
function jpegOf(w: number, h: number, seed: number) {
  const data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      data[o] = (x * 3 + seed) & 255;
      data[o + 1] = (y * 5 + seed) & 255;
      data[o + 2] = ((x ^ y) + seed) & 255;
      data[o + 3] = 255;
    }
  }
  return Buffer.from(jpeg.encode({ width: w, height: h, data }, 50).data);
}

async function main() {
  const load = machineLoad('bench:forms');
  await recreateDatabase(dbName);
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-forms-'));
  const db = new pg.Client({ connectionString: databaseUrl(dbName) });
  const server = await startChild(
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl(dbName),
      DATA_DIR: data,
      RATE_LIMIT_MAX: '1000000',
      // a default installation: the shipped OFAC and UN snapshots loaded into the screening index
      REGCHECK_SHIP_LISTS: '1',
      // no e-mail is sent and no webhook delivered: their rows stay in the outbox and the delivery log
      JOBS_IN_PROCESS: 'false',
      LOG_LEVEL: 'warn',
    },
    { timeoutMs: 300_000, nodeArgs: NODE_ARGS },
  );
  const pid = server.child.pid as number;
  console.log(`server pid ${pid}, node flags: ${NODE_ARGS.join(' ') || '(none)'}`);
  try {
    await db.connect();
    const url = server.url;
    const token = await login(url, 'admin.cl@demo.regcheck.app', 'Demo.2026!');
    const hook = await api(url, token, 'POST', '/api/webhooks', {
      url: 'https://hooks.example.com/regcheck',
      events: ['form.signed'],
    });
    if (hook.status !== 200) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
    const photo = jpegOf(320, 240, 1);
    const idPhoto = jpegOf(320, 240, 7);
    const signature = png(600, 200, 3);
    const upload = async (formId: string, key: string, kind: string, bytes: Buffer, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type }), `${kind}.${type === 'image/png' ? 'png' : 'jpg'}`);
      const res = await fetch(`${url}/api/forms/public/${formId}/image/${kind}?key=${key}`, {
        method: 'POST',
        body: form,
      });
      if (res.status !== 200) throw new Error(`${kind}: ${res.status} ${await res.text()}`);
    };
    const pub = async (method: string, route: string, body?: unknown) => {
      const res = await fetch(`${url}${route}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${text.slice(0, 300)}`);
      return text;
    };

    /** One DOF ready to sign: sent, opened, identified, filled, three images. */
    const prepare = async (i: number) => {
      const email = `firma${i}.${process.pid}@example.cl`;
      const dni = rut(40_000_000 + i * 13 + (process.pid % 7));
      const op = await api<{ id: string }>(url, token, 'POST', '/api/consultations', {
        divisa: 'USD',
        transactionDate: new Date().toISOString().slice(0, 10),
        associates: [
          {
            dni,
            type: 'natural',
            monto: 5_000,
            newFicha: { name: 'José', fatherName: 'Pérez', motherName: 'Muñoz', email, nationality: 'CL' },
          },
        ],
      });
      if (op.status !== 200) throw new Error(`operation: ${op.status} ${JSON.stringify(op.body)}`);
      const sent = await api(url, token, 'GET', `/api/consultations/resendDOF/${op.body.id}/0`);
      if (sent.status !== 200) throw new Error(`send: ${sent.status} ${JSON.stringify(sent.body)}`);
      const mail = await db.query('select text_body from outbox where to_address = $1 order by created_at desc', [
        email,
      ]);
      const m = /form=([0-9a-f-]{36})&key=([A-Za-z0-9_-]+)/.exec(String(mail.rows[0]?.text_body ?? ''));
      if (!m) throw new Error(`no link mailed to ${email}`);
      const [, formId = '', key = ''] = m;
      await pub('GET', `/api/form-dof/public/${formId}/${key}`);
      await pub('POST', `/api/forms/public/${formId}/identify`, { key, dni });
      await pub('POST', '/api/form-dof/public-filled', {
        key,
        form: {
          id: formId,
          data: {
            fullName: 'José Pérez Muñoz',
            document: dni,
            nationality: 'Chilena',
            address: 'Av. Providencia 1234, Santiago',
            occupation: 'Ingeniera',
            amount: 5000,
            currency: 'USD',
            origin: 'salary',
            originDetail: 'Remuneraciones de los últimos doce meses y ahorro previsional voluntario',
          },
        },
      });
      await upload(formId, key, 'photo', photo, 'image/jpeg');
      await upload(formId, key, 'idPhoto', idPhoto, 'image/jpeg');
      await upload(formId, key, 'signature', signature, 'image/png');
      return { formId, key };
    };

    const t0 = Date.now();
    const ready: { formId: string; key: string }[] = [];
    for (let i = 0; i < FORMS + WARMUP; i++) {
      ready.push(await prepare(i));
      if ((i + 1) % 50 === 0) process.stdout.write(`  ${i + 1} / ${FORMS + WARMUP} forms ready\r`);
    }
    const afterSetup = processMemory(pid);
    console.log(
      `${ready.length} forms ready to sign in ${((Date.now() - t0) / 1000).toFixed(1)} s; server peak so far ` +
        `${afterSetup.peakMb.toFixed(1)} MB, resident ${afterSetup.rssMb.toFixed(1)} MB`,
    );

    const times: number[] = [];
    let last: { pdf: string; sha256: string } | null = null;
    for (const [i, f] of ready.entries()) {
      const s = performance.now();
      const text = await pub('POST', '/api/form-dof/public-signed', { form: { id: f.formId }, key: f.key });
      last = JSON.parse(text) as { pdf: string; sha256: string };
      const ms = performance.now() - s;
      if (i >= WARMUP) times.push(ms);
    }
    const mem = processMemory(pid);
    const pdf = Buffer.from(last?.pdf ?? '', 'base64');
    if (!verifyPdfSignature(pdf)) throw new Error('the last signed PDF does not validate');
    const rows = await db.query(
      `select (select count(*) from forms where status = 'signed')::int as signed,
        (select count(*) from audit_log where action = 'form.signed')::int as audited,
        (select count(*) from webhook_deliveries)::int as webhooks`,
    );
    const c = rows.rows[0] as { signed: number; audited: number; webhooks: number };
    if (c.signed !== ready.length || c.audited !== ready.length || c.webhooks !== ready.length)
      throw new Error(`rows after signing: ${JSON.stringify(c)} (expected ${ready.length} of each)`);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      JSON.stringify(
        {
          signatures: times.length,
          warmup: WARMUP,
          signedPdfBytes: pdf.length,
          msPerSignature: {
            mean: +mean.toFixed(1),
            p50: +pct(times, 50).toFixed(1),
            p95: +pct(times, 95).toFixed(1),
            max: +Math.max(...times).toFixed(1),
          },
          server: { peakMb: +mem.peakMb.toFixed(1), residentAtEndMb: +mem.rssMb.toFixed(1) },
          rows: c,
          target: { p95Ms: 300, peakMb: 300 },
        },
        null,
        2,
      ),
    );
    console.log(
      `signing through the route: p95 ${pct(times, 95).toFixed(1)} ms (target < 300: ${pct(times, 95) < 300 ? 'met' : 'MISSED'}); ` +
        `server peak ${mem.peakMb.toFixed(1)} MB (target < 300: ${mem.peakMb < 300 ? 'met' : 'MISSED'})`,
    );
  } finally {
    await db.end().catch(() => undefined);
    await server.stop();
    await dropDatabase(dbName);
    fs.rmSync(data, { recursive: true, force: true });
    load.end();
  }
}

await main();
