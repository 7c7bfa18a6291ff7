import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { readInLanguages } from '../../../test/notification-languages';
import * as m0560 from '../../db/migrations/0560_match_alert_keys';
import { fixture, importList } from '../lists/fixtures/import-fixture';

/*
 * Issue 24, point 6: every new list match alerts, whatever screened the ficha (created or edited by hand, a
 * participant created inside an operation), with the notification a monitoring run raises, once per ficha and
 * list entry: screening the same match again (an edit, on demand, a monitoring run) raises nothing more.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  // the small OFAC file: BANCO NACIONAL DE CUBA (306) and PEREZ GONZALEZ, Ramiro (9001, RUT 12.345.678-5)
  const v = await importList(t, 'ofac', fixture('ofac-small.csv'), { label: 'match alerts' });
  expect(v.status).toBe('active');
  await t.deps.queue.drain();
});
afterAll(async () => {
  await t?.close();
});

type Note = { id: string; fichaId: string | null; kind: string; title: string; description: string; read: boolean };
const ALL = `/api/notifications?filter=${encodeURIComponent(JSON.stringify({ limit: 500 }))}`;
async function notes(as = 'userMonitoring'): Promise<Note[]> {
  const r = await t.get(as, ALL);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}
const of = (list: Note[], fichaId: string) => list.filter((n) => n.fichaId === fichaId);

async function auditsOf(fichaId: string) {
  return t.deps.db
    .selectFrom('auditLog')
    .select(['action', 'userId', 'after'])
    .where('entityId', '=', fichaId)
    .where('action', '=', 'ficha.monitoring.match')
    .execute();
}

describe('a new match alerts wherever it is found, once per ficha and list entry', () => {
  let bank = '';

  it('creating a ficha named like an OFAC entity raises one notification, for the roles monitoring reaches', async () => {
    const before = await notes();
    const res = await postFicha(t, {
      personType: 'legal',
      dni: '76.277.884-K',
      socialReason: 'BANCO NACIONAL DE CUBA',
    });
    bank = res.json().id;
    expect(res.json().listas.lists.find((l: { listId: string }) => l.listId === 'ofac')).toMatchObject({
      coincidence: true,
      hits: [expect.objectContaining({ entityId: '306' })],
    });

    const after = await notes();
    expect(after).toHaveLength(before.length + 1);
    expect(of(after, bank)).toEqual([
      expect.objectContaining({ kind: 'monitoring.match', read: false, title: expect.stringContaining('BANCO') }),
    ]);
    expect(of(after, bank)[0]?.description).toContain('OFAC');
    // the company's administrators read it; the allegation roles and another company do not
    expect(of(await notes('admin'), bank)).toHaveLength(1);
    expect(of(await notes('denouncesAdmin'), bank)).toHaveLength(0);
    const br = await t.get({ as: 'admin', company: 'br' }, ALL);
    expect(of(br.json(), bank)).toHaveLength(0);
    // audited in the change's transaction, naming who created the ficha
    const audits = await auditsOf(bank);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.userId).not.toBeNull();
    // found by the user's change, not by a monitoring run: the history names the user (decision 246)
    const audited = audits[0]?.after;
    expect(typeof audited === 'string' ? JSON.parse(audited) : audited).not.toHaveProperty('source');
  });

  it('each reader reads the match in their own language (keys and values, decision 190)', async () => {
    const read = await readInLanguages(t, 'admin', 'cl', 'monitoring.match');
    const bankTitle = (l: string) => read[l]?.find((n) => n.title.includes('BANCO NACIONAL DE CUBA'));
    expect(bankTitle('es')?.title).toBe('Nueva coincidencia en listas: BANCO NACIONAL DE CUBA');
    expect(bankTitle('en')?.title).toBe('New list match: BANCO NACIONAL DE CUBA');
    expect(bankTitle('en')?.description).toMatch(/^BANCO NACIONAL DE CUBA \(76277884-K\) matches .* in /);
    expect(bankTitle('br')?.title).toBe('Nova coincidência em listas: BANCO NACIONAL DE CUBA');
  });

  it('editing it, screening it again or renaming it away and back raises nothing more', async () => {
    const count = (await notes()).length;
    const patch = (socialReason: string) => t.patch('admin', `/api/fichas-clientes/${bank}`, { socialReason });

    const again = await patch('Banco Nacional de Cuba');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().listas.total).toBeGreaterThan(0);
    const screened = await t.post('admin', `/api/fichas-clientes/${bank}/screen`);
    expect(screened.statusCode, screened.body).toBe(200);
    expect((await notes()).length).toBe(count);

    // the match goes away with the name and comes back with it: the same ficha and entry, no second alert
    const away = await patch('Panadería El Trigal SpA');
    expect(away.json().listas.lists.find((l: { listId: string }) => l.listId === 'ofac')?.coincidence).toBe(false);
    const back = await patch('BANCO NACIONAL DE CUBA');
    expect(back.json().listas.lists.find((l: { listId: string }) => l.listId === 'ofac')?.coincidence).toBe(true);
    expect((await notes()).length).toBe(count);
    expect(await auditsOf(bank)).toHaveLength(1);
  });

  it('a ficha edited into a match alerts', async () => {
    const created = await postFicha(t, {
      personType: 'legal',
      dni: '76.086.428-5',
      socialReason: 'Aerolíneas del Sur SpA',
    });
    const id = created.json().id;
    expect(of(await notes(), id)).toHaveLength(0);
    const edited = await t.patch('adminNoUser', `/api/fichas-clientes/${id}`, {
      socialReason: 'AEROCARIBBEAN AIRLINES',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(of(await notes(), id)).toEqual([expect.objectContaining({ kind: 'monitoring.match' })]);
  });

  it('a participant created inside an operation whose name matches alerts', async () => {
    const before = (await notes()).length;
    const res = await t.post('admin', '/api/consultations', {
      transactionType: 'Compraventa',
      transactionDate: '2025-03-14',
      referenceNumber: 'REF-MATCH-1',
      divisa: 'CLP',
      associates: [
        {
          dni: '12.345.678-5',
          type: 'natural',
          monto: 1_000_000,
          efective: 0,
          newFicha: {
            name: 'Ramiro',
            fatherName: 'Pérez',
            motherName: 'González',
            email: 'ramiro@example.cl',
            nationality: 'CL',
          },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const fichaId = res.json().associates[0].fichaId as string;
    expect(fichaId).toBeTruthy();
    const after = await notes();
    expect(after).toHaveLength(before + 1);
    expect(of(after, fichaId)).toEqual([
      expect.objectContaining({ kind: 'monitoring.match', title: expect.stringContaining('Ramiro') }),
    ]);
  });

  it('a monitoring run afterwards does not notify the same matches again', async () => {
    const before = await notes();
    const run = await t.post('superAdmin', '/api/monitoring/runs', {});
    expect(run.statusCode, run.body).toBe(202);
    await t.deps.queue.drain();
    const runs = await t.get('superAdmin', '/api/monitoring/runs');
    const cl = runs.json().data.find((r: { companyName: string }) => r.companyName === 'Demo Chile SpA');
    expect(cl).toMatchObject({ status: 'finished', notifications: 0 });
    expect((await notes()).map((n) => n.id).sort()).toEqual(before.map((n) => n.id).sort());
  });

  it('an entry that leaves the list and comes back unchanged is no new alert for the monitoring either', async () => {
    const before = (await notes()).length;
    const ofacOf = async () =>
      (await t.get('admin', `/api/fichas-clientes/${bank}`))
        .json()
        .listas.lists.find((l: { listId: string }) => l.listId === 'ofac');
    const without = fixture('ofac-small.csv')
      .split('\n')
      .filter((l) => !l.startsWith('306,'))
      .join('\n');
    expect((await importList(t, 'ofac', without, { label: 'without 306' })).status).toBe('active');
    await t.deps.queue.drain();
    expect((await ofacOf()).coincidence).toBe(false);
    expect((await importList(t, 'ofac', fixture('ofac-small.csv'), { label: 'with 306' })).status).toBe('active');
    await t.deps.queue.drain();
    // the monitoring finds the match again (the ficha's listas and risk follow) but it was notified already
    expect((await ofacOf()).coincidence).toBe(true);
    expect((await notes()).length).toBe(before);
    expect(await auditsOf(bank)).toHaveLength(1);
  });

  it('migration 0560 keys the match notifications written before it (one per match), so none is announced again', async () => {
    const matchRows = () =>
      t.deps.db
        .selectFrom('notifications')
        .select(['id', 'fichaId', 'data', 'matchKey'])
        .where('companyId', '=', t.companies.cl)
        .where('kind', '=', 'monitoring.match')
        .execute();
    const keys = (await matchRows()).map((r) => r.matchKey).sort();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => typeof k === 'string' && k.length > 0)).toBe(true);
    // as the notifications stood before the migration: no key, and the bank's match announced twice
    await m0560.down(t.deps.db as never);
    await t.deps.db
      .insertInto('notifications')
      .values({
        companyId: t.companies.cl,
        fichaId: bank,
        kind: 'monitoring.match',
        title: 'an older announcement',
        description: '',
        data: JSON.stringify({ listId: 'ofac', entityId: '306', score: 1 }),
      } as never)
      .execute();
    await m0560.up(t.deps.db as never);
    const rows = await matchRows();
    expect(
      rows
        .filter((r) => r.matchKey !== null)
        .map((r) => r.matchKey)
        .sort(),
    ).toEqual(keys);
    expect(rows.filter((r) => r.matchKey === null)).toHaveLength(1);
    // the bank screened again: its match was announced already
    const count = rows.length;
    const screened = await t.post('admin', `/api/fichas-clientes/${bank}/screen`);
    expect(screened.statusCode, screened.body).toBe(200);
    expect(await matchRows()).toHaveLength(count);
  });
});
