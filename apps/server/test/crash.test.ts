import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Child, login, rut, startChild, until } from './child-server';
import { generatedListCsv } from './list-gen';
import { startSmtp } from './smtp';
import { ADMIN, DEMO_PASSWORD } from './test-env';

/*
 * Crash safety: a real server process on one data folder (the embedded database), stopped with kill -9 in the
 * middle of a list import, of a burst of ficha creations and of e-mail delivery, then started again on the same
 * folder. Sizes are small by default (CRASH_ROWS list rows, CRASH_FICHAS fichas, CRASH_MAILS e-mails); the
 * heartbeat settings are shortened (2 s, stale after 6 s) so that the test does not wait the default 40 s.
 */
const ROWS = Number(process.env.CRASH_ROWS ?? 60_000);
const FICHAS = Number(process.env.CRASH_FICHAS ?? 200);
const MAILS = Number(process.env.CRASH_MAILS ?? 12);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-crash-'));
const env = {
  DATA_DIR: dataDir,
  JOB_HEARTBEAT_SECONDS: '2',
  JOB_STALE_SECONDS: '6',
  RATE_LIMIT_MAX: '100000',
  LIST_POLL_MS: '1000',
};
let server: Child | undefined;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp({ delayMs: 300 });
});
afterAll(async () => {
  await server?.kill9();
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** a number written in letters (names take letters only) */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const letters = (n: number): string =>
  (n < 26 ? '' : letters(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));

interface Version {
  id: number;
  status: string;
  entityCount: number;
  errors: { message: string }[];
}

describe('kill -9 and restart on the same data folder', () => {
  let versionId = 0;
  let killedAt = 0;

  it(`mid-import of ${ROWS} rows: the import job resumes within a minute and the list is there once`, {
    timeout: 1_200_000,
  }, async () => {
    server = await startChild(env);
    const root = await login(server.url, ADMIN.email, ADMIN.password);
    const started = await api<{ version: Version }>(server.url, root, 'POST', '/api/lists/interpol/import', {
      content: generatedListCsv(ROWS),
      label: 'crash',
    });
    expect(started.status).toBe(202);
    versionId = started.body.version.id;
    // the job reads the file and writes rows for a few seconds (on a quiet machine 30,000 rows took under 1.5 s,
    // so the list is twice that and the kill comes earlier): kill it well inside that
    await sleep(700);
    await server.kill9();
    killedAt = Date.now();

    server = await startChild(env);
    const token = await login(server.url, ADMIN.email, ADMIN.password);
    const at = await api<Version>(server.url, token, 'GET', `/api/lists/interpol/versions/${versionId}`);
    expect(at.body.status, 'the kill came after the import had ended: raise CRASH_ROWS').toBe('importing');
    const done = await until('the import to end', 600_000, async () => {
      const v = await api<Version>(server?.url ?? '', token, 'GET', `/api/lists/interpol/versions/${versionId}`);
      return v.body.status !== 'importing' && v.body;
    });
    const resumedInMs = Date.now() - killedAt;
    console.log(`crash: import of ${ROWS} rows killed, restarted and active ${resumedInMs} ms after the kill`);
    expect(done).toMatchObject({ status: 'active', entityCount: ROWS });
    // "within a minute" is the stale threshold's work (JOB_STALE_SECONDS, 40 by default, 6 here): the restarted
    // process takes the job up once its heartbeat is that old. How long that takes in wall-clock time depends on the
    // machine, so the test asserts the job was taken up and finished, not a time (decision 206)
    const list = await api<{ entityCount: number }>(server.url, token, 'GET', '/api/lists/interpol');
    expect(list.body.entityCount).toBe(ROWS);
    const versions = await api<Version[]>(server.url, token, 'GET', '/api/lists/interpol/versions');
    expect(versions.body.filter((v) => v.status === 'active' || v.status === 'importing')).toHaveLength(1);
  });

  it(`mid-burst of ${FICHAS} concurrent ficha creations: every acknowledged one is there exactly once`, {
    timeout: 1_200_000,
  }, async () => {
    server ??= await startChild({ ...env, SMTP_URL: smtp.url });
    const s = server;
    const token = await login(s.url, 'admin.cl@demo.regcheck.app', DEMO_PASSWORD);
    const dnis = Array.from({ length: FICHAS }, (_, i) => rut(31_000_000 + i * 7));
    const acked = new Map<string, string>();
    let answered = 0;
    const refused: string[] = [];
    let killing: Promise<void> | undefined;
    const killAfter = Math.max(5, Math.floor(FICHAS / 5));
    await Promise.allSettled(
      dnis.map(async (dni, i) => {
        const res = await api<{ id: string }>(s.url, token, 'POST', '/api/fichas-clientes', {
          personType: 'natural',
          dni,
          dniType: { country: 'CL', document: 'RUT' },
          name: `Burst ${letters(i)}`,
          fatherName: 'Crash',
          motherName: 'Prueba',
          nationality: 'CL',
        });
        answered++;
        if (res.status === 200) acked.set(dni, res.body.id);
        else refused.push(`${res.status} ${JSON.stringify(res.body)}`);
        if (answered >= killAfter && !killing) killing = s.kill9();
      }),
    );
    await killing;
    expect(refused).toEqual([]);
    console.log(`crash: ${acked.size} of ${FICHAS} creations acknowledged before kill -9`);
    expect(acked.size).toBeGreaterThan(0);
    expect(acked.size).toBeLessThan(FICHAS);

    server = await startChild({ ...env, SMTP_URL: smtp.url });
    const again = await login(server.url, 'admin.cl@demo.regcheck.app', DEMO_PASSWORD);
    const filter = JSON.stringify({ where: { dni: { inq: dnis } }, limit: 1000 });
    const found = await api<{ id: string; dni: string }[]>(
      server.url,
      again,
      'GET',
      `/api/fichas-clientes?filter=${encodeURIComponent(filter)}`,
    );
    expect(found.status).toBe(200);
    const byDni = new Map<string, string[]>();
    for (const f of found.body) byDni.set(f.dni, [...(byDni.get(f.dni) ?? []), f.id]);
    for (const [dni, id] of acked) expect(byDni.get(dni), dni).toEqual([id]);
    for (const [dni, ids] of byDni) expect(ids, `${dni} doubled`).toHaveLength(1);
    console.log(`crash: after restart ${byDni.size} fichas of the burst exist (${acked.size} acknowledged)`);
  });

  it(`mid-delivery of ${MAILS} e-mails: after restart every one is delivered, at most one twice`, {
    timeout: 1_200_000,
  }, async () => {
    server ??= await startChild({ ...env, SMTP_URL: smtp.url });
    const s = server;
    const root = await login(s.url, ADMIN.email, ADMIN.password);
    const company = await api<{ id: string; name: string }[]>(s.url, root, 'GET', '/api/companies');
    const companyId = company.body[0]?.id;
    const to = Array.from({ length: MAILS }, (_, i) => `crash.mail${i}@regcheck.test`);
    for (const email of to) {
      const u = await api(s.url, root, 'POST', '/api/users', { name: email, email, role: 'frontdesk', companyId });
      expect(u.status, JSON.stringify(u.body)).toBe(200);
    }
    const mine = () => smtp.mails.filter((m) => m.to.some((a) => to.includes(a)));
    await until('a few deliveries', 600_000, async () => mine().length >= 3);
    await s.kill9();
    const before = mine().length;
    expect(before).toBeLessThan(MAILS);

    server = await startChild({ ...env, SMTP_URL: smtp.url });
    await until('every e-mail', 600_000, async () => new Set(mine().flatMap((m) => m.to)).size === MAILS);
    // the outbox agrees: all sent
    const token = await login(server.url, ADMIN.email, ADMIN.password);
    const outbox = await api<{ toAddress: string; status: string }[]>(
      server.url,
      token,
      'GET',
      '/api/outbox?limit=200',
    );
    for (const a of to) expect(outbox.body.find((m) => m.toAddress === a)?.status, a).toBe('sent');
    await sleep(1000);
    const counts = new Map<string, number>();
    for (const m of mine()) for (const a of m.to) counts.set(a, (counts.get(a) ?? 0) + 1);
    const twice = [...counts.values()].filter((n) => n > 1).length;
    console.log(`crash: ${before} e-mails delivered before kill -9, all ${MAILS} after restart, ${twice} twice`);
    // at-least-once: the one e-mail in flight at the kill may be sent again (same Message-ID), no other
    expect(twice).toBeLessThanOrEqual(1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2);
    expect(await server.stop()).toBe(0);
    server = undefined;
  });
});
