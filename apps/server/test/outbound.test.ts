import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoEmail } from '../src/bootstrap';
import { withTenant } from '../src/db/tenant';
import { actAs } from '../src/modules/auth/auth.service';
import { fetchList } from '../src/modules/lists/lists.fetch';
import { seedDemoProviders } from '../src/modules/providers/providers.demo';
import { deliverWebhookEvent } from '../src/modules/webhooks/webhooks.service';
import { inCompany, systemCaller } from '../src/plugins/context';
import { createTestApp, type TestApp } from './harness';

/*
 * Issue 22, "close the doors": a URL someone types (webhook, SSO issuer, list address, provider address) never makes
 * the server call an internal address, whatever its notation, at the moment it is saved and at the moment it is
 * called (a name that resolves inside by then, a redirect that points inside). This app allows no private
 * destination except the one name the list download test needs (the operator's setting).
 */

// the system resolver, except for the test's names: they answer 127.0.0.1 (a name "rebinding" to loopback)
vi.mock('node:dns/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:dns/promises')>();
  const local = (host: string) => host.endsWith('.rebind.example') || host === 'downloads.allowed.example';
  const lookup = (async (host: string, opts?: { all?: boolean }) => {
    if (!local(host)) return actual.lookup(host, opts as never);
    const a = { address: '127.0.0.1', family: 4 };
    return opts?.all ? [a] : a;
  }) as typeof actual.lookup;
  return { ...actual, lookup, default: { ...actual, lookup } };
});

let t: TestApp;
/** a TCP port on 127.0.0.1 that counts the connections it gets */
let trap: net.Server;
let trapPort = 0;
let connections = 0;

beforeAll(async () => {
  trap = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  trapPort = (trap.address() as AddressInfo).port;
  t = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: 'downloads.allowed.example' });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => trap.close(r));
});

/** Every notation of an internal destination the issue lists, and a few more. */
const INTERNAL_HOSTS = [
  '[::ffff:127.0.0.1]:8444',
  '[::ffff:7f00:1]:8443',
  '127.0.0.1:8443',
  'localhost',
  '[::1]',
  '2130706433',
  '0x7f000001',
  '127.1',
  '169.254.169.254',
  '10.0.0.5',
  '192.168.1.4',
  '172.16.0.1',
  '100.64.0.1',
  '0.0.0.0',
  '[::]',
  '[64:ff9b::7f00:1]',
  '[::127.0.0.1]',
  '[fe80::1]',
  '[fc00::1]',
  '224.0.0.1',
  'metadata.google.internal',
];

describe('a typed URL to an internal address is refused when it is saved', () => {
  it('webhook url (POST and PATCH /api/webhooks)', async () => {
    for (const host of INTERNAL_HOSTS) {
      const res = await t.post('admin', '/api/webhooks', {
        url: `https://${host}/hook`,
        events: ['allegation.received'],
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toMatchObject({ code: 'WEBHOOK_URL_REFUSED', field: 'url' });
    }
    const ok = await t.post('admin', '/api/webhooks', { url: 'https://hooks.example.com/in', events: ['list.match'] });
    expect(ok.statusCode).toBe(200);
    const patch = await t.patch('admin', `/api/webhooks/${ok.json().webhook.id}`, {
      url: 'https://[::ffff:7f00:1]:8443/hook',
    });
    expect(patch.json()).toMatchObject({ code: 'WEBHOOK_URL_REFUSED', field: 'url' });
  });

  it('list sourceUrl (PATCH /api/lists/{id}), with the message in the three languages', async () => {
    for (const host of INTERNAL_HOSTS) {
      const res = await t.patch('superAdmin', '/api/lists/ofac', { sourceUrl: `http://${host}/sdn.csv` });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toMatchObject({ code: 'OUTBOUND_URL_REFUSED', field: 'sourceUrl' });
    }
    const messages: Record<string, string> = {};
    for (const lang of ['es', 'pt-BR', 'en']) {
      const res = await t.call({
        as: 'superAdmin',
        method: 'PATCH',
        url: '/api/lists/ofac',
        headers: { 'accept-language': lang },
        payload: { sourceUrl: 'http://127.0.0.1:8080/sdn.csv' },
      });
      messages[lang] = res.json().message;
    }
    expect(messages.es).toMatch(/^La dirección de sourceUrl no se acepta/);
    expect(messages['pt-BR']).toMatch(/^O endereço em sourceUrl não é aceito/);
    expect(messages.en).toMatch(/^The address in sourceUrl is refused/);
    const source = await t.get('superAdmin', '/api/lists/ofac');
    expect(source.json().sourceUrl ?? '').not.toContain('127.0.0.1');
  });

  it('provider baseUrl (PUT /api/providers/{company}/{provider} and /account)', async () => {
    for (const host of INTERNAL_HOSTS) {
      const res = await t.put('superAdmin', `/api/providers/${t.companies.br}/cpf`, {
        baseUrl: `https://${host}/api`,
        requestLimit: 10,
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toMatchObject({ code: 'OUTBOUND_URL_REFUSED', field: 'baseUrl' });
      const account = await t.put('superAdmin', `/api/providers/${t.companies.br}/account`, {
        baseUrl: `https://${host}`,
        clientId: 'regcheck',
        clientSecret: 'secret',
      });
      expect(account.statusCode, host).toBe(400);
      expect(account.json(), host).toMatchObject({ code: 'OUTBOUND_URL_REFUSED', field: 'baseUrl' });
    }
  });

  it('SSO issuer (PUT /api/companies/{id}/sso)', async () => {
    for (const host of INTERNAL_HOSTS) {
      const res = await t.put('superAdmin', `/api/companies/${t.companies.cl}/sso`, {
        providerName: 'Microsoft',
        issuerUrl: `https://${host}`,
        clientId: 'regcheck',
        clientSecret: 'secret',
        domains: ['demo.regcheck.app'],
        enabled: true,
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toMatchObject({ code: 'OUTBOUND_URL_REFUSED', field: 'issuerUrl' });
    }
  });
});

describe('a typed URL is checked again when it is called', () => {
  it('a webhook whose name resolves to 127.0.0.1 at delivery (rebinding) is refused without connecting', async () => {
    const created = await t.post('admin', '/api/webhooks', {
      url: `https://hooks.rebind.example:${trapPort}/hook`,
      events: ['form.signed'],
    });
    expect(created.statusCode, created.body).toBe(200);
    connections = 0;
    await withTenant(t.deps.db, t.companies.cl, (trx) =>
      deliverWebhookEvent(t.deps.queue, trx, t.companies.cl, 'form.signed', { formId: 'f1' }),
    );
    await t.deps.queue.drain();
    const log = (await t.get('admin', `/api/webhooks/${created.json().webhook.id}/deliveries`)).json();
    expect(log.data[0]).toMatchObject({
      status: 'pending',
      responseStatus: null,
      error: 'the host resolves to a loopback address',
    });
    // nothing reached the port: the log cannot tell whether an internal port answers
    expect(connections).toBe(0);
  });

  it('a list download redirected to an internal address is refused', async () => {
    let asked = 0;
    const server = http.createServer((_req, res) => {
      asked++;
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      // the operator allows this name (it resolves to 127.0.0.1 here): the download starts, its redirect does not
      const url = `http://downloads.allowed.example:${(server.address() as AddressInfo).port}/sdn.csv`;
      const patch = await t.patch('superAdmin', '/api/lists/pdi', { sourceUrl: url });
      expect(patch.statusCode, patch.body).toBe(200);
      const r = await fetchList(t.deps, 'pdi');
      expect(r).toMatchObject({ status: 'failed', error: 'the address is link-local' });
      expect(asked).toBe(1);
      const source = (await t.get('superAdmin', '/api/lists/pdi')).json();
      expect(source.lastFetchError).toBe('the address is link-local');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("the demo's built-in sample provider is the server's own: it still answers with no private destination allowed", async () => {
    // what the demo seed does for a demo installation: every provider and the account on the sample server
    const auth = await actAs(t.deps, demoEmail('admin', 'cl'));
    if (!auth) throw new Error('no demo administrator');
    await seedDemoProviders(t.deps, inCompany(systemCaller(auth, t.deps.log)));
    const info = await t.get('superAdmin', `/api/companies/get-datacorp-info/${t.companies.cl}`);
    expect(info.json().account).toMatchObject({ sample: true, baseUrl: 'builtin:sample' });
    const renewed = await t.post('superAdmin', `/api/companies/create-renew-datacorp-token/${t.companies.cl}`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().account.token.state).toBe('valid');
  });
});
