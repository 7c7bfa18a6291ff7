import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { translate } from '@regcheck/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANA_ROJAS_RUT, fichaIdOf, MARIA_CPF } from '../../../test/fichas-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * The super administrator's side of the providers: configuration per company (credentials never shown back), the
 * data-provider account ("datacorp": GET /companies/get-datacorp-info, POST /companies/create-renew-datacorp-token)
 * against a local OAuth token endpoint, the read-only call log, the commercial-report thresholds, ProcessosJudiciais
 * access; and the access rules of the new per-person record routes.
 */

let t: TestApp;
let server: http.Server;
let base: string;
const seen: { method: string; url: string; auth?: string; body: string }[] = [];
let tokenAnswers: { status: number; body: unknown }[] = [];
let issued = 0;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const fichas = { rut: '', cpf: '' };

const sa = (method: string, url: string, payload?: Record<string, unknown>) =>
  t.call({ as: 'superAdmin', method, url, payload });

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization, body });
      let answer: { status: number; body: unknown };
      if (req.url === '/oauth/token') {
        issued++;
        answer = tokenAnswers.shift() ?? {
          status: 200,
          body: { access_token: `tok-${issued}`, token_type: 'Bearer', expires_in: 3600 },
        };
      } else answer = { status: 200, body: { sanctions: [], electoralDonations: [] } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // no test here times a provider out: the timeout is a ceiling for a busy machine (at 500 ms a local answer timed out
  // at load 18 and the renewed token was never used)
  t = await createTestApp({ RATE_LIMIT_MAX: '100000', PROVIDER_TIMEOUT_MS: '30000', PROVIDER_RETRIES: '0' });
  fichas.rut = await fichaIdOf(t, ANA_ROJAS_RUT, { as: 'admin', company: 'cl' });
  fichas.cpf = await fichaIdOf(t, MARIA_CPF, { as: 'admin', company: 'br' });
});
afterAll(async () => {
  await t?.close();
  server?.close();
});
beforeEach(() => {
  seen.length = 0;
  tokenAnswers = [];
});

describe('provider configuration (super administrator)', () => {
  it('401 without a session, 403 for a company administrator, 404 for an unknown company', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/providers/${t.companies.br}` })).statusCode).toBe(401);
    expect((await t.get('admin', `/api/providers/${t.companies.br}`)).statusCode).toBe(403);
    const unknown = await sa('PUT', `/api/providers/${UNKNOWN}/cpf`, { baseUrl: base, requestLimit: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('COMPANY_NOT_FOUND');
    expect((await sa('GET', `/api/providers/${UNKNOWN}`)).statusCode).toBe(404);
  });

  it('bad input names the field: a non-http address, a negative limit, an unknown provider', async () => {
    const ftp = await sa('PUT', `/api/providers/${t.companies.br}/cpf`, { baseUrl: 'ftp://x.test', requestLimit: 1 });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.body).toContain('baseUrl');
    const neg = await sa('PUT', `/api/providers/${t.companies.br}/cpf`, { baseUrl: base, requestLimit: -1 });
    expect(neg.statusCode).toBe(400);
    expect(neg.body).toContain('requestLimit');
    expect(
      (await sa('PUT', `/api/providers/${t.companies.br}/nope`, { baseUrl: base, requestLimit: 1 })).statusCode,
    ).toBe(400);
  });

  it('credentials are written encrypted, never shown back, kept when omitted and removed with null', async () => {
    const url = `/api/providers/${t.companies.br}/restrictions`;
    const set = await sa('PUT', url, { baseUrl: base, requestLimit: 10, credentials: 'secret-key-9' });
    expect(set.json()).toMatchObject({ hasCredentials: true, requestLimit: 10 });
    expect(set.body).not.toContain('secret-key-9');
    const kept = await sa('PUT', url, { baseUrl: base, requestLimit: 12 });
    expect(kept.json()).toMatchObject({ hasCredentials: true, requestLimit: 12 });
    const list = await sa('GET', `/api/providers/${t.companies.br}`);
    expect(list.body).not.toContain('secret-key-9');
    const row = await t.deps.db
      .selectFrom('providerConfigs')
      .select('credentialsEnc')
      .where('provider', '=', 'restrictions')
      .executeTakeFirstOrThrow();
    expect(row.credentialsEnc).toMatch(/^v1\./);
    expect(row.credentialsEnc).not.toContain('secret-key-9');
    // the provider receives the credentials as a bearer token
    await t.get({ as: 'admin', company: 'br' }, `/api/person-records/${fichas.cpf}/restrictions`);
    expect(seen.find((s) => s.url.startsWith('/restrictions/'))?.auth).toBe('Bearer secret-key-9');
    const removed = await sa('PUT', url, { baseUrl: base, requestLimit: 12, credentials: null });
    expect(removed.json().hasCredentials).toBe(false);
  });

  it('the change is audited without the credentials', async () => {
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('action', '=', 'provider.configured')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('secret-key-9');
  });
});

describe('the data-provider account (datacorp)', () => {
  const info = (id = t.companies.br) => sa('GET', `/api/companies/get-datacorp-info/${id}`);
  const renew = (id = t.companies.br) => sa('POST', `/api/companies/create-renew-datacorp-token/${id}`);

  it('401, 403 for a company user, 404 for an unknown company', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/companies/get-datacorp-info/${t.companies.br}` })).statusCode,
    ).toBe(401);
    expect((await t.post('admin', `/api/companies/create-renew-datacorp-token/${t.companies.br}`)).statusCode).toBe(
      403,
    );
    expect((await info(UNKNOWN)).statusCode).toBe(404);
    expect((await renew(UNKNOWN)).statusCode).toBe(404);
  });

  it('without an account: the info says so, and a token cannot be created (409)', async () => {
    const res = await info();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().account).toMatchObject({ configured: false, token: { state: 'none' } });
    const r = await renew();
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('PROVIDER_ACCOUNT_NOT_CONFIGURED');
  });

  it('creates a token with the client credentials (RFC 6749 client credentials), never shown back', async () => {
    const set = await sa('PUT', `/api/providers/${t.companies.br}/account`, {
      baseUrl: base,
      clientId: 'client-1',
      clientSecret: 'secret-1',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ configured: true, clientId: 'client-1', hasSecret: true });
    expect(set.body).not.toContain('secret-1');
    const res = await renew();
    expect(res.statusCode, res.body).toBe(200);
    const call = seen.find((s) => s.url === '/oauth/token');
    expect(call?.method).toBe('POST');
    expect(call?.body).toBe('grant_type=client_credentials');
    expect(call?.auth).toBe(`Basic ${Buffer.from('client-1:secret-1').toString('base64')}`);
    const body = res.json();
    expect(body.account.token).toMatchObject({ state: 'valid', renewedBy: expect.any(String) });
    expect(new Date(body.account.token.expiresAt).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(res.body).not.toMatch(/tok-\d/);
    const stored = await t.deps.db
      .selectFrom('providerAccounts')
      .select(['tokenEnc', 'clientSecretEnc'])
      .executeTakeFirstOrThrow();
    expect(stored.tokenEnc).toMatch(/^v1\./);
    expect(stored.clientSecretEnc).not.toContain('secret-1');
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('after')
      .where('action', '=', 'provider.account.tokenRenewed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toMatch(/tok-\d|secret-1/);
  });

  it('a provider without credentials of its own is called with the account token', async () => {
    await sa('PUT', `/api/providers/${t.companies.br}/restrictions`, { baseUrl: base, requestLimit: 12 });
    await t.deps.db.deleteFrom('providerCache').execute();
    const r = await t.get({ as: 'admin', company: 'br' }, `/api/person-records/${fichas.cpf}/restrictions`);
    expect(r.statusCode, r.body).toBe(200);
    expect(seen.find((s) => s.url.startsWith('/restrictions/'))?.auth).toMatch(/^Bearer tok-\d+$/);
    const i = (await info()).json();
    expect(i.providers).toContainEqual(
      expect.objectContaining({ provider: 'restrictions', authentication: 'accountToken', requestLimit: 12 }),
    );
    const used = i.providers.find((p: { provider: string }) => p.provider === 'restrictions');
    expect(used.remaining).toBe(12 - used.requestsUsed);
  });

  it('an expired token is renewed before the call', async () => {
    await t.deps.db
      .updateTable('providerAccounts')
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .execute();
    expect((await info()).json().account.token.state).toBe('expired');
    await t.deps.db.deleteFrom('providerCache').execute();
    const before = issued;
    await t.get({ as: 'admin', company: 'br' }, `/api/person-records/${fichas.cpf}/restrictions`);
    expect(issued).toBe(before + 1);
    expect(seen.find((s) => s.url.startsWith('/restrictions/'))?.auth).toBe(`Bearer tok-${issued}`);
  });

  it("the token endpoint's refusal answers 502 and keeps the stored token", async () => {
    const before = (await info()).json().account.token;
    tokenAnswers = [{ status: 401, body: { error: 'invalid_client' } }];
    const r = await renew();
    expect(r.statusCode).toBe(502);
    expect(r.json().code).toBe('PROVIDER_UNAVAILABLE');
    expect((await info()).json().account.token).toEqual(before);
  });
});

describe('the call log (read-only)', () => {
  it('the auditor reads it, of one ficha too; frontdesk is 403; the super administrator reads any company', async () => {
    const all = await t.get({ as: 'auditor', company: 'br' }, '/api/person-records/calls');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().count).toBeGreaterThan(0);
    const one = await t.get({ as: 'supervisor', company: 'br' }, `/api/person-records/calls?fichaId=${fichas.cpf}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.every((c: { fichaId: string }) => c.fichaId === fichas.cpf)).toBe(true);
    expect((await t.get({ as: 'frontdesk', company: 'br' }, '/api/person-records/calls')).statusCode).toBe(403);
    const byAdmin = await sa('GET', `/api/providers/${t.companies.br}/calls?limit=5`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.length).toBeLessThanOrEqual(5);
    expect((await sa('GET', `/api/providers/${UNKNOWN}/calls`)).statusCode).toBe(404);
    // nothing writes to it through the API
    expect((await t.del({ as: 'auditor', company: 'br' }, '/api/person-records/calls')).statusCode).toBe(404);
  });
});

describe('commercial-report thresholds', () => {
  it('the defaults until set, then the company values; 404 for an unknown company; 403 for a company user', async () => {
    const url = `/api/commercial-report/thresholds/${t.companies.cl}`;
    expect((await sa('GET', url)).json()).toEqual({ mediumFrom: 1_000_000, highFrom: 5_000_000, isDefault: true });
    expect((await sa('PUT', url, { mediumFrom: 2_000_000, highFrom: 1_000_000 })).statusCode).toBe(400);
    expect((await sa('PUT', url, { mediumFrom: 2_000_000, highFrom: 9_000_000 })).statusCode).toBe(200);
    expect((await sa('GET', url)).json()).toEqual({ mediumFrom: 2_000_000, highFrom: 9_000_000, isDefault: false });
    expect((await sa('GET', `/api/commercial-report/thresholds/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await t.get({ as: 'admin', company: 'cl' }, url)).statusCode).toBe(403);
  });
});

describe('ProcessosJudiciais (super administrator)', () => {
  const url = (company: string, run: string, rest = '') => `/api/processos-judiciais/${company}/${run}${rest}`;
  it('401, 403 for a company user, 404 for an unknown company, 400 for an invalid CPF/CNPJ or case id', async () => {
    expect((await t.app.inject({ method: 'GET', url: url(t.companies.br, '52998224725') })).statusCode).toBe(401);
    expect((await t.get('admin', url(t.companies.br, '52998224725'))).statusCode).toBe(403);
    expect((await sa('GET', url(UNKNOWN, '52998224725'))).statusCode).toBe(404);
    const bad = await sa('GET', url(t.companies.br, '52998224724'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'RECORD_DOCUMENT_INVALID' });
    expect((await sa('GET', url(t.companies.br, '52998224725', '/a%20b'))).statusCode).toBe(400);
    expect((await sa('GET', url(t.companies.br, '52998224725', '?limit=20'))).statusCode).toBe(400);
  });

  it('a company without the court-case provider: the "not configured" state', async () => {
    const res = await sa('GET', url(t.companies.br, encodeURIComponent('529.982.247-25')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ document: '52998224725', state: 'notConfigured', data: [] });
  });
});

describe('the new per-person record routes', () => {
  const paths = [
    'restrictions',
    'insolvency',
    'tax-folder',
    'insurer/operations',
    'insurer/products',
    'insurer/policies',
  ];
  it.each(paths)('%s: 401, 403 for the super administrator, 404 for another company ficha', async (p) => {
    expect((await t.app.inject({ method: 'GET', url: `/api/person-records/${fichas.rut}/${p}` })).statusCode).toBe(401);
    expect((await sa('GET', `/api/person-records/${fichas.rut}/${p}`)).statusCode).toBe(403);
    const other = await t.get({ as: 'frontdesk', company: 'br' }, `/api/person-records/${fichas.rut}/${p}`);
    expect(other.statusCode).toBe(404);
  });

  it('a document of the wrong country is a translated 400 naming the document', async () => {
    const r = await t.get({ as: 'admin', company: 'cl' }, `/api/person-records/${fichas.rut}/restrictions`);
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'RECORD_DOCUMENT_MISMATCH', message: expect.stringContaining('RUT') });
    const cpf = await t.get({ as: 'admin', company: 'br' }, `/api/person-records/${fichas.cpf}/insolvency`);
    expect(cpf.statusCode).toBe(400);
    expect(cpf.json().message).toContain('CPF');
  });

  it('not configured is a state, never a made-up answer', async () => {
    const r = await t.get({ as: 'frontdesk', company: 'cl' }, `/api/person-records/${fichas.rut}/tax-folder`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ state: 'notConfigured', folder: null, person: { name: 'Ana Rojas' } });
  });

  it("an unknown court-case type in the detail is 'Tipo de causa no válido', in the reader's language", async () => {
    const r = await t.get(
      { as: 'admin', company: 'br' },
      `/api/person-records/${fichas.cpf}/court-cases/inventada/C-1`,
    );
    expect(r.statusCode).toBe(400);
    // the Brazilian company reads Portuguese; the spec's Spanish words are the es catalogue's
    expect(r.json()).toMatchObject({ code: 'INVALID_CASE_TYPE', message: 'Tipo de processo inválido' });
    expect(translate('es', 'records:errors.INVALID_CASE_TYPE')).toBe('Tipo de causa no válido');
  });
});
