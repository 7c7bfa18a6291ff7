import { formatRut } from '@regcheck/shared/documents/index';
import { describe, expect, it } from 'vitest';
import { formPdfText } from '../../../test/form-pdf-text';
import { fillAndSign, linkOf, nextEmail, rut } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();

/** An operation of the Chilean demo company with one natural participant, its DOF sent: the link. */
async function sentDof(reference: string | null) {
  const email = nextEmail('subject');
  const dni = rut();
  const res = await t.post({ as: 'admin', company: 'cl' }, '/api/consultations', {
    divisa: 'CLP',
    transactionDate: '2026-03-14',
    referenceNumber: reference,
    associates: [
      {
        dni,
        type: 'natural',
        monto: 30_000_000,
        newFicha: { name: 'Ana', fatherName: 'Pérez', email, nationality: 'CL' },
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json() as { id: string; codigo: number };
  const sent = await t.get({ as: 'admin', company: 'cl' }, `/api/consultations/resendDOF/${o.id}/0`);
  expect(sent.statusCode, sent.body).toBe(200);
  return { o, dni, ...(await linkOf(t, email)) };
}

describe('the declaration names what it declares (issue 25 point 2)', () => {
  it('the form shows the operation once the document is confirmed, with what RegCheck knows pre-filled and named', async () => {
    const { o, dni, formId, key } = await sentDof('CTR-2026-0042');
    // before the visitor confirms the document, nothing of the operation is shown
    const before = await t.call({ method: 'GET', url: `/api/form-dof/public/${formId}/${key}` });
    expect(before.json().subject).toBeNull();
    expect(before.json().data).toEqual({});
    const id = await t.call({ method: 'POST', url: `/api/forms/public/${formId}/identify`, payload: { key, dni } });
    expect(id.statusCode, id.body).toBe(200);
    const v = id.json();
    expect(v.subject.operation).toEqual({
      codigo: o.codigo,
      reference: 'CTR-2026-0042',
      date: '2026-03-14',
      amount: 30_000_000,
      currency: 'CLP',
    });
    // the document as a reader writes it
    expect(v.data).toMatchObject({
      fullName: 'Ana Pérez',
      document: formatRut(dni),
      amount: 30_000_000,
      currency: 'CLP',
    });
    expect(v.subject.prefilled).toEqual(
      expect.arrayContaining(['fullName', 'document', 'email', 'amount', 'currency']),
    );
  });

  it('the signed PDF prints the operation and compares the declared amount with it, in words', async () => {
    const { o, dni, formId, key } = await sentDof(null);
    await t.call({ method: 'POST', url: `/api/forms/public/${formId}/identify`, payload: { key, dni } });
    const signed = await fillAndSign(t, 'form-dof', formId, key, {
      fullName: 'Ana Pérez',
      document: dni,
      nationality: 'Chilena',
      address: 'Av. 1',
      occupation: 'Ingeniera',
      amount: 25_000_000,
      currency: 'CLP',
      origin: 'salary',
      originDetail: 'Sueldo',
    });
    const text = (await formPdfText(Buffer.from(signed.pdf, 'base64'))).replace(/\n/g, ' ');
    const codigo = String(o.codigo).padStart(6, '0');
    expect(text).toContain('Lo que se declara');
    expect(text).toContain(
      `Operación N° ${codigo} · referencia: sin referencia · fecha: 14/03/2026 · monto: CLP 30.000.000`,
    );
    expect(text).toContain('Monto declarado CLP 25.000.000, distinto del de la operación (CLP 30.000.000).');
    // the answers RegCheck knew are marked, and the mark explained
    expect(text).toContain('Nombre completo (*): Ana Pérez');
    expect(text).toContain('(*) dato que');
  });
});
