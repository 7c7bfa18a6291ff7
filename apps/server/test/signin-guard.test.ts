import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from '../src/modules/auth/captcha.service';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness';

// Sign-in guard (docs/decisions.md 7) and refresh-identifier replay (decision 9).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_CHALLENGE_AFTER: '3',
    LOGIN_MAX_FAILURES: '5',
    RATE_LIMIT_MAX: '500',
    // replays are judged at once here; the reuse window for two tabs of one browser has its own test below
    REFRESH_REUSE_GRACE_SECONDS: '0',
  });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, ip = '10.1.0.1', captcha?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    remoteAddress: ip,
    payload: captcha ? { email, password, captcha } : { email, password },
    headers: { 'accept-language': 'en' },
  });

async function solved(email?: string) {
  const url = email ? `/api/captcha/challenge?email=${encodeURIComponent(email)}` : '/api/captcha/challenge';
  const c = (await t.app.inject({ method: 'GET', url })).json();
  return { token: solveChallenge(c.challenge, c.difficulty), difficulty: c.difficulty as number };
}

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
const renew = (id: string) => t.app.inject({ method: 'POST', url: '/api/users/renewtoken', payload: { id } });

describe('a replayed refresh identifier ends its whole session family', () => {
  it('after a replay, the access tokens and refresh identifiers of that session all answer 401', async () => {
    const first = (await login('frontdesk.cl@demo.regcheck.app', DEMO_PASSWORD)).json();
    const r1 = (await renew(first.id)).json();
    expect(r1.id).toBeTruthy();
    // the legitimate holder renews again; the family is alive
    const r2 = await renew(r1.id);
    expect(r2.statusCode).toBe(200);
    const live = r2.json();
    expect((await me(live.token)).statusCode).toBe(200);

    // a thief replays the first (already rotated) identifier
    const replay = await renew(first.id);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('SESSION_EXPIRED');

    // everything of that family is dead: access tokens and the newest refresh identifier
    expect((await me(live.token)).statusCode).toBe(401);
    expect((await me(r1.token)).statusCode).toBe(401);
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await renew(live.id)).statusCode).toBe(401);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entityId'])
      .where('action', '=', 'auth.session.replayed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('a second use within the reuse window (two tabs renewing at once) is refused but ends nothing', async () => {
    const windowed = await createTestApp({ REFRESH_REUSE_GRACE_SECONDS: '20' });
    try {
      const renewIn = (id: string) =>
        windowed.app.inject({ method: 'POST', url: '/api/users/renewtoken', payload: { id } });
      const first = (
        await windowed.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: 'supervisor.cl@demo.regcheck.app', password: DEMO_PASSWORD },
        })
      ).json();
      const [a, b] = await Promise.all([renewIn(first.id), renewIn(first.id)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
      const winner = (a.statusCode === 200 ? a : b).json();
      const meIn = (token: string) =>
        windowed.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      expect((await meIn(winner.token)).statusCode).toBe(200);
      expect((await renewIn(winner.id)).statusCode).toBe(200);
      const replays = await windowed.deps.db
        .selectFrom('auditLog')
        .select('id')
        .where('action', '=', 'auth.session.replayed')
        .execute();
      expect(replays).toHaveLength(0);
    } finally {
      await windowed.close();
    }
  });

  it('another session of the same user lives on; a forged identifier ends nothing', async () => {
    const a = (await login('auditor.cl@demo.regcheck.app', DEMO_PASSWORD)).json();
    const b = (await login('auditor.cl@demo.regcheck.app', DEMO_PASSWORD)).json();
    await renew(a.id);
    expect((await renew(a.id)).statusCode).toBe(401);
    expect((await me(b.token)).statusCode).toBe(200);
    // an identifier we never issued, even naming a live session, is refused without harm
    const sid = b.id.split('.')[0];
    expect((await renew(`${sid}.forged.forged-mac-forged-mac`)).statusCode).toBe(401);
    expect((await me(b.token)).statusCode).toBe(200);
    expect((await renew(b.id)).statusCode).toBe(200);
  });
});

describe('sign-in asks for the proof-of-work challenge before it locks', () => {
  it('a stranger cannot lock an administrator out: their failures lock only their own address', async () => {
    const email = 'admin.br@demo.regcheck.app';
    const stranger = '10.66.0.1';
    for (let i = 0; i < 3; i++) expect((await login(email, 'Bad.Pass1', stranger)).statusCode).toBe(401);
    // past the threshold the e-mail needs a solved challenge, from any address (no hint whether it exists)
    const asked = await login(email, 'Bad.Pass1', stranger);
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED' });
    expect(asked.json().message).toBeTruthy();
    // with a solved challenge the attempts go on, counted
    for (let i = 0; i < 2; i++) {
      const { token } = await solved(email);
      const res = await login(email, 'Bad.Pass1', stranger, token);
      expect(res.statusCode).toBe(i === 1 ? 429 : 401);
    }
    // the stranger's address is now locked out of that e-mail, even with the right password
    const { token: late } = await solved(email);
    const locked = await login(email, DEMO_PASSWORD, stranger, late);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('TOO_MANY_ATTEMPTS');

    // the administrator, from their own address, is asked for the challenge and signs in
    const noChallenge = await login(email, DEMO_PASSWORD, '10.1.2.3');
    expect(noChallenge.statusCode).toBe(428);
    const { token } = await solved(email);
    const ok = await login(email, DEMO_PASSWORD, '10.1.2.3', token);
    expect(ok.statusCode, ok.body).toBe(200);
    // a success clears the e-mail's count: the next sign-in needs no challenge
    expect((await login(email, DEMO_PASSWORD, '10.1.2.3')).statusCode).toBe(200);

    const names = (await t.deps.db.selectFrom('auditLog').select('action').execute()).map((a) => a.action);
    expect(names).toEqual(
      expect.arrayContaining(['auth.login.challenged', 'auth.account.locked', 'auth.login.blocked']),
    );
  });

  it('the challenge grows harder with the failures, is single use, and must be hard enough', async () => {
    const email = 'nobody-guard@nowhere.test';
    const base = (await solved()).difficulty;
    expect((await solved(email)).difficulty).toBe(base);
    let ip = 1;
    // failures from many addresses (no address reaches its own lock)
    for (let i = 0; i < 3; i++) await login(email, 'Bad.Pass1', `10.70.0.${ip++}`);
    const weak = await solved(); // a challenge without the e-mail: the base difficulty
    const again = await solved(email);
    expect(again.difficulty).toBe(base);
    expect((await login(email, 'Bad.Pass1', `10.70.0.${ip++}`, again.token)).statusCode).toBe(401);
    // the same solved token cannot be used twice
    expect((await login(email, 'Bad.Pass1', `10.70.0.${ip++}`, again.token)).statusCode).toBe(428);
    for (let i = 0; i < 3; i++) {
      const { token } = await solved(email);
      expect((await login(email, 'Bad.Pass1', `10.70.0.${ip++}`, token)).statusCode).toBe(401);
    }
    const harder = await solved(email);
    expect(harder.difficulty).toBeGreaterThan(base);
    // a base-difficulty token no longer suffices
    expect((await login(email, 'Bad.Pass1', `10.70.0.${ip++}`, weak.token)).statusCode).toBe(428);
    // an unknown e-mail answers exactly like a known one: 401 with a good challenge
    const unknown = await login(email, 'Bad.Pass1', `10.70.0.${ip++}`, harder.token);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_CREDENTIALS');
  });
});
