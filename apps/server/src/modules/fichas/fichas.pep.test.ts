import { addYearsToDay } from '@regcheck/shared';
import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { sweep } from './fichas.pep.jobs';

/*
 * One PEP truth per person (issue 24, point 1; decisions 170 to 173; docs/regulatory.md "PEP status"): the register,
 * the declaration, a relation to a PEP and the company's years after office make one status that the risk, the forms
 * required and the enhanced due diligence read; an expiry, a register change and a relation change recompute it.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

let seq = 24_100_000;
const rut = (body = seq++) => `${body}-${rutCheckDigit(String(body))}`;
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function newFicha(fields: Record<string, unknown> = {}, company: 'cl' | 'br' = 'cl') {
  const payload = {
    personType: 'natural',
    dni: rut(),
    dniType: { country: 'CL', document: 'RUT' },
    name: 'Cliente',
    fatherName: 'Expuesto',
    ...fields,
  };
  const res = await t.post({ as: 'admin', company }, '/api/fichas-clientes', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; dni: string };
}
const ficha = async (id: string) => (await t.get('admin', `/api/fichas-clientes/${id}`)).json();
const pepAudit = (id: string) =>
  t.deps.db
    .selectFrom('auditLog')
    .select(['action', 'before', 'after', 'userId'])
    .where('entityId', '=', id)
    .where('action', '=', 'ficha.pep.changed')
    .orderBy('createdAt')
    .execute();
const asJson = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;

async function registerPerson(dni: string, officeEnd: string, extra: Record<string, unknown> = {}) {
  const res = await t.post('superAdmin', '/api/people', {
    country: 'CL',
    dni,
    name: 'Rosa Registro Público',
    pepLevel: 1,
    position: 'Subsecretaria de Hacienda',
    institution: 'Ministerio de Hacienda',
    officeStart: '2022-03-11',
    officeEnd,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

async function operationWith(dni: string) {
  const res = await t.post('admin', '/api/consultations', {
    divisa: 'USD',
    transactionDate: '2026-03-14',
    associates: [{ dni, type: 'natural', monto: 100 }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json() as { id: string };
  const panel = (await t.get('admin', `/api/forms/operation/${o.id}`)).json();
  return panel[0].forms.find((f: { type: string }) => f.type === 'formPep').status as string;
}

describe('one PEP status per person', () => {
  it('a register PEP (Chile, level 1, left office 11 months ago) who becomes a ficha is PEP until a year after office, and needs the PEP form', async () => {
    const dni = rut();
    const officeEnd = dayOffset(-335);
    await registerPerson(dni, officeEnd);
    await t.deps.queue.drain();
    const f = await newFicha({ dni });
    const view = await ficha(f.id);
    expect(view.pepStatus).toBe('direct');
    expect(view.pepLevel).toBe(1);
    expect(view.pepExpiration?.slice(0, 10)).toBe(addYearsToDay(officeEnd, 1));
    expect(view.pep).toMatchObject({
      state: 'pep',
      source: 'register',
      position: 'Subsecretaria de Hacienda',
      institution: 'Ministerio de Hacienda',
      since: '2022-03-11',
      until: addYearsToDay(officeEnd, 1),
    });
    // nothing declared by the customer: the register alone made it
    expect(view.pepDeclared).toEqual({ status: null, level: null, expiration: null });
    expect(view.riskReasons.map((r: { rule: string }) => r.rule)).toContain('pep.direct');
    expect(await operationWith(dni)).toBe('required');
    const edd = (await t.get('admin', `/api/fichas-clientes/${f.id}/edd`)).json();
    expect(edd.required).toBe(true);
    // the history says it in words: became PEP from the register
    const [line] = await pepAudit(f.id);
    expect(asJson<{ state: string; source: string }>(line?.after)).toMatchObject({ state: 'pep', source: 'register' });
  });

  it('a ficha whose declared PEP status expired (2024-06-01) is a former PEP: not rated pep.direct, no PEP form', async () => {
    const f = await newFicha({ pepStatus: 'direct', pepExpiration: '2024-06-01' });
    const view = await ficha(f.id);
    expect(view.pepStatus).toBeNull();
    expect(view.pepLevel).toBeNull();
    expect(view.pep).toMatchObject({ state: 'former', until: '2024-06-01', source: 'declaration' });
    expect(view.pepDeclared).toMatchObject({ status: 'direct', level: 1 });
    expect(view.riskReasons.map((r: { rule: string }) => r.rule)).not.toContain('pep.direct');
    expect(await operationWith(f.dni)).toBe('notRequired');
    // a declared PEP with no end stays PEP
    const current = await newFicha({ pepStatus: 'direct' });
    expect((await ficha(current.id)).pepStatus).toBe('direct');
    expect(await operationWith(current.dni)).toBe('required');
  });

  it('the reports read the same status: the register PEP is in the PEP report and its count, the expired declaration is not', async () => {
    const dni = rut();
    await registerPerson(dni, dayOffset(-100));
    await t.deps.queue.drain();
    const reg = await newFicha({ dni });
    const expired = await newFicha({ pepStatus: 'direct', pepExpiration: '2024-06-01' });
    const report = async (q: string) => {
      const res = await t.get('admin', `/api/informes/fichasPersonasList?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: string }[]; count: number };
    };
    const peps = await report('pepStatus=direct&limit=1000');
    const ids = peps.data.map((f) => f.id);
    expect(ids).toContain(reg.id);
    expect(ids).not.toContain(expired.id);
    // the report's totals count the same fichas as its list
    const totals = await t.get('admin', '/api/informes/fichasPersonas?pepStatus=direct');
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totals.json()).toMatchObject({ total: peps.count, pep: peps.count });
    const all = (await t.get('admin', '/api/informes/fichasPersonas')).json();
    const everyPep = await report('limit=1000');
    expect(all.pep).toBe(everyPep.data.filter((f) => (f as { pepStatus?: string | null }).pepStatus != null).length);
  });

  it("the years after office are a company setting, at least the country's rule (Chile 1, Brazil 5)", async () => {
    const cl = t.companies.cl;
    const br = t.companies.br;
    const rules = async (id: string) => (await t.get('superAdmin', `/api/companies/${id}/business-rules`)).json();
    expect((await rules(cl)).pepYearsAfterOffice).toBe(1);
    expect((await rules(br)).pepYearsAfterOffice).toBe(5);
    const below = await t.patch('superAdmin', `/api/companies/${br}/business-rules`, { pepYearsAfterOffice: 4 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ code: 'PEP_YEARS_BELOW_COUNTRY_MINIMUM', field: 'pepYearsAfterOffice' });
    const tooMany = await t.patch('superAdmin', `/api/companies/${cl}/business-rules`, { pepYearsAfterOffice: 11 });
    expect(tooMany.statusCode).toBe(400);

    // a register PEP who left office 13 months ago: not PEP under Chile's 1 year, PEP again under 2 years
    const dni = rut();
    const officeEnd = dayOffset(-395);
    await registerPerson(dni, officeEnd);
    await t.deps.queue.drain();
    const f = await newFicha({ dni });
    expect((await ficha(f.id)).pepStatus).toBeNull();
    expect((await ficha(f.id)).pep.state).toBe('former');
    const two = await t.patch('superAdmin', `/api/companies/${cl}/business-rules`, { pepYearsAfterOffice: 2 });
    expect(two.statusCode, two.body).toBe(200);
    await t.deps.queue.drain();
    const after = await ficha(f.id);
    expect(after.pepStatus).toBe('direct');
    expect(after.pepExpiration.slice(0, 10)).toBe(addYearsToDay(officeEnd, 2));
    const lines = await pepAudit(f.id);
    expect(asJson<{ cause: string }>(lines.at(-1)?.after).cause).toBe('settingChanged');
    await t.patch('superAdmin', `/api/companies/${cl}/business-rules`, { pepYearsAfterOffice: 1 });
    await t.deps.queue.drain();
    expect((await ficha(f.id)).pepStatus).toBeNull();
  });

  it("a PEP's spouse is PEP of level 2 until the PEP's end; the relation deleted from the PEP's side takes it and its EDD off at once", async () => {
    const pep = await newFicha({ pepStatus: 'direct', pepExpiration: dayOffset(400), position: 'Diputada' });
    const spouse = await newFicha({ name: 'Pedro', fatherName: 'Cónyuge' });
    expect((await ficha(spouse.id)).pepStatus).toBeNull();
    const rel = await t.post('admin', '/api/ficha-relationship', {
      fichaId: pep.id,
      relatedFichaId: spouse.id,
      relationType: 'spouse',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    const view = await ficha(spouse.id);
    expect(view.pepStatus).toBe('consanguineous');
    expect(view.pepLevel).toBe(2);
    expect(view.pep).toMatchObject({ source: 'relation', relation: 'spouse', until: dayOffset(400) });
    expect(view.pep.relatedName).toContain('Expuesto');
    const eddRow = () =>
      t.deps.db.selectFrom('fichaEdd').select(['required']).where('fichaId', '=', spouse.id).executeTakeFirst();
    expect((await eddRow())?.required).toBe(true);
    // deleted from the PEP's side (the relationship belongs to the PEP's ficha): the spouse follows in the same change
    const del = await t.patch('admin', `/api/ficha-relationship/${rel.json().id}/delete`, {});
    expect(del.statusCode, del.body).toBe(200);
    const row = await t.deps.db
      .selectFrom('fichas')
      .select(['pepStatus'])
      .where('id', '=', spouse.id)
      .executeTakeFirstOrThrow();
    expect(row.pepStatus).toBeNull();
    expect((await eddRow())?.required).toBe(false);
    const lines = await pepAudit(spouse.id);
    expect(lines.map((l) => asJson<{ state: string; cause: string }>(l.after))).toEqual([
      expect.objectContaining({ state: 'pep' }),
      expect.objectContaining({ state: 'none', status: null, cause: 'relationChanged' }),
    ]);
  });

  it('an expiry that passes and a register change recompute the status in a job, with a history line', async () => {
    const f = await newFicha({ pepStatus: 'direct', pepExpiration: dayOffset(30) });
    expect((await ficha(f.id)).pepStatus).toBe('direct');
    // the day passes (the stored end set to yesterday, as the calendar would)
    const yesterday = new Date(`${dayOffset(-1)}T00:00:00Z`);
    await t.deps.db
      .updateTable('fichas')
      .set({ pepDeclaredExpiration: yesterday, pepExpiration: yesterday })
      .where('id', '=', f.id)
      .execute();
    await sweep(t.deps);
    const view = await ficha(f.id);
    expect(view.pepStatus).toBeNull();
    expect(view.riskReasons.map((r: { rule: string }) => r.rule)).not.toContain('pep.direct');
    const lines = await pepAudit(f.id);
    expect(asJson<{ cause: string; state: string }>(lines.at(-1)?.after)).toMatchObject({
      cause: 'expired',
      state: 'former',
    });
    expect(lines.at(-1)?.userId).toBeNull();

    // the register person taken off the register: the ficha stops being PEP
    const dni = rut();
    const person = await registerPerson(dni, dayOffset(-10));
    await t.deps.queue.drain();
    const g = await newFicha({ dni });
    expect((await ficha(g.id)).pepStatus).toBe('direct');
    const off = await t.patch('superAdmin', `/api/people/deactivate-pep/${person.id}`, {});
    expect(off.statusCode, off.body).toBe(200);
    await t.deps.queue.drain();
    expect((await ficha(g.id)).pepStatus).toBeNull();
    const gl = await pepAudit(g.id);
    expect(asJson<{ cause: string }>(gl.at(-1)?.after).cause).toBe('registerChanged');
  });

  it('a name match an officer confirmed makes the register person a source; withdrawn, it stops', async () => {
    const person = await registerPerson(rut(), dayOffset(-20), { name: 'Homónimo Confirmado' });
    await t.deps.queue.drain();
    const f = await newFicha({ name: 'Homónimo', fatherName: 'Confirmado' });
    expect((await ficha(f.id)).pepStatus).toBeNull();
    const url = `/api/fichas-clientes/${f.id}/pep-confirmations`;
    expect((await t.call({ method: 'POST', url, payload: { personId: person.id } })).statusCode).toBe(401);
    // a screening review (decision 193): neither the auditor nor the front desk decides a name match
    for (const as of ['auditor', 'frontdesk'] as const) {
      expect((await t.post(as, url, { personId: person.id })).statusCode, as).toBe(403);
      expect((await t.del(as, `${url}/${person.id}`)).statusCode, as).toBe(403);
    }
    const byMonitoring = await t.post('userMonitoring', url, { personId: person.id });
    expect(byMonitoring.statusCode, byMonitoring.body).toBe(200);
    expect((await t.del('userMonitoring', `${url}/${person.id}`)).statusCode).toBe(200);
    expect((await t.post({ as: 'admin', company: 'br' }, url, { personId: person.id })).statusCode).toBe(404);
    const ok = await t.post('admin', url, { personId: person.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'direct', source: 'registerConfirmed' });
    expect((await ficha(f.id)).pepStatus).toBe('direct');
    const undo = await t.del('admin', `${url}/${person.id}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await ficha(f.id)).pepStatus).toBeNull();
  });
});

describe('enhanced due diligence: the gaps (decision 173)', () => {
  it('GET of the EDD writes nothing; the fichas list filters by EDD state', async () => {
    const pep = await newFicha({ pepStatus: 'direct' });
    const plain = await newFicha({});
    // the stored row removed: a read does not bring it back (only the events do)
    await t.deps.db.deleteFrom('fichaEdd').where('fichaId', '=', pep.id).execute();
    const before = await t.deps.db.selectFrom('auditLog').select('id').where('entityId', '=', pep.id).execute();
    const read = await t.get('admin', `/api/fichas-clientes/${pep.id}/edd`);
    expect(read.statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('fichaEdd').select('fichaId').where('fichaId', '=', pep.id).execute()).toEqual(
      [],
    );
    const after = await t.deps.db.selectFrom('auditLog').select('id').where('entityId', '=', pep.id).execute();
    expect(after.length).toBe(before.length);
    // an edit brings it back
    await t.patch('admin', `/api/fichas-clientes/${pep.id}`, { comments: 'x' });
    const list = async (where: unknown) => {
      const res = await t.get(
        'admin',
        `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where, limit: 1000 }))}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return (Array.isArray(body) ? body : body.data).map((r: { id: string }) => r.id) as string[];
    };
    const open = await list({ eddState: 'open' });
    expect(open).toContain(pep.id);
    expect(open).not.toContain(plain.id);
    const notRequired = await list({ eddState: { inq: ['notRequired'] } });
    expect(notRequired).toContain(plain.id);
    expect(notRequired).not.toContain(pep.id);
    const bad = await t.get(
      'admin',
      `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where: { eddState: 'maybe' } }))}`,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('fichas that existed before the stored status are backfilled by the job, with their EDD', async () => {
    const f = await newFicha({ pepStatus: 'direct' });
    // as migration 0670 leaves an older ficha: declared, not computed, no EDD row
    await t.deps.db
      .updateTable('fichas')
      .set({ pepDetail: null, pepStatus: null, pepLevel: null })
      .where('id', '=', f.id)
      .execute();
    await t.deps.db.deleteFrom('fichaEdd').where('fichaId', '=', f.id).execute();
    await sweep(t.deps);
    const view = await ficha(f.id);
    expect(view.pepStatus).toBe('direct');
    expect(view.pep.source).toBe('declaration');
    const row = await t.deps.db
      .selectFrom('fichaEdd')
      .select(['required', 'status'])
      .where('fichaId', '=', f.id)
      .executeTakeFirst();
    expect(row).toEqual({ required: true, status: 'open' });
  });
});
