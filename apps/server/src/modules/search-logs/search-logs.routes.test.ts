import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

describe('/api/search-logs', () => {
  it('401 without a token, 403 for a role without search permissions', async () => {
    expect((await t.call({ method: 'GET', url: '/api/search-logs' })).statusCode).toBe(401);
    expect((await t.call({ as: 'auditor', method: 'GET', url: '/api/search-logs' })).statusCode).toBe(403);
  });

  it('records a search with who and when, lists, counts, changes and soft-deletes it', async () => {
    const res = await t.call({
      as: 'frontdesk',
      method: 'POST',
      url: '/api/search-logs',
      payload: { name: 'Juan Pérez', dni: '12.345.678-5', personType: 'natural', country: 'CL', total: 0 },
    });
    expect(res.statusCode).toBe(200);
    const log = res.json();
    expect(log).toMatchObject({ kind: 'manual', name: 'Juan Pérez', userName: 'CL frontdesk', isActive: true });
    expect(Date.now() - Date.parse(log.createdAt)).toBeLessThan(60_000);
    const list = await t.call({
      as: 'admin',
      method: 'GET',
      url: `/api/search-logs?filter=${q({ where: { dni: '12.345.678-5' } })}`,
    });
    expect(list.json().map((l: { id: string }) => l.id)).toEqual([log.id]);
    expect((await t.call({ as: 'admin', method: 'GET', url: '/api/search-logs/count' })).json()).toEqual({ count: 1 });
    const patched = await t.call({
      as: 'admin',
      method: 'PATCH',
      url: `/api/search-logs/${log.id}`,
      payload: { comment: 'revisado' },
    });
    expect(patched.json().comment).toBe('revisado');
    const del = await t.call({
      as: 'admin',
      method: 'PATCH',
      url: `/api/search-logs/${log.id}`,
      payload: { isActive: false },
    });
    expect(del.json().isActive).toBe(false);
    expect((await t.call({ as: 'admin', method: 'GET', url: '/api/search-logs/count' })).json()).toEqual({ count: 0 });
    expect(
      (
        await t.call({ as: 'admin', method: 'GET', url: `/api/search-logs/count?where=${q({ isActive: false })}` })
      ).json(),
    ).toEqual({ count: 1 });
  });

  it('404 for another company; 400 naming the field', async () => {
    const log = (await t.call({ as: 'admin', method: 'POST', url: '/api/search-logs', payload: { name: 'X' } })).json();
    expect(
      (await t.call({ as: 'admin', company: 'br', method: 'GET', url: `/api/search-logs/${log.id}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          as: 'admin',
          company: 'br',
          method: 'PATCH',
          url: `/api/search-logs/${log.id}`,
          payload: { isActive: false },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await t.call({ as: 'admin', method: 'POST', url: '/api/search-logs', payload: { total: -1 } });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'total' });
    const badFilter = await t.call({
      as: 'admin',
      method: 'GET',
      url: `/api/search-logs?filter=${q({ where: { password: 'x' } })}`,
    });
    expect(badFilter.json()).toMatchObject({ statusCode: 400, field: 'where.password' });
  });
});

describe('/api/search-logs/users and the filter by user', () => {
  it('names who searched, by name, once each; another company sees its own; the filter by userId follows', async () => {
    expect((await t.call({ method: 'GET', url: '/api/search-logs/users' })).statusCode).toBe(401);
    expect((await t.call({ as: 'auditor', method: 'GET', url: '/api/search-logs/users' })).statusCode).toBe(403);
    for (const as of ['admin', 'admin', 'adminNoUser'] as const) {
      const r = await t.call({
        as,
        method: 'POST',
        url: '/api/search/individual',
        payload: { name: `Persona buscada por ${as}` },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const users = await t.call({ as: 'adminNoUser', method: 'GET', url: '/api/search-logs/users' });
    expect(users.statusCode, users.body).toBe(200);
    const names = users.json().map((u: { userName: string }) => u.userName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(new Set(names).size).toBe(names.length);
    const admin = users.json().find((u: { userName: string }) => u.userName === 'CL admin');
    expect(admin).toBeTruthy();
    expect(names).toContain('CL adminNoUser');
    // the 'manual' kind (the earlier test's logs, a removed one left out) is another list
    const manual = (await t.call({ as: 'admin', method: 'GET', url: '/api/search-logs/users?kind=manual' })).json();
    expect(manual.map((u: { userName: string }) => u.userName)).not.toContain('CL adminNoUser');
    // Brazil has no searches: nobody
    expect((await t.call({ as: 'admin', company: 'br', method: 'GET', url: '/api/search-logs/users' })).json()).toEqual(
      [],
    );
    const mine = await t.call({
      as: 'admin',
      method: 'GET',
      url: `/api/search-logs?filter=${q({ where: { and: [{ kind: 'individual' }, { userId: admin.userId }] } })}`,
    });
    expect(mine.json().map((l: { name: string }) => l.name)).toEqual([
      'Persona buscada por admin',
      'Persona buscada por admin',
    ]);
  });
});
