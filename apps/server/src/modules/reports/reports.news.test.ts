import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

/** News: the super administrator writes, edits and deactivates items (audited); companies read their country's. */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const root = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.call({ as: 'superAdmin', method, url, payload: payload as Record<string, unknown> });
const titles = async (as: string, company: 'cl' | 'br') =>
  (await t.get({ as, company }, '/api/homeNews?filter={"limit":100}'))
    .json()
    .map((n: { title: string }) => n.title) as string[];
const auditOf = (id: string) =>
  t.deps.db
    .selectFrom('auditLog')
    .select(['action', 'before', 'after', 'userId'])
    .where('entityId', '=', id)
    .orderBy('createdAt')
    .execute();

describe('news items', () => {
  it('401 and 403 for every write and for the full list; 404 for an unknown item', async () => {
    const body = { title: 'x', date: '2026-01-10' };
    const unknown = '/api/homeNews/00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['POST', '/api/homeNews'],
      ['PATCH', unknown],
      ['GET', '/api/homeNews/all'],
    ] as const) {
      expect((await t.call({ method, url, payload: body })).statusCode, url).toBe(401);
      expect((await t.call({ as: 'admin', method, url, payload: body })).statusCode, url).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: '/api/homeNews' })).statusCode).toBe(401);
    // the super administrator has no company: GET /homeNews is the companies' reading
    expect((await root('GET', '/api/homeNews')).statusCode).toBe(403);
    const missing = await root('PATCH', unknown, { active: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NEWS_NOT_FOUND', message: 'Noticia no encontrada' });
  });

  it('bad input is a 400 naming the field, and writes nothing', async () => {
    const before = (await root('GET', '/api/homeNews/all')).json().count;
    for (const [payload, field] of [
      [{ title: '', date: '2026-01-10' }, 'title'],
      [{ title: 'Sin fecha' }, 'date'],
      [{ title: 'Fecha mala', date: '10/01/2026' }, 'date'],
      [{ title: 'País', date: '2026-01-10', countries: ['Chile'] }, 'countries.0'],
      [{ title: 'Largo', date: '2026-01-10', body: 'x'.repeat(5001) }, 'body'],
    ] as const) {
      const res = await root('POST', '/api/homeNews', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field, JSON.stringify(payload)).toBe(field);
    }
    expect((await root('GET', '/api/homeNews/all')).json().count).toBe(before);
  });

  it('writes, edits and deactivates an item, each change audited; companies of its country read it meanwhile', async () => {
    const created = await root('POST', '/api/homeNews', {
      title: 'UAF: nueva circular',
      body: 'Texto de la circular',
      date: '2026-03-02',
      countries: ['CL'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json();
    expect(item).toMatchObject({ active: true, newsDate: '2026-03-02', countries: ['CL'], updatedAt: null });
    expect(await titles('frontdesk', 'cl')).toContain('UAF: nueva circular');
    expect(await titles('admin', 'br')).not.toContain('UAF: nueva circular');
    const countCl = (await t.get('admin', '/api/homeNews/count')).json().count;
    expect(countCl).toBe((await titles('admin', 'cl')).length);

    const edited = await root('PATCH', `/api/homeNews/${item.id}`, {
      title: 'UAF: circular 62',
      countries: ['CL', 'BR'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'UAF: circular 62', body: 'Texto de la circular', active: true });
    expect(edited.json().updatedAt).not.toBeNull();
    expect(await titles('admin', 'br')).toContain('UAF: circular 62');

    const off = await root('PATCH', `/api/homeNews/${item.id}`, { active: false });
    expect(off.json().active).toBe(false);
    expect(await titles('admin', 'cl')).not.toContain('UAF: circular 62');
    expect(await titles('admin', 'br')).not.toContain('UAF: circular 62');
    // the super administrator's list keeps it, deactivated
    const all = (await root('GET', '/api/homeNews/all?filter={"limit":100}')).json();
    expect(all.data.find((n: { id: string }) => n.id === item.id)).toMatchObject({ active: false });
    expect(all.count).toBeGreaterThanOrEqual(all.data.length);

    const rows = await auditOf(item.id);
    expect(rows.map((r) => r.action)).toEqual(['news.created', 'news.updated', 'news.deactivated']);
    expect(rows[1]?.before).toMatchObject({ title: 'UAF: nueva circular' });
    expect(rows[1]?.after).toMatchObject({ title: 'UAF: circular 62', countries: ['CL', 'BR'] });
    expect(rows[2]?.after).toMatchObject({ active: false });
    expect(rows.every((r) => r.userId !== null)).toBe(true);

    const on = await root('PATCH', `/api/homeNews/${item.id}`, { active: true });
    expect(on.json().active).toBe(true);
    expect((await auditOf(item.id)).at(-1)?.action).toBe('news.updated');
  });

  it("an item for every country is read in each reader's language; one without a translation reads as written", async () => {
    const created = await root('POST', '/api/homeNews', {
      title: 'GAFI: nueva plenaria',
      body: 'El GAFI publicó sus listas.',
      date: '2026-02-27',
      translations: {
        'pt-BR': { title: 'GAFI: nova plenária', body: 'O GAFI publicou suas listas.' },
        en: { title: 'FATF: new plenary', body: 'The FATF published its lists.' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().translations.en).toEqual({
      title: 'FATF: new plenary',
      body: 'The FATF published its lists.',
    });
    const read = async (company: 'cl' | 'br', lang: 'es' | 'br' | 'en' | null) => {
      const email = `admin.${company}@demo.regcheck.app`;
      await t.deps.db.updateTable('users').set({ lang }).where('email', '=', email).execute();
      const res = await t.get({ as: 'admin', company }, '/api/homeNews?filter={"limit":100}');
      await t.deps.db.updateTable('users').set({ lang: null }).where('email', '=', email).execute();
      return res.json().find((n: { id: string }) => n.id === created.json().id) as { title: string; body: string };
    };
    // a Brazilian company reads it in Portuguese (its language), a Chilean one in Spanish, an English reader in English
    expect(await read('br', null)).toMatchObject({
      title: 'GAFI: nova plenária',
      body: 'O GAFI publicou suas listas.',
    });
    expect(await read('cl', null)).toMatchObject({
      title: 'GAFI: nueva plenaria',
      body: 'El GAFI publicó sus listas.',
    });
    expect(await read('cl', 'en')).toMatchObject({ title: 'FATF: new plenary' });
    // a translation may be removed: the item reads as written again
    await root('PATCH', `/api/homeNews/${created.json().id}`, { translations: {} });
    expect((await read('br', null)).title).toBe('GAFI: nueva plenaria');
    // a translation without a title is refused, naming the field
    const bad = await root('POST', '/api/homeNews', {
      title: 'x',
      date: '2026-02-27',
      translations: { en: { title: '' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('translations.en.title');
  });
});
