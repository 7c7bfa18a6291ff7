import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { currentState } from '../lists/lists.index.service';
import { sweepExpired } from './people.register.service';

/*
 * The PEP register screened like a list (issue 13): a registered PEP is found by fichas (on create, on demand, in
 * monitoring) and by the individual search, with the hit explained and the risk raised; deactivation and expiry take
 * the hit away again.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

interface Listas {
  total: number;
  lists: { listId: string; kind: string; coincidence: boolean; hits: { entityId: string; explanation: unknown }[] }[];
}
const registerOf = (l: Listas) => l.lists.find((x) => x.listId === 'pep-register');

async function register(body: Record<string, unknown>) {
  const res = await t.post('superAdmin', '/api/people', body);
  expect(res.statusCode, res.body).toBe(200);
  // the list's change listeners (monitoring) enqueue their job in the background: wait for them, then run the job
  await currentState().idle();
  await t.deps.queue.drain();
  return res.json() as { id: string; pepStatus: string; isPep: boolean };
}

async function ficha(body: Record<string, unknown>, company: 'cl' | 'br' = 'cl') {
  const res = await t.post({ as: 'admin', company }, '/api/fichas-clientes', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; listas: Listas; risk: string; riskReasons: { rule: string; detail?: string }[] };
}

const getFicha = async (id: string, company: 'cl' | 'br' = 'cl') =>
  (await t.get({ as: 'admin', company }, `/api/fichas-clientes/${id}`)).json() as Awaited<ReturnType<typeof ficha>>;

async function search(body: Record<string, unknown>) {
  const res = await t.post('admin', '/api/search/individual', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Listas;
}

describe('the PEP register is screened like a list', () => {
  it('a ficha of a registered PEP gets a PEP hit, explained, and the PEP risk; the search finds it; deactivation removes it', async () => {
    const pep = await register({
      country: 'CL',
      dni: '13.111.222-K',
      name: 'Rosa Elena Campos Vidal',
      pepLevel: 1,
      position: 'Senadora',
      institution: 'Senado de la República',
      officeStart: '2022-03-11',
    });
    expect(pep).toMatchObject({ pepStatus: 'direct', isPep: true });

    // on create
    const f = await ficha({
      personType: 'natural',
      dni: '13.111.222-K',
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Rosa Elena',
      fatherName: 'Campos',
      motherName: 'Vidal',
      nationality: 'CL',
    });
    const hit = registerOf(f.listas);
    expect(hit).toMatchObject({ coincidence: true, hits: [{ entityId: pep.id }] });
    // explained like other hits: the identical document, in the engine's words
    expect(hit?.hits[0]?.explanation).toMatchObject({
      identifier: { value: expect.any(String) },
      summary: expect.any(String),
    });
    expect(f.riskReasons).toContainEqual(expect.objectContaining({ rule: 'lists.pep', detail: 'pep-register' }));
    expect(f.risk).not.toBe('low');

    // the hit's entry whole, with the office that makes the person PEP
    const entry = await t.get('admin', `/api/screening/lists/pep-register/entries/${pep.id}`);
    expect(entry.json()).toMatchObject({
      kind: 'pep',
      names: ['Rosa Elena Campos Vidal'],
      pep: { level: 1, position: 'Senadora', institution: 'Senado de la República', expiration: null },
    });

    // the individual search
    const s = await search({ name: 'Rosa Elena Campos Vidal', personType: 'natural', country: 'CL' });
    expect(registerOf(s)).toMatchObject({ kind: 'pep', coincidence: true, hits: [{ entityId: pep.id }] });

    // deactivation: off the list at once for searches, and monitoring takes the hit off the ficha with its risk
    const off = await t.patch('superAdmin', `/api/people/deactivate-pep/${pep.id}`, {});
    expect(off.json()).toMatchObject({ pepStatus: 'deactivated', isPep: false });
    const searched = await search({ name: 'Rosa Elena Campos Vidal', personType: 'natural' });
    expect(registerOf(searched)?.coincidence ?? false).toBe(false);
    // a register left with nobody is named among the empty lists, never offered as screened (issue 27)
    if (!registerOf(searched))
      expect((searched as { emptyLists?: { listId: string }[] }).emptyLists?.map((l) => l.listId)).toContain(
        'pep-register',
      );
    await currentState().idle();
    await t.deps.queue.drain();
    const after = await getFicha(f.id);
    expect(registerOf(after.listas)?.coincidence).toBe(false);
    expect(after.riskReasons).not.toContainEqual(expect.objectContaining({ rule: 'lists.pep' }));
    const changes = await t.deps.db
      .selectFrom('peopleStatusChanges')
      .select(['fromStatus', 'toStatus', 'cause'])
      .where('personId', '=', pep.id)
      .orderBy('changedAt')
      .execute();
    expect(changes).toEqual([
      { fromStatus: null, toStatus: 'direct', cause: 'created' },
      { fromStatus: 'direct', toStatus: 'deactivated', cause: 'deactivated' },
    ]);
  });

  it('monitoring: a PEP registered after the ficha exists raises the hit and a notification; on-demand screening finds it too', async () => {
    const f = await ficha({
      personType: 'natural',
      dni: '16.333.444-5',
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Tomás Ignacio',
      fatherName: 'Herrera',
      motherName: 'Lagos',
    });
    expect(registerOf(f.listas)?.coincidence ?? false).toBe(false);
    const before = (await t.get('admin', '/api/notifications/count')).json().count;
    const primary = await register({
      country: 'CL',
      dni: '17.444.555-9',
      name: 'Carmen Gloria Lagos Fuentes',
      pepLevel: 1,
      position: 'Alcaldesa',
      institution: 'Municipalidad de Valparaíso',
      officeStart: '2021-06-28',
    });
    const related = await register({
      country: 'CL',
      dni: '16.333.444-5',
      name: 'Tomás Ignacio Herrera Lagos',
      pepLevel: 2,
      primaryPersonId: primary.id,
      relation: 'child',
    });
    expect(related).toMatchObject({ pepStatus: 'indirect', isPep: true });
    const after = await getFicha(f.id);
    expect(registerOf(after.listas)).toMatchObject({ coincidence: true, hits: [{ entityId: related.id }] });
    expect(after.riskReasons).toContainEqual(expect.objectContaining({ rule: 'lists.pep', detail: 'pep-register' }));
    const notes = (await t.get('admin', '/api/notifications/count')).json().count;
    expect(notes).toBe(before + 1);
    // the notification names the list in the company's language
    const latest = (await t.get('admin', '/api/notifications')).json()[0];
    expect(latest.description).toContain('Registro PEP de RegCheck');
    const entry = (await t.get('admin', `/api/screening/lists/pep-register/entries/${related.id}`)).json();
    expect(entry.pep).toMatchObject({ level: 2, primaryName: 'Carmen Gloria Lagos Fuentes', relation: 'child' });
    const screened = await t.post('admin', `/api/fichas-clientes/${f.id}/screen`, {});
    expect(screened.statusCode, screened.body).toBe(200);
    expect(registerOf(screened.json().listas)?.coincidence).toBe(true);
  });

  it('expiry: an ended office past its expiration is not PEP; the daily sweep takes an expired PEP off and records it', async () => {
    const gone = await register({
      country: 'CL',
      dni: '12.987.654-9',
      name: 'Hernán Patricio Ossandón Ruiz',
      pepLevel: 1,
      position: 'Intendente',
      officeStart: '2014-03-11',
      officeEnd: '2018-03-11',
    });
    expect(gone).toMatchObject({ pepStatus: 'expired', isPep: false });
    expect(
      registerOf(await search({ name: 'Hernán Patricio Ossandón Ruiz', personType: 'natural' }))?.coincidence,
    ).toBe(false);

    const pep = await register({
      country: 'BR',
      dni: '529.982.247-25',
      name: 'Marcos Antônio Ribeiro',
      pepLevel: 1,
      position: 'Deputado Estadual',
      officeStart: '2019-02-01',
    });
    const f = await ficha(
      { personType: 'natural', dni: '529.982.247-25', dniType: { country: 'BR' }, name: 'Marcos Antônio Ribeiro' },
      'br',
    );
    expect(registerOf(f.listas)?.coincidence).toBe(true);
    // time passes: the office ended five years and a day ago (the register still holds the person)
    await t.deps.db
      .updateTable('people')
      .set({ officeEnd: '2020-01-01', pepExpiration: '2025-01-01' })
      .where('id', '=', pep.id)
      .execute();
    await t.deps.db
      .updateTable('listEntities')
      .set({ fields: JSON.stringify({ pepLevel: 1, validUntil: '2025-01-01', pepExpiration: '2025-01-01' }) })
      .where('entityId', '=', pep.id)
      .execute();
    await t.deps.db
      .updateTable('listSources')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .where('id', '=', 'pep-register')
      .execute();
    await currentState().poll();
    // the expiration is honoured by searches before the sweep runs
    expect(registerOf(await search({ name: 'Marcos Antônio Ribeiro', dni: '529.982.247-25' }))?.coincidence).toBe(
      false,
    );
    expect(await sweepExpired(t.deps)).toBe(1);
    expect(await sweepExpired(t.deps)).toBe(0);
    await currentState().idle();
    await t.deps.queue.drain();
    expect(registerOf((await getFicha(f.id, 'br')).listas)?.coincidence).toBe(false);
    const p = (await t.get('superAdmin', `/api/people/${pep.id}`)).json();
    expect(p).toMatchObject({ pepStatus: 'expired', isPep: false, isActive: true });
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'userId'])
      .where('entityId', '=', pep.id)
      .where('action', '=', 'person.expired')
      .execute();
    expect(audit).toEqual([{ action: 'person.expired', userId: null }]);
  });
});
