import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startTestIdentityProvider, type TestIdentityProvider } from '../../../test/oidc-test-provider';

// a real OpenID Connect provider (oidc-provider) on 127.0.0.1, over http: the test environment's operator setting
// OUTBOUND_ALLOW_PRIVATE=127.0.0.1 lets the server reach it (and over http, as an allowed private destination)
const REDIRECT = 'http://regcheck.test/login/config-msal';
let t: TestApp;
let idp: TestIdentityProvider;
let liar: TestIdentityProvider;

beforeAll(async () => {
  idp = await startTestIdentityProvider({ redirectUris: [REDIRECT] });
  // served at one address, announcing another issuer
  liar = await startTestIdentityProvider({
    redirectUris: [REDIRECT],
    issuerOverride: 'https://login.other.example/v2.0',
  });
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await liar?.close();
});

const config = (over: Record<string, unknown> = {}) => ({
  providerName: 'Microsoft',
  issuerUrl: idp.issuer,
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  domains: ['demo.regcheck.app'],
  enabled: true,
  ...over,
});

async function configure(companyId: string, body = config()) {
  const res = await t.put('superAdmin', `/api/companies/${companyId}/sso`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Starts a sign-in for `startEmail`, signs in at the provider as `idpEmail`: the body for POST /users/login-sso. */
async function signInAtProvider(startEmail: string, idpEmail = startEmail) {
  const start = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { email: startEmail } });
  expect(start.statusCode, start.body).toBe(200);
  const { url, binding, state } = start.json() as { url: string; binding: string; state: string };
  const authorize = new URL(url);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  expect(authorize.searchParams.get('state')).toBe(state);
  const back = await idp.signIn(url, idpEmail);
  return {
    token: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    iss: back.searchParams.get('iss') ?? undefined,
    binding,
  };
}

const loginSso = (payload: Record<string, unknown>, lang = 'en') =>
  t.app.inject({ method: 'POST', url: '/api/users/login-sso', payload, headers: { 'accept-language': lang } });

describe('single sign-on configuration (PUT/GET/DELETE /api/companies/{id}/sso)', () => {
  it('401 without a session, 403 for a company administrator, 404 for an unknown company', async () => {
    const url = `/api/companies/${t.companies.cl}/sso`;
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.get('admin', url)).statusCode).toBe(403);
    expect((await t.put('admin', url, config())).statusCode).toBe(403);
    const unknown = '/api/companies/00000000-0000-4000-8000-000000000000/sso';
    expect((await t.put('superAdmin', unknown, config())).statusCode).toBe(404);
  });

  it('a new company has single sign-on off; it cannot be set up or turned on without an issuer and a client id, named in words', async () => {
    const created = await t.post('superAdmin', '/api/companies', { name: 'Sin SSO configurado SpA', country: 'CL' });
    expect(created.statusCode, created.body).toBe(200);
    const url = `/api/companies/${created.json().id}/sso`;
    const fresh = await t.get('superAdmin', url);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ configured: false, enabled: false, issuerUrl: '', clientId: '' });

    const put = (payload: Record<string, unknown>, lang: string) =>
      t.call({ as: 'superAdmin', method: 'PUT', url, payload, headers: { 'accept-language': lang } });
    const noIssuer = await put(config({ issuerUrl: '  ', domains: ['sin-sso.example'] }), 'es');
    expect(noIssuer.statusCode).toBe(400);
    expect(noIssuer.json()).toMatchObject({ code: 'SSO_ISSUER_REQUIRED', field: 'issuerUrl' });
    expect(noIssuer.json().message).toBe(
      'Ingrese la URL del emisor del proveedor: sin ella no se puede configurar ni activar el inicio de sesión único',
    );
    const noClient = await put(config({ clientId: '', domains: ['sin-sso.example'] }), 'en');
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json()).toMatchObject({ code: 'SSO_CLIENT_ID_REQUIRED', field: 'clientId' });
    expect(noClient.json().message).toBe(
      'Enter the client ID registered at the provider: single sign-on cannot be set up or turned on without it',
    );
    const pt = await put(config({ issuerUrl: '', domains: ['sin-sso.example'] }), 'pt-BR');
    expect(pt.json().message).toMatch(/^Informe a URL do emissor/);

    // nothing was stored: the switch still reads off and the domain's users see no single sign-on button
    expect((await t.get('superAdmin', url)).json()).toMatchObject({
      configured: false,
      enabled: false,
    });
    const discover = await t.app.inject({ method: 'GET', url: '/api/sso/discover?email=ana@sin-sso.example' });
    expect(discover.json()).toEqual({ enabled: false, providerName: null });
  });

  it('refuses two identical domains, a malformed issuer and an issuer that announces another one, naming the field', async () => {
    const url = `/api/companies/${t.companies.br}/sso`;
    const twice = await t.call({
      as: 'superAdmin',
      method: 'PUT',
      url,
      payload: config({ domains: ['banco.example', 'BANCO.example'] }),
      headers: { 'accept-language': 'es' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'SSO_DOMAIN_DUPLICATE', field: 'domains.1' });
    expect(twice.json().message).toBe(
      'El dominio banco.example está repetido: no se permiten dos dominios SSO idénticos',
    );
    const ftp = await t.put('superAdmin', url, config({ issuerUrl: 'ftp://x.example' }));
    expect(ftp.json()).toMatchObject({ code: 'SSO_ISSUER_INVALID', field: 'issuerUrl' });
    // the liar is served at 127.0.0.1 but announces login.other.example: asked at its address, it is refused
    const served = await t.put('superAdmin', url, config({ issuerUrl: liar.served, clientId: liar.clientId }));
    expect(served.statusCode).toBe(400);
    expect(served.json()).toMatchObject({ code: 'SSO_ISSUER_MISMATCH', field: 'issuerUrl' });
    const noSecret = await t.put('superAdmin', url, config({ clientSecret: undefined }));
    expect(noSecret.json()).toMatchObject({ code: 'SSO_SECRET_REQUIRED', field: 'clientSecret' });
    const rows = await t.deps.db
      .selectFrom('ssoProviders')
      .selectAll()
      .where('companyId', '=', t.companies.br)
      .execute();
    expect(rows).toEqual([]);
  });

  it('stores the provider with the secret sealed, never answers it, audits the change; a domain belongs to one company', async () => {
    const view = await configure(t.companies.cl);
    expect(view).toMatchObject({
      configured: true,
      issuerUrl: idp.issuer,
      clientId: idp.clientId,
      hasClientSecret: true,
      domains: ['demo.regcheck.app'],
      redirectUri: REDIRECT,
    });
    expect(JSON.stringify(view)).not.toContain(idp.clientSecret);
    const row = await t.deps.db
      .selectFrom('ssoProviders')
      .selectAll()
      .where('companyId', '=', t.companies.cl)
      .executeTakeFirstOrThrow();
    expect(row.clientSecret).not.toContain(idp.clientSecret);
    expect(row.clientSecret.startsWith('v1.')).toBe(true);
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'after'])
      .where('entityId', '=', t.companies.cl)
      .where('action', '=', 'company.sso.changed')
      .execute();
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]?.after)).not.toContain(idp.clientSecret);

    // the secret may be left out: the stored one is kept
    const kept = await configure(t.companies.cl, config({ clientSecret: undefined, providerName: 'Entra ID' }));
    expect(kept.providerName).toBe('Entra ID');

    const taken = await t.put(
      'superAdmin',
      `/api/companies/${t.companies.br}/sso`,
      config({ domains: ['banco.example', 'Demo.RegCheck.app'] }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SSO_DOMAIN_TAKEN', field: 'domains.1' });

    const discover = await t.app.inject({ method: 'GET', url: '/api/sso/discover?email=Ana@DEMO.regcheck.app' });
    expect(discover.json()).toEqual({ enabled: true, providerName: 'Entra ID' });
    const none = await t.app.inject({ method: 'GET', url: '/api/sso/discover?email=ana@elsewhere.example' });
    expect(none.json()).toEqual({ enabled: false, providerName: null });
  });
});

describe('POST /api/users/login-sso', () => {
  it("answers 'Token is required for SSO authentication' without a token", async () => {
    const res = await loginSso({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'SSO_TOKEN_REQUIRED', field: 'token' });
    expect(res.json().message).toBe('Token is required for SSO authentication');
  });

  it('signs in the existing user through the provider (code flow with PKCE); the state cannot be replayed', async () => {
    await configure(t.companies.cl, config({ providerName: 'Microsoft' }));
    const body = await signInAtProvider('admin.cl@demo.regcheck.app');
    const ok = await loginSso(body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ email: 'admin.cl@demo.regcheck.app', role: 'admin' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${ok.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    const success = await t.deps.db
      .selectFrom('auditLog')
      .select('after')
      .where('action', '=', 'auth.login.success')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(success.after).toMatchObject({ via: 'sso' });

    const replay = await loginSso(body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'SSO_STATE_INVALID', field: 'state' });
  });

  it('refuses a sign-in finished in another browser (no binding) and an answer from the wrong issuer', async () => {
    const stolen = await signInAtProvider('admin.cl@demo.regcheck.app');
    const noBinding = await loginSso({ ...stolen, binding: undefined });
    expect(noBinding.json().code).toBe('SSO_STATE_INVALID');

    const mixUp = await signInAtProvider('admin.cl@demo.regcheck.app');
    const wrongIssuer = await loginSso({ ...mixUp, iss: 'https://login.other.example/v2.0' });
    expect(wrongIssuer.statusCode).toBe(401);
    expect(wrongIssuer.json().code).toBe('SSO_TOKEN_INVALID');
    const refused = await t.deps.db
      .selectFrom('auditLog')
      .select('after')
      .where('action', '=', 'auth.sso.refused')
      .execute();
    expect(refused.map((r) => (r.after as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['SSO_STATE_INVALID', 'SSO_TOKEN_INVALID']),
    );
    // refused for the issuer of the authorization response (RFC 9207), not for anything else
    const detail = refused.map((r) => (r.after as { detail?: string }).detail).find(Boolean);
    expect(detail).toMatch(/iss/i);
  });

  it('never creates a user: an unknown e-mail, another company user and a domain not allowed are refused, translated', async () => {
    const before = await t.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const unknown = await loginSso(await signInAtProvider('nadie@demo.regcheck.app'), 'es');
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json().code).toBe('SSO_USER_NOT_FOUND');
    expect(unknown.json().message).toContain('nadie@demo.regcheck.app');
    expect(unknown.json().message).toContain('no crea usuarios');

    // a user of the Brazilian demo company with the allowed domain does not sign in through the Chilean provider
    const otherCompany = await loginSso(await signInAtProvider('admin.br@demo.regcheck.app'));
    expect(otherCompany.json().code).toBe('SSO_USER_NOT_FOUND');

    // started for an allowed domain, but the provider vouches for an address of another domain
    const foreign = await loginSso(
      await signInAtProvider('admin.cl@demo.regcheck.app', 'ana@intruso.example'),
      'pt-BR',
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('SSO_DOMAIN_NOT_ALLOWED');
    expect(foreign.json().message).toBe(
      'O domínio intruso.example não está autorizado para o login único desta empresa',
    );

    const after = await t.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a domain without a provider cannot start; a removed configuration stops sign-ins (audited)', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/sso/start', payload: { email: 'x@nowhere.example' } });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('SSO_NOT_CONFIGURED');
    const pending = await signInAtProvider('admin.cl@demo.regcheck.app');
    const removed = await t.del('superAdmin', `/api/companies/${t.companies.cl}/sso`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().configured).toBe(false);
    expect((await loginSso(pending)).statusCode).not.toBe(200);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'company.sso.removed')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
