import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from '../src/modules/auth/captcha.service';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness';
import { decodeQuotedPrintable, startSmtp } from './smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function captcha() {
  const c = (await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json();
  expect(c.version).toBe(3);
  return solveChallenge(c.challenge, c.difficulty);
}

describe('password recovery through a real SMTP exchange', () => {
  it('refuses a request without a solved challenge', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/recover',
      payload: { email: 'admin.cl@demo.regcheck.app', lang: 'en' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CAPTCHA_INVALID', message: 'Invalid token' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/captcha/abc:1' });
    expect(bad.json()).toEqual({ success: false, message: 'Invalid token' });
  });

  it('a solved challenge can be used once', async () => {
    const token = await captcha();
    expect((await t.app.inject({ method: 'GET', url: `/api/captcha/${encodeURIComponent(token)}` })).json()).toEqual({
      success: true,
    });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/users/recover',
      payload: { email: 'nobody@nowhere.test', captcha: token },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/users/recover',
      payload: { email: 'nobody@nowhere.test', captcha: token },
    });
    expect(again.json().code).toBe('CAPTCHA_INVALID');
  });

  it('sends the link by e-mail; the link sets a new password once; old sessions end', async () => {
    const email = 'usermonitoring.br@demo.regcheck.app';
    const before = (
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: DEMO_PASSWORD } })
    ).json();
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/recover',
      payload: { email: 'ghost@nowhere.test', lang: 'br', captcha: await captcha() },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/recover',
      payload: { email, lang: 'br', captcha: await captcha() },
    });
    expect(res.statusCode).toBe(200);
    // no hint whether the e-mail exists
    expect(res.json()).toEqual(unknown.json());
    await t.deps.queue.drain();
    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail, 'the SMTP server received the message').toBeTruthy();
    expect(smtp.mails.some((m) => m.to.includes('ghost@nowhere.test'))).toBe(false);
    const body = decodeQuotedPrintable(mail?.raw ?? '');
    expect(body).toContain('redefinir a senha');
    const link = /http:\/\/regcheck\.test\/recover\/([\w-]+)\/([^/\s]+)\/restablecer/.exec(body);
    expect(link).not.toBeNull();
    const token = link?.[1] as string;
    const linkEmail = decodeURIComponent(link?.[2] as string);
    expect(linkEmail).toBe(email);
    const outbox = await t.deps.db
      .selectFrom('outbox')
      .select(['status', 'toAddress'])
      .where('toAddress', '=', email)
      .executeTakeFirstOrThrow();
    expect(outbox.status).toBe('sent');

    const check = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/check-recovery',
      payload: { token, email: linkEmail },
    });
    expect(check.json()).toEqual({ valid: true });
    const mismatch = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/change-password',
      payload: { token, email: linkEmail, password: 'Fresh.Pass.2026', confirmPassword: 'Fresh.Pass.2025' },
      headers: { 'accept-language': 'en' },
    });
    expect(mismatch.json()).toMatchObject({ code: 'PASSWORDS_MUST_MATCH', message: 'Passwords must match' });
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/change-password',
      payload: { token, email: linkEmail, password: 'Fresh.Pass.2026', confirmPassword: 'Fresh.Pass.2026' },
    });
    expect(ok.statusCode).toBe(200);
    const reuse = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/change-password',
      payload: { token, email: linkEmail, password: 'Other.Pass.2026', confirmPassword: 'Other.Pass.2026' },
    });
    expect(reuse.json().code).toBe('RECOVERY_TOKEN_INVALID');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password: 'Fresh.Pass.2026' } }))
        .statusCode,
    ).toBe(200);
    const oldSession = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${before.token}` },
    });
    expect(oldSession.statusCode).toBe(401);
    const audit = await t.deps.db.selectFrom('auditLog').select('action').where('action', 'like', 'auth.%').execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.recovery.requested', 'auth.password.reset']),
    );
  });
});
