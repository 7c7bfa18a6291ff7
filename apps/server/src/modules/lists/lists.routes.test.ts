import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fixture, importList } from './fixtures/import-fixture';
import { fetchList } from './lists.fetch';
import { currentState } from './lists.index';
import { unpack } from './lists.parse';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const v = await importList(t, 'ofac', fixture('ofac-small.csv'), { label: 'fixture 1' });
  expect(v.status).toBe('active');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/lists', () => {
  it('401 without a token, 403 for a role that does not screen', async () => {
    expect((await t.call({ method: 'GET', url: '/api/lists' })).statusCode).toBe(401);
    const res = await t.get('auditor', '/api/lists');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('No permitido');
  });

  it('lists the sources with their current version and counts', async () => {
    const res = await t.get('admin', '/api/lists');
    expect(res.statusCode).toBe(200);
    const lists = res.json() as { id: string; entityCount: number; currentVersion: { label: string } | null }[];
    expect(lists.map((l) => l.id)).toEqual(expect.arrayContaining(['ofac', 'onu', 'gafi', 'rtp', 'keywords', 'pdi']));
    expect(lists.find((l) => l.id === 'ofac')).toMatchObject({
      entityCount: 5,
      currentVersion: { label: 'fixture 1' },
    });
    expect(lists.find((l) => l.id === 'gafi')?.entityCount).toBe(25);
    const count = await t.get('admin', `/api/lists/count?where=${encodeURIComponent('{"kind":"sanctions"}')}`);
    // OFAC, UN, the EU and UK lists and OpenSanctions (issue 15)
    expect(count.json()).toEqual({ count: 6 });
  });

  it('404 for an unknown list and 400 naming an unknown filter field', async () => {
    expect((await t.get('admin', '/api/lists/nope')).json().code).toBe('LIST_NOT_FOUND');
    const bad = await t.get('admin', `/api/lists?filter=${encodeURIComponent('{"where":{"colour":"x"}}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('where.colour');
  });
});

describe('list imports', () => {
  it('only the super administrator imports (403 for a company admin)', async () => {
    const res = await t.post('admin', '/api/lists/ofac/import', { content: 'x' });
    expect(res.statusCode).toBe(403);
  });

  it('a file with a bad line fails with a report naming the line, and the previous version stays in force', async () => {
    const bad = `${fixture('ofac-small.csv')}ABC,"SOMEONE NEW",-0- ,"CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n12,-0- \n`;
    const v = await importList(t, 'ofac', bad);
    expect(v.status).toBe('failed');
    expect(v.errors).toEqual([
      // the English message, and the code and values the screens translate
      expect.objectContaining({
        line: 6,
        message: "ent_num must be a number, found 'ABC'",
        code: 'OFAC_ID',
        params: { id: 'ABC' },
      }),
      expect.objectContaining({
        line: 7,
        message: 'expected 12 comma-separated fields, found 2',
        code: 'OFAC_FIELDS',
        params: { found: 2 },
      }),
    ]);
    const list = await t.get('admin', '/api/lists/ofac');
    expect(list.json()).toMatchObject({ entityCount: 5, currentVersion: { label: 'fixture 1', status: 'active' } });
    expect(currentState().index.search({ name: 'Someone New' }, { lists: ['ofac'] })).toEqual([]);
  });

  it('a good new version becomes active and the index finds a name only in it; the job reports progress', async () => {
    const next = `${fixture('ofac-small.csv')}9002,"TORRES VALDIVIA, Anselmo","individual","SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 1965."\n`;
    const v = await importList(t, 'ofac', next, { label: 'fixture 2' });
    expect(v).toMatchObject({ status: 'active', entityCount: 6 });
    const hits = currentState().index.search({ name: 'Anselmo Torres Baldivia' }, { lists: ['ofac'] });
    expect(hits[0]?.entityId).toBe('9002');
    const versions = (await t.get('superAdmin', '/api/lists/ofac/versions')).json();
    expect(versions.map((x: { status: string }) => x.status)).toEqual(['active', 'failed', 'superseded']);
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', '=', 'lists.import')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(job.progress).toMatchObject({ phase: 'done', processed: 6, total: 6 });
  });

  it('reads a gzip upload sent as base64, and a UN XML with a broken tag fails naming the line', async () => {
    const ok = await importList(t, 'onu', gzipSync(fixture('un-small.xml')).toString('base64'), {});
    expect(ok.status).toBe('failed'); // base64 without encoding is read as text: not XML
    const res = await t.post('superAdmin', '/api/lists/onu/import', {
      content: gzipSync(fixture('un-small.xml')).toString('base64'),
      encoding: 'base64',
    });
    expect(res.statusCode).toBe(202);
    await t.deps.queue.drain();
    const onu = (await t.get('admin', '/api/lists/onu')).json();
    expect(onu.entityCount).toBe(2);
    const broken = fixture('un-small.xml').replace('<LISTED_ON>2013-05-14</LISTED_ON>', '<LISTED_ON>2013-05-14');
    const v = await importList(t, 'onu', broken);
    expect(v.status).toBe('failed');
    expect(v.errors[0]?.line).toBeGreaterThan(20);
    expect((await t.get('admin', '/api/lists/onu')).json().entityCount).toBe(2);
  });

  it('a gzip that inflates past the limit is refused as a bomb, and a broken gzip is a 400 in words, not a 500', async () => {
    // the limit is 512 MiB; the function takes a smaller one so the test need not build half a gigabyte
    const bomb = gzipSync(Buffer.alloc(64 * 1024));
    expect(() => unpack(bomb, 1024)).toThrow(expect.objectContaining({ code: 'FILE_ZIP_BOMB' }));
    expect(unpack(bomb, 64 * 1024)).toHaveLength(64 * 1024);
    const broken = gzipSync(fixture('un-small.xml')).subarray(0, 40);
    const before = await t.deps.db.selectFrom('listVersions').select('id').execute();
    const res = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/lists/onu/import',
      payload: { content: broken.toString('base64'), encoding: 'base64' },
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'LIST_IMPORT_INVALID', field: 'file' });
    expect(res.json().message).toMatch(/^No se pudo leer el archivo de la lista: /);
    // nothing stored: no version, no file
    expect(await t.deps.db.selectFrom('listVersions').select('id').execute()).toHaveLength(before.length);
  });

  it('400 naming the field for a bad body', async () => {
    const res = await t.post('superAdmin', '/api/lists/ofac/import', { format: 'pdf', content: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('format');
  });
});

describe('scheduled fetch', () => {
  it('runs by itself for every list with a published address and downloads a list from its address', async () => {
    const body = fixture('ofac-small.csv');
    const server = http.createServer((_req, res) => res.end(body));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sdn.csv`;
    try {
      const sources = (await t.get('admin', '/api/lists')).json();
      // a list with an address is fetched daily by itself (issue 27); a list kept by hand has nothing to fetch
      for (const s of sources as { id: string; fetchEnabled: boolean; sourceUrl: string | null }[])
        expect(s.fetchEnabled, s.id).toBe(s.sourceUrl !== null);
      const patch = await t.patch('superAdmin', '/api/lists/pdi', { sourceUrl: url, fetchEnabled: true });
      expect(patch.json()).toMatchObject({ fetchEnabled: true, sourceUrl: url });
      await t.deps.db.updateTable('listSources').set({ format: 'ofac-csv' }).where('id', '=', 'pdi').execute();
      const r = await fetchList(t.deps, 'pdi');
      expect(r.status).toBe('importing');
      await t.deps.queue.drain();
      expect((await t.get('admin', '/api/lists/pdi')).json()).toMatchObject({
        entityCount: 5,
      });
      expect((await fetchList(t.deps, 'pdi')).status).toBe('unchanged');
    } finally {
      server.close();
      await t.deps.db
        .updateTable('listSources')
        .set({ format: 'entities-csv', fetchEnabled: false })
        .where('id', '=', 'pdi')
        .execute();
    }
  });
});

describe('index kept in step across processes', () => {
  it('a poll reloads a list whose revision another process moved', async () => {
    // another process adds an entry to the active OFAC version and bumps the revision
    const v = await t.deps.db
      .selectFrom('listVersions')
      .select('id')
      .where('sourceId', '=', 'ofac')
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('listEntities')
      .values({
        versionId: v.id,
        entityId: 'x-1',
        schema: 'Person',
        names: JSON.stringify(['Wenceslao Quintanilla Orellana']),
        fields: JSON.stringify({}),
      })
      .execute();
    await t.deps.db.updateTable('listSources').set({ revision: sql`revision + 1` }).where('id', '=', 'ofac').execute();
    expect(currentState().index.search({ name: 'Wenceslao Quintanilla' }, { lists: ['ofac'] })).toEqual([]);
    await currentState().poll();
    expect(currentState().index.search({ name: 'Wenceslao Quintanilla' }, { lists: ['ofac'] })[0]?.entityId).toBe(
      'x-1',
    );
  });
});

describe("GET /api/lists/{id}/entries (the super administrator's and the watcher's list screens)", () => {
  const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));
  it('401, 403 for company roles; pages, searches names and aliases, counts, and one entry whole', async () => {
    expect((await t.call({ method: 'GET', url: '/api/lists/ofac/entries' })).statusCode).toBe(401);
    expect((await t.get('admin', '/api/lists/ofac/entries')).statusCode).toBe(403);
    expect((await t.get('admin', '/api/lists/ofac/entries/count')).statusCode).toBe(403);
    const page = await t.get(
      'watcher',
      `/api/lists/ofac/entries?filter=${q({ limit: 2, skip: 0, order: 'name asc' })}`,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toHaveLength(2);
    const all = (await t.get('superAdmin', '/api/lists/ofac/entries/count')).json();
    const every = (await t.get('superAdmin', `/api/lists/ofac/entries?filter=${q({ limit: 100 })}`)).json();
    expect(all.count).toBe(every.length);
    expect(all.count).toBeGreaterThan(2);
    const first = page.json()[0] as { id: string; names: string[] };
    const alias = (first.names.at(-1) ?? '').slice(0, 6);
    const found = await t.get('superAdmin', `/api/lists/ofac/entries/count?where=${q({ names: { ilike: alias } })}`);
    expect(found.json().count).toBeGreaterThan(0);
    const one = await t.get('superAdmin', `/api/lists/ofac/entries/${first.id}`);
    expect(one.json()).toMatchObject({ listId: 'ofac', entityId: first.id, kind: 'sanctions', names: first.names });
    expect(one.json()).toHaveProperty('addresses');
    expect((await t.get('superAdmin', '/api/lists/ofac/entries/nope')).json().code).toBe('LIST_ENTRY_NOT_FOUND');
    expect((await t.get('superAdmin', '/api/lists/nope/entries')).json().code).toBe('LIST_NOT_FOUND');
    const lists = (await t.get('superAdmin', '/api/lists')).json();
    expect(lists.find((l: { id: string }) => l.id === 'ofac').lastVersion).toMatchObject({
      status: expect.any(String),
      entityCount: expect.any(Number),
    });
  });
});
