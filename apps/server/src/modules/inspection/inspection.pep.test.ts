import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { describe, expect, it } from 'vitest';
import { cpf } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';
import { customerFile } from '../../../test/inspection-fixtures';

/*
 * The customer's file says where each PEP and beneficial-owner determination came from and when (issue 28, point 1):
 * the PDF's sentence names the source (the PEP register, the customer's declaration, who recorded an owner) and the
 * dates, and the JSON holds the same.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

let seq = 28_400_000;
const rut = (body = seq++) => `${body}-${rutCheckDigit(String(body))}`;

async function newFicha(payload: Record<string, unknown>, company: 'cl' | 'br' = 'cl') {
  const res = await t.post({ as: 'admin', company }, '/api/fichas-clientes', payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string };
}

const file = (fichaId: string, company: 'cl' | 'br' = 'cl') => customerFile(t, fichaId, company);

/** the text of the file's fifth section (its heading also opens the table of contents, so the last one) */
const section5 = (text: string, heading: string, next: string) =>
  text.slice(text.lastIndexOf(heading), text.lastIndexOf(next));

describe('PEP and beneficial-owner determinations in the customer’s file, with their sources and dates', () => {
  it('a ficha made PEP by the PEP register: the register named as the source, the office and its dates', async () => {
    const dni = rut();
    const reg = await t.post('superAdmin', '/api/people', {
      country: 'CL',
      dni,
      name: 'Rosa Registro Público',
      pepLevel: 1,
      position: 'Subsecretaria de Hacienda',
      institution: 'Ministerio de Hacienda',
      officeStart: '2022-03-11',
      officeEnd: '2099-03-10',
    });
    expect(reg.statusCode, reg.body).toBe(200);
    await t.deps.queue.drain();
    const f = await newFicha({ personType: 'natural', dni, name: 'Rosa', fatherName: 'Registro' });
    const { text, json } = await file(f.id);
    const pep = section5(text, 'PEP y beneficiarios finales', 'Debida diligencia reforzada y revisiones periódicas');
    // the Chilean rule: PEP until a year after leaving office
    expect(pep).toContain(
      'PEP hasta el 10/03/2100: Subsecretaria de Hacienda, Ministerio de Hacienda (registro PEP, por documento)',
    );
    expect(pep).toContain(
      'Fuente: registro PEP, por documento · Subsecretaria de Hacienda, Ministerio de Hacienda · desde 11/03/2022 hasta 10/03/2100 · vigente',
    );
    expect(pep).not.toContain('Ninguna fuente registra a la persona como PEP.');
    expect(json.sections.pepAndOwners.pep).toMatchObject({ state: 'pep', source: 'register', until: '2100-03-10' });
    expect(json.sections.pepAndOwners.pep.sources[0]).toMatchObject({
      kind: 'register',
      since: '2022-03-11',
      until: '2100-03-10',
      active: true,
    });
  });

  it('a ficha made PEP by its declaration: the declaration named as the source with its end date; and in Portuguese', async () => {
    const f = await newFicha({
      personType: 'natural',
      dni: rut(),
      name: 'Darío',
      fatherName: 'Declarado',
      pepStatus: 'direct',
      pepExpiration: '2099-06-01',
    });
    const { text, json } = await file(f.id);
    const pep = section5(text, 'PEP y beneficiarios finales', 'Debida diligencia reforzada y revisiones periódicas');
    expect(pep).toContain('PEP hasta el 01/06/2099: cargo no informado (declarado en la ficha)');
    expect(pep).toContain('Fuente: declarado en la ficha · cargo no informado · desde — hasta 01/06/2099 · vigente');
    expect(json.sections.pepAndOwners.pep).toMatchObject({ state: 'pep', source: 'declaration', until: '2099-06-01' });

    const br = await newFicha(
      {
        personType: 'natural',
        dni: cpf(),
        name: 'Dario',
        fatherName: 'Declarado',
        pepStatus: 'direct',
        pepExpiration: '2099-06-01',
      },
      'br',
    );
    const pt = await file(br.id, 'br');
    expect(pt.text).toContain('PEP até 01/06/2099');
    expect(pt.text).toContain('(declarado na ficha)');
    expect(pt.text).toContain('Fonte: declarado na ficha');
    expect(pt.text).toContain('até 01/06/2099 · vigente');
  });

  it('a beneficial owner: the owner and share, and who recorded the determination and when', async () => {
    const f = await newFicha({
      personType: 'legal',
      dni: rut(76_280_000 + (seq % 1000)),
      socialReason: 'Holding Dueños SpA',
    });
    const rel = await t.post('admin', '/api/ficha-relationship', {
      fichaId: f.id,
      relationType: 'beneficiary',
      personType: 'natural',
      dni: rut(),
      name: 'Elena',
      fatherName: 'Vidal',
      participation: 40,
    });
    expect(rel.statusCode, rel.body).toBe(200);
    const { text, json } = await file(f.id);
    const owners = section5(text, 'PEP y beneficiarios finales', 'Debida diligencia reforzada y revisiones periódicas');
    expect(owners).toContain('No es PEP');
    expect(owners).toContain('Beneficiarios finales y socios Elena Vidal · Beneficiario final · participación 40 %');
    // the determination's source (the user who recorded it) and its date and time in the company's zone
    expect(owners).toMatch(
      /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · CL admin CL admin agregó a Elena Vidal como Beneficiario final \(40 %\)/,
    );
    expect(json.sections.pepAndOwners.owners).toEqual([
      expect.objectContaining({ fullName: 'Elena Vidal', relationType: 'beneficiary', participation: 40 }),
    ]);
  });
});
