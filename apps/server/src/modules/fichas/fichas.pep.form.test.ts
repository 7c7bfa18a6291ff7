import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { fillAndSign, linkOf, nextEmail, rut } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';

/*
 * Issue 24, open point 2: a PEP form signed through the public link reaches the ficha's one PEP status through the job
 * queue (decisions 170 and 172: the signature enqueues `fichas.pep.refresh`). Everything goes through the public
 * routes a visitor uses; the queue is run to idle; the ficha is read as the officer reads it (its PEP columns and its
 * history in the API).
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const ficha = async (id: string) => {
  const r = await t.get('admin', `/api/fichas-clientes/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
interface HistoryRow {
  action: string;
  userId: string | null;
  changes: { field: string; before: unknown; after: unknown }[];
}
/** A history row's new value of a field. */
const changed = (h: HistoryRow | undefined, field: string) => h?.changes.find((c) => c.field === field)?.after;
const pepHistory = async (id: string) => {
  const r = await t.get('admin', `/api/fichas-clientes/${id}/history?limit=100`);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { data: HistoryRow[] }).data.filter((h) => h.action === 'ficha.pep.changed');
};

/** An operation with one natural participant (ficha fields as given), its PEP form sent, opened and identified. */
async function pepFormFor(fields: Record<string, unknown>) {
  const email = nextEmail('pepform');
  const dni = rut();
  if (Object.keys(fields).length) {
    // the ficha exists before the operation (an operation's new participant takes no PEP declaration)
    await postFicha(t, {
      personType: 'natural',
      dni,
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Inés',
      fatherName: 'Fuentes',
      email,
      ...fields,
    });
  }
  const res = await t.post('admin', '/api/consultations', {
    divisa: 'CLP',
    transactionDate: '2026-03-14',
    associates: [
      { dni, type: 'natural', monto: 1000, newFicha: { name: 'Inés', fatherName: 'Fuentes', email, ...fields } },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json() as { id: string; associates: { fichaId: string }[] };
  const fichaId = o.associates[0]?.fichaId as string;
  const sent = await t.get('admin', `/api/consultations/resendPEP/${o.id}/0`);
  expect(sent.statusCode, sent.body).toBe(200);
  const { formId, key } = await linkOf(t, email);
  const id = await t.call({ method: 'POST', url: `/api/forms/public/${formId}/identify`, payload: { key, dni } });
  expect(id.statusCode, id.body).toBe(200);
  await t.deps.queue.drain();
  return { o, fichaId, formId, key, dni };
}

describe('a signed PEP form recomputes the PEP status end to end', () => {
  it('declaring “I am a PEP” makes the ficha a direct PEP with the declared office, after the queue runs, with a history line', async () => {
    const { fichaId, formId, key, dni } = await pepFormFor({});
    const before = await ficha(fichaId);
    expect(before.pepStatus).toBeNull();
    const historyBefore = await pepHistory(fichaId);

    await fillAndSign(t, 'form-pep', formId, key, {
      fullName: 'Inés Fuentes',
      document: dni,
      nationality: 'Chilena',
      address: 'Av. 1',
      isPep: 'yes',
      isRelated: 'no',
      relations: [
        { pepName: 'Inés Fuentes', position: 'Concejala', institution: 'Municipalidad de Maipú', relationType: 'self' },
      ],
    });
    // the signature only queues the recompute (decision 172): the job makes the change
    expect((await ficha(fichaId)).pepStatus).toBeNull();
    await t.deps.queue.drain();

    const after = await ficha(fichaId);
    expect(after.pepStatus).toBe('direct');
    expect(after.pepLevel).toBe(1);
    // the form asks no dates: PEP with no end (decision 170)
    expect(after.pepExpiration).toBeNull();
    expect(after.pep).toMatchObject({
      state: 'pep',
      source: 'form',
      position: 'Concejala',
      institution: 'Municipalidad de Maipú',
      until: null,
    });
    expect(after.pep.sources).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'form', refId: formId, active: true })]),
    );
    const lines = await pepHistory(fichaId);
    expect(lines.length).toBe(historyBefore.length + 1);
    // newest first: the PEP status changed because a PEP form was signed, by no user (the job)
    expect(changed(lines[0], 'cause')).toBe('formSigned');
    expect(changed(lines[0], 'state')).toBe('pep');
    expect(changed(lines[0], 'position')).toBe('Concejala');
    expect(lines[0]?.userId).toBeNull();
    // the risk reads the same status
    expect(before.riskReasons.map((r: { rule: string }) => r.rule)).not.toContain('pep.direct');
    expect(after.riskReasons.map((r: { rule: string }) => r.rule)).toContain('pep.direct');
  });

  it('declaring “not a PEP” for a ficha that is PEP only by its own declaration leaves it PEP, for the officer to review', async () => {
    const { o, fichaId, formId, key, dni } = await pepFormFor({ pepStatus: 'direct', pepLevel: 1 });
    const before = await ficha(fichaId);
    expect(before.pepStatus).toBe('direct');
    expect(before.pep).toMatchObject({ state: 'pep', source: 'declaration' });
    const historyBefore = await pepHistory(fichaId);

    await fillAndSign(t, 'form-pep', formId, key, {
      fullName: 'Inés Fuentes',
      document: dni,
      nationality: 'Chilena',
      address: 'Av. 1',
      isPep: 'no',
      isRelated: 'no',
    });
    await t.deps.queue.drain();

    // a customer's "no" is not a source that ends a PEP status: the ficha's declaration still stands
    const after = await ficha(fichaId);
    expect(after.pepStatus).toBe('direct');
    expect(after.pep).toMatchObject({ state: 'pep', source: 'declaration' });
    expect((await pepHistory(fichaId)).length).toBe(historyBefore.length);
    // the contradiction waits for the officer (issue 25, point 3)
    const panel = await t.get('admin', `/api/forms/operation/${o.id}`);
    expect(panel.statusCode, panel.body).toBe(200);
    const pep = panel.json()[0].forms.find((f: { type: string }) => f.type === 'formPep');
    expect(pep).toMatchObject({ status: 'signed', diligence: 'awaitingReview' });
    expect(pep.findings).toEqual([{ code: 'pepDeniedButFichaPep', params: { status: 'direct' } }]);
  });
});
