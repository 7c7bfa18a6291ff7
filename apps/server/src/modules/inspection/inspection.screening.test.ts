import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUAN_CARLOS, postFicha } from '../../../test/fichas-fixtures';
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
  lists = useLocalScreening();
  await lists.replaceList('ofac', 'OFAC SDN', [sdn]);
  const res = await postFicha(t, JUAN_CARLOS);
  fichaId = res.json().id;
  const p = await t.post('userMonitoring', `/api/fichas-clientes/${fichaId}/matches/ofac/sdn-28/dismiss`, {
    reasonCode: 'differentPerson',
    reasonText: 'Otro lugar de origen, verificado con el pasaporte',
  });
  expect(p.statusCode, p.body).toBe(200);
  const ok = await t.post('admin', `/api/match-dismissals/${p.json().proposal.id}/approve`, {
    comment: 'Revisado con el pasaporte',
  });
  expect(ok.statusCode, ok.body).toBe(200);
});
let lists: ReturnType<typeof useLocalScreening>;
afterAll(async () => {
  useRealScreening();
  await t?.close();
});

describe("the inspector's file of a customer with a list hit", () => {
  it('explains the hit as the screen does and names who proposed and who approved its dismissal, with the reason', async () => {
    const start = await t.post('auditor', `/api/fichas-clientes/${fichaId}/inspection-file`);
    expect(start.statusCode, start.body).toBe(200);
    await t.deps.queue.drain();
    const view = (await t.get('auditor', `/api/inspection/files/${start.json().id}`)).json();
    expect(view.status).toBe('ready');
    const zip = await t.get('auditor', view.downloadUrl);
    const parts = unzipSync(new Uint8Array(zip.rawPayload));
    const pdf = Object.keys(parts).find((p) => p.endsWith('.pdf') && !p.includes('/')) ?? '';
    const text = await formPdfText(parts[pdf] as Uint8Array);
    expect(text).toMatch(/coincidencia con Juan Carlos Malvado Rojas \(similitud \d+ %\), descartada/);
    // the engine's explanation in words (the screen's sentences), never its structure
    expect(text).toContain('Fecha de nacimiento');
    expect(text).not.toMatch(/"birthDate"|\{"/);
    expect(text).toContain('Propuesto por CL userMonitoring');
    expect(text).toContain('Motivo: Es otra persona: Otro lugar de origen, verificado con el pasaporte');
    expect(text).toMatch(/Aprobado por CL admin el \d\d\/\d\d\/\d{4} \d\d:\d\d: Revisado con el pasaporte/);
  });
});

const OUT = path.resolve(__dirname, '../../../../../test-results/inspection-pdf');

/** The customer file's JSON and PDF text of the ficha, built now. */
async function fileOf(id: string) {
  const start = await t.post('auditor', `/api/fichas-clientes/${id}/inspection-file`);
  expect(start.statusCode, start.body).toBe(200);
  await t.deps.queue.drain();
  const view = (await t.get('auditor', `/api/inspection/files/${start.json().id}`)).json();
  expect(view.status).toBe('ready');
  const zip = await t.get('auditor', view.downloadUrl);
  const parts = unzipSync(new Uint8Array(zip.rawPayload));
  const top = Object.keys(parts).filter((p) => !p.includes('/') && p !== 'manifest.json');
  const pdf = top.find((p) => p.endsWith('.pdf')) ?? '';
  const json = top.find((p) => p.endsWith('.json')) ?? '';
  // kept to be looked at as an image (pdftoppm), beside inspection.brazil.test.ts's
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'cl-customer-hits.pdf'), parts[pdf] as Uint8Array);
  return {
    text: await formPdfText(parts[pdf] as Uint8Array),
    data: JSON.parse(Buffer.from(parts[json] as Uint8Array).toString('utf8')),
  };
}

type PastScreening = {
  at: string;
  by: string | null;
  hitsRecorded: boolean;
  cause: string | null;
  hits: { listId: string; entityId: string; matchedName: string; score: number; explanation?: unknown }[] | null;
};

describe('every past screening with its own hits (decision 240)', () => {
  it('the screening made on creation is audited and recorded as a manual one is', async () => {
    const rows = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'userId', 'after'])
      .where('entityId', '=', fichaId)
      .where('action', 'in', ['ficha.created', 'ficha.screened'])
      .orderBy('createdAt')
      .execute();
    // by the user who created it, in the creation's transaction
    const creation = rows.find((r) => r.action === 'ficha.created');
    const first = rows.find((r) => r.action === 'ficha.screened');
    expect(creation?.userId).toBeTruthy();
    expect(first?.userId).toBe(creation?.userId);
    const after = (typeof first?.after === 'string' ? JSON.parse(first.after) : first?.after) as {
      total: number;
      screeningId: string;
    };
    expect(after.total).toBe(1);
    const stored = await t.deps.db
      .selectFrom('fichaScreenings')
      .selectAll()
      .where('id', '=', after.screeningId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ fichaId, cause: 'created', total: 1, error: false, hitsOmitted: 0 });
    expect(stored.hits.map((h) => h.entityId)).toEqual(['sdn-28']);
  });

  it('a ficha screened twice with different hits shows both screenings with their hits in the JSON and the PDF', async () => {
    // the list changes: a second entry now matches too; the ficha is screened again by hand
    await lists.replaceList('ofac', 'OFAC SDN', [sdn, { ...sdn, id: 'sdn-29', names: ['Juan Carlos Malvado Roja'] }]);
    const again = await t.post('admin', `/api/fichas-clientes/${fichaId}/screen`);
    expect(again.statusCode, again.body).toBe(200);
    // a screening recorded before hits were kept: its audit row alone
    await t.deps.db
      .insertInto('auditLog')
      .values({
        companyId: t.companies.cl,
        userId: null,
        action: 'ficha.screened',
        entity: 'ficha',
        entityId: fichaId,
        before: null,
        after: JSON.stringify({ total: 0, error: false }),
        ip: null,
        requestId: null,
        createdAt: new Date('2026-01-05T12:00:00Z'),
      })
      .execute();

    const { text, data } = await fileOf(fichaId);
    const history = data.sections.screenings.history as PastScreening[];
    expect(history.length).toBe(3);
    const [old, created, manual] = history;
    expect(old).toMatchObject({ hitsRecorded: false, hits: null });
    expect(created).toMatchObject({ hitsRecorded: true, cause: 'created' });
    expect(created?.hits?.map((h) => h.entityId)).toEqual(['sdn-28']);
    expect(manual).toMatchObject({ hitsRecorded: true, cause: 'manual' });
    expect(manual?.hits?.map((h) => h.entityId).sort()).toEqual(['sdn-28', 'sdn-29']);
    expect(manual?.hits?.find((h) => h.entityId === 'sdn-29')?.matchedName).toBe('Juan Carlos Malvado Roja');
    expect(manual?.hits?.every((h) => h.explanation !== undefined)).toBe(true);

    // the PDF, read back (lines joined: the PDF wraps long sentences): the old screening says its hits were not
    // recorded; the creation's lists its one hit, not yet dismissed; the second lists both, one dismissed
    const flat = text.replace(/\s+/g, ' ');
    const count = (re: RegExp) => flat.match(new RegExp(re.source, 'g'))?.length ?? 0;
    const from = flat.indexOf('05/01/2026');
    const past = flat.slice(from, flat.indexOf('4. Descartes de coincidencias', from));
    expect(past).toMatch(
      /^05\/01\/2026 \d\d:\d\d · Sistema Sistema consultó la ficha en las listas \(coincidencias: 0\) No hay registro de qué versiones de las listas estaban vigentes ese día\. Las coincidencias de esta consulta no quedaron registradas \(consulta anterior al registro de coincidencias por consulta\)\./,
    );
    const [, first = '', second = ''] = past.split(/\d\d\/\d\d\/\d{4} \d\d:\d\d · CL admin CL admin consultó la ficha/);
    expect(first).toMatch(/coincidencia con Juan Carlos Malvado Rojas \(similitud \d+ %\) Nombre: coincidencia exacta/);
    expect(first).not.toContain('Malvado Roja ');
    expect(first).not.toContain('descartada');
    expect(second).toMatch(/coincidencia con Juan Carlos Malvado Roja \(similitud \d+ %\) Nombre:/);
    expect(second).toMatch(
      /coincidencia con Juan Carlos Malvado Rojas \(similitud \d+ %\), descartada: Es otra persona/,
    );
    expect(count(/coincidencia con Juan Carlos Malvado Roja \(/)).toBeGreaterThanOrEqual(2);
    expect(text).not.toMatch(/screeningId|sdn-29|"entityId"/);
  });

  it("a company's file lists its related person's recorded screenings, each with its hits", async () => {
    const company = await postFicha(t, {
      personType: 'legal',
      dni: '76.543.210-3',
      socialReason: 'Inversiones Malvado SpA',
    });
    const rel = await t.post('admin', '/api/ficha-relationship', {
      fichaId: company.json().id,
      relationType: 'representant',
      personType: 'natural',
      dni: '12.345.678-5',
      name: 'Juan Carlos',
      fatherName: 'Malvado',
      country: 'CL',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    const { text, data } = await fileOf(company.json().id);
    const related = data.sections.screenings.related as { name: string; screenings: PastScreening[] }[];
    const juan = related.find((r) => r.name.startsWith('Juan Carlos Malvado'));
    expect(juan?.screenings.map((r) => r.cause)).toEqual(['created', 'manual']);
    expect(juan?.screenings[1]?.hits?.map((h) => h.entityId).sort()).toEqual(['sdn-28', 'sdn-29']);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toMatch(
      /Consulta registrada el \d\d\/\d\d\/\d{4} \d\d:\d\d; listas con coincidencia: 1 OFAC SDN \(Tesoro de EE\. UU\.\): coincidencia con Juan Carlos Malvado Roja \(similitud \d+ %\)/,
    );
  });

  it('a change of identity and the job that screens a related person made on the fly record their screenings too', async () => {
    const f = await postFicha(t, {
      personType: 'natural',
      dni: '9.876.543-3',
      name: 'Rosa',
      fatherName: 'Cambiante',
    });
    const renamed = await t.patch('admin', `/api/fichas-clientes/${f.json().id}`, { fatherName: 'Cambiada' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const causes = async (id: string) =>
      (
        await t.deps.db
          .selectFrom('fichaScreenings')
          .select(['cause', 'screenedBy'])
          .where('fichaId', '=', id)
          .orderBy('screenedAt')
          .execute()
      ).map((r) => r.cause);
    expect(await causes(f.json().id)).toEqual(['created', 'updated']);
    const audited = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', f.json().id)
      .where('action', '=', 'ficha.screened')
      .execute();
    expect(audited).toHaveLength(2);

    // a representative created inside the relationship's transaction: screened by the job, for no user
    const rel = await t.post('admin', '/api/ficha-relationship', {
      fichaId: f.json().id,
      relationType: 'representant',
      personType: 'natural',
      dni: '15.111.111-4',
      name: 'Carla',
      fatherName: 'Muñoz',
      country: 'CL',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    await t.deps.queue.drain();
    const carla = await t.deps.db
      .selectFrom('fichas')
      .select('id')
      .where('companyId', '=', t.companies.cl)
      .where('name', '=', 'Carla')
      .where('fatherName', '=', 'Muñoz')
      .executeTakeFirstOrThrow();
    expect(await causes(carla.id)).toEqual(['job']);
    const byJob = await t.deps.db
      .selectFrom('auditLog')
      .select('userId')
      .where('entityId', '=', carla.id)
      .where('action', '=', 'ficha.screened')
      .execute();
    expect(byJob).toEqual([{ userId: null }]);
  });
});
