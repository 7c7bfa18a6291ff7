import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

/** A valid Chilean RUT for a body of digits. */
function rut(body: number) {
  const b = String(body);
  let sum = 0;
  let w = 2;
  for (let i = b.length - 1; i >= 0; i--) {
    sum += Number(b[i]) * w;
    w = w === 7 ? 2 : w + 1;
  }
  const dv = 11 - (sum % 11);
  return `${b}-${dv === 11 ? '0' : dv === 10 ? 'K' : dv}`;
}

async function ficha(body: Record<string, unknown>) {
  const res = await postFicha(t, body);
  return res.json() as { id: string; dni: string };
}
const relate = (payload: Record<string, unknown>, as = 'admin', company: 'cl' | 'br' = 'cl') =>
  t.post({ as, company }, '/api/ficha-relationship', payload);

describe('ficha relationships', () => {
  it('401, 403, other tenant 404; creates a representative from a document, 409 on the same again', async () => {
    const company = await ficha({ personType: 'legal', dni: rut(76111111), socialReason: 'Holding Uno SpA' });
    const body = {
      fichaId: company.id,
      relationType: 'representant',
      personType: 'natural',
      dni: rut(15111111),
      name: 'Carla',
      fatherName: 'Muñoz',
      country: 'CL',
    };
    expect((await t.call({ method: 'POST', url: '/api/ficha-relationship', payload: body })).statusCode).toBe(401);
    expect((await relate(body, 'auditor')).statusCode).toBe(403);
    expect((await relate(body, 'admin', 'br')).statusCode).toBe(404);
    const res = await relate(body);
    expect(res.statusCode, res.body).toBe(200);
    const rel = res.json();
    expect(rel).toMatchObject({
      fichaId: company.id,
      relationType: 'representant',
      status: 'active',
      related: { dni: rut(15111111), personType: 'natural', fullName: 'Carla Muñoz' },
    });
    const again = await relate(body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'RELATIONSHIP_EXISTS', message: 'La relación ya existe' });
    const both = await relate({ ...body, relationType: 'both', participation: 20 });
    expect(both.json().code).toBe('PERSON_ALREADY_ADDED');
    expect((await t.get('auditor', `/api/ficha-relationship/${rel.id}`)).json().id).toBe(rel.id);
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/ficha-relationship/${rel.id}`)).statusCode).toBe(404);
    const wr = (await t.get('admin', `/api/fichas-clientes/with-relations/${company.id}`)).json();
    expect(wr.legalRepresentatives.map((p: { dni: string }) => p.dni)).toEqual([rut(15111111)]);
    // the related person created on the fly is screened by a job
    await t.deps.queue.drain();
    const person = (await t.get('admin', `/api/fichas-clientes/${rel.relatedFichaId}`)).json();
    expect(person.listas).not.toBeNull();
  });

  it('bad input names the field: same dni as the participant, invalid document, legal person, percentages', async () => {
    const company = await ficha({ personType: 'legal', dni: rut(76222222), socialReason: 'Comercial Dos Ltda' });
    const same = await relate({
      fichaId: company.id,
      relationType: 'partners',
      personType: 'legal',
      dni: rut(76222222),
      socialReason: 'X',
      participation: 50,
    });
    expect(same.json()).toMatchObject({
      code: 'RELATED_SAME_DNI',
      message: 'El número de documento no puede ser el mismo que el del participante',
    });
    const badDoc = await relate({
      fichaId: company.id,
      relationType: 'representant',
      dni: '12.345.678-9',
      name: 'Ana',
    });
    expect(badDoc.json()).toMatchObject({ code: 'DOCUMENT_INVALID', field: 'dni' });
    const noDoc = await relate({ fichaId: company.id, relationType: 'representant', name: 'Ana' });
    expect(noDoc.json()).toMatchObject({ code: 'DOCUMENT_REQUIRED', field: 'dni' });
    const legal = await relate({
      fichaId: company.id,
      relationType: 'representant',
      personType: 'legal',
      dni: rut(76333333),
      socialReason: 'Y SpA',
    });
    expect(legal.json()).toMatchObject({ code: 'LEGAL_PERSON_NOT_ALLOWED', field: 'personType' });
    // the same related person, Luis, with another relation and participation each time
    const luis = (relationType: string, participation: unknown) =>
      relate({ fichaId: company.id, relationType, dni: rut(15222222), name: 'Luis', participation });
    const comma = await luis('partners', '12,5');
    expect(comma.json()).toMatchObject({ code: 'PERCENTAGE_FORMAT', field: 'participation' });
    const decimals = await luis('partners', 12.555);
    expect(decimals.json().code).toBe('PERCENTAGE_FORMAT');
    const over = await luis('manager', 101);
    expect(over.json().code).toBe('PERCENTAGE_RANGE');
    const owner100 = await luis('partners', 100);
    expect(owner100.json()).toMatchObject({ code: 'OWNERSHIP_PERCENTAGE', field: 'participation' });
    const owner1 = await luis('beneficiary', 1);
    expect(owner1.json().code).toBe('OWNERSHIP_PERCENTAGE');
    const lower = await luis('effectivecontrol', 5.25);
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().relationType).toBe('effectiveControl');
  });

  it('legal representatives in one call: duplicates in the batch and already added ones are rejected', async () => {
    const company = await ficha({ personType: 'legal', dni: rut(76444444), socialReason: 'Inversiones Cuatro S.A.' });
    const rep = { dni: rut(16111111), name: 'Rosa', fatherName: 'Vidal' };
    const dup = await t.post('admin', '/api/fichas-clientes/create-legal-representatives', {
      fichaId: company.id,
      legalRepresentatives: [rep, { ...rep, dni: rut(16111111).replace('-', '') }],
    });
    expect(dup.json()).toMatchObject({
      code: 'LEGAL_REP_ALREADY_ADDED',
      field: 'legalRepresentatives[1].dni',
      message: 'Ya agregó este Representante Legal',
    });
    const ok = await t.post('admin', '/api/fichas-clientes/create-legal-representatives', {
      fichaId: company.id,
      legalRepresentatives: [rep, { dni: rut(16222222), name: 'Tomás' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toHaveLength(2);
    const again = await t.post('admin', '/api/fichas-clientes/create-legal-representatives', {
      fichaId: company.id,
      legalRepresentatives: [rep],
    });
    expect(again.json().code).toBe('LEGAL_REP_ALREADY_ADDED');
    const invalid = await t.post('admin', '/api/fichas-clientes/create-legal-representatives', {
      fichaId: company.id,
      legalRepresentatives: [{ dni: '1-1', name: 'X' }],
    });
    expect(invalid.json()).toMatchObject({ code: 'DOCUMENT_INVALID', field: 'legalRepresentatives[0].dni' });
  });

  it('beneficial owners: indirect ownership multiplied along the chain, threshold inclusive at 10%, effective control; update and delete', async () => {
    const target = await ficha({ personType: 'legal', dni: rut(76555555), socialReason: 'Objetivo SpA' });
    // before any owner, a legal person's beneficial owner is unresolved: forced High
    expect((await t.get('admin', `/api/fichas-clientes/${target.id}`)).json()).toMatchObject({
      calculatedRisk: 'high',
    });
    const holding = (
      await relate({
        fichaId: target.id,
        relationType: 'partners',
        personType: 'legal',
        dni: rut(76666666),
        socialReason: 'Holding Intermedia SpA',
        participation: 40,
      })
    ).json();
    const ana = (
      await relate({
        fichaId: holding.relatedFichaId,
        relationType: 'partners',
        dni: rut(17111111),
        name: 'Ana',
        fatherName: 'Ríos',
        participation: 50,
      })
    ).json();
    const beto = (
      await relate({
        fichaId: target.id,
        relationType: 'partners',
        dni: rut(17222222),
        name: 'Beto',
        fatherName: 'Lara',
        participation: 10,
      })
    ).json();
    const cami = (
      await relate({
        fichaId: target.id,
        relationType: 'partners',
        dni: rut(17333333),
        name: 'Cami',
        fatherName: 'Soto',
        participation: 9.99,
      })
    ).json();
    // Cami also holds 20% of the holding: 9.99 + 0.4 * 20 = 17.99
    await relate({
      fichaId: holding.relatedFichaId,
      relationType: 'partners',
      relatedFichaId: cami.relatedFichaId,
      participation: 20,
    });
    const dani = (
      await relate({
        fichaId: target.id,
        relationType: 'effectiveControl',
        dni: rut(17444444),
        name: 'Dani',
        fatherName: 'Paz',
      })
    ).json();
    const res = await t.get('auditor', `/api/fichas-clientes-beneficiaries/${target.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b).toMatchObject({ threshold: 10, inclusive: true, unresolved: false });
    const by = Object.fromEntries(b.beneficiaries.map((x: { fichaId: string }) => [x.fichaId, x]));
    expect(by[ana.relatedFichaId]).toMatchObject({ participation: 20, directParticipation: 0, basis: 'ownership' });
    expect(by[ana.relatedFichaId].paths).toEqual([[target.id, holding.relatedFichaId, ana.relatedFichaId]]);
    expect(by[beto.relatedFichaId]).toMatchObject({ participation: 10, basis: 'ownership' });
    expect(by[cami.relatedFichaId]).toMatchObject({
      participation: 17.99,
      directParticipation: 9.99,
      basis: 'ownership',
    });
    expect(by[dani.relatedFichaId]).toMatchObject({ basis: 'effectiveControl' });
    expect(by[holding.relatedFichaId]).toBeUndefined();
    const rated = (await t.get('admin', `/api/fichas-clientes/${target.id}`)).json();
    expect(rated.riskReasons.map((r: { rule: string }) => r.rule)).not.toContain('beneficialOwner.unresolved');
    // Beto down to 9%: below the threshold, no longer a beneficial owner
    const patched = await t.patch('admin', `/api/ficha-relationship/${beto.id}`, { participation: 9 });
    expect(patched.json().participation).toBe(9);
    const badPatch = await t.patch('admin', `/api/ficha-relationship/${beto.id}`, { participation: '9,5' });
    expect(badPatch.json()).toMatchObject({ code: 'PERCENTAGE_FORMAT', field: 'participation' });
    const after = (await t.get('admin', `/api/fichas-clientes-beneficiaries/${target.id}`)).json();
    expect(after.beneficiaries.map((x: { fichaId: string }) => x.fichaId)).not.toContain(beto.relatedFichaId);
    const del = await t.patch('admin', `/api/ficha-relationship/${holding.id}/delete`);
    expect(del.json().status).toBe('inactive');
    expect(
      (await t.patch({ as: 'admin', company: 'br' }, `/api/ficha-relationship/${beto.id}/delete`)).statusCode,
    ).toBe(404);
    const last = (await t.get('admin', `/api/fichas-clientes-beneficiaries/${target.id}`)).json();
    expect(last.beneficiaries.map((x: { fichaId: string }) => x.fichaId)).not.toContain(ana.relatedFichaId);

    // automatic relations: level 1 from the target, level 2 reaches Ana through the holding only while it is related
    const auto = await t.get('admin', `/api/automatic-relations/${cami.relatedFichaId}?distance=2`);
    expect(auto.statusCode, auto.body).toBe(200);
    const a = auto.json();
    expect(a.companies.map((n: { fichaId: string }) => n.fichaId).sort()).toEqual(
      [holding.relatedFichaId, target.id].sort(),
    );
    const up = await t.get(
      'admin',
      `/api/automatic-relations/api-request/${rut(17333333)}?distance=1&relationship_direction=down`,
    );
    expect(up.json().companies).toEqual([]);
    const many = await t.get('admin', `/api/automatic-relations/${target.id}?distance=5&one_path_per_node=false`);
    expect(many.json().persons.length).toBeGreaterThanOrEqual(3);
    expect((await t.get('admin', `/api/automatic-relations/${target.id}?distance=6`)).json().field).toBe('distance');
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/automatic-relations/${target.id}`)).statusCode).toBe(404);
  });
});
