import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formPdfText } from '../../../test/form-pdf-text';
import { createTestApp, type TestApp } from '../../../test/harness';
import { useLocalScreening, useRealScreening } from '../fichas/screening.adapter';

/** The customer's file of a ficha with a list hit: the hit explained, the four-eyes dismissal with both names. */
let t: TestApp;
let fichaId = '';
const sdn = {
  id: 'sdn-28',
  listId: 'ofac',
  schema: 'Person' as const,
  names: ['Juan Carlos Malvado Rojas'],
  birthDates: ['1970-03-02'],
  countries: ['CL'],
};

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' });
  const lists = useLocalScreening();
  await lists.replaceList('ofac', 'OFAC SDN', [sdn]);
  const res = await t.call({
    as: 'admin',
    method: 'POST',
    url: '/api/fichas-clientes',
    payload: {
      personType: 'natural',
      dni: '12.345.678-5',
      name: 'Juan Carlos',
      fatherName: 'Malvado',
      motherName: 'Rojas',
      birthDate: '1970-03-02',
      nationality: 'CL',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  fichaId = res.json().id;
  const p = await t.call({
    as: 'userMonitoring',
    method: 'POST',
    url: `/api/fichas-clientes/${fichaId}/matches/ofac/sdn-28/dismiss`,
    payload: { reasonCode: 'differentPerson', reasonText: 'Otro lugar de origen, verificado con el pasaporte' },
  });
  expect(p.statusCode, p.body).toBe(200);
  const ok = await t.call({
    as: 'admin',
    method: 'POST',
    url: `/api/match-dismissals/${p.json().proposal.id}/approve`,
    payload: { comment: 'Revisado con el pasaporte' },
  });
  expect(ok.statusCode, ok.body).toBe(200);
});
afterAll(async () => {
  useRealScreening();
  await t?.close();
});

describe("the inspector's file of a customer with a list hit", () => {
  it('explains the hit as the screen does and names who proposed and who approved its dismissal, with the reason', async () => {
    const start = await t.call({
      as: 'auditor',
      method: 'POST',
      url: `/api/fichas-clientes/${fichaId}/inspection-file`,
    });
    expect(start.statusCode, start.body).toBe(200);
    await t.deps.queue.drain();
    const view = (
      await t.call({ as: 'auditor', method: 'GET', url: `/api/inspection/files/${start.json().id}` })
    ).json();
    expect(view.status).toBe('ready');
    const zip = await t.call({ as: 'auditor', method: 'GET', url: view.downloadUrl });
    const parts = unzipSync(new Uint8Array(zip.rawPayload));
    const pdf = Object.keys(parts).find((p) => p.endsWith('.pdf') && !p.includes('/')) ?? '';
    const text = await formPdfText(parts[pdf] as Uint8Array);
    expect(text).toMatch(/coincidencia con Juan Carlos Malvado Rojas \(similitud \d+ %\), descartada/);
    // the engine's explanation in words (the screen's sentences), never its structure
    expect(text).toContain('Fecha de nacimiento');
    expect(text).not.toMatch(/"birthDate"|\{"/);
    expect(text).toContain('Propuesto por CL userMonitoring');
    expect(text).toContain('Motivo: Es otra persona: Otro lugar de origen, verificado con el pasaporte');
    expect(text).toMatch(/Aprobado por CL admin el \d\d\/\d\d\/\d{4} \d\d:\d\d Revisado con el pasaporte/);
  });
});
