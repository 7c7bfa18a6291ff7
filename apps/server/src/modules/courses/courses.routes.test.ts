import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('/api/courses', () => {
  it('401 without a session; company users read but may not write (403); unknown course 404', async () => {
    expect((await t.call({ method: 'GET', url: '/api/courses' })).statusCode).toBe(401);
    expect((await t.get('frontdesk', '/api/courses')).statusCode).toBe(200);
    const payload = { title: 'Curso PLAFT', url: 'https://cursos.example/plaft' };
    expect((await t.post('admin', '/api/courses', payload)).statusCode).toBe(403);
    const missing = await t.patch('superAdmin', `/api/courses/${UNKNOWN}`, payload);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('COURSE_NOT_FOUND');
  });

  it('the super administrator adds, changes and removes course links (audited); company users see the active ones of their language', async () => {
    const add = (payload: Record<string, unknown>) =>
      t.call({ as: 'superAdmin', method: 'POST', url: '/api/courses', payload, headers: { 'accept-language': 'es' } });
    const insecure = await add({ title: 'Curso', url: 'http://cursos.example/x' });
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json()).toMatchObject({ code: 'COURSE_URL_INVALID', field: 'url' });
    expect(insecure.json().message).toBe('Ingrese una dirección web que empiece con https://');
    const short = await add({ title: 'C', url: 'https://cursos.example/x' });
    expect(short.json().field).toBe('title');

    const all = (await add({ title: 'Prevención de lavado de activos', url: 'https://cursos.example/pla' })).json();
    const es = (await add({ title: 'Ley 21.595', url: 'https://cursos.example/21595', language: 'es' })).json();
    const br = (await add({ title: 'Resolução COAF 40', url: 'https://cursos.example/coaf', language: 'br' })).json();
    const hidden = (await add({ title: 'Borrador', url: 'https://cursos.example/draft', active: false })).json();

    const titles = async (as: string, company: 'cl' | 'br' = 'cl') =>
      ((await t.get({ as, company }, '/api/courses')).json() as { title: string }[]).map((c) => c.title).sort();
    expect(await titles('frontdesk')).toEqual(['Ley 21.595', 'Prevención de lavado de activos']);
    expect(await titles('admin', 'br')).toEqual(['Prevención de lavado de activos', 'Resolução COAF 40']);
    expect((await titles('superAdmin')).length).toBe(4);

    const changed = await t.patch('superAdmin', `/api/courses/${hidden.id}`, { active: true, title: 'Publicado' });
    expect(changed.json()).toMatchObject({ title: 'Publicado', active: true });
    const removed = await t.del('superAdmin', `/api/courses/${es.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await titles('frontdesk')).toEqual(['Prevención de lavado de activos', 'Publicado']);
    expect((await t.del('superAdmin', `/api/courses/${es.id}`)).statusCode).toBe(404);

    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entityId', 'companyId', 'userId'])
      .where('entity', '=', 'course')
      .execute();
    const ids = [all.id, es.id, br.id, hidden.id];
    expect(
      rows
        .filter((r) => r.action === 'course.created')
        .map((r) => r.entityId)
        .sort(),
    ).toEqual(ids.sort());
    expect(rows.some((r) => r.action === 'course.updated' && r.entityId === hidden.id)).toBe(true);
    expect(rows.some((r) => r.action === 'course.deleted' && r.entityId === es.id)).toBe(true);
    expect(rows.every((r) => r.companyId === null && r.userId)).toBe(true);
  });
});
