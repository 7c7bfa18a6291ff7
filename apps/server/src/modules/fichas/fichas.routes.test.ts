import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const en = { 'accept-language': 'en' };
const natural = (over: Record<string, unknown> = {}) => ({
  personType: 'natural',
  dni: '12.345.678-5',
  dniType: { country: 'CL', document: 'RUT' },
  name: 'María José',
  fatherName: 'González',
  motherName: 'Pérez',
  email: 'maria@example.cl',
  birthDate: '1980-05-17',
  nationality: 'CL',
  ...over,
});

async function create(body: Record<string, unknown>, as = 'admin', company: 'cl' | 'br' = 'cl') {
  return t.call({ as, company, method: 'POST', url: '/api/fichas-clientes', payload: body, headers: en });
}

describe('POST /api/fichas-clientes', () => {
  it('401 without a token, 403 for a role without write access', async () => {
    expect((await t.call({ method: 'POST', url: '/api/fichas-clientes', payload: natural() })).statusCode).toBe(401);
    const res = await create(natural(), 'auditor');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('creates a Chilean natural ficha: RUT cleaned, stored 12345678-5, shown 12.345.678-5, birth date at noon UTC, rated and screened', async () => {
    const res = await create(natural());
    expect(res.statusCode).toBe(200);
    const f = res.json();
    expect(f).toMatchObject({
      dni: '12345678-5',
      dniFormatted: '12.345.678-5',
      dniType: { country: 'CL', person: 'natural', document: 'RUT' },
      fullName: 'María José González Pérez',
      birthDate: '1980-05-17T12:00:00.000Z',
      status: 'active',
      withoutDocument: false,
      calculatedRisk: 'low',
      risk: 'low',
    });
    expect(f.companyId).toBe(t.companies.cl);
    expect(f.listas).toMatchObject({ dni: '12345678-5', personType: 'natural' });
    expect(f.riskReasons.map((r: { rule: string }) => r.rule)).toContain('customerType.natural');
  });

  it('rejects the same dni again, and under the other person type with its own message', async () => {
    const again = await create(natural({ dni: '123456785' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'FICHA_DNI_EXISTS', field: 'dni' });
    const legal = await create({
      personType: 'legal',
      dni: '12.345.678-5',
      dniType: { country: 'CL' },
      socialReason: 'Otra SpA',
    });
    expect(legal.statusCode).toBe(409);
    expect(legal.json().code).toBe('FICHA_DNI_OTHER_PERSON_TYPE');
    expect(legal.json().message).toMatch(/cambie el tipo de persona o contacte a soporte/);
  });

  it('Brazil: CPF and CNPJ by default, zero-padded, formatted; bad check digits name the field in the caller language', async () => {
    const cpf = await create(
      { personType: 'natural', dni: '52998224725', dniType: { country: 'BR' }, name: 'João da Silva' },
      'admin',
      'br',
    );
    expect(cpf.statusCode).toBe(200);
    expect(cpf.json()).toMatchObject({
      dni: '52998224725',
      dniFormatted: '529.982.247-25',
      dniType: { document: 'CPF' },
    });
    const cnpj = await create(
      { personType: 'legal', dni: '44.038.188/0001-32', dniType: { country: 'BR' }, socialReason: 'Alfa & Beta Ltda' },
      'admin',
      'br',
    );
    expect(cnpj.statusCode).toBe(200);
    expect(cnpj.json()).toMatchObject({
      dni: '44038188000132',
      dniFormatted: '44.038.188/0001-32',
      dniType: { document: 'CNPJ' },
    });
    const alnum = await create(
      { personType: 'legal', dni: '12.ABC.345/01DE-35', dniType: { country: 'BR' }, socialReason: 'Nova Empresa S/A' },
      'admin',
      'br',
    );
    expect(alnum.statusCode).toBe(200);
    const badCpf = await t.post({ as: 'admin', company: 'br' }, '/api/fichas-clientes', {
      personType: 'natural',
      dni: '529.982.247-24',
      dniType: { country: 'BR' },
      name: 'Ana',
    });
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.json()).toMatchObject({ code: 'DOCUMENT_INVALID', field: 'dni' });
    expect(badCpf.json().message).toBe('dni: 529.982.247-24 não é um CPF válido');
    const wrongType = await create({
      personType: 'natural',
      dni: '44038188000132',
      dniType: { country: 'BR', document: 'CNPJ' },
      name: 'Ana',
    });
    expect(wrongType.json()).toMatchObject({ code: 'DOCUMENT_TYPE_NOT_ALLOWED', field: 'dniType.document' });
  });

  it('validates the other fields naming them: e-mail, names (& / - allowed), dates, countries, tags, required name', async () => {
    const email = await create(natural({ dni: '11.111.111-1', email: 'not-an-email' }));
    expect(email.json()).toMatchObject({ statusCode: 400, code: 'EMAIL_INVALID', field: 'email' });
    expect(email.json().message).toContain('email');
    const name = await create(natural({ dni: '11.111.111-1', name: 'R2D2' }));
    expect(name.json()).toMatchObject({ code: 'NAME_INVALID', field: 'name' });
    const date = await create(natural({ dni: '11.111.111-1', birthDate: '31/02/1990' }));
    expect(date.json()).toMatchObject({ code: 'DATE_INVALID', field: 'birthDate' });
    const country = await create(natural({ dni: '11.111.111-1', nationality: 'Atlantis' }));
    expect(country.json()).toMatchObject({ code: 'COUNTRY_NOT_FOUND', field: 'nationality' });
    const tags = await create(
      natural({ dni: '11.111.111-1', tags: Array.from({ length: 21 }, (_, i) => ({ name: `t${i}` })) }),
    );
    expect(tags.json()).toMatchObject({ code: 'TAGS_TOO_MANY', field: 'tags' });
    const rep = await create(natural({ dni: '11.111.111-1', tags: [{ name: 'VIP' }, { name: 'vip' }] }));
    expect(rep.json()).toMatchObject({ code: 'TAGS_REPEATED', field: 'tags' });
    const noName = await create(natural({ dni: '11.111.111-1', name: '' }));
    expect(noName.json()).toMatchObject({ code: 'FIELD_REQUIRED', field: 'name' });
    const schema = await create({ ...natural({ dni: '11.111.111-1' }), personType: 'robot' });
    expect(schema.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'personType' });
    const ok = await create(
      natural({ dni: '11.111.111-1', name: 'Ana-María', fatherName: "O'Higgins", motherName: 'Smith & Co / Jr' }),
    );
    expect(ok.statusCode).toBe(200);
    const spanish = await t.post('admin', '/api/fichas-clientes', natural({ dni: '22.222.222-2', email: 'x@' }));
    expect(spanish.json().message).toBe('email: el correo electrónico no es válido');
  });

  it('a ficha without document gets a 22-character dni; a given 22-character dni is kept as such', async () => {
    const none = await create({ personType: 'natural', name: 'Sin Documento' });
    expect(none.statusCode).toBe(200);
    expect(none.json().dni).toHaveLength(22);
    expect(none.json()).toMatchObject({ withoutDocument: true, dniFormatted: '' });
    const given = await create({ personType: 'natural', name: 'Otro Sin Documento', dni: 'ABCDEFGHIJKLMNOPQRSTUV' });
    expect(given.json()).toMatchObject({ dni: 'ABCDEFGHIJKLMNOPQRSTUV', withoutDocument: true });
  });
});

describe('reading fichas', () => {
  it('list, count, public, by id, by dni, with relations; another company gets 404; unknown filter fields answer 400', async () => {
    const f = (await create(natural({ dni: '7.654.321-6', name: 'Lectura', fatherName: 'Prueba' }))).json();
    expect((await t.call({ method: 'GET', url: '/api/fichas-clientes' })).statusCode).toBe(401);
    expect((await t.get('superAdmin', '/api/fichas-clientes')).statusCode).toBe(403);
    const filter = encodeURIComponent(
      JSON.stringify({ where: { search: 'lectura' }, order: 'createdAt DESC', limit: 10 }),
    );
    const list = await t.get('auditor', `/api/fichas-clientes?filter=${filter}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: string }) => x.id)).toEqual([f.id]);
    const byPrefix = async (search: string) =>
      (
        await t.get(
          'auditor',
          `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where: { search } }))}`,
        )
      )
        .json()
        .map((x: { id: string }) => x.id);
    expect(await byPrefix('prue lect')).toEqual([f.id]);
    expect(await byPrefix('7.654.321')).toEqual([f.id]);
    expect(await byPrefix('76543216')).toEqual([f.id]);
    expect(await byPrefix('PRUEBA')).toEqual([f.id]);
    const count = await t.get(
      'frontdesk',
      `/api/fichas-clientes/count?where=${encodeURIComponent(JSON.stringify({ personType: 'natural' }))}`,
    );
    expect(count.json().count).toBeGreaterThanOrEqual(3);
    const pub = await t.get('supervisor', `/api/fichas-clientes/public?filter=${filter}`);
    expect(Object.keys(pub.json()[0]).sort()).toEqual([
      'dni',
      'dniFormatted',
      'dniType',
      'fullName',
      'id',
      'personType',
      'risk',
      'status',
    ]);
    const bad = await t.call({
      as: 'admin',
      method: 'GET',
      url: `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where: { password: 'x' } }))}`,
      headers: en,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'where.password' });
    const badOp = await t.get(
      'admin',
      `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where: { name: { regexp: 'x' } } }))}`,
    );
    expect(badOp.json().field).toBe('where.name.regexp');
    expect((await t.get('admin', `/api/fichas-clientes/${f.id}`)).json().id).toBe(f.id);
    expect((await t.get('admin', '/api/fichas-clientes/by-dni/7.654.321-6')).json().id).toBe(f.id);
    const wr = await t.get('admin', `/api/fichas-clientes/with-relations/${f.id}`);
    expect(wr.json()).toMatchObject({ id: f.id, legalRepresentatives: [], relatedPersons: [], asociados: [] });
    for (const url of [
      `/api/fichas-clientes/${f.id}`,
      `/api/fichas-clientes/with-relations/${f.id}`,
      `/api/fichas-clientes-beneficiaries/${f.id}`,
    ]) {
      const other = await t.get({ as: 'admin', company: 'br' }, url);
      expect(other.statusCode).toBe(404);
    }
    const byDniOther = await t.get({ as: 'admin', company: 'br' }, '/api/fichas-clientes/by-dni/7.654.321-6');
    expect(byDniOther.json().code).toBe('NO_RECORDS_FOR_DNI');
    const brList = await t.get({ as: 'admin', company: 'br' }, `/api/fichas-clientes?filter=${filter}`);
    expect(brList.json()).toEqual([]);
    const legalCount = await t.get(
      { as: 'admin', company: 'br' },
      '/api/fichas-clientes/count-legal-by-dni/44.038.188%2F0001-32',
    );
    expect(legalCount.json()).toEqual({ count: 1 });
  });
});

describe('changing fichas', () => {
  it('PATCH ignores audit and identity fields and re-screens on a name change; no-lists does not; another company 404', async () => {
    const f = (await create(natural({ dni: '5.126.663-3', name: 'Pedro', fatherName: 'Soto' }))).json();
    const res = await t.patch('frontdesk', `/api/fichas-clientes/${f.id}`, {
      id: 'x',
      companyId: t.companies.br,
      createdBy: null,
      status: 'inactive',
      personType: 'legal',
      phone: ' +56 9 1234 5678 ',
      fatherName: 'Sotomayor',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: f.id,
      companyId: t.companies.cl,
      status: 'active',
      personType: 'natural',
      phone: '+56 9 1234 5678',
      fatherName: 'Sotomayor',
    });
    expect(res.json().listas.lastChecked).not.toBe(f.listas.lastChecked);
    const noLists = await t.patch('admin', `/api/fichas-clientes/no-lists/${f.id}`, { name: 'Pedro Pablo' });
    expect(noLists.json().listas.lastChecked).toBe(res.json().listas.lastChecked);
    expect(
      (await t.patch({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${f.id}`, { phone: '1' })).statusCode,
    ).toBe(404);
    expect((await t.patch('auditor', `/api/fichas-clientes/${f.id}`, { phone: '1' })).statusCode).toBe(403);
    const bad = await t.call({
      as: 'admin',
      method: 'PATCH',
      url: `/api/fichas-clientes/${f.id}`,
      payload: { email: 'bad@@x' },
      headers: en,
    });
    expect(bad.json()).toMatchObject({ code: 'EMAIL_INVALID', field: 'email' });
  });

  it('PUT replaces only the name fields of a natural person and socialReason of a legal one', async () => {
    const f = (await create(natural({ dni: '9.876.543-3', name: 'Luis', fatherName: 'Rojas', phone: '123' }))).json();
    const res = await t.put('admin', `/api/fichas-clientes/${f.id}`, {
      name: 'Luis Alberto',
      fatherName: 'Rojas',
      phone: '999',
      socialReason: 'X',
    });
    expect(res.json()).toMatchObject({ name: 'Luis Alberto', motherName: null, phone: '123', socialReason: null });
    const legal = (
      await create({
        personType: 'legal',
        dni: '76.277.884-K',
        dniType: { country: 'CL' },
        socialReason: 'Comercial Uno SpA',
      })
    ).json();
    expect(legal.dni).toBe('76277884-K');
    const res2 = await t.put('admin', `/api/fichas-clientes/${legal.id}`, {
      socialReason: 'Comercial Dos SpA',
      name: 'ignored',
    });
    expect(res2.json()).toMatchObject({ socialReason: 'Comercial Dos SpA', name: null });
    expect(
      (await t.put({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${legal.id}`, { socialReason: 'Z' }))
        .statusCode,
    ).toBe(404);
  });

  it('soft delete to the trash, listed there (trash permission), restored; hard delete is permanent and audited', async () => {
    const f = (await create(natural({ dni: '3.333.333-1', name: 'Papelera' }))).json();
    const sd = await t.patch({ as: 'admin', company: 'br' }, '/api/fichas-clientes/soft-delete', { fichasIds: [f.id] });
    expect(sd.statusCode).toBe(404);
    const del = await t.patch('frontdesk', '/api/fichas-clientes/soft-delete', { fichasIds: [f.id] });
    expect(del.json()).toEqual({ count: 1, fichasIds: [f.id] });
    const got = (await t.get('admin', `/api/fichas-clientes/${f.id}`)).json();
    expect(got).toMatchObject({ status: 'inactive' });
    expect(got.deletedBy).toBeTruthy();
    expect(got.deletedDate).toBeTruthy();
    const active = await t.get(
      'admin',
      `/api/fichas-clientes?filter=${encodeURIComponent(JSON.stringify({ where: { search: 'papelera' } }))}`,
    );
    expect(active.json()).toEqual([]);
    const trashFilter = encodeURIComponent(JSON.stringify({ where: { status: 'inactive', search: 'papelera' } }));
    expect((await t.get('frontdesk', `/api/fichas-clientes?filter=${trashFilter}`)).statusCode).toBe(403);
    expect((await t.get('admin', `/api/fichas-clientes?filter=${trashFilter}`)).json()[0].id).toBe(f.id);
    expect((await t.get('admin', '/api/fichas-clientes/trash')).json().map((x: { id: string }) => x.id)).toContain(
      f.id,
    );
    expect((await t.patch('frontdesk', '/api/fichas-clientes/restore', { fichasIds: [f.id] })).statusCode).toBe(403);
    const restored = await t.patch('admin', '/api/fichas-clientes/restore', { fichasIds: [f.id] });
    expect(restored.json().count).toBe(1);
    expect((await t.get('admin', `/api/fichas-clientes/${f.id}`)).json()).toMatchObject({
      status: 'active',
      deletedBy: null,
    });
    expect((await t.post('adminNoUser', `/api/fichas-clientes/${f.id}`)).statusCode).toBe(403);
    expect((await t.post({ as: 'admin', company: 'br' }, `/api/fichas-clientes/${f.id}`)).statusCode).toBe(404);
    const hard = await t.post('admin', `/api/fichas-clientes/${f.id}`);
    expect(hard.statusCode).toBe(200);
    expect((await t.get('admin', `/api/fichas-clientes/${f.id}`)).statusCode).toBe(404);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'ficha.hardDeleted')
      .where('entityId', '=', f.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect((audit[0]!.before as { dni: string }).dni).toBe('3333333-1');
  });

  it('risk overwrite by an administrator with a reason, audited; precedence overwritten > effective > calculated', async () => {
    const f = (await create(natural({ dni: '4.444.444-5', name: 'Riesgo' }))).json();
    const bad = await t.patch('frontdesk', `/api/fichas-clientes/${f.id}/risk`, {
      overwrittenRisk: 'high',
      reason: 'manual review',
    });
    expect(bad.json().code).toBe('RISK_OVERWRITE_ADMIN_ONLY');
    const res = await t.patch('adminNoUser', `/api/fichas-clientes/${f.id}/risk`, {
      overwrittenRisk: 'high',
      reason: 'manual review',
    });
    expect(res.json()).toMatchObject({
      overwrittenRisk: 'high',
      calculatedRisk: 'low',
      risk: 'high',
      overwrittenRiskReason: 'manual review',
    });
    const cleared = await t.patch('admin', `/api/fichas-clientes/${f.id}/risk`, {
      overwrittenRisk: null,
      reason: 'back to model',
    });
    expect(cleared.json()).toMatchObject({ overwrittenRisk: null, risk: 'low' });
    const pep = await t.patch('admin', `/api/fichas-clientes/${f.id}`, { pepStatus: 'direct' });
    expect(pep.json()).toMatchObject({ pepStatus: 'direct', pepLevel: 1, calculatedRisk: 'medium' });
    const ve = await t.patch('admin', `/api/fichas-clientes/${f.id}`, { nationality: 'Venezuela' });
    expect(ve.json()).toMatchObject({ nationality: 'VE', calculatedRisk: 'high' });
    expect(ve.json().riskReasons.map((r: { rule: string }) => r.rule)).toContain('geography.fatfIncreasedMonitoring');
    const iran = await t.patch('admin', `/api/fichas-clientes/${f.id}`, { countryOfResidence: 'Irán' });
    expect(iran.json()).toMatchObject({ countryOfResidence: 'IR', calculatedRisk: 'high' });
    expect(
      iran.json().riskReasons.find((r: { rule: string }) => r.rule === 'geography.fatfCallForAction'),
    ).toMatchObject({ forced: true, detail: 'IR' });
  });
});

describe('property: create then get keeps every field', () => {
  it('round trip of generated natural fichas', async () => {
    const letters = fc.stringMatching(/^[A-Za-zÁÉÍÓÚáéíóúÑñ][A-Za-zÁÉÍÓÚáéíóúÑñ &/-]{0,20}[A-Za-zñ]$/);
    let body = 10_000_000;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: letters,
          fatherName: letters,
          phone: fc.stringMatching(/^\+?[0-9 ]{6,15}[0-9]$/),
          income: fc.integer({ min: 0, max: 10_000_000 }),
          birth: fc.date({ min: new Date('1930-01-01'), max: new Date('2010-12-31'), noInvalidDate: true }),
          gender: fc.constantFrom('female', 'male'),
        }),
        async (r) => {
          body += 7;
          const rutBody = String(body);
          let sum = 0;
          let w = 2;
          for (let i = rutBody.length - 1; i >= 0; i--) {
            sum += Number(rutBody[i]) * w;
            w = w === 7 ? 2 : w + 1;
          }
          const dv = 11 - (sum % 11);
          const rut = `${rutBody}-${dv === 11 ? '0' : dv === 10 ? 'K' : dv}`;
          const day = r.birth.toISOString().slice(0, 10);
          const payload = {
            personType: 'natural',
            dni: rut,
            name: r.name,
            fatherName: r.fatherName,
            phone: r.phone,
            income: r.income,
            birthDate: day,
            gender: r.gender,
          };
          const created = await create(payload);
          expect(created.statusCode).toBe(200);
          const got = (await t.get('auditor', `/api/fichas-clientes/${created.json().id}`)).json();
          expect(got).toMatchObject({
            dni: rut,
            name: r.name.replace(/\s+/g, ' ').trim(),
            fatherName: r.fatherName.replace(/\s+/g, ' ').trim(),
            phone: r.phone.replace(/\s+/g, ' ').trim(),
            income: r.income,
            gender: r.gender,
            birthDate: `${day}T12:00:00.000Z`,
          });
        },
      ),
      { numRuns: 15 },
    );
  });
});
