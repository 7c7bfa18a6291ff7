import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const post = (payload: Record<string, unknown>, as = 'superAdmin') => t.post(as, '/api/people', payload);
const patch = (url: string, payload: Record<string, unknown>, as = 'superAdmin') =>
  t.patch(as, `/api/people${url}`, payload);
const get = (url: string, as = 'superAdmin') => t.get(as, `/api/people${url}`);

async function auditRows(entityId: string) {
  const rows = await t.deps.db
    .selectFrom('auditLog')
    .select(['action', 'userId', 'before', 'after'])
    .where('entityId', '=', entityId)
    .orderBy('createdAt')
    .execute();
  return rows;
}

describe('/api/people', () => {
  it('401 without a token, 403 for a company administrator and for the watcher', async () => {
    expect((await t.call({ method: 'GET', url: '/api/people' })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/people', payload: {} })).statusCode).toBe(401);
    expect((await get('', 'admin')).statusCode).toBe(403);
    expect((await get('/count', 'watcher')).statusCode).toBe(403);
    expect((await post({ country: 'CL', dni: '11.111.111-1', name: 'X', pepLevel: 1 }, 'admin')).statusCode).toBe(403);
    expect((await patch('/check-person', { dni: '11.111.111-1' }, 'frontdesk')).statusCode).toBe(403);
  });

  it('Chile: a PEP stays PEP one year after leaving office; the creation is audited', async () => {
    const res = await post({
      country: 'CL',
      dni: '12.345.678-5',
      name: 'María Fernández Soto',
      pepLevel: 1,
      position: 'Subsecretaria de Hacienda',
      institution: 'Ministerio de Hacienda',
      officeStart: '2018-03-11',
      officeEnd: '2022-03-11',
    });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      dni: '12.345.678-5',
      documentType: 'RUT',
      pepLevel: 1,
      pepExpiration: '2023-03-11',
      isPep: false,
      isActive: true,
    });
    const rows = await auditRows(p.id);
    expect(rows.map((r) => r.action)).toEqual(['person.created']);
    expect(rows[0]?.userId).toBeTruthy();
    expect(rows[0]?.after).toMatchObject({ dni: '12.345.678-5', pepExpiration: '2023-03-11' });
  });

  it('Brazil: five years after leaving office; in office there is no expiration', async () => {
    const ended = await post({
      country: 'BR',
      dni: '529.982.247-25',
      name: 'João Carlos Pereira',
      pepLevel: 1,
      position: 'Deputado Federal',
      officeStart: '2015-02-01',
      officeEnd: '2023-01-31',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ documentType: 'CPF', pepExpiration: '2028-01-31', isPep: true });
    const inOffice = await post({
      country: 'BR',
      dni: '111.444.777-35',
      name: 'Ana Lima',
      pepLevel: 1,
      officeStart: '2023-01-01',
    });
    expect(inOffice.json()).toMatchObject({ pepExpiration: null, isPep: true });
    // the same end of office in Chile expires four years earlier
    const cl = await post({
      country: 'CL',
      dni: '11.111.111-1',
      name: 'Pedro Rojas',
      pepLevel: 1,
      officeEnd: '2023-01-31',
    });
    expect(cl.json().pepExpiration).toBe('2024-01-31');
  });

  it('refuses a wrong check digit per country, an end of office before the start and a level 2 without primary', async () => {
    const badRut = await post({ country: 'CL', dni: '12.345.678-9', name: 'X', pepLevel: 1 });
    expect(badRut.statusCode).toBe(400);
    expect(badRut.json()).toMatchObject({ code: 'DOCUMENT_INVALID' });
    const badCpf = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/people',
      headers: { 'accept-language': 'pt-BR' },
      payload: { country: 'BR', dni: '529.982.247-26', name: 'X', pepLevel: 1 },
    });
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.json().message).toBe('O documento 529.982.247-26 não é válido');
    const dates = await post({
      country: 'CL',
      dni: '22.222.222-2',
      name: 'X',
      pepLevel: 1,
      officeStart: '2020-05-01',
      officeEnd: '2020-04-30',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json()).toMatchObject({ code: 'PERSON_OFFICE_END_BEFORE_START' });
    const noPrimary = await post({ country: 'CL', dni: '22.222.222-2', name: 'X', pepLevel: 2 });
    expect(noPrimary.json()).toMatchObject({ code: 'PERSON_PRIMARY_REQUIRED' });
    expect((await post({ country: 'AR', dni: '1', name: 'X', pepLevel: 1 })).statusCode).toBe(400);
    expect((await post({ country: 'CL', dni: '12345678-5', name: 'Dup', pepLevel: 1 })).json()).toMatchObject({
      code: 'PERSON_DUPLICATE',
    });
    // nothing half-done: the refused document is not in the register
    expect((await get('/by-dni/222222222')).statusCode).toBe(404);
  });

  it('a related person follows the primary PEP expiration, also when the end of office changes', async () => {
    const primary = (
      await post({ country: 'CL', dni: '33.333.333-3', name: 'Rosa Díaz', pepLevel: 1, officeEnd: '2025-06-30' })
    ).json();
    const rel = await post({
      country: 'CL',
      dni: '44.444.444-4',
      name: 'Luis Díaz',
      pepLevel: 2,
      primaryPersonId: primary.id,
      relation: 'spouse',
    });
    expect(rel.statusCode).toBe(200);
    expect(rel.json()).toMatchObject({
      pepExpiration: '2026-06-30',
      primaryPersonName: 'Rosa Díaz',
      relation: 'spouse',
    });
    const changed = await patch(`/${primary.id}`, { officeEnd: '2026-12-31' });
    expect(changed.json().pepExpiration).toBe('2027-12-31');
    expect((await get(`/${rel.json().id}`)).json().pepExpiration).toBe('2027-12-31');
    const bad = await patch(`/${primary.id}`, { officeStart: '2027-01-01' });
    expect(bad.json()).toMatchObject({ code: 'PERSON_OFFICE_END_BEFORE_START' });
    const actions = (await auditRows(primary.id)).map((r) => r.action);
    expect(actions).toEqual(['person.created', 'person.updated']);
    expect((await auditRows(rel.json().id)).map((r) => r.action)).toEqual(['person.created', 'person.updated']);
  });

  it('lists with a filter, counts, finds by document, checks and deactivates', async () => {
    const list = await get(`?filter=${q({ where: { country: 'BR' }, order: 'name asc' })}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Ana Lima', 'João Carlos Pereira']);
    expect((await get(`/count?where=${q({ pepLevel: 2 })}`)).json()).toEqual({ count: 1 });
    const byDni = await get('/by-dni/52998224725');
    expect(byDni.json().name).toBe('João Carlos Pereira');
    const check = await get('/check-if-is-pep?dni=529.982.247-25');
    expect(check.json()).toMatchObject({ isPep: true, person: { name: 'João Carlos Pereira' } });
    const expired = await get('/check-if-is-pep?dni=123456785&country=CL');
    expect(expired.json()).toMatchObject({ isPep: false, person: { name: 'María Fernández Soto' } });
    expect((await get('/check-if-is-pep?dni=99999999-9')).json()).toEqual({ isPep: false, person: null });

    const id = byDni.json().id;
    const checked = await patch('/check-person', { dni: '52998224725', country: 'BR' });
    expect(checked.json().isPep).toBe(true);
    const off = await patch(`/deactivate-pep/${id}`, {});
    expect(off.json()).toMatchObject({ isActive: false, isPep: false });
    expect((await patch(`/deactivate-pep/${id}`, {})).json()).toMatchObject({ code: 'PERSON_ALREADY_INACTIVE' });
    expect((await get('/check-if-is-pep?dni=529.982.247-25')).json().isPep).toBe(false);
    expect((await get(`?filter=${q({ where: { country: 'BR' } })}`)).json()).toHaveLength(1);
    expect((await auditRows(id)).map((r) => r.action)).toEqual([
      'person.created',
      'person.checked',
      'person.deactivated',
    ]);
    expect((await get('/00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 'PERSON_NOT_FOUND' });
  });

  it('massive: creates the good items and reports the bad ones by index and field', async () => {
    const res = await t.post('superAdmin', '/api/people/massive', {
      items: [
        { country: 'CL', dni: '55.555.555-5', name: 'Carla Muñoz', pepLevel: 1, officeEnd: '2024-02-29' },
        { country: 'CL', dni: '55.555.555-0', name: 'Bad', pepLevel: 1 },
        { country: 'CL', name: 'No dni', pepLevel: 1 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toBe(1);
    expect(body.errors).toMatchObject([
      { index: 1, field: 'dni', code: 'DOCUMENT_INVALID' },
      { index: 2, field: 'dni', code: 'VALIDATION_ERROR' },
    ]);
    // 29 February plus one year is 28 February
    expect((await get('/by-dni/555555555')).json().pepExpiration).toBe('2025-02-28');
  });
});
