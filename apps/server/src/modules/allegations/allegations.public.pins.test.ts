import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { memoryCounters } from '../../lib/expiring-counters';
import { rateLimitStoreOf } from '../../lib/rate-limit-store';
import { PIN_LOCK_MINUTES, PIN_MAX_EXTRA_BITS, PinGuard } from './allegations.pin-guard';
import { channelChallenge, fileReport, solved } from './allegations.test-helpers';

/**
 * Lock-outs a stranger cannot trigger, and answers that tell nothing (issue 22, points 4 and 5): wrong pins count
 * per (report id, address); a report id with many wrong pins only asks for more work; a real id and an unknown id
 * answer alike, lock-out included.
 */
const t = useTestApp({ RATE_LIMIT_MAX: '1000' });

const detail = async (id_denuncia: string, pin: string, remoteAddress: string, captcha?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/denuncia-public/detail',
    remoteAddress,
    payload: {
      companyId: t.companies.cl,
      id_denuncia,
      pin,
      captcha: captcha ?? (await channelChallenge(t, id_denuncia)),
    },
  });

describe('a stranger who knows a report id', () => {
  it('cannot lock the reporter out: wrong pins from many addresses, then the right pin from a new one opens the report', async () => {
    const { id_denuncia, pin } = (await fileReport(t)).json();
    // six addresses, five wrong pins each (30 failures: the report asks for the hardest extra work)
    for (let a = 1; a <= 6; a++)
      for (let i = 0; i < 5; i++) {
        const r = await detail(id_denuncia, String(20000000 + a * 10 + i), `203.0.113.${a}`);
        expect(r.statusCode).toBe(404);
        expect(r.json().code).toBe('ALLEGATION_CREDENTIALS');
      }
    // each of those addresses is now turned away from this id
    for (let a = 1; a <= 6; a++) expect((await detail(id_denuncia, pin, `203.0.113.${a}`)).statusCode).toBe(429);
    // the report asks for more work: the base challenge no longer opens it...
    const easy = await detail(id_denuncia, pin, '192.0.2.200', await solved(t));
    expect(easy.statusCode).toBe(400);
    expect(easy.json().code).toBe('CAPTCHA_INVALID');
    const base = (await t.app.inject({ method: 'GET', url: '/api/denuncia-public/challenge' })).json().difficulty;
    const hard = (
      await t.app.inject({
        method: 'GET',
        url: `/api/denuncia-public/challenge?companyId=${t.companies.cl}&id_denuncia=${id_denuncia}`,
      })
    ).json().difficulty;
    expect(hard).toBe(base + PIN_MAX_EXTRA_BITS);
    // ...and with it, the right pin from a seventh address opens the report at once
    const right = await detail(id_denuncia, pin, '192.0.2.200');
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ id_denuncia, status: 'received' });
    // the right pin starts the report's count again: the next call needs the base challenge only
    expect((await detail(id_denuncia, pin, '192.0.2.201', await solved(t))).statusCode).toBe(200);
  });
});

describe('a wrong pin and an unknown id', () => {
  it('answer the same status, code and message, lock-out included, from first try to last', async () => {
    const { id_denuncia } = (await fileReport(t)).json();
    const unknownId = id_denuncia === 'ZZZZZZZZZZ' ? 'YYYYYYYYYY' : 'ZZZZZZZZZZ';
    const real: { status: number; body: unknown }[] = [];
    const unknown: { status: number; body: unknown }[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await detail(id_denuncia, String(30000000 + i), '198.51.100.7');
      const u = await detail(unknownId, String(30000000 + i), '198.51.100.8');
      real.push({ status: r.statusCode, body: r.json() });
      unknown.push({ status: u.statusCode, body: u.json() });
    }
    expect(real).toEqual(unknown);
    expect(real.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 429, 429]);
    // the slow-down is the same too: both ids now ask for the same extra work
    const difficulty = async (code: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/denuncia-public/challenge?companyId=${t.companies.cl}&id_denuncia=${code}`,
        })
      ).json().difficulty;
    expect(await difficulty(id_denuncia)).toBe(await difficulty(unknownId));
    expect(await difficulty(id_denuncia)).toBeGreaterThan(t.deps.config.captchaDifficulty);
  });
});

describe('what the channel remembers of addresses expires', () => {
  it('the wrong-pin register forgets a lock-out and its counters when the window ends', async () => {
    let now = 1_000_000;
    const counters = memoryCounters(() => now);
    const guard = new PinGuard(counters, 'secret');
    for (let i = 0; i < 5; i++) await guard.failed('c1', 'ABCDEFGHJK', 'client-a');
    expect(await guard.addressLocked('c1', 'abcdefghjk', 'client-a')).toBe(true);
    expect(await guard.addressLocked('c1', 'ABCDEFGHJK', 'client-b')).toBe(false);
    expect(await guard.extraBits('c1', 'ABCDEFGHJK')).toBe(1);
    expect(counters.size()).toBe(2);
    now += PIN_LOCK_MINUTES * 60_000;
    expect(await guard.addressLocked('c1', 'ABCDEFGHJK', 'client-a')).toBe(false);
    expect(await guard.extraBits('c1', 'ABCDEFGHJK')).toBe(0);
    expect(counters.size()).toBe(0);
  });

  it('the per-address rate limit forgets an address when its minute ends', async () => {
    let now = 5_000_000;
    const counters = memoryCounters(() => now);
    const store = new (rateLimitStoreOf(counters, 'secret'))();
    const incr = (key: string) =>
      new Promise<number>((resolve, reject) =>
        store.incr(key, (e, r) => (e || !r ? reject(e) : resolve(r.current)), 60_000),
      );
    expect([await incr('a'), await incr('a'), await incr('b')]).toEqual([1, 2, 1]);
    expect(counters.size()).toBe(2);
    now += 60_000;
    expect(counters.size()).toBe(0);
    expect(await incr('a')).toBe(1);
  });

  it('the report and its audit rows store no address', async () => {
    const { id_denuncia } = (await fileReport(t)).json();
    const row = await t.deps.db
      .selectFrom('allegations')
      .selectAll()
      .where('code', '=', id_denuncia)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('127.0.0.1');
    const audits = await t.deps.db.selectFrom('auditLog').selectAll().where('entityId', '=', row.id).execute();
    for (const a of audits) expect(a.ip).toBeNull();
  });
});
