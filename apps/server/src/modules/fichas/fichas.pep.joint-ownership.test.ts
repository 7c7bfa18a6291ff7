import { cnpjCheckDigits } from '@regcheck/shared/documents/cnpj';
import { cpfCheckDigits } from '@regcheck/shared/documents/cpf';
import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

/*
 * Brazil's close associate by joint ownership (decision 196; docs/regulatory.md "PEP status"; Circular BCB 3.978/2020
 * art. 27 and Resolução COAF 40/2021, "estreito colaborador"): a natural person who holds a legal person together
 * with a direct PEP (partner, beneficiary or effective control, per the ficha's relationships) is a PEP of level 2
 * for as long as the PEP is one, with the PEP and the legal person named; it follows every change of the
 * relationships and of the PEP's status, each with a history line. Not in Chile, and not for a mere representative.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

let seq = 24_196_000 + (process.pid % 500) * 40;
const cpf = () => {
  const base = String(seq++).padStart(9, '0');
  return `${base}${cpfCheckDigits(base)}`;
};
const cnpj = () => {
  const base = `${String(seq++).padStart(8, '0')}0001`;
  return `${base}${cnpjCheckDigits(base)}`;
};
const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const asJson = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;

type Company = 'br' | 'cl';

async function newFicha(company: Company, fields: Record<string, unknown>) {
  const country = company === 'br' ? 'BR' : 'CL';
  const legal = fields.personType === 'legal';
  const payload = {
    personType: 'natural',
    dni: company === 'br' ? (legal ? cnpj() : cpf()) : rut(),
    dniType: { country },
    ...fields,
  };
  const res = await t.post({ as: 'admin', company }, '/api/fichas-clientes', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

async function relate(company: Company, fichaId: string, relatedFichaId: string, relationType: string, pct?: number) {
  const res = await t.post({ as: 'admin', company }, '/api/ficha-relationship', {
    fichaId,
    relatedFichaId,
    relationType,
    ...(pct === undefined ? {} : { participation: pct }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

async function endRelation(company: Company, id: string) {
  const res = await t.patch({ as: 'admin', company }, `/api/ficha-relationship/${id}/delete`, {});
  expect(res.statusCode, res.body).toBe(200);
}

const view = async (company: Company, id: string) =>
  (await t.get({ as: 'admin', company }, `/api/fichas-clientes/${id}`)).json();
const pepLines = async (id: string) =>
  (
    await t.deps.db
      .selectFrom('auditLog')
      .select(['after'])
      .where('entityId', '=', id)
      .where('action', '=', 'ficha.pep.changed')
      .orderBy('createdAt')
      .execute()
  ).map((r) => asJson<Record<string, unknown>>(r.after));
const eddRequired = async (id: string) =>
  (await t.deps.db.selectFrom('fichaEdd').select('required').where('fichaId', '=', id).executeTakeFirst())?.required ??
  false;

/** A legal person, a direct PEP (declared, with office) and a second natural person, in one company. */
async function cast(company: Company) {
  const pepUntil = dayOffset(500);
  const legal = await newFicha(company, { personType: 'legal', socialReason: 'Prates Participações Ltda' });
  const pep = await newFicha(company, {
    name: 'Helena',
    fatherName: 'Prates',
    pepStatus: 'direct',
    pepExpiration: pepUntil,
    position: 'Deputada federal',
    employer: 'Câmara dos Deputados',
  });
  const partner = await newFicha(company, { name: 'Otávio', fatherName: 'Sócio' });
  return { legal, pep, partner, pepUntil };
}

describe("Brazil: a PEP's co-owner is a close associate (estreito colaborador)", () => {
  it('holding a company together with a direct PEP makes a natural person PEP of level 2, named, with its EDD; it follows the relationships', async () => {
    const { legal, pep, partner, pepUntil } = await cast('br');
    expect((await view('br', pep.id)).pepStatus).toBe('direct');
    // the partner first, the PEP after: the partner follows the PEP's arrival (the legal person's other holders)
    await relate('br', legal.id, partner.id, 'partners', 10);
    expect((await view('br', partner.id)).pepStatus).toBeNull();
    const pepShare = await relate('br', legal.id, pep.id, 'partners', 50);

    const v = await view('br', partner.id);
    expect(v.pepStatus).toBe('consanguineous');
    expect(v.pepLevel).toBe(2);
    expect(v.pepExpiration?.slice(0, 10)).toBe(pepUntil);
    expect(v.pep).toMatchObject({
      state: 'pep',
      source: 'jointOwnership',
      relation: 'jointOwnership',
      through: 'Prates Participações Ltda',
      position: 'Deputada federal',
      institution: 'Câmara dos Deputados',
      until: pepUntil,
    });
    expect(v.pep.relatedName).toContain('Helena');
    expect(v.riskReasons.map((r: { rule: string }) => r.rule)).toContain('pep.consanguineous');
    expect(await eddRequired(partner.id)).toBe(true);
    // the history line names the source, the PEP, the company and the cause
    expect((await pepLines(partner.id)).at(-1)).toMatchObject({
      state: 'pep',
      source: 'jointOwnership',
      relation: 'jointOwnership',
      through: 'Prates Participações Ltda',
      cause: 'relationChanged',
    });
    // the PEP itself stays a direct PEP: its own declaration is stronger than its partner
    expect((await view('br', pep.id)).pep).toMatchObject({ status: 'direct', source: 'declaration' });

    // the PEP's share ends: the partner is no longer a close associate, in the same change
    await endRelation('br', pepShare.id);
    const after = await view('br', partner.id);
    expect(after.pepStatus).toBeNull();
    expect(after.pep.state).toBe('none');
    expect(await eddRequired(partner.id)).toBe(false);
    expect((await pepLines(partner.id)).at(-1)).toMatchObject({ state: 'none', cause: 'relationChanged' });
  });

  it("follows the PEP's own status: the PEP stops being one, its co-owner stops too", async () => {
    const { legal, pep, partner } = await cast('br');
    await relate('br', legal.id, pep.id, 'beneficiary', 30);
    await relate('br', legal.id, partner.id, 'effectiveControl');
    expect((await view('br', partner.id)).pep).toMatchObject({ status: 'consanguineous', source: 'jointOwnership' });
    // the PEP's declaration withdrawn on its ficha
    const res = await t.patch({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${pep.id}`, {
      pepStatus: null,
      pepExpiration: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await view('br', pep.id)).pepStatus).toBeNull();
    expect((await view('br', partner.id)).pepStatus).toBeNull();
    expect((await pepLines(partner.id)).at(-1)).toMatchObject({ state: 'none', cause: 'relationChanged' });
  });

  it('follows a change of the PEP register in its job: the PEP taken off the register, its co-owner and spouse stop too', async () => {
    const dni = cpf();
    const person = await t.post('superAdmin', '/api/people', {
      country: 'BR',
      dni,
      name: 'Joaquim Registro Federal',
      pepLevel: 1,
      position: 'Senador',
      institution: 'Senado Federal',
      officeStart: '2019-02-01',
    });
    expect(person.statusCode, person.body).toBe(200);
    await t.deps.queue.drain();
    const legal = await newFicha('br', { personType: 'legal', socialReason: 'Registro Holding S/A' });
    const pep = await newFicha('br', { dni, name: 'Joaquim', fatherName: 'Registro' });
    const partner = await newFicha('br', { name: 'Bruna', fatherName: 'Sócia' });
    const spouse = await newFicha('br', { name: 'Lúcia', fatherName: 'Cônjuge' });
    expect((await view('br', pep.id)).pep).toMatchObject({ status: 'direct', source: 'register' });
    await relate('br', pep.id, spouse.id, 'spouse');
    expect((await view('br', spouse.id)).pep).toMatchObject({ status: 'consanguineous', source: 'relation' });
    await relate('br', legal.id, pep.id, 'partners', 70);
    await relate('br', legal.id, partner.id, 'partners', 30);
    expect((await view('br', partner.id)).pep).toMatchObject({
      status: 'consanguineous',
      source: 'jointOwnership',
      position: 'Senador',
      institution: 'Senado Federal',
      through: 'Registro Holding S/A',
      until: null,
    });
    const off = await t.patch('superAdmin', `/api/people/deactivate-pep/${(person.json() as { id: string }).id}`, {});
    expect(off.statusCode, off.body).toBe(200);
    await t.deps.queue.drain();
    expect((await view('br', pep.id)).pepStatus).toBeNull();
    expect((await view('br', partner.id)).pepStatus).toBeNull();
    expect((await pepLines(partner.id)).at(-1)).toMatchObject({ state: 'none', cause: 'relationChanged' });
    // the spouse too (before, the job's rating found the PEP's new status already stored and went no further)
    expect((await view('br', spouse.id)).pepStatus).toBeNull();
    expect((await pepLines(spouse.id)).at(-1)).toMatchObject({ state: 'none', cause: 'relationChanged' });
  });

  it('the trash (decision 220): the PEP or the company sent to the trash ends the tie at once, restored it comes back; a spouse too', async () => {
    const { legal, pep, partner, pepUntil } = await cast('br');
    const spouse = await newFicha('br', { name: 'Lúcia', fatherName: 'Cônjuge' });
    await relate('br', legal.id, pep.id, 'partners', 60);
    await relate('br', legal.id, partner.id, 'partners', 40);
    await relate('br', pep.id, spouse.id, 'spouse');
    expect((await view('br', partner.id)).pep).toMatchObject({ status: 'consanguineous', source: 'jointOwnership' });
    expect((await view('br', spouse.id)).pep).toMatchObject({ status: 'consanguineous', source: 'relation' });
    expect(await eddRequired(partner.id)).toBe(true);
    const trash = (ids: string[], url = '/api/fichas-clientes/soft-delete') =>
      t.patch({ as: 'admin', company: 'br' }, url, { fichasIds: ids });

    // the PEP to the trash: its co-owner and its spouse stop being PEP in the same request, each with a line
    let res = await trash([pep.id]);
    expect(res.statusCode, res.body).toBe(200);
    for (const id of [partner.id, spouse.id]) {
      const v = await view('br', id);
      expect(v.pepStatus).toBeNull();
      expect(v.riskReasons.map((r: { rule: string }) => r.rule)).not.toContain('pep.consanguineous');
      expect((await pepLines(id)).at(-1)).toMatchObject({ state: 'none', cause: 'tiedTrashed' });
    }
    expect(await eddRequired(partner.id)).toBe(false);
    // the history of the co-owner reads the line in words, by the user who trashed the PEP
    const history = await t.get({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${partner.id}/history?limit=100`);
    const line = (history.json() as { data: { action: string; userName: string | null }[] }).data.find(
      (h) => h.action === 'ficha.pep.changed',
    );
    expect(line?.userName).toBeTruthy();

    // restored: the tie is back, with its line
    res = await trash([pep.id], '/api/fichas-clientes/restore');
    expect(res.statusCode, res.body).toBe(200);
    const back = await view('br', partner.id);
    expect(back.pep).toMatchObject({ status: 'consanguineous', source: 'jointOwnership', until: pepUntil });
    expect((await pepLines(partner.id)).at(-1)).toMatchObject({ state: 'pep', cause: 'tiedRestored' });
    expect((await view('br', spouse.id)).pepStatus).toBe('consanguineous');
    expect(await eddRequired(partner.id)).toBe(true);

    // the company to the trash: the co-owner is no longer a close associate (the spouse stays: the PEP is active)
    res = await trash([legal.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await view('br', partner.id)).pepStatus).toBeNull();
    expect((await pepLines(partner.id)).at(-1)).toMatchObject({ state: 'none', cause: 'tiedTrashed' });
    expect((await view('br', spouse.id)).pepStatus).toBe('consanguineous');
    res = await trash([legal.id], '/api/fichas-clientes/restore');
    expect((await view('br', partner.id)).pepStatus).toBe('consanguineous');

    // the PEP deleted for good: the tie ends with its line
    const del = await t.post({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${pep.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await view('br', partner.id)).pepStatus).toBeNull();
    expect((await pepLines(partner.id)).at(-1)).toMatchObject({ state: 'none', cause: 'tiedDeleted' });
    expect((await pepLines(spouse.id)).at(-1)).toMatchObject({ state: 'none', cause: 'tiedDeleted' });
  });

  it('a representative of the company is not a holder; a co-owner of a level-2 PEP is not made PEP', async () => {
    const { legal, pep, partner } = await cast('br');
    const rep = await newFicha('br', { name: 'Rita', fatherName: 'Representante' });
    await relate('br', legal.id, pep.id, 'partners', 50);
    await relate('br', legal.id, rep.id, 'representant');
    expect((await view('br', rep.id)).pepStatus).toBeNull();
    // the co-owner (level 2) holds a second company with a third person: no chain of associates
    await relate('br', legal.id, partner.id, 'partners', 20);
    expect((await view('br', partner.id)).pepStatus).toBe('consanguineous');
    const other = await newFicha('br', { personType: 'legal', socialReason: 'Segunda Empresa Ltda' });
    const third = await newFicha('br', { name: 'Tiago', fatherName: 'Terceiro' });
    await relate('br', other.id, partner.id, 'partners', 50);
    await relate('br', other.id, third.id, 'partners', 50);
    expect((await view('br', third.id)).pepStatus).toBeNull();
  });

  it('Chile: the same shared ownership makes no one PEP (its rule names spouse, relatives and joint action pacts)', async () => {
    const { legal, pep, partner } = await cast('cl');
    await relate('cl', legal.id, partner.id, 'partners', 10);
    await relate('cl', legal.id, pep.id, 'partners', 50);
    expect((await view('cl', pep.id)).pepStatus).toBe('direct');
    const v = await view('cl', partner.id);
    expect(v.pepStatus).toBeNull();
    expect(v.pep?.state ?? 'none').toBe('none');
  });
});
