import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fixture, importList } from './fixtures/import-fixture';
import { fetchList } from './lists.fetch';

/*
 * Issue 27, point 1: lists tell their age. A list shows its source, version date and last successful update; a list
 * older than its expected interval is stale, a list without entries is empty; an empty list is never offered as
 * screened; a failed daily update notifies the administrators in their own language.
 */

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  // the OFAC file of 3 May 2024 (the shipped snapshot's date), uploaded today
  const res = await t.post('superAdmin', '/api/lists/ofac/import', {
    content: fixture('ofac-small.csv'),
    label: 'OFAC SDN 2024-05-03',
    publishedOn: '2024-05-03',
  });
  expect(res.statusCode).toBe(202);
  await t.deps.queue.drain();
});
afterAll(async () => {
  await t?.close();
});

type SourceView = {
  id: string;
  sourceUrl: string | null;
  updateIntervalHours: number | null;
  currentVersion: { publishedAt: string | null } | null;
  freshness: { state: string; versionDate: string | null; ageDays: number | null; lastSuccessAt: string | null };
};

const lists = async () => (await t.get('superAdmin', '/api/lists')).json() as SourceView[];

describe('list freshness', () => {
  it('a sanctions list of May 2024 with a daily interval is stale and says its version date and age', async () => {
    const ofac = (await lists()).find((l) => l.id === 'ofac');
    const expectedAge = Math.floor((Date.now() - Date.parse('2024-05-03T00:00:00Z')) / DAY);
    expect(ofac).toMatchObject({
      updateIntervalHours: 24,
      freshness: { state: 'stale', versionDate: '2024-05-03', ageDays: expectedAge },
    });
    expect(ofac?.sourceUrl).toMatch(/^https:\/\//);
    // confirmed current as of its own date, not as of the day it was uploaded
    expect(ofac?.freshness.lastSuccessAt?.slice(0, 10)).toBe('2024-05-03');
  });

  it('a list without entries is empty; a list kept by hand with entries and no interval is current', async () => {
    const all = await lists();
    expect(all.find((l) => l.id === 'interpol')?.freshness.state).toBe('empty');
    expect(all.find((l) => l.id === 'eu-fsf')?.freshness.state).toBe('empty');
    expect(all.find((l) => l.id === 'gafi')).toMatchObject({
      updateIntervalHours: null,
      freshness: { state: 'current' },
    });
  });

  it('the screening result names the version and its age, and never offers an empty list as screened', async () => {
    const res = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/search/individual',
      payload: { name: 'Joakin', fatherName: 'Guzman', motherName: 'Loera' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      lists: { listId: string; version?: { versionDate: string; ageDays: number; state: string } }[];
      emptyLists: { listId: string }[];
    };
    const ofac = body.lists.find((l) => l.listId === 'ofac');
    expect(ofac?.version).toMatchObject({ versionDate: '2024-05-03', state: 'stale' });
    expect(ofac?.version?.ageDays).toBeGreaterThan(500);
    const screened = body.lists.map((l) => l.listId);
    for (const empty of ['interpol', 'pdi', 'eu-fsf', 'uk-ofsi', 'opensanctions']) {
      expect(screened, empty).not.toContain(empty);
      expect(
        body.emptyLists.map((l) => l.listId),
        empty,
      ).toContain(empty);
    }
  });

  it('"Listas y ponderaciones" shows an empty list as empty, not as screening', async () => {
    const res = await t.get('superAdmin', `/api/companies/${t.companies.cl}/list-controls`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { listId: string; enabled: boolean; listState: string }[];
    expect(rows.find((r) => r.listId === 'interpol')).toMatchObject({ listState: 'empty' });
    expect(rows.find((r) => r.listId === 'ofac')).toMatchObject({ listState: 'stale' });
    expect(rows.find((r) => r.listId === 'gafi')).toMatchObject({ listState: 'current' });
  });

  it('the expected interval is a per-list setting of the super administrator', async () => {
    const patch = await t.patch('superAdmin', '/api/lists/gafi', { updateIntervalHours: 24 * 120 });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ updateIntervalHours: 2880 });
    const bad = await t.patch('superAdmin', '/api/lists/gafi', { updateIntervalHours: 0 });
    expect(bad.statusCode).toBe(400);
    expect((await t.patch('admin', '/api/lists/gafi', { updateIntervalHours: 5 })).statusCode).toBe(403);
  });

  it('a failed daily update notifies each company once, read in the reader language; a good one makes it current', async () => {
    await t.deps.db
      .updateTable('listSources')
      .set({ sourceUrl: 'http://127.0.0.1:9/sdn.csv' })
      .where('id', '=', 'ofac')
      .execute();
    expect((await fetchList(t.deps, 'ofac')).status).toBe('failed');
    expect((await fetchList(t.deps, 'ofac')).status).toBe('failed');
    await t.deps.queue.drain();
    const read = async (lang: 'es' | 'br' | 'en' | null) => {
      await t.deps.db.updateTable('users').set({ lang }).where('email', 'like', 'admin%').execute();
      const res = await t.get('admin', `/api/notifications?filter=${encodeURIComponent('{"where":{"kind":"list"}}')}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { title: string; description: string }[];
    };
    const en = await read('en');
    expect(en).toHaveLength(1);
    expect(en[0]?.title).toBe('The list OFAC SDN (US Treasury) could not be updated');
    expect(en[0]?.description).toContain('Screening still uses the version of 03/05/2024');
    const pt = await read('br');
    expect(pt[0]?.title).toBe('Não foi possível atualizar a lista OFAC SDN (Tesouro dos EUA)');
    const es = await read('es');
    expect(es[0]?.title).toBe('No se pudo actualizar la lista OFAC SDN (Tesoro de EE. UU.)');
    await t.deps.db.updateTable('users').set({ lang: null }).where('email', 'like', 'admin%').execute();

    // the same file from the address: confirmed current as of now
    const body = fixture('ofac-small.csv');
    const server = http.createServer((_req, res) => res.end(body));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sdn.csv`;
      await t.deps.db.updateTable('listSources').set({ sourceUrl: url }).where('id', '=', 'ofac').execute();
      expect((await fetchList(t.deps, 'ofac')).status).toBe('unchanged');
    } finally {
      server.close();
    }
    const ofac = (await lists()).find((l) => l.id === 'ofac');
    expect(ofac?.freshness.state).toBe('current');
    expect(Date.now() - Date.parse(ofac?.freshness.lastSuccessAt ?? '')).toBeLessThan(DAY);
    // the version date stays the content's own date
    expect(ofac?.freshness.versionDate).toBe('2024-05-03');
  });

  it('an imported version older than twice its interval is stale; a fresh one is current', async () => {
    const v = await importList(t, 'uk-ofsi', fixture('uk-ofsi-small.csv'), { label: 'UK today' });
    expect(v.status).toBe('active');
    expect((await lists()).find((l) => l.id === 'uk-ofsi')?.freshness.state).toBe('current');
    const twoDaysAgo = new Date(Date.now() - 2 * DAY - 3_600_000);
    await t.deps.db.updateTable('listSources').set({ lastSuccessAt: twoDaysAgo }).where('id', '=', 'uk-ofsi').execute();
    await t.deps.db.updateTable('listVersions').set({ publishedAt: twoDaysAgo }).where('id', '=', v.id).execute();
    expect((await lists()).find((l) => l.id === 'uk-ofsi')?.freshness).toMatchObject({ state: 'stale', ageDays: 2 });
  });
});
