import { isValidCnpj, isValidCpf } from '@regcheck/shared/documents/index';
import { isValidRut } from '@regcheck/shared/documents/rut';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAZIL, CHILE, seedDemo } from '../src/demo/demo-seed';
import { seedShippedLists } from '../src/modules/lists/lists.seed';
import { createTestApp, type TestApp } from './harness';

// Tests start without the shipped lists (REGCHECK_SHIP_LISTS is off): OFAC is imported here for the sanctions match.
let t: TestApp;
let report: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  t = await createTestApp();
  await seedShippedLists(t.deps, ['ofac']);
  report = await seedDemo(t.deps);
}, 1_200_000);
afterAll(async () => {
  await t?.close();
});

type Ficha = {
  id: string;
  dni: string;
  personType: string;
  dniType: { document: string };
  fullName: string;
  risk: string | null;
  pepStatus: string | null;
  listas: {
    total: number;
    lists: { listId: string; coincidence: boolean; hits: { entityId: string; dismissed?: boolean }[] }[];
  } | null;
};

async function listFichas(company: 'cl' | 'br') {
  const res = await t.call({ as: 'admin', company, method: 'GET', url: '/api/fichas-clientes?filter={"limit":100}' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return (Array.isArray(body) ? body : body.data) as Ficha[];
}

async function listOperations(company: 'cl' | 'br') {
  const res = await t.call({ as: 'admin', company, method: 'GET', url: '/api/consultations?filter={"limit":100}' });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  return (Array.isArray(body) ? body : body.data) as {
    id: string;
    divisa: string;
    status: string;
    roe: boolean;
    ros: boolean;
    rosReason: string | null;
    associates: { fichaId: string | null }[];
  }[];
}

describe('demo seed', () => {
  it('reports what it created', () => {
    expect(report.people).toBe(7);
    expect(report.companies).toEqual([
      // every match of a demo customer alerted when it was created (issue 24): the sanctions match and the PEP
      { key: 'cl', fichas: 12, relationships: 8, operations: 6, notifications: expect.any(Number) },
      { key: 'br', fichas: 6, relationships: 3, operations: 3, notifications: 0 },
    ]);
  });

  it('creates valid Chilean fichas: RUT check digits, a PEP, a sanctions match with High risk', async () => {
    const fichas = await listFichas('cl');
    expect(fichas).toHaveLength(CHILE.people.length);
    expect(fichas.filter((f) => f.personType === 'natural')).toHaveLength(8);
    expect(fichas.filter((f) => f.personType === 'legal')).toHaveLength(4);
    for (const f of fichas) {
      expect(f.dniType.document).toBe('RUT');
      expect(isValidRut(f.dni), f.dni).toBe(true);
    }
    const pep = fichas.find((f) => f.fullName === 'Camila Andrea Fernández Soto');
    expect(pep?.pepStatus).toBe('direct');
    const maduro = fichas.find((f) => f.fullName === 'Nicolás Maduro Moros');
    expect(maduro?.listas?.lists.find((l) => l.listId === 'ofac')?.coincidence).toBe(true);
    expect(maduro?.risk).toBe('high');
    // the deputy is in the demo's PEP register, and her ficha found her there when it was screened
    expect(pep?.listas?.lists.find((l) => l.listId === 'pep-register')?.coincidence).toBe(true);
    const others = fichas.filter((f) => f.id !== maduro?.id && f.id !== pep?.id);
    expect(others.every((f) => !f.listas?.lists.some((l) => l.coincidence))).toBe(true);
    const notes = await t.call({ as: 'admin', method: 'GET', url: '/api/notifications' });
    expect(notes.statusCode).toBe(200);
    expect(JSON.stringify(notes.json())).toContain(maduro?.id);
    // one notification per customer and list entry it matches, the PEP's included
    const matches = fichas.flatMap((f) =>
      (f.listas?.lists ?? []).flatMap((l) =>
        l.hits.filter((h) => !h.dismissed).map((h) => `${f.id}|${l.listId}|${h.entityId}`),
      ),
    );
    const matchNotes = (notes.json() as { kind: string; fichaId: string; data: { listId: string; entityId: string } }[])
      .filter((n) => n.kind === 'monitoring.match')
      .map((n) => `${n.fichaId}|${n.data.listId}|${n.data.entityId}`);
    expect(matchNotes.sort()).toEqual(matches.sort());
    expect(report.companies.find((c) => c.key === 'cl')?.notifications).toBe(matches.length);
  });

  it('owns Los Andes indirectly through the holding', async () => {
    const fichas = await listFichas('cl');
    const andes = fichas.find((f) => f.fullName === 'Inversiones Los Andes SpA');
    const res = await t.call({ as: 'admin', method: 'GET', url: `/api/fichas-clientes-beneficiaries/${andes?.id}` });
    expect(res.statusCode).toBe(200);
    const owners = res.json().beneficiaries as {
      fullName: string;
      participation: number;
      directParticipation: number;
    }[];
    expect(owners.find((b) => b.fullName === 'Valentina Ignacia Rojas Araya')).toMatchObject({ participation: 36 });
    expect(owners.find((b) => b.fullName === 'Juan Pablo Rodríguez Pérez')).toMatchObject({ participation: 55 });
  });

  it('creates the Chilean operations: CLP and UF, one ROE, one finished, one ROS', async () => {
    const ops = await listOperations('cl');
    expect(ops).toHaveLength(6);
    expect(new Set(ops.map((o) => o.divisa))).toEqual(new Set(['CLP', 'UF']));
    expect(ops.filter((o) => o.roe)).toHaveLength(1);
    expect(ops.filter((o) => o.status === 'closed')).toHaveLength(1);
    const ros = ops.filter((o) => o.ros);
    expect(ros).toHaveLength(1);
    expect(ros[0]?.rosReason).toMatch(/OFAC/);
    expect(ops.every((o) => o.associates.length >= 1 && o.associates.length <= 3)).toBe(true);
    expect(ops.every((o) => o.associates.every((a) => a.fichaId))).toBe(true);
  });

  it('creates the Brazilian fichas (valid CPF and CNPJ, one alphanumeric) and 3 BRL operations', async () => {
    const fichas = await listFichas('br');
    expect(fichas).toHaveLength(BRAZIL.people.length);
    for (const f of fichas)
      expect(f.personType === 'natural' ? isValidCpf(f.dni) : isValidCnpj(f.dni), f.dni).toBe(true);
    expect(fichas.some((f) => /[A-Z]/.test(f.dni))).toBe(true);
    const ops = await listOperations('br');
    expect(ops).toHaveLength(3);
    expect(ops.every((o) => o.divisa === 'BRL')).toBe(true);
  });

  it('keeps each company to its own data', async () => {
    const cl = new Set((await listFichas('cl')).map((f) => f.id));
    const br = await listFichas('br');
    expect(br.some((f) => cl.has(f.id))).toBe(false);
    expect(br.some((f) => f.fullName === 'Nicolás Maduro Moros')).toBe(false);
    const clOps = new Set((await listOperations('cl')).map((o) => o.id));
    expect((await listOperations('br')).some((o) => clOps.has(o.id))).toBe(false);
    const someCl = [...cl][0];
    const res = await t.call({ as: 'admin', company: 'br', method: 'GET', url: `/api/fichas-clientes/${someCl}` });
    expect(res.statusCode).toBe(404);
  });
});
