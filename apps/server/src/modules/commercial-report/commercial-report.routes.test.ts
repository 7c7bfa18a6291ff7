import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANA_ROJAS_RUT, fichaIdOf, MARIA_CPF } from '../../../test/fichas-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { exposureOf, riskOf } from './commercial-report.service';

const today = new Date();
const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
const REPORT = {
  personType: 'natural',
  identification: { name: 'ANA ROJAS', rut: '123456785' },
  contactability: [{ kind: 'Teléfono', value: '+56 9 1234 5678' }],
  debts: [
    { amount: 900_000, date: daysAgo(100), source: 'Banco Uno', type: 'Consumo' },
    { amount: 50_000_000, date: daysAgo(365 * 3), source: 'Banco Viejo', type: 'Hipotecario' },
  ],
  protests: [{ amount: 300_000, date: daysAgo(30), source: 'Notaría', type: 'Cheque' }],
  bulletins: [],
  inquiries: [],
  banks: [],
  properties: [],
  vehicles: [{ plate: 'ABCD12', brand: 'Kia', year: 2018 }],
  sii: { activityStart: '2015-03-01' },
};

let answers: { status: number; body: unknown }[] = [];
let server: http.Server;
let base: string;
let t: TestApp;
let ficha: string;
let brFicha: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    const a = answers.shift() ?? { status: 404, body: {} };
    res.writeHead(a.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // no test here times the provider out: the timeout is a ceiling for a busy machine, not a speed
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', PROVIDER_RETRIES: '0', PROVIDER_TIMEOUT_MS: '30000' });
  ficha = await fichaIdOf(t, ANA_ROJAS_RUT, { as: 'admin', company: 'cl' });
  brFicha = await fichaIdOf(t, MARIA_CPF, { as: 'admin', company: 'br' });
});
afterAll(async () => {
  await t?.close();
  server?.close();
});

const post = (url: string, fichaId: string, as = 'userMonitoring', company: 'cl' | 'br' = 'cl') =>
  t.post({ as, company }, `/api/commercial-report${url}`, { fichaId });

describe('the risk rate', () => {
  it('counts debts, protests and bulletins of the last two years against the thresholds', () => {
    const r = { ...REPORT, personType: 'natural' as const };
    expect(exposureOf(r, today)).toBe(1_200_000);
    expect(riskOf(1_200_000, { mediumFrom: 1_000_000, highFrom: 5_000_000 })).toBe('medium');
    expect(riskOf(999_999, { mediumFrom: 1_000_000, highFrom: 5_000_000 })).toBe('low');
    expect(riskOf(5_000_000, { mediumFrom: 1_000_000, highFrom: 5_000_000 })).toBe('high');
  });
});

describe('commercial report routes', () => {
  it('401, 403 for a role without the permission, 404 for another company ficha', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/commercial-report', payload: { fichaId: ficha } })).statusCode,
    ).toBe(401);
    expect((await post('', ficha, 'frontdesk')).statusCode).toBe(403);
    expect((await post('', ficha, 'admin', 'br')).statusCode).toBe(404);
  });

  it('not configured: validate says so with the modal flag; the request answers the message and the flag', async () => {
    const v = await post('/validate', ficha);
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({ valid: false, showModal: true, code: 'COMMERCIAL_REPORT_UNAVAILABLE' });
    expect(v.json().message).toContain('Super Administrador');
    const r = await post('', ficha);
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ code: 'COMMERCIAL_REPORT_UNAVAILABLE', details: { showModal: true } });
  });

  it('a Brazilian person has no commercial report', async () => {
    const r = await post('/validate', brFicha, 'admin', 'br');
    expect(r.json()).toMatchObject({ valid: false, code: 'RECORD_DOCUMENT_MISMATCH' });
  });

  it('requests the report with the company thresholds and shows it in the summary', async () => {
    const cfg = await t.put('superAdmin', `/api/providers/${t.companies.cl}/commercialReport`, {
      baseUrl: base,
      requestLimit: null,
    });
    expect(cfg.statusCode, cfg.body).toBe(200);
    const th = await t.put('superAdmin', `/api/commercial-report/thresholds/${t.companies.cl}`, {
      mediumFrom: 100_000,
      highFrom: 1_000_000,
    });
    expect(th.statusCode, th.body).toBe(200);
    expect((await post('/validate', ficha)).json()).toMatchObject({ valid: true, showModal: false });
    const empty = await t.get('admin', `/api/commercial-report/ficha/${ficha}`);
    expect(empty.json()).toEqual({ report: null, summary: { PersonsRate: null, lastReportDate: null } });

    answers = [{ status: 500, body: {} }];
    const failed = await post('', ficha);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().details).toEqual({ showModal: true });

    answers = [{ status: 200, body: REPORT }];
    const ok = await post('', ficha);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ exposure: 1_200_000, risk: 'high', sample: false });
    expect(ok.json().report.vehicles[0].plate).toBe('ABCD12');
    const summary = await t.get('admin', `/api/commercial-report/ficha/${ficha}`);
    expect(summary.json().summary).toMatchObject({ PersonsRate: 'high', lastReportDate: ok.json().createdAt });
  });

  it('thresholds: the super administrator only, high not below medium', async () => {
    const url = `/api/commercial-report/thresholds/${t.companies.cl}`;
    expect((await t.put('admin', url, { mediumFrom: 1, highFrom: 2 })).statusCode).toBe(403);
    expect((await t.put('superAdmin', url, { mediumFrom: 5, highFrom: 2 })).statusCode).toBe(400);
  });
});
