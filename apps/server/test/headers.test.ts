import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ADMIN, createTestApp, type TestApp } from './harness';

/**
 * Issue 17, "Security headers": no cache keeps an API answer, HSTS only over HTTPS, a strict CSP, a
 * Permissions-Policy.
 */

let t: TestApp;
const extra: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const a of extra) await a.close();
  await t?.close();
});

/** The same application built with other settings (same database), to see the headers another deployment sends. */
async function appWith(config: Partial<TestApp['deps']['config']>) {
  const app = await buildApp(
    { ...t.deps, config: { ...t.deps.config, ...config } },
    { logger: false, serveWeb: false },
  );
  await app.ready();
  extra.push(app);
  return app;
}

describe('API answers are never cached', () => {
  it('the sign-in answer (it holds the tokens) says no-store', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reads, errors and unknown API paths say no-store too', async () => {
    const answers = [
      await t.call({ as: 'admin', method: 'GET', url: '/api/users/me' }),
      await t.call({ method: 'GET', url: '/api/users/me' }),
      await t.call({ as: 'frontdesk', method: 'GET', url: '/api/outbox' }),
      await t.call({ method: 'GET', url: '/api/health' }),
      await t.call({ method: 'GET', url: '/api/no-such-route' }),
      await t.call({ method: 'POST', url: '/api/users/login', payload: { email: 'x' } }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 403, 200, 404, 400]);
    for (const r of answers) expect(r.headers['cache-control'], r.body).toBe('no-store');
  });
});

describe('HSTS only over HTTPS', () => {
  it('plain http (the local default): no Strict-Transport-Security', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const local = await appWith({ publicUrl: 'http://localhost:3000' });
    const r2 = await local.inject({ method: 'GET', url: '/api/health' });
    expect(r2.headers['strict-transport-security']).toBeUndefined();
  });

  it('behind a trusted proxy that terminated TLS, or with an https public address: HSTS', async () => {
    const proxied = await appWith({ trustProxy: ['127.0.0.1'] });
    const tls = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const plain = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // an untrusted client cannot ask for it
    const spoofed = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const https = await appWith({ publicUrl: 'https://app.regcheck.example' });
    const r = await https.inject({ method: 'GET', url: '/api/health' });
    expect(r.headers['strict-transport-security']).toMatch(/max-age=/);
  });
});

describe('CSP and Permissions-Policy', () => {
  it('the CSP stays strict', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('default-src')).toBe("'self'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'self'");
    expect(directives.get('form-action')).toBe("'self'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directives.get('script-src')).not.toMatch(/unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('camera and microphone for the application itself; geolocation, payment, usb for nobody', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    const policy = String(res.headers['permissions-policy']);
    const features = new Map(
      policy.split(',').map((p) => {
        const [k = '', v = ''] = p.trim().split('=');
        return [k, v] as const;
      }),
    );
    expect(features.get('camera')).toBe('(self)');
    expect(features.get('microphone')).toBe('(self)');
    for (const f of ['geolocation', 'payment', 'usb']) expect(features.get(f), f).toBe('()');
  });
});
