import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { describe, expect, it } from 'vitest';
import { startBulkLoad } from '../../../test/bulk-load-fixtures';
import { useTestApp } from '../../../test/harness';
import { headerRow, rutOf, sheetBuffer } from '../bulk-loads/bulk-loads.samples';

/*
 * Enhanced due diligence (issue 24, point 5; docs/regulatory.md "Enhanced due diligence"): required for a PEP, for a
 * ficha related to a PEP and for a ficha tied to an FATF list country, with its reasons; the checklist filled by
 * whoever edits fichas, approved by a company administrator only; the periodic review refused while it is open.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

async function newFicha(body: number, fields: Record<string, unknown> = {}) {
  const payload = {
    personType: 'natural',
    dni: rut(body),
    dniType: { country: 'CL', document: 'RUT' },
    name: 'Cliente',
    fatherName: 'Reforzada',
    ...fields,
  };
  const res = await t.post('admin', '/api/fichas-clientes', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

const edd = (id: string, as = 'admin', company: 'cl' | 'br' = 'cl') =>
  t.get({ as, company }, `/api/fichas-clientes/${id}/edd`);
/** The language the demo user of this role of the Chilean company reads (the user's own setting wins). */
const speak = (role: string, lang: string) =>
  t.deps.db
    .updateTable('users')
    .set({ lang: lang === 'pt-BR' ? 'br' : (lang as 'es' | 'en') })
    .where('email', '=', `${role.toLowerCase()}.cl@demo.regcheck.app`)
    .execute();
const patch = async (id: string, payload: Record<string, unknown>, as = 'admin', lang = 'es') => {
  await speak(as, lang);
  return t.patch(as, `/api/fichas-clientes/${id}/edd`, payload);
};
const review = async (id: string, lang = 'es') => {
  await speak('admin', lang);
  return t.post('admin', `/api/fichas-clientes/${id}/reviews`, {
    checked: 'Documentos y listas revisados',
    outcome: 'noChanges',
  });
};
const auditOf = (id: string) =>
  t.deps.db
    .selectFrom('auditLog')
    .select(['action', 'before', 'after', 'userId'])
    .where('entityId', '=', id)
    .where('action', 'like', 'ficha.edd.%')
    .orderBy('createdAt')
    .execute();

describe('enhanced due diligence of a ficha', () => {
  it('401 without a session, 404 for another company, read by the auditor, written by none of his', async () => {
    const f = await newFicha(21000001, { pepStatus: 'direct' });
    expect((await t.call({ method: 'GET', url: `/api/fichas-clientes/${f.id}/edd` })).statusCode).toBe(401);
    expect((await t.call({ method: 'PATCH', url: `/api/fichas-clientes/${f.id}/edd`, payload: {} })).statusCode).toBe(
      401,
    );
    expect((await edd(f.id, 'admin', 'br')).statusCode).toBe(404);
    const other = await t.patch({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${f.id}/edd`, {
      sourceOfFunds: 'x',
    });
    expect(other.statusCode).toBe(404);
    const read = await edd(f.id, 'auditor');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ required: true, status: 'open', blocksReview: true });
    expect((await patch(f.id, { sourceOfFunds: 'Sueldo' }, 'auditor')).statusCode).toBe(403);
    // the record was not touched by the refused calls
    expect((await edd(f.id)).json().sourceOfFunds).toBeNull();
  });

  it('a ficha without PEP or FATF ties does not require it and does not block its review', async () => {
    const f = await newFicha(21000002, { nationality: 'CL', countryOfResidence: 'CL' });
    expect((await edd(f.id)).json()).toMatchObject({ required: false, reasons: [], blocksReview: false });
    expect((await review(f.id)).statusCode).toBe(200);
    expect(await auditOf(f.id)).toEqual([]);
  });

  it('a direct PEP: required with its reason, audited when it started; the review is refused until approved', async () => {
    const f = await newFicha(21000003, { pepStatus: 'direct' });
    const body = (await edd(f.id)).json();
    expect(body).toMatchObject({ required: true, reasons: [{ kind: 'pep', status: 'direct' }], status: 'open' });
    expect(body.requiredSince).toEqual(expect.any(String));
    const [first] = await auditOf(f.id);
    expect(first).toMatchObject({ action: 'ficha.edd.required', after: { reasons: [{ kind: 'pep' }] } });
    expect(first?.userId).not.toBeNull();

    for (const [lang, words] of [
      ['es', 'debida diligencia reforzada'],
      ['pt-BR', 'diligência reforçada'],
      ['en', 'enhanced due diligence'],
    ] as const) {
      const refused = await review(f.id, lang);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('FICHA_EDD_OPEN');
      expect(refused.json().message).toContain(words);
    }
    const reviews = await t.get('admin', `/api/fichas-clientes/${f.id}/reviews`);
    expect(reviews.json()).toEqual([]);

    // the texts by a writer who is not an administrator; his approval is refused
    const filled = await patch(f.id, { sourceOfFunds: 'Sueldo de senador', sourceOfWealth: 'Herencia' }, 'frontdesk');
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json()).toMatchObject({ sourceOfFunds: 'Sueldo de senador', status: 'open', approvedAt: null });
    for (const role of ['frontdesk', 'userMonitoring']) {
      const refused = await patch(f.id, { approve: true }, role, 'pt-BR');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FICHA_EDD_APPROVAL_ADMIN_ONLY' });
      expect(refused.json().message).toContain('administrador');
    }
    expect((await edd(f.id)).json().status).toBe('open');
    expect((await review(f.id)).statusCode).toBe(409);

    const approved = await patch(f.id, { approve: true }, 'adminNoUser');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'completed', blocksReview: false });
    expect(approved.json().approvedAt).toEqual(expect.any(String));
    expect(approved.json().approvedByName).toEqual(expect.any(String));
    expect((await review(f.id)).statusCode).toBe(200);

    const actions = (await auditOf(f.id)).map((a) => a.action);
    expect(actions).toEqual(['ficha.edd.required', 'ficha.edd.updated', 'ficha.edd.approved']);
    const row = (await auditOf(f.id))[2];
    expect(row?.before).toMatchObject({ status: 'open', approvedAt: null });
    expect(row?.after).toMatchObject({ status: 'completed', sourceOfWealth: 'Herencia' });

    // changing a text after the approval opens it again: the approval covered the old text
    const changed = await patch(f.id, { sourceOfWealth: 'Herencia y venta de un campo' });
    expect(changed.json()).toMatchObject({ status: 'open', approvedAt: null, blocksReview: true });
    expect((await review(f.id)).statusCode).toBe(409);
  });

  it('approval needs both texts (a translated error naming the missing one) and a required diligence', async () => {
    const f = await newFicha(21000004, { pepStatus: 'consanguineous' });
    expect((await edd(f.id)).json().reasons).toEqual([{ kind: 'pep', status: 'consanguineous' }]);
    const none = await patch(f.id, { approve: true }, 'admin', 'es');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'FICHA_EDD_FUNDS_REQUIRED', field: 'sourceOfFunds' });
    expect(none.json().message).toContain('Origen de los fondos');
    await patch(f.id, { sourceOfFunds: 'Sueldo' });
    const noWealth = await patch(f.id, { approve: true, sourceOfWealth: '   ' }, 'admin', 'en');
    expect(noWealth.json()).toMatchObject({ code: 'FICHA_EDD_WEALTH_REQUIRED', field: 'sourceOfWealth' });
    expect(noWealth.json().message).toContain('Source of wealth');
    const pt = await patch(f.id, { approve: true }, 'admin', 'pt-BR');
    expect(pt.json().message).toContain('Origem do patrimônio');
    expect((await edd(f.id)).json().status).toBe('open');

    const plain = await newFicha(21000005);
    const refused = await patch(plain.id, { approve: true, sourceOfFunds: 'a', sourceOfWealth: 'b' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('FICHA_EDD_NOT_REQUIRED');
    // nothing half-written: the texts of the refused call were not kept
    expect((await edd(plain.id)).json().sourceOfFunds).toBeNull();

    const long = await patch(f.id, { sourceOfFunds: 'x'.repeat(4001) }, 'admin', 'es');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Origen de los fondos');
    const unknown = await patch(f.id, { approved: true });
    expect(unknown.statusCode).toBe(400);
  });

  it('an FATF country: nationality on a call-for-action list, residence under increased monitoring', async () => {
    const f = await newFicha(21000006, { nationality: 'IR', countryOfResidence: 'VE' });
    expect((await edd(f.id)).json().reasons).toEqual([
      { kind: 'fatfCountry', country: 'IR', list: 'callForAction', field: 'nationality' },
      { kind: 'fatfCountry', country: 'VE', list: 'increasedMonitoring', field: 'countryOfResidence' },
    ]);
    // moving away from both: no longer required, the record kept and saying so, audited
    const moved = await t.patch('admin', `/api/fichas-clientes/${f.id}`, {
      nationality: 'CL',
      countryOfResidence: 'CL',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await edd(f.id)).json()).toMatchObject({ required: false, reasons: [], blocksReview: false });
    expect((await auditOf(f.id)).map((a) => a.action)).toEqual(['ficha.edd.required', 'ficha.edd.notRequired']);
    expect(await t.deps.db.selectFrom('fichaEdd').select('required').where('fichaId', '=', f.id).execute()).toEqual([
      { required: false },
    ]);
    expect((await review(f.id)).statusCode).toBe(200);
  });

  it('related to a PEP: required for the customer, naming the PEP; a completed diligence reopens on a new PEP', async () => {
    const customer = await newFicha(21000007);
    expect((await edd(customer.id)).json().required).toBe(false);
    const rel = await t.post('admin', '/api/ficha-relationship', {
      fichaId: customer.id,
      relationType: 'representant',
      personType: 'natural',
      dni: rut(21000008),
      name: 'Pedro',
      fatherName: 'Ministro',
      country: 'CL',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    const related = rel.json().relatedFichaId as string;
    expect((await edd(customer.id)).json().required).toBe(false);
    const pep = await t.patch('admin', `/api/fichas-clientes/${related}`, { pepStatus: 'direct' });
    expect(pep.statusCode, pep.body).toBe(200);
    // the customer's row was written by the rating (not only when read)
    const stored = await t.deps.db
      .selectFrom('fichaEdd')
      .select(['required', 'status'])
      .where('fichaId', '=', customer.id)
      .executeTakeFirst();
    expect(stored).toEqual({ required: true, status: 'open' });
    expect((await edd(customer.id)).json().reasons).toEqual([
      { kind: 'relatedPep', fichaId: related, name: 'Pedro Ministro' },
    ]);
    await patch(customer.id, { sourceOfFunds: 'Ventas', sourceOfWealth: 'Empresa familiar', approve: true });
    expect((await edd(customer.id)).json().status).toBe('completed');

    // a new reason the approval did not cover opens it again and withdraws the approval
    await t.patch('admin', `/api/fichas-clientes/${customer.id}`, { nationality: 'KP' });
    const reopened = (await edd(customer.id)).json();
    expect(reopened).toMatchObject({ status: 'open', approvedAt: null, blocksReview: true });
    expect(reopened.reasons).toHaveLength(2);
    expect(reopened.sourceOfFunds).toBe('Ventas');
    const last = (await auditOf(customer.id)).at(-1);
    expect(last).toMatchObject({ action: 'ficha.edd.reasonsChanged', after: { reopened: true } });

    // the relationship ended: the PEP's reason goes, the FATF one stays
    const del = await t.patch('admin', `/api/ficha-relationship/${rel.json().id}/delete`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await edd(customer.id)).json().reasons).toEqual([
      { kind: 'fatfCountry', country: 'KP', list: 'callForAction', field: 'nationality' },
    ]);
  });

  it('a bulk-loaded ficha of an FATF country gets its open record when the load stores it, audited', async () => {
    const dni = rutOf(21_000_020);
    const bytes = await sheetBuffer([
      headerRow('fichas', 'es', ['personType', 'dni', 'name', 'fatherName', 'nationality']),
      ['natural', dni, 'Carga', 'Masiva', 'MM'],
    ]);
    await startBulkLoad(t, bytes, { customName: 'Reforzada', loadType: 'fichas', country: 'CL' });
    await t.deps.queue.drain();
    const ficha = await t.deps.db.selectFrom('fichas').select(['id']).where('dni', '=', dni).executeTakeFirst();
    expect(ficha).toBeTruthy();
    // stored by the load itself, before anyone reads it
    const row = await t.deps.db
      .selectFrom('fichaEdd')
      .select(['required', 'status', 'reasons'])
      .where('fichaId', '=', ficha?.id as string)
      .executeTakeFirst();
    expect(row).toMatchObject({
      required: true,
      status: 'open',
      reasons: [{ kind: 'fatfCountry', country: 'MM', list: 'callForAction', field: 'nationality' }],
    });
    expect((await auditOf(ficha?.id as string)).map((a) => a.action)).toEqual(['ficha.edd.required']);
  });
});
