import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
const post = (payload: Record<string, unknown>, as = 'admin', company: 'cl' | 'br' = 'cl') =>
  t.post({ as, company }, '/api/list-interns', payload);

describe('/api/list-interns', () => {
  it('401 without a token, 403 for a role without the list of interest', async () => {
    expect((await t.call({ method: 'GET', url: '/api/list-interns' })).statusCode).toBe(401);
    expect((await t.get('auditor', '/api/list-interns')).statusCode).toBe(403);
    expect((await post({ dni: '1-9' }, 'frontdesk')).statusCode).toBe(403);
  });

  it('creates, reads, counts, finds by dni and updates an entry', async () => {
    const res = await post({ dni: '12.345.678-5', name: 'Juan Pérez', reason: 'PEP', personType: 'natural' });
    expect(res.statusCode).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({ dni: '12.345.678-5', name: 'Juan Pérez', reason: 'PEP', isActive: true });
    expect(e.registeredBy).toBeTruthy();
    expect((await t.get('admin', `/api/list-interns/${e.id}`)).json().id).toBe(e.id);
    const byDni = await t.get('userMonitoring', '/api/list-interns/by-dni/123456785');
    expect(byDni.json().id).toBe(e.id);
    const list = await t.get('admin', `/api/list-interns?filter=${q({ where: { name: { like: 'Pérez' } } })}`);
    expect(list.json()).toHaveLength(1);
    expect((await t.get('admin', '/api/list-interns/count')).json()).toEqual({ count: 1 });
    const patched = await t.patch('admin', `/api/list-interns/${e.id}`, { reason: 'other', otherReason: 'Prensa' });
    expect(patched.json()).toMatchObject({ reason: 'other', otherReason: 'Prensa' });
  });

  it('a dni already in the list answers 409 LIST_INTERN_DUPLICATE so the web asks whether to update', async () => {
    const res = await post({ dni: '12345678-5', name: 'Otro' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LIST_INTERN_DUPLICATE', field: 'dni' });
    expect(res.json().message).toContain('12345678-5');
    expect(res.json().details.id).toBeTruthy();
  });

  it('404 for another company and a missing dni; the spec message for the dni', async () => {
    const mine = (await t.get('admin', '/api/list-interns')).json()[0];
    const other = await t.get({ as: 'admin', company: 'br' }, `/api/list-interns/${mine.id}`);
    expect(other.statusCode).toBe(404);
    const otherPatch = await t.patch({ as: 'admin', company: 'br' }, `/api/list-interns/${mine.id}`, { name: 'x' });
    expect(otherPatch.statusCode).toBe(404);
    const none = await t.call({
      as: 'admin',
      method: 'GET',
      url: '/api/list-interns/by-dni/99999999',
      headers: { 'accept-language': 'en' },
    });
    expect(none.json()).toMatchObject({ statusCode: 404, message: 'No hay registros asociados al DNI ingresado' });
  });

  it('400 naming the field for bad input', async () => {
    expect((await post({ name: 'x' })).json()).toMatchObject({ statusCode: 400, field: 'dni' });
    expect((await post({ dni: '1', personType: 'alien' })).json()).toMatchObject({
      statusCode: 400,
      field: 'personType',
    });
  });

  it('PATCH {isActive:false} removes the entry (soft) and the dni can be registered again', async () => {
    const e = (await post({ dni: '5.126.663-3', name: 'Ana' })).json();
    const del = await t.patch('admin', `/api/list-interns/${e.id}`, { isActive: false });
    expect(del.json().isActive).toBe(false);
    const list = (await t.get('admin', '/api/list-interns')).json();
    expect(list.map((x: { id: string }) => x.id)).not.toContain(e.id);
    const trash = await t.get('admin', `/api/list-interns?filter=${q({ where: { isActive: false } })}`);
    expect(trash.json().map((x: { id: string }) => x.id)).toContain(e.id);
    expect((await post({ dni: '5126663-3', name: 'Ana' })).statusCode).toBe(200);
  });

  it('massive-bulk creates, reports bad items by index and field, and updates on request', async () => {
    const res = await t.post('admin', '/api/list-interns/massive-bulk', {
      items: [{ dni: '7.654.321-k', name: 'Uno' }, { name: 'sin dni' }, { dni: '12.345.678-5' }],
    });
    expect(res.json()).toMatchObject({
      created: 1,
      updated: 0,
      errors: [
        { index: 1, field: 'dni', code: 'VALIDATION_ERROR' },
        { index: 2, field: 'dni', code: 'LIST_INTERN_DUPLICATE' },
      ],
    });
    expect((await t.get('admin', '/api/list-interns/by-dni/7654321K')).json().dni).toBe('7.654.321-K');
    const upd = await t.post('admin', '/api/list-interns/massive-bulk', {
      items: [{ dni: '12.345.678-5', name: 'Juan Pérez Soto' }],
      update: true,
    });
    expect(upd.json()).toMatchObject({ created: 0, updated: 1, errors: [] });
  });
});
