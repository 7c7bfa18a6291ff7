import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

/* The watcher's PEP monitoring across companies (/api/vigilancia). */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function register(body: Record<string, unknown>) {
  const res = await t.post('superAdmin', '/api/people', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

async function ficha(company: 'cl' | 'br', body: Record<string, unknown>) {
  const res = await t.post({ as: 'admin', company }, '/api/fichas-clientes', body);
  expect(res.statusCode, res.body).toBe(200);
}

const get = (url: string, as = 'watcher') => t.get(as, `/api/vigilancia${url}`);

describe('/api/vigilancia', () => {
  it('401 without a token, 403 for every company role', async () => {
    expect((await t.call({ method: 'GET', url: '/api/vigilancia/peps?kind=new' })).statusCode).toBe(401);
    for (const role of ['admin', 'adminNoUser', 'userMonitoring', 'frontdesk', 'auditor', 'supervisor']) {
      const res = await get('/peps?kind=new', role);
      expect(res.statusCode, role).toBe(403);
      expect((await get('/summary', role)).statusCode, role).toBe(403);
    }
    expect((await get('/peps?kind=other')).statusCode).toBe(400);
    expect((await get('/peps?kind=new&days=0')).statusCode).toBe(400);
  });

  it('new, expiring and changed PEPs with the companies holding a ficha of each, by name', async () => {
    // in office, with a ficha in the Chilean company (same document)
    const senator = await register({
      country: 'CL',
      dni: '11.222.333-9',
      name: 'Patricia Andrea Muñoz Reyes',
      pepLevel: 1,
      position: 'Senadora',
      institution: 'Senado',
      officeStart: '2022-03-11',
    });
    await ficha('cl', {
      personType: 'natural',
      dni: '11.222.333-9',
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Patricia Andrea',
      fatherName: 'Muñoz',
      motherName: 'Reyes',
    });
    // left office five years less a month ago: PEP for one more month, with a ficha in the Brazilian company
    const endedMs = Date.now() - (5 * 365 + 1 - 30) * DAY;
    const deputy = await register({
      country: 'BR',
      dni: '987.456.789-95',
      name: 'Roberto Carlos Almeida',
      pepLevel: 1,
      position: 'Deputado Federal',
      officeStart: '2015-02-01',
      officeEnd: isoDay(endedMs),
    });
    await ficha('br', {
      personType: 'natural',
      dni: '987.456.789-95',
      dniType: { country: 'BR' },
      name: 'Roberto Carlos Almeida',
    });
    // taken off the register
    const gone = await register({ country: 'CL', dni: '9.876.543-3', name: 'Jorge Luis Pinto Saavedra', pepLevel: 1 });
    await t.patch('superAdmin', `/api/people/deactivate-pep/${gone.id}`, {});
    await t.deps.queue.drain();

    const fresh = await get('/peps?kind=new');
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().count).toBe(3);
    const byId = new Map(
      fresh.json().data.map((r: { personId: string }) => [r.personId, r] as [string, Record<string, unknown>]),
    );
    expect(byId.get(senator.id)).toMatchObject({
      name: 'Patricia Andrea Muñoz Reyes',
      pepStatus: 'direct',
      fromStatus: null,
      toStatus: 'direct',
      companies: [{ name: 'Demo Chile SpA', fichas: 1 }],
    });
    expect(byId.get(deputy.id)).toMatchObject({ companies: [{ name: 'Demo Brasil Ltda', fichas: 1 }] });
    expect(byId.get(gone.id)).toMatchObject({ pepStatus: 'deactivated', companies: [] });
    // nothing of a company but its name
    expect(JSON.stringify(fresh.json())).not.toContain(t.companies.cl);

    const expiring = (await get('/peps?kind=expiring')).json();
    expect(expiring.count).toBe(1);
    expect(expiring.data[0]).toMatchObject({
      personId: deputy.id,
      name: 'Roberto Carlos Almeida',
      pepStatus: 'direct',
      companies: [{ name: 'Demo Brasil Ltda', fichas: 1 }],
    });
    expect(expiring.data[0].daysLeft).toBeGreaterThanOrEqual(28);
    expect(expiring.data[0].daysLeft).toBeLessThanOrEqual(32);
    expect((await get('/peps?kind=expiring&days=10')).json().count).toBe(0);
    expect((await get('/peps?kind=expiring&country=CL')).json().count).toBe(0);

    const changed = (await get('/peps?kind=changed', 'superAdmin')).json();
    expect(changed.count).toBe(1);
    expect(changed.data[0]).toMatchObject({ personId: gone.id, fromStatus: 'direct', toStatus: 'deactivated' });

    // a ficha found by a screening hit on the register (no document in common): a related person with no RUT match
    const spouse = await register({
      country: 'CL',
      dni: '16.333.444-5',
      name: 'Ignacio Andrés Fuentes Lagos',
      pepLevel: 2,
      primaryPersonId: senator.id,
      relation: 'spouse',
    });
    await ficha('cl', {
      personType: 'natural',
      dni: '17.444.555-9',
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Ignacio Andrés',
      fatherName: 'Fuentes',
      motherName: 'Lagos',
    });
    await t.deps.queue.drain();
    const again = (await get('/peps?kind=new&limit=10')).json();
    const row = again.data.find((r: { personId: string }) => r.personId === spouse.id);
    expect(row).toMatchObject({ pepLevel: 2, pepStatus: 'indirect' });
    expect(row.companies).toEqual([{ name: 'Demo Chile SpA', fichas: 1 }]);

    expect((await get('/summary')).json()).toEqual({ newPeps: 4, expiring: 1, changed: 1, inRegister: 3 });
    const page = (await get('/peps?kind=new&limit=2&skip=2')).json();
    expect(page).toMatchObject({ count: 4 });
    expect(page.data).toHaveLength(2);
  });
});
