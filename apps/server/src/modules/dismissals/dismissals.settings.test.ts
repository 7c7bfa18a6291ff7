import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type LocalScreening, useLocalScreening, useRealScreening } from '../fichas/screening.adapter';

/*
 * The company setting of issue 15: "a company setting can turn the second step off for non-critical lists". With it
 * off, a dismissal on a PEP list applies at once and the risk follows; a sanctions list, and a list the company marks
 * critical, still need a second user. Only the company administrators change it, and every change is audited.
 */

let t: TestApp;
let lists: LocalScreening;
const fichas: Record<'pep' | 'sdn' | 'critical', string> = { pep: '', sdn: '', critical: '' };

const sdn = {
  id: 'sdn-41',
  listId: 'ofac',
  schema: 'Person' as const,
  names: ['Juan Carlos Malvado Rojas'],
  birthDates: ['1970-03-02'],
  countries: ['CL'],
};
const pep = {
  ...sdn,
  id: 'pep-12',
  listId: 'pep-br',
  names: ['Rosa Elvira Quispe Mamani'],
  birthDates: ['1961-08-14'],
};
const risky = { ...sdn, id: 'rc-3', listId: 'pep-br', names: ['Tomas Alberto Fuenzalida Ibaceta'], birthDates: [] };

const dismissPath = (ficha: string, list: string, id: string) =>
  `/api/fichas-clientes/${ficha}/matches/${list}/${id}/dismiss`;
const reason = { reasonCode: 'differentPerson', reasonText: 'Otra fecha de nacimiento y otro lugar de origen' };

async function createFicha(dni: string, name: string, fatherName: string, motherName: string, birthDate: string) {
  const res = await postFicha(t, {
    personType: 'natural',
    dni,
    name,
    fatherName,
    motherName,
    birthDate,
    nationality: 'CL',
  });
  return res.json() as { id: string; risk: string };
}

const fichaOf = async (id: string) => (await t.get('admin', `/api/fichas-clientes/${id}`)).json();
const coincidence = async (id: string, listId: string) =>
  (await fichaOf(id)).listas.lists.find((l: { listId: string }) => l.listId === listId)?.coincidence;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  lists = useLocalScreening();
  await lists.replaceList('ofac', 'OFAC SDN', [sdn]);
  await lists.replaceList('pep-br', 'PEP Brazil', [pep, risky]);
  fichas.sdn = (await createFicha('12.345.678-5', 'Juan Carlos', 'Malvado', 'Rojas', '1970-03-02')).id;
  fichas.pep = (await createFicha('11.111.111-1', 'Rosa Elvira', 'Quispe', 'Mamani', '1961-08-14')).id;
  fichas.critical = (await createFicha('15.234.567-4', 'Tomas Alberto', 'Fuenzalida', 'Ibaceta', '1980-01-01')).id;
});
afterAll(async () => {
  useRealScreening();
  await t?.close();
});

describe('second step for non-critical lists (company setting)', () => {
  it('is on by default; the PEP hit raises the risk of its ficha', async () => {
    const s = await t.get('admin', '/api/screening-settings');
    expect(s.json()).toMatchObject({ fourEyesNonCritical: true, criticalLists: [] });
    expect(await fichaOf(fichas.pep)).toMatchObject({ risk: 'medium' });
    expect(await coincidence(fichas.pep, 'pep-br')).toBe(true);
  });

  it('only admin and adminNoUser change it (403 for the others, nothing changes)', async () => {
    for (const as of ['userMonitoring', 'frontdesk', 'auditor', 'supervisor'] as const) {
      const r = await t.put(as, '/api/screening-settings', { fourEyesNonCritical: false });
      expect(r.statusCode, as).toBe(403);
    }
    const s = await t.get('userMonitoring', '/api/screening-settings');
    expect(s.json().fourEyesNonCritical).toBe(true);
  });

  it('turned off by an administrator: audited with the values before and after, by whom', async () => {
    const put = await t.put('adminNoUser', '/api/screening-settings', {
      fourEyesNonCritical: false,
      criticalLists: ['gafi'],
    });
    expect(put.statusCode, put.body).toBe(200);
    const off = await t.put('admin', '/api/screening-settings', { criticalLists: [] });
    expect(off.json()).toMatchObject({ fourEyesNonCritical: false, criticalLists: [] });
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'screening.settings.updated')
      .orderBy('createdAt', 'asc')
      .execute();
    expect(rows).toHaveLength(2);
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse(rows[0]?.before)).toMatchObject({ fourEyesNonCritical: true, criticalLists: [] });
    expect(parse(rows[0]?.after)).toMatchObject({
      fourEyesNonCritical: false,
      criticalLists: ['gafi'],
    });
    expect(parse(rows[1]?.after)).toMatchObject({ fourEyesNonCritical: false, criticalLists: [] });
    expect(rows[0]?.userId).toBeTruthy();
    expect(rows[0]?.userId).not.toBe(rows[1]?.userId);
  });

  it('with the second step off, a PEP list dismissal applies at once and the risk drops', async () => {
    const p = await t.post('userMonitoring', dismissPath(fichas.pep, 'pep-br', 'pep-12'), {
      reasonCode: 'differentBirthDate',
    });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ applied: true, proposal: { status: 'approved' } });
    expect(await coincidence(fichas.pep, 'pep-br')).toBe(false);
    expect(await fichaOf(fichas.pep)).toMatchObject({ risk: 'low' });
  });

  it('a sanctions list still needs the second user: a proposal, the risk stays high', async () => {
    const p = await t.post('userMonitoring', dismissPath(fichas.sdn, 'ofac', 'sdn-41'), reason);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ applied: false, proposal: { status: 'pending' } });
    expect(await coincidence(fichas.sdn, 'ofac')).toBe(true);
    expect((await fichaOf(fichas.sdn)).risk).toBe('high');
  });

  it('a list the company marks critical needs the second user too, and its free text', async () => {
    await t.put('admin', '/api/screening-settings', { criticalLists: ['pep-br'] });
    const short = await t.post('userMonitoring', dismissPath(fichas.critical, 'pep-br', 'rc-3'), {
      reasonCode: 'commonName',
    });
    expect(short.json()).toMatchObject({ statusCode: 400, code: 'DISMISSAL_TEXT_REQUIRED' });
    const p = await t.post('userMonitoring', dismissPath(fichas.critical, 'pep-br', 'rc-3'), reason);
    expect(p.json()).toMatchObject({ applied: false, proposal: { status: 'pending' } });
    expect(await coincidence(fichas.critical, 'pep-br')).toBe(true);
  });
});

describe('the company dismissal reasons', () => {
  const put = (as: 'admin' | 'userMonitoring' | 'adminNoUser' | 'frontdesk' | 'auditor', payload: object) =>
    t.put(as, '/api/screening-settings', payload);

  it('every blacklist reviewer keeps them; others get 403; the critical lists stay with the administrators', async () => {
    const before = (await t.get('admin', '/api/screening-settings')).json();
    for (const as of ['frontdesk', 'auditor'] as const)
      expect((await put(as, { dismissalReasons: ['Otra persona'] })).statusCode, as).toBe(403);
    const reasons = ['differentPerson', 'differentBirthDate', 'Homónimo confirmado con el registro civil'];
    const r = await put('userMonitoring', { dismissalReasons: reasons });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ dismissalReasons: reasons, criticalLists: before.criticalLists });
    // the same user may not touch the critical lists or the second step, even next to the reasons
    const lists = await put('userMonitoring', {
      dismissalReasons: reasons,
      criticalLists: [...before.criticalLists, 'interest'],
    });
    expect(lists.statusCode).toBe(403);
    const step = await put('userMonitoring', { fourEyesNonCritical: !before.fourEyesNonCritical });
    expect(step.statusCode).toBe(403);
    // sending the values as they are is not a change
    const same = await put('userMonitoring', {
      dismissalReasons: reasons,
      criticalLists: before.criticalLists,
      fourEyesNonCritical: before.fourEyesNonCritical,
    });
    expect(same.statusCode).toBe(200);
    // audited, by whom, with the reasons before and after
    const row = await t.deps.db
      .selectFrom('auditLog')
      .innerJoin('users', 'users.id', 'auditLog.userId')
      .select(['auditLog.before', 'auditLog.after', 'users.email'])
      .where('auditLog.action', '=', 'screening.settings.updated')
      .where('users.email', '=', 'usermonitoring.cl@demo.regcheck.app')
      .orderBy('auditLog.createdAt')
      .executeTakeFirstOrThrow();
    expect((row.before as { dismissalReasons: string[] }).dismissalReasons).toEqual(before.dismissalReasons);
    expect((row.after as { dismissalReasons: string[] }).dismissalReasons).toEqual(reasons);
  });

  it('a new reason is offered to the next dismissal; a removed one is refused; repeats and an empty list are 400', async () => {
    await put('admin', { dismissalReasons: ['differentPerson', 'Homónimo confirmado con el registro civil'] });
    // two more customers with the sanctioned namesake's name, neither with a proposal yet
    const rut = (n: number) => `${n}-${rutCheckDigit(String(n))}`;
    const a = (await createFicha(rut(17_222_333), 'Juan Carlos', 'Malvado', 'Rojas', '1970-03-02')).id;
    const b = (await createFicha(rut(17_222_334), 'Juan Carlos', 'Malvado', 'Rojas', '1970-03-02')).id;
    const custom = await t.post('userMonitoring', dismissPath(a, 'ofac', 'sdn-41'), {
      reasonCode: 'Homónimo confirmado con el registro civil',
      reasonText: 'Certificado de nacimiento revisado',
    });
    expect(custom.statusCode, custom.body).toBe(200);
    const removed = await t.post('userMonitoring', dismissPath(b, 'ofac', 'sdn-41'), {
      reasonCode: 'commonName',
      reasonText: 'Nombre común sin otros datos',
    });
    expect(removed.json()).toMatchObject({ statusCode: 400, code: 'DISMISSAL_REASON_UNKNOWN', field: 'reasonCode' });
    const twice = await put('userMonitoring', {
      dismissalReasons: [
        'differentPerson',
        'Homonimo  confirmado con el REGISTRO civil',
        'Homónimo confirmado con el registro civil',
      ],
    });
    expect(twice.json()).toMatchObject({ statusCode: 400, field: 'dismissalReasons.2' });
    expect(twice.json().message).toBe('El motivo «Homónimo confirmado con el registro civil» ya está en la lista');
    expect((await put('userMonitoring', { dismissalReasons: [] })).statusCode).toBe(400);
    expect((await put('userMonitoring', { dismissalReasons: ['x'.repeat(201)] })).statusCode).toBe(400);
  });
});
