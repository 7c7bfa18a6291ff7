import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { fixture, importList } from './fixtures/import-fixture';
import { currentState } from './lists.index';

const t = useTestApp({}, async (app) => {
  await importList(app, 'ofac', fixture('ofac-small.csv'));
  await importList(app, 'onu', fixture('un-small.xml'));
});

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

describe('public lists: /api/gafi, /api/ofac ...', () => {
  it('401 without a token; 403 for a role that does not screen; writes are the super administrator', async () => {
    expect((await t.call({ method: 'GET', url: '/api/gafi' })).statusCode).toBe(401);
    expect((await t.get('auditor', '/api/gafi')).statusCode).toBe(403);
    const w = await t.post('admin', '/api/pdi', { name: 'X' });
    expect(w.statusCode).toBe(403);
    expect((await t.del('admin', '/api/gafi/IR')).statusCode).toBe(403);
  });

  it('lists the FATF countries of the February 2026 plenary with filter and count', async () => {
    const all = await t.get('admin', `/api/gafi?filter=${q({ limit: 100 })}`);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(25);
    const call = await t.get(
      'userMonitoring',
      `/api/gafi?filter=${q({ where: { reason: 'call for action' }, order: 'name ASC' })}`,
    );
    expect(call.json().map((e: { country: string }) => e.country)).toEqual(['KP', 'IR', 'MM']);
    const count = await t.get('admin', `/api/gafi/count?where=${q({ reason: 'increased monitoring' })}`);
    expect(count.json()).toEqual({ count: 22 });
    const one = await t.get('admin', '/api/gafi/IR');
    expect(one.json()).toMatchObject({
      id: 'IR',
      name: 'Iran',
      nationality: 'Iran',
      country: 'IR',
      reason: 'call for action',
    });
    expect((await t.get('admin', '/api/rtp/count')).json().count).toBeGreaterThan(40);
  });

  it('404 for an unknown entry, 400 naming an unknown field or a missing required one', async () => {
    const nf = await t.get('admin', '/api/ofac/999999');
    expect(nf.statusCode).toBe(404);
    expect(nf.json().code).toBe('LIST_ENTRY_NOT_FOUND');
    const bad = await t.get('admin', `/api/ofac?filter=${q({ where: { shoe: 1 } })}`);
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'where.shoe' });
    const noName = await t.post('superAdmin', '/api/pdi', { dni: '1' });
    expect(noName.json()).toMatchObject({ statusCode: 400, field: 'name' });
    const noWord = await t.post('superAdmin', '/api/keywords', { name: 'x' });
    expect(noWord.json()).toMatchObject({ statusCode: 400, code: 'LIST_FIELD_REQUIRED', field: 'word' });
  });

  it('creates, changes and deletes an entry, and the screening index follows', async () => {
    const created = await t.post('superAdmin', '/api/pdi', {
      name: 'Segismundo Fuenzalida Retamal',
      rut: '11.111.111-1',
      motive: 'orden de detención',
      status: 'vigente',
    });
    expect(created.statusCode).toBe(200);
    const e = created.json();
    expect(e).toMatchObject({
      listId: 'pdi',
      name: 'Segismundo Fuenzalida Retamal',
      rut: '11.111.111-1',
      status: 'vigente',
    });
    const idx = () => currentState().index.search({ name: 'Segismundo Fuensalida Retamal' }, { lists: ['pdi'] });
    expect(idx()[0]?.entityId).toBe(e.id);
    const patched = await t.patch('superAdmin', `/api/pdi/${e.id}`, { status: 'cancelada' });
    expect(patched.json()).toMatchObject({ status: 'cancelada', motive: 'orden de detención', name: e.name });
    const gone = await t.del('superAdmin', `/api/pdi/${e.id}`);
    expect(gone.statusCode).toBe(200);
    expect(idx()).toEqual([]);
    expect((await t.get('admin', `/api/pdi/${e.id}`)).statusCode).toBe(404);
  });

  it('a FATF country added twice answers 409', async () => {
    const a = await t.post('superAdmin', '/api/gafi', {
      name: 'Nigeria',
      country: 'NG',
      reason: 'increased monitoring',
    });
    expect(a.json()).toMatchObject({ id: 'NG', country: 'NG' });
    const b = await t.post('superAdmin', '/api/gafi', { name: 'Nigeria', country: 'Nigeria' });
    expect(b.statusCode).toBe(409);
  });
});

describe('GET /api/ofac/match and /api/onu/match', () => {
  it('answers the matches of a name with a typo, with score and explanation', async () => {
    const res = await t.get('admin', `/api/ofac/match?filter=${q({ where: { name: 'Joakin Guzman Loera' } })}`);
    expect(res.statusCode).toBe(200);
    const [first] = res.json();
    expect(first).toMatchObject({
      entityId: '7675',
      listId: 'ofac',
      name: 'GUZMAN LOERA, Joaquin',
      entry: { id: '7675' },
    });
    expect(first.score).toBeGreaterThan(0.8);
    expect(first.explanation.summary).toMatch(/name/);
    const un = await t.get('admin', `/api/onu/match?filter=${q({ where: { name: 'Abu Bakr al Bagdadi' } })}`);
    expect(un.json()[0]).toMatchObject({ entityId: '6908555' });
  });

  it('matches a document exactly, and asks for a name or dni', async () => {
    const res = await t.get('admin', `/api/ofac/match?filter=${q({ where: { dni: '12345678-5' } })}`);
    expect(res.json()[0]).toMatchObject({ entityId: '9001', score: 1 });
    const none = await t.get('admin', `/api/ofac/match?filter=${q({ where: {} })}`);
    expect(none.json()).toMatchObject({ statusCode: 400, field: 'where.name' });
    const unknown = await t.get('admin', `/api/ofac/match?filter=${q({ where: { nick: 'x' } })}`);
    expect(unknown.json()).toMatchObject({ statusCode: 400, field: 'where.nick' });
  });
});
