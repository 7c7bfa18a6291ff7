import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { currentState } from '../lists';
import { fixture, importList } from '../lists/fixtures/import-fixture';
import { screen } from './screening.service';

const t = useTestApp({}, async (app) => {
  await importList(app, 'ofac', fixture('ofac-small.csv'));
  await importList(app, 'onu', fixture('un-small.xml'));
});

const search = (payload: Record<string, unknown>, as = 'admin', company: 'cl' | 'br' = 'cl', lang = 'en') =>
  t.call({ as, company, method: 'POST', url: '/api/search/individual', payload, headers: { 'accept-language': lang } });

describe('POST /api/search/individual', () => {
  it('401 without a token, 403 for frontdesk (no individualSearch permission)', async () => {
    expect((await t.call({ method: 'POST', url: '/api/search/individual', payload: { name: 'x' } })).statusCode).toBe(
      401,
    );
    expect((await search({ name: 'x' }, 'frontdesk')).statusCode).toBe(403);
  });

  it('finds a known OFAC name written with a typo, grouped by list, and writes the search log', async () => {
    const res = await search({
      name: 'Joakin',
      fatherName: 'Guzman',
      motherName: 'Loera',
      personType: 'natural',
      country: 'MX',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ofac = body.lists.find((l: { listId: string }) => l.listId === 'ofac');
    expect(ofac).toMatchObject({ listName: 'OFAC SDN', coincidence: true });
    expect(ofac.hits[0]).toMatchObject({ entityId: '7675', name: 'GUZMAN LOERA, Joaquin' });
    expect(ofac.hits[0].score).toBeGreaterThan(0.8);
    expect(ofac.hits[0].explanation.parts.length).toBeGreaterThan(0);
    expect(body.total).toBe(1);
    expect(body.message).toBeNull();
    expect(body.lists.map((l: { listId: string }) => l.listId)).toEqual(
      // lists in force with entries; an empty list (interpol, pdi, keywords, the PEP register while it holds nobody)
      // is never offered as screened: it is named among the empty lists (issue 27)
      ['ofac', 'onu', 'gafi', 'rtp', 'interest', 'blacklist'],
    );
    expect(body.emptyLists.map((l: { listId: string }) => l.listId)).toEqual(
      expect.arrayContaining(['interpol', 'pdi', 'keywords', 'pep-register']),
    );
    const log = await t.get('admin', `/api/search-logs/${body.searchLogId}`);
    expect(log.json()).toMatchObject({
      kind: 'individual',
      name: 'Joakin Guzman Loera',
      total: 1,
      coincidences: ['ofac'],
      userName: 'CL admin',
    });
  });

  it('finds a UN name with a typo and a country on the FATF list', async () => {
    const res = await search({ name: 'Abu Bakr Al Bagdadi', country: 'IR' });
    const lists = res.json().lists as {
      listId: string;
      coincidence: boolean;
      hits: { explanation: { summary: string } }[];
    }[];
    expect(lists.find((l) => l.listId === 'onu')?.coincidence).toBe(true);
    const gafi = lists.find((l) => l.listId === 'gafi');
    expect(gafi?.coincidence).toBe(true);
    expect(gafi?.hits[0]?.explanation.summary).toContain('call for action');
    expect(res.json().total).toBe(2);
  });

  it("answers 'No results found' in the caller's language when nothing matches", async () => {
    // the company language (es for the Chilean demo company, br for the Brazilian one) wins over the header
    const es = await search({ name: 'Maria Fernanda Rojas Soto', country: 'CL' });
    expect(es.json()).toMatchObject({ total: 0, message: 'No se encontraron resultados' });
    const br = await search({ name: 'Maria Fernanda Rojas Soto' }, 'admin', 'br', 'es');
    expect(br.json().message).toBe('Nenhum resultado encontrado');
  });

  it('matches a document exactly, and the company lists (list of interest, blacklist, keywords)', async () => {
    const byDoc = await search({ dni: '12.345.678-5' });
    expect(byDoc.json().lists.find((l: { listId: string }) => l.listId === 'ofac').hits[0]).toMatchObject({
      entityId: '9001',
      score: 1,
    });
    const li = await t.post('admin', '/api/list-interns', {
      dni: '76.277.884-K',
      name: 'Inversiones Halcón SpA',
      personType: 'legal',
      reason: 'PEP relation',
    });
    expect(li.statusCode).toBe(200);
    const reason = await t.post('admin', '/api/blacklist-reasons', { text: 'Fraude' });
    await t.post('admin', '/api/blacklists', {
      dni: '9.876.543-3',
      name: 'Pedro Picapiedra',
      reasonId: reason.json().id,
    });
    await t.post('superAdmin', '/api/keywords', { name: 'Narco', word: 'narco' });
    const res = await search({ name: 'Inversiones Halcon', personType: 'legal' });
    const byId = Object.fromEntries(
      res.json().lists.map((l: { listId: string; coincidence: boolean }) => [l.listId, l.coincidence]),
    );
    expect(byId.interest).toBe(true);
    const bl = await search({ dni: '98765433' });
    expect(bl.json().lists.find((l: { listId: string }) => l.listId === 'blacklist').coincidence).toBe(true);
    const kw = await search({ name: 'Transportes Narco Limitada' });
    expect(kw.json().lists.find((l: { listId: string }) => l.listId === 'keywords').hits[0].matchedName).toBe('narco');
    // another company does not see them
    const other = await search({ dni: '76277884K' }, 'admin', 'br');
    expect(other.json().lists.find((l: { listId: string }) => l.listId === 'interest').coincidence).toBe(false);
  });

  it('a city on the risk cities list is a coincidence', async () => {
    const city = await t.post('superAdmin', '/api/risk-cities', {
      city: 'Ciudad del Este',
      region: 'Alto Paraná',
      country: 'PY',
      reason: 'triple frontera',
    });
    expect(city.json()).toMatchObject({ name: 'Ciudad del Este', city: 'Ciudad del Este', region: 'Alto Paraná' });
    const res = await search({ name: 'Juana Gómez', city: 'ciudad del este', country: 'PY' });
    const l = res.json().lists.find((x: { listId: string }) => x.listId === 'risk-cities');
    expect(l.hits[0].explanation.summary).toContain('triple frontera');
    const elsewhere = await search({ name: 'Juana Gómez', city: 'Ciudad del Este', country: 'CL' });
    expect(elsewhere.json().lists.find((x: { listId: string }) => x.listId === 'risk-cities').coincidence).toBe(false);
  });

  it('400 naming the field without a name or document, or with a bad person type', async () => {
    const res = await search({ country: 'CL' });
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'name' });
    expect((await search({ name: 'x', personType: 'robot' })).json()).toMatchObject({
      statusCode: 400,
      field: 'personType',
    });
  });

  it("answers 429 with the spec's message beyond the contracted monthly limit", async () => {
    const used = (
      await t.get(
        { as: 'admin', company: 'br' },
        `/api/search-logs/count?where=${encodeURIComponent('{"kind":"individual"}')}`,
      )
    ).json().count;
    await t.deps.db
      .updateTable('companies')
      .set({ settings: JSON.stringify({ requestLimit: used + 1 }) })
      .where('id', '=', t.companies.br)
      .execute();
    expect((await search({ name: 'Fulano de Tal' }, 'admin', 'br')).statusCode).toBe(200);
    const res = await search({ name: 'Fulano de Tal' }, 'admin', 'br', 'en');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'REQUEST_LIMIT_REACHED',
      message: 'Não é possível fazer mais consultas, limite contratado atingido; contate o Super Administrador',
    });
    await t.deps.db
      .updateTable('companies')
      .set({ settings: JSON.stringify({}) })
      .where('id', '=', t.companies.br)
      .execute();
  });
});

describe('screening.service for other modules', () => {
  it('screen() answers lists with coincidences, and a change of entries is told on the bus once', async () => {
    const r = await screen(t.deps, t.companies.cl, { name: 'Banco Nacional de Cuba', personType: 'legal' });
    expect(r.total).toBe(1);
    expect(r.lists.find((l) => l.listId === 'ofac')?.hits[0]?.entityId).toBe('306');
    // 'list.changed' is an after-commit event: its listener (monitoring) is a job, enqueued once per change
    const told = async () =>
      (
        await t.deps.db
          .selectFrom('jobs')
          .select(['payload', 'createdAt'])
          .where('name', '=', 'monitoring.listChanged')
          .orderBy('createdAt')
          .orderBy('id')
          .execute()
      )
        .map((j) => (typeof j.payload === 'string' ? JSON.parse(j.payload) : j.payload) as Record<string, unknown>)
        .filter((p) => p.listId === 'interpol')
        .map((p) => [p.listId, p.changed]);
    expect(await told()).toEqual([]);
    // the list's first entry opens a version: the whole list is (re)loaded; later entries are told one by one
    await t.post('superAdmin', '/api/interpol', { name: 'Carlos Ilich Ramirez' });
    await currentState().idle();
    const e = await t.post('superAdmin', '/api/interpol', { name: 'Abimael Guzman' });
    await currentState().idle();
    expect(await told()).toEqual([
      ['interpol', 'all'],
      ['interpol', [e.json().id]],
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the screening calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/search/individual',
      '/api/ofac/match',
      '/api/gafi/{id}',
      '/api/blacklists/{id}',
      '/api/list-interns/massive-bulk',
      '/api/search-logs/count',
      '/api/lists/{id}/import',
    ])
      expect(paths).toContain(p);
  });

  it('listEntities and listName serve the monitoring of fichas', async () => {
    const { listEntities, listName, listIds } = await import('./screening.service');
    expect(listName('ofac')).toBe('OFAC SDN');
    expect(await listIds()).toEqual(expect.arrayContaining(['ofac', 'onu', 'gafi']));
    const [e] = await listEntities(t.deps, 'ofac', ['7675']);
    expect(e).toMatchObject({ id: '7675', listId: 'ofac', names: ['GUZMAN LOERA, Joaquin'] });
  });
});
