import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3', LOGIN_MAX_FAILURES: '100' });
});
afterAll(async () => {
  await t?.close();
});

describe('rate limit per client address on sign-in', () => {
  it('answers 429 RATE_LIMITED past the limit, whatever the e-mail, and counts addresses apart', async () => {
    const from = (ip: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: ip,
        payload: { email, password: 'Wrong.Pass1' },
        headers: { 'accept-language': 'en' },
      });
    for (let i = 0; i < 3; i++) expect((await from('10.9.9.1', `a${i}@x.test`)).statusCode).toBe(401);
    const fourth = await from('10.9.9.1', 'other@x.test');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many requests. Try again later' });
    expect((await from('10.9.9.2', 'a0@x.test')).statusCode).toBe(401);
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: '10.9.9.3',
        payload: { email: `b${i}@x.test`, password: 'x' },
      });
    }
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: '10.9.9.3',
      headers: { 'x-forwarded-for': '203.0.113.7' },
      payload: { email: 'c@x.test', password: 'x' },
    });
    expect(spoofed.statusCode).toBe(429);
  });
});
