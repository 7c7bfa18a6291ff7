import { formatCpf } from '@regcheck/shared/documents/cpf';
import { formatRut } from '@regcheck/shared/documents/index';
import { describe, expect, it } from 'vitest';
import { formPdfText } from '../../../test/form-pdf-text';
import { cpf, linkOf, multipart, operation, PNG, rut, uploadImages } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';
import { defaultTemplate } from './forms.templates';

const t = useTestApp();

const LEGAL_DOF = (document: string) => ({
  businessName: 'Empresa Teste Ltda',
  document,
  activity: 'Comercio',
  address: 'Av. 2',
  representativeName: 'Rep',
  representativeDocument: '1-9',
  amount: 9000,
  currency: 'USD',
  origin: 'business',
  originDetail: 'Ventas',
});

/** A legal participant's DOF sent, identified and filled; with `rep`, the ficha names a legal representative. */
async function filledLegalDof(company: 'cl' | 'br', rep?: { dni: string; name: string; fatherName: string }) {
  const { o, email } = await operation(t, company, { legal: true });
  const a = o.associates[0] as { dni: string; fichaId: string };
  if (rep) {
    const added = await t.post({ as: 'admin', company }, '/api/fichas-clientes/create-legal-representatives', {
      fichaId: a.fichaId,
      legalRepresentatives: [rep],
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const sent = await t.get({ as: 'admin', company }, `/api/consultations/resendDOFLegal/${o.id}/0`);
  expect(sent.statusCode, sent.body).toBe(200);
  const { formId, key } = await linkOf(t, email);
  const id = await t.call({
    method: 'POST',
    url: `/api/forms/public/${formId}/identify`,
    payload: { key, dni: a.dni },
  });
  expect(id.statusCode, id.body).toBe(200);
  const filled = await t.call({
    method: 'POST',
    url: '/api/form-dof-legal/public-filled',
    payload: { form: { id: formId, data: LEGAL_DOF(a.dni) }, key },
  });
  expect(filled.statusCode, filled.body).toBe(200);
  return { o, formId, key, dni: a.dni, view: filled.json() };
}

const choose = (formId: string, payload: Record<string, unknown>, lang = 'es') =>
  t.call({
    method: 'POST',
    url: `/api/forms/public/${formId}/signer`,
    payload,
    headers: { 'accept-language': lang },
  });

const sign = async (formId: string, key: string) => {
  const s = await t.call({
    method: 'POST',
    url: '/api/form-dof-legal/public-signed',
    payload: { form: { id: formId }, key },
  });
  expect(s.statusCode, s.body).toBe(200);
  return (await formPdfText(Buffer.from(s.json().pdf, 'base64'))).replace(/\n/g, ' ');
};

/** The operation's Forms panel entry of participant 0's legal DOF, as the officer reads it. */
async function panelEntry(company: 'cl' | 'br', operationId: string) {
  const r = await t.get({ as: 'admin', company }, `/api/forms/operation/${operationId}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json()[0].forms.find((f: { type: string }) => f.type === 'formDOFLegal');
}

describe('a company signs through a named person (issue 25 point 4)', () => {
  it("the ficha's legal representative is offered, chosen, and named on the PDF and its audit page for the company", async () => {
    const repDni = rut();
    const f = await filledLegalDof('cl', { dni: repDni, name: 'Rosa', fatherName: 'Vidal' });
    expect(f.view.needsSigner).toBe(true);
    // no photo before the signer is named: the photos are that person's
    const early = await t.call({
      method: 'POST',
      url: `/api/forms/public/${f.formId}/image/photo?key=${f.key}`,
      ...multipart('file', 'p.png', PNG, 'image/png'),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'FORM_SIGNER_REQUIRED',
      message: 'Indique primero quién firma por la empresa',
    });

    const options = await t.call({ method: 'GET', url: `/api/forms/public/${f.formId}/signer?key=${f.key}` });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({ documentType: 'RUT', signer: null });
    const reps = options.json().representatives as { id: string; name: string; document: string }[];
    expect(reps.map((r) => [r.name, r.document])).toEqual([['Rosa Vidal', formatRut(repDni)]]);

    const chosen = await choose(f.formId, { key: f.key, representativeId: reps[0]?.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().signer).toEqual({
      name: 'Rosa Vidal',
      document: formatRut(repDni),
      capacity: 'legalRepresentative',
      source: 'ficha',
    });
    await uploadImages(t, f.formId, f.key);
    const text = await sign(f.formId, f.key);
    const line = `Firmado por Rosa Vidal, ${formatRut(repDni)}, representante legal, en representación de Empresa Teste Ltda, ${formatRut(f.dni)}`;
    // under the title, under the images and on the audit page
    expect(text.split(line).length - 1).toBe(3);
    expect(text).toContain('Representante legal registrado por');
    // stored with the form, and no difference for the officer: a known representative
    const entry = await panelEntry('cl', f.o.id);
    expect(entry.signer).toMatchObject({ name: 'Rosa Vidal', source: 'ficha' });
    expect(entry.findings.map((x: { code: string }) => x.code)).not.toContain('signerNotRepresentative');
  });

  it('a person entered by hand: the document is checked (translated error naming the field); declared, not verified, and listed for the officer', async () => {
    const f = await filledLegalDof('cl');
    const noName = await choose(f.formId, { key: f.key, name: ' ', document: rut(), capacity: 'attorney' });
    expect(noName.json()).toMatchObject({ code: 'FORM_SIGNER_NAME_REQUIRED', field: 'name' });
    // a RUT whose check digit is wrong
    const good = rut();
    const wrongDigit = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    const bad = await choose(f.formId, { key: f.key, name: 'Pedro Soto', document: wrongDigit, capacity: 'attorney' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'FORM_SIGNER_DOCUMENT_INVALID',
      field: 'document',
      message: 'El RUT de quien firma no es válido: revise el número y su dígito verificador',
    });
    const en = await choose(
      f.formId,
      { key: f.key, name: 'Pedro Soto', document: wrongDigit, capacity: 'attorney' },
      'en',
    );
    expect(en.json().message).toBe("The signer's RUT is not valid: check the number and its check digit");
    const noCapacity = await choose(f.formId, { key: f.key, name: 'Pedro Soto', document: good });
    expect(noCapacity.json()).toMatchObject({ code: 'FORM_SIGNER_CAPACITY_REQUIRED', field: 'capacity' });
    const unknown = await choose(f.formId, { key: f.key, representativeId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json()).toMatchObject({ code: 'FORM_SIGNER_UNKNOWN_REPRESENTATIVE', field: 'representativeId' });

    const ok = await choose(f.formId, {
      key: f.key,
      name: 'pedro  soto',
      document: good.replace('-', ''),
      capacity: 'attorney',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().signer).toEqual({
      name: 'pedro soto',
      document: formatRut(good),
      capacity: 'attorney',
      source: 'entered',
    });
    await uploadImages(t, f.formId, f.key);
    // once the photos are taken the signer stays
    const late = await choose(f.formId, { key: f.key, name: 'Otra Persona', document: rut(), capacity: 'other' });
    expect(late.json().code).toBe('FORM_NOT_EDITABLE');
    const text = await sign(f.formId, f.key);
    expect(text).toContain(
      `Firmado por pedro soto, ${formatRut(good)}, apoderado, en representación de Empresa Teste Ltda`,
    );
    expect(text).toContain('no verificado');
    const entry = await panelEntry('cl', f.o.id);
    expect(entry.signer).toMatchObject({ source: 'entered', capacity: 'attorney' });
    expect(entry.findings).toContainEqual({
      code: 'signerNotRepresentative',
      params: { name: 'pedro soto', document: formatRut(good), capacity: 'attorney' },
    });
  });

  it('in Brazil the signer has a CPF, and the PDF speaks Portuguese', async () => {
    const f = await filledLegalDof('br');
    const asRut = await choose(f.formId, { key: f.key, name: 'João Lima', document: rut(), capacity: 'director' });
    expect(asRut.json()).toMatchObject({ code: 'FORM_SIGNER_DOCUMENT_INVALID', field: 'document' });
    const c = cpf();
    const ok = await choose(f.formId, { key: f.key, name: 'João Lima', document: c, capacity: 'director' });
    expect(ok.statusCode, ok.body).toBe(200);
    await uploadImages(t, f.formId, f.key);
    const text = await sign(f.formId, f.key);
    expect(text).toContain(`Assinado por João Lima, ${formatCpf(c)}, diretor, em representação de Empresa Teste Ltda`);
  });

  it("a natural person's form has no signer for a company", async () => {
    const { o, email } = await operation(t, 'cl');
    await t.get('admin', `/api/consultations/resendDOF/${o.id}/0`);
    const { formId, key } = await linkOf(t, email);
    const id = await t.call({
      method: 'POST',
      url: `/api/forms/public/${formId}/identify`,
      payload: { key, dni: o.associates[0]?.dni },
    });
    expect(id.json().needsSigner).toBe(false);
    const r = await choose(formId, { key, name: 'X Y Z', document: rut(), capacity: 'other' });
    expect(r.json().code).toBe('FORM_SIGNER_NOT_APPLICABLE');
  });
});

describe('each form has its own declaration text (issue 25 point 4)', () => {
  it('the DOF swears to the origin of the funds, the BF to ownership and control, the PEP form to PEP status', async () => {
    const dof = defaultTemplate('formDOF', 1, 'es').declaration ?? '';
    const bf = defaultTemplate('formBF', 1, 'es').declaration ?? '';
    const pep = defaultTemplate('formPep', 1, 'es').declaration ?? '';
    expect(new Set([dof, bf, pep]).size).toBe(3);
    expect(dof).toContain('fondos de esta operación');
    expect(bf).toContain('control efectivo');
    expect(bf).toContain('Circular N° 57');
    expect(pep).toContain('persona expuesta políticamente');
    const bfBr = defaultTemplate('formBF', 2, 'pt-BR').declaration ?? '';
    expect(bfBr).toContain('beneficiários finais');
    expect(defaultTemplate('formPep', 2, 'pt-BR').declaration).toContain('Resolução COAF nº 40/2021');
    expect(defaultTemplate('formBF', 1, 'en').declaration).toContain('ownership or control');
  });
});
