import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

describe('/api/blacklist-reasons', () => {
  it('401, 403 for frontdesk, then create, list, count, change and delete', async () => {
    expect((await t.call({ method: 'GET', url: '/api/blacklist-reasons' })).statusCode).toBe(401);
    expect((await t.get('frontdesk', '/api/blacklist-reasons')).statusCode).toBe(403);
    const r = (await t.post('admin', '/api/blacklist-reasons', { text: 'Fraude' })).json();
    expect(r).toMatchObject({ text: 'Fraude', isActive: true });
    expect((await t.get('admin', '/api/blacklist-reasons/count')).json()).toEqual({
      count: 1,
    });
    const put = await t.put('admin', `/api/blacklist-reasons/${r.id}`, { text: 'Fraude documental' });
    expect(put.json().text).toBe('Fraude documental');
    const patch = await t.patch('adminNoUser', `/api/blacklist-reasons/${r.id}`, { text: 'Fraude' });
    expect(patch.json().text).toBe('Fraude');
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/blacklist-reasons/${r.id}`)).statusCode).toBe(404);
    expect((await t.del({ as: 'admin', company: 'br' }, `/api/blacklist-reasons/${r.id}`)).statusCode).toBe(404);
    expect((await t.del('admin', `/api/blacklist-reasons/${r.id}`)).json()).toEqual({
      count: 1,
    });
    expect((await t.get('admin', '/api/blacklist-reasons')).json()).toEqual([]);
    const bad = await t.post('admin', '/api/blacklist-reasons', { text: '' });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'text' });
  });
});

describe('/api/blacklists', () => {
  it('401 without a token, 403 for frontdesk', async () => {
    expect((await t.call({ method: 'GET', url: '/api/blacklists' })).statusCode).toBe(401);
    expect((await t.post('frontdesk', '/api/blacklists', { dni: '1' })).statusCode).toBe(403);
  });

  it('creates with a reason, lists with pagination and count, replaces, changes and soft-deletes', async () => {
    const reason = (await t.post('admin', '/api/blacklist-reasons', { text: 'Lavado' })).json();
    const created = await t.post('userMonitoring', '/api/blacklists', {
      dni: '9.876.543-3',
      name: 'Pedro Picapiedra',
      reasonId: reason.id,
      comment: 'ROS 2025',
    });
    expect(created.statusCode).toBe(200);
    const b = created.json();
    expect(b).toMatchObject({ dni: '9.876.543-3', status: 'active', reason: { id: reason.id, text: 'Lavado' } });
    for (const dni of ['1-9', '2-7', '3-5']) await t.post('admin', '/api/blacklists', { dni });
    const page = await t.get('admin', `/api/blacklists?filter=${q({ limit: 2, skip: 2, order: 'dni ASC' })}`);
    expect(page.json().map((x: { dni: string }) => x.dni)).toEqual(['3-5', '9.876.543-3']);
    expect((await t.get('admin', '/api/blacklists/count')).json()).toEqual({ count: 4 });
    const put = await t.put('admin', `/api/blacklists/${b.id}`, { dni: '9.876.543-3', name: 'Pedro P.' });
    expect(put.json()).toMatchObject({ name: 'Pedro P.', reasonId: null, comment: null });
    const del = await t.patch('admin', `/api/blacklists/${b.id}`, { status: 'inactive' });
    expect(del.json().status).toBe('inactive');
    expect((await t.get('admin', '/api/blacklists/count')).json()).toEqual({ count: 3 });
    const trash = await t.get('admin', `/api/blacklists/count?where=${q({ status: 'inactive' })}`);
    expect(trash.json()).toEqual({ count: 1 });
    const audit = await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', b.id).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['blacklist.created', 'blacklist.deleted']));
  });

  it('404 for another company and an unknown id; 400 naming the field', async () => {
    const b = (await t.post('admin', '/api/blacklists', { dni: '4-3' })).json();
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/blacklists/${b.id}`)).statusCode).toBe(404);
    const p = await t.patch({ as: 'admin', company: 'br' }, `/api/blacklists/${b.id}`, { status: 'inactive' });
    expect(p.json().code).toBe('BLACKLIST_NOT_FOUND');
    expect((await t.post('admin', '/api/blacklists', { name: 'x' })).json()).toMatchObject({
      statusCode: 400,
      field: 'dni',
    });
    expect((await t.del('admin', `/api/blacklists/${b.id}`)).json().status).toBe('inactive');
    const badReason = await t.post('admin', '/api/blacklists', {
      dni: '5-1',
      reasonId: '00000000-0000-4000-8000-000000000000',
    });
    // a reason that is not the company's is the 404 of the reason (issue 17: every id of a body), no longer a 400
    expect(badReason.json()).toMatchObject({ statusCode: 404, code: 'BLACKLIST_REASON_NOT_FOUND', field: 'reasonId' });
  });
});

describe('audit rows', () => {
  it('carry the address and the request id of the call that wrote them', async () => {
    const res = await t.post('admin', '/api/blacklists', { dni: '7-1', name: 'Audit Trail' });
    expect(res.statusCode).toBe(200);
    const row = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'ip', 'requestId', 'companyId'])
      .where('entityId', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'blacklist.created', ip: '127.0.0.1', companyId: t.companies.cl });
    expect(row.requestId).toBeTruthy();
  });
});
