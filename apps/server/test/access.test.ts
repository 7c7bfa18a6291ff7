import { COMPANY_ROLES, can, type PermissionKey, type Role } from '@regcheck/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness';

const t = useTestApp({ RATE_LIMIT_MAX: '10000' });

const ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z_]+\??/g, ID).replace(/\*$/, 'x');

describe('every /api route declares who may call it and enforces it', () => {
  it('every non-public route answers 401 without a token', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.access !== 'public');
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        payload: ['GET', 'DELETE'].includes(r.method) ? undefined : {},
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().code, `${r.method} ${r.url}`).toBe('UNAUTHORIZED');
    }
  });

  it('every permission-guarded route answers 403 FORBIDDEN to a role without the permission', async () => {
    const roles: Role[] = [...COMPANY_ROLES, 'superAdmin', 'watcher'];
    let checked = 0;
    for (const r of t.app.apiRoutes) {
      if (r.access === 'public' || r.access === 'authenticated') continue;
      const keys: PermissionKey[] = Array.isArray(r.access) ? r.access : [r.access];
      for (const company of ['cl', 'br'] as const) {
        const country = company === 'cl' ? 'CL' : 'BR';
        const lacking = roles.find(
          (role) => !keys.some((k) => can({ role, company: { country, massiveBulks: company === 'cl' } }, k)),
        );
        if (!lacking) continue;
        const res = await t.call({
          as: lacking,
          company,
          method: r.method as 'GET',
          url: concrete(r.url),
          payload: ['GET', 'DELETE'].includes(r.method) ? undefined : {},
        });
        expect(res.statusCode, `${lacking}@${company} ${r.method} ${r.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('a route without an access rule stops the server from starting', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAccessControl } = await import('../src/plugins/access');
    const app = Fastify();
    registerAccessControl(app, {
      authenticate: async () => null,
      userLocale: () => null,
      refusedClientRole: async () => false,
    });
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/declares no access rule/);
  });

  it('answers security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/users/login', '/api/users/me', '/api/companies']),
    );
  });

  it('answers unknown API paths with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'This page could not be found' });
  });
});

describe('validation errors', () => {
  it('name the field and give the reason in the caller language', async () => {
    const es = await t.post('admin', '/api/users', { name: 'N', email: 'x@y.test', role: 'boss' });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'role' });
    expect(es.json().message).toMatch(/^Valor no válido en role: Opción inválida/);
    const pt = await t.post({ as: 'admin', company: 'br' }, '/api/users', {
      name: 'N',
      email: 'x@y.test',
      role: 'boss',
    });
    expect(pt.json().message).toMatch(/^Valor inválido em role: Opção inválida/);
    // a reason written in the schema is kept as written
    const custom = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'X', country: 'Chile' },
      headers: { 'accept-language': 'en' },
    });
    expect(custom.json().message).toContain('ISO 3166-1 alpha-2');
  });
});
