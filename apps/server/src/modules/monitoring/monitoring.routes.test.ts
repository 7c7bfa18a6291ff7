import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUAN_CARLOS, postFicha } from '../../../test/fichas-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fileUpload } from '../../../test/multipart';
import { type LocalScreening, useLocalScreening, useRealScreening } from '../fichas/screening.adapter';
import { startMonitoring } from './monitoring.module';

let t: TestApp;
let lists: LocalScreening;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  lists = useLocalScreening(t.deps);
  await startMonitoring();
});
afterAll(async () => {
  useRealScreening();
  await t?.close();
});

const entity = (over: Record<string, unknown> = {}) => ({
  id: 'sdn-1',
  listId: 'ofac',
  schema: 'Person' as const,
  names: ['Juan Carlos Malvado Rojas'],
  birthDates: ['1970-03-02'],
  countries: ['CL'],
  ...over,
});

const multipart = (name: string, bytes: Uint8Array, type = 'application/pdf') => fileUpload(name, bytes, type);

/** A hand-written PDF whose trailer names an /Encrypt dictionary (pdf-lib cannot write encrypted files). */
const ENCRYPTED_PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >> endobj',
    '4 0 obj << /Filter /Standard /V 1 /R 2 /O (0123456789abcdef0123456789abcdef) /U (0123456789abcdef0123456789abcdef) /P -44 >> endobj',
    'trailer << /Root 1 0 R /Size 5 /Encrypt 4 0 R >>',
    '%%EOF',
  ].join('\n'),
  'latin1',
);

describe('monitoring: a list change that makes an existing customer match', () => {
  it('creates a notification, raises the risk of the ficha and of the company it represents; dismissals hold until the entry changes', async () => {
    const person = await postFicha(t, JUAN_CARLOS);
    expect(person.json()).toMatchObject({ risk: 'low', listas: { total: 0 } });
    const company = (
      await t.post('admin', '/api/fichas-clientes', {
        personType: 'legal',
        dni: '76.277.884-K',
        socialReason: 'Empresa Limpia SpA',
      })
    ).json();
    const rel = await t.post('admin', '/api/ficha-relationship', {
      fichaId: company.id,
      relationType: 'both',
      relatedFichaId: person.json().id,
      participation: 60,
    });
    expect(rel.statusCode, rel.body).toBe(200);
    expect((await t.get('admin', `/api/fichas-clientes/${company.id}`)).json().risk).toBe('low');

    await lists.replaceList('ofac', 'OFAC SDN', [entity(), entity({ id: 'sdn-2', names: ['Otra Persona Distinta'] })]);
    expect(await t.deps.queue.drain()).toBeGreaterThan(0);

    const after = (await t.get('admin', `/api/fichas-clientes/${person.json().id}`)).json();
    expect(after).toMatchObject({ risk: 'high', calculatedRisk: 'high', listas: { total: 1 } });
    expect(after.listas.lists[0]).toMatchObject({ listId: 'ofac', coincidence: true, hits: [{ entityId: 'sdn-1' }] });
    expect(after.riskReasons).toContainEqual(
      expect.objectContaining({ rule: 'lists.sanction', forced: true, detail: 'ofac' }),
    );
    expect((await t.get('admin', `/api/fichas-clientes/${company.id}`)).json()).toMatchObject({
      effectiveRisk: 'high',
      risk: 'high',
    });

    expect((await t.call({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.get('frontdesk', '/api/notifications')).statusCode).toBe(403);
    const notes = (await t.get('userMonitoring', '/api/notifications')).json();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      fichaId: person.json().id,
      read: false,
      consultationCode: null,
      kind: 'monitoring.match',
    });
    expect(notes[0].title).toContain('Juan Carlos Malvado Rojas');
    expect((await t.get({ as: 'admin', company: 'br' }, '/api/notifications')).json()).toEqual([]);
    const unread = encodeURIComponent(JSON.stringify({ read: false }));
    expect((await t.get('admin', `/api/notifications/count?where=${unread}`)).json()).toEqual({ count: 1 });

    // the same list again: no new alert
    await lists.replaceList('ofac', 'OFAC SDN', [entity(), entity({ id: 'sdn-2', names: ['Otra Persona Distinta'] })]);
    await t.deps.queue.drain();
    expect((await t.get('admin', '/api/notifications/count')).json()).toEqual({
      count: 1,
    });

    // a reviewer proposes the dismissal, a second one approves it: no coincidence, the risk goes down; the same
    // entry does not alert again
    const bad = await t.post('userMonitoring', `/api/fichas-clientes/${person.json().id}/matches/ofac/nope/dismiss`, {
      reasonCode: 'differentPerson',
      reasonText: 'different birth place',
    });
    expect(bad.statusCode).toBe(404);
    const proposed = await t.post(
      'userMonitoring',
      `/api/fichas-clientes/${person.json().id}/matches/ofac/sdn-1/dismiss`,
      { reasonCode: 'differentPerson', reasonText: 'different birth place' },
    );
    expect(proposed.json()).toMatchObject({ applied: false, proposal: { status: 'pending' } });
    const approved = await t.post('admin', `/api/match-dismissals/${proposed.json().proposal.id}/approve`, {});
    expect(approved.json().status).toBe('approved');
    expect((await t.get('admin', `/api/fichas-clientes/${person.json().id}`)).json()).toMatchObject({
      listas: { total: 0 },
      risk: 'low',
    });
    await lists.upsertEntities('ofac', 'OFAC SDN', [entity()]);
    await t.deps.queue.drain();
    expect((await t.get('admin', '/api/notifications/count')).json()).toEqual({
      count: 1,
    });
    // the entry changes (a new alias): it alerts again
    await lists.upsertEntities('ofac', 'OFAC SDN', [entity({ names: ['Juan Carlos Malvado Rojas', 'El Malvado'] })]);
    await t.deps.queue.drain();
    expect((await t.get('admin', '/api/notifications/count')).json()).toEqual({
      count: 2,
    });
    expect((await t.get('admin', `/api/fichas-clientes/${person.json().id}`)).json()).toMatchObject({
      risk: 'high',
      listas: { total: 1 },
    });

    const read = await t.patch('admin', '/api/notifications/read', {});
    expect(read.json()).toEqual({ count: 2 });
    expect((await t.get('admin', `/api/notifications/count?where=${unread}`)).json()).toEqual({ count: 0 });

    // on demand
    const screened = await t.post('frontdesk', `/api/fichas-clientes/${person.json().id}/screen`);
    expect(screened.json().listas.lists[0].hits[0].entityId).toBe('sdn-1');
    expect(
      (await t.post({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${person.json().id}/screen`)).statusCode,
    ).toBe(404);
  });

  it('the monthly run happens once per period on the company day', async () => {
    const { scheduleMonthly, monthlyJob } = await import('./monitoring.service');
    const queued = await scheduleMonthly(t.deps, new Date('2026-12-01T10:00:00Z'));
    expect(queued).toBe(2);
    await t.deps.queue.drain();
    expect(await monthlyJob(t.deps, t.companies.cl, '2026-12')).toBeNull();
    const runs = await t.deps.db.selectFrom('monitoringRuns').selectAll().execute();
    expect(runs.filter((r) => r.period === '2026-12')).toHaveLength(2);
  });
});

describe('ficha files', () => {
  it('uploads a PDF (checked by content), downloads it within the company only, deletes it by index', async () => {
    const f = (
      await t.post('admin', '/api/fichas-clientes', { personType: 'natural', dni: '11.111.111-1', name: 'Archivo' })
    ).json();
    const doc = await PDFDocument.create();
    doc.addPage([100, 100]);
    const pdf = await doc.save();
    const body = multipart('contrato.pdf', pdf);
    expect(
      (await t.call({ method: 'POST', url: `/api/files/ficha/fichas-clientes/${f.id}`, ...body })).statusCode,
    ).toBe(401);
    expect(
      (await t.call({ as: 'auditor', method: 'POST', url: `/api/files/ficha/fichas-clientes/${f.id}`, ...body }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.call({
          as: 'admin',
          company: 'br',
          method: 'POST',
          url: `/api/files/ficha/fichas-clientes/${f.id}`,
          ...body,
        })
      ).statusCode,
    ).toBe(404);
    const up = await t.call({
      as: 'frontdesk',
      method: 'POST',
      url: `/api/files/ficha/fichas-clientes/${f.id}`,
      ...body,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ name: 'contrato.pdf', index: 0 });
    const url = up.json().url as string;
    const down = await t.get('auditor', url);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.get({ as: 'admin', company: 'br' }, url)).statusCode).toBe(404);

    const fake = await t.call({
      as: 'admin',
      method: 'POST',
      url: `/api/files/ficha/fichas-clientes/${f.id}`,
      ...multipart('fake.pdf', Buffer.from('not a pdf at all')),
    });
    expect(fake.json()).toMatchObject({ code: 'FILE_FORMAT', message: 'Formato de archivo incorrecto' });
    const enc = await t.call({
      as: 'admin',
      method: 'POST',
      url: `/api/files/ficha/fichas-clientes/${f.id}`,
      ...multipart('secret.pdf', ENCRYPTED_PDF),
    });
    expect(enc.json()).toMatchObject({
      statusCode: 400,
      code: 'FILE_ENCRYPTED',
      message: 'Error al cargar el documento',
    });
    const big = Buffer.concat([Buffer.from(pdf), Buffer.alloc(25 * 1024 * 1024 + 10, 32)]);
    const tooBig = await t.call({
      as: 'admin',
      method: 'POST',
      url: `/api/files/ficha/fichas-clientes/${f.id}`,
      ...multipart('big.pdf', big),
    });
    expect(tooBig.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });

    const del = await t.put('admin', `/api/fichas-clientes/${f.id}/deleteFile/0`);
    expect(del.json().files[0]).toMatchObject({ name: 'contrato.pdf', active: false });
    expect((await t.put('admin', `/api/fichas-clientes/${f.id}/deleteFile/5`)).json().code).toBe('FILE_NOT_FOUND');
  });
});

describe('tags', () => {
  it('company tags: create, no repeats, only the super admin deletes (removed everywhere), clean-existing-tags', async () => {
    expect((await t.post('frontdesk', '/api/tags', { name: 'VIP' })).statusCode).toBe(403);
    const vip = await t.post('admin', '/api/tags', { name: 'VIP', appliesTo: 'fichas' });
    expect(vip.statusCode, vip.body).toBe(200);
    expect((await t.post('admin', '/api/tags', { name: 'vip' })).json().code).toBe('TAG_EXISTS');
    await t.post('admin', '/api/tags', { name: 'Minero' });
    const f = (
      await t.post('admin', '/api/fichas-clientes', {
        personType: 'natural',
        dni: '22.222.222-2',
        name: 'Etiquetas',
        tags: [{ name: 'VIP' }, { name: 'Minero' }, { name: 'Fantasma' }],
      })
    ).json();
    expect((await t.get('auditor', '/api/tags')).json().map((x: { name: string }) => x.name)).toEqual([
      'Minero',
      'VIP',
    ]);
    expect((await t.get({ as: 'admin', company: 'br' }, '/api/tags')).json()).toEqual([]);
    const denied = await t.del('admin', `/api/tags/${vip.json().id}`);
    expect(denied.json()).toMatchObject({
      statusCode: 403,
      code: 'TAG_DELETE_SUPERADMIN_ONLY',
      message: 'Esta etiqueta solo puede ser eliminada por el super administrador',
    });
    const deleted = await t.del('superAdmin', `/api/tags/${vip.json().id}`);
    expect(deleted.json()).toEqual({ ok: true, fichasUpdated: 1 });
    const clean = await t.post('admin', '/api/tools/clean-existing-tags', {});
    expect(clean.json()).toEqual({ fichasUpdated: 1 });
    expect((await t.get('admin', `/api/fichas-clientes/${f.id}`)).json().tags).toEqual([{ name: 'Minero' }]);
  });
});

describe('risk configuration and reference data', () => {
  it('names its company one way (decision 259): another company is a 404, the super administrator must name one', async () => {
    const other = await t.get('admin', `/api/risk-configuration?companyId=${t.companies.br}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
    const own = await t.get('admin', `/api/risk-configuration?companyId=${t.companies.cl}`);
    expect(own.statusCode).toBe(200);
    const none = await t.get('superAdmin', '/api/risk-configuration');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'COMPANY_REQUIRED' });
    const named = await t.get('superAdmin', `/api/risk-configuration?companyId=${t.companies.br}`);
    expect(named.statusCode).toBe(200);
    expect(named.json().cutoffs).toEqual({ medium: 1.3, high: 2 });
  });

  it('GET/PUT /risk-configuration, countries, regions, positions', async () => {
    const cfg = await t.get('auditor', '/api/risk-configuration');
    expect(cfg.json().fatfCallForAction).toEqual(['KP', 'IR', 'MM']);
    expect((await t.put('frontdesk', '/api/risk-configuration', cfg.json())).statusCode).toBe(403);
    const put = await t.put('admin', '/api/risk-configuration', {
      ...(cfg.json() as object),
      cutoffs: { medium: 1.0, high: 2.5 },
    });
    expect(put.statusCode, put.body).toBe(200);
    await t.deps.queue.drain();
    const f = (
      await t.get(
        'admin',
        `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where: { search: 'etiquetas' } }))}`,
      )
    ).json()[0];
    expect(f.calculatedRisk).toBe('medium');
    expect((await t.get({ as: 'admin', company: 'br' }, '/api/risk-configuration')).json().cutoffs).toEqual({
      medium: 1.3,
      high: 2,
    });

    const countries = (await t.get('frontdesk', '/api/countries')).json();
    expect(countries.slice(0, 2).map((c: { code: string }) => c.code)).toEqual(['CL', 'BR']);
    const regions = await t.get(
      'frontdesk',
      `/api/regions?filter=${encodeURIComponent(JSON.stringify({ where: { country: 'BR' } }))}`,
    );
    expect(regions.json()).toHaveLength(27);
    expect(
      (
        await t.get('frontdesk', `/api/regions/count?where=${encodeURIComponent(JSON.stringify({ country: 'CL' }))}`)
      ).json(),
    ).toEqual({ count: 16 });
    expect(
      (
        await t.get(
          'frontdesk',
          `/api/regions?filter=${encodeURIComponent(JSON.stringify({ where: { population: 1 } }))}`,
        )
      ).json().field,
    ).toBe('where.population');
    const pos = await t.post('frontdesk', '/api/positions', { name: 'Piloto comercial' });
    expect(pos.json()).toMatchObject({ name: 'Piloto comercial', companyId: t.companies.cl });
    expect((await t.post('frontdesk', '/api/positions', { name: 'piloto COMERCIAL' })).json().code).toBe(
      'POSITION_EXISTS',
    );
    const cl = (await t.get('auditor', '/api/positions/count')).json().count;
    const br = (await t.get({ as: 'auditor', company: 'br' }, '/api/positions/count')).json().count;
    expect(cl).toBe(br + 1);
  });
});
