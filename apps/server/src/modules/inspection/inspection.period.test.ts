import { createHash } from 'node:crypto';
import { rutCheckDigit } from '@regcheck/shared/documents/rut';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { formPdfText } from '../../../test/form-pdf-text';
import { cnpj } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';
import { fileReport } from '../allegations/allegations.test-helpers';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const rut = (body: number) => `${body}-${rutCheckDigit(String(body))}`;
const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
type FileView = { id: string; status: string; downloadUrl: string | null; error: string | null };

async function reviewed(company: 'cl' | 'br', payload: Record<string, unknown>) {
  const f = await t.post({ as: 'admin', company }, '/api/fichas-clientes', payload);
  expect(f.statusCode, f.body).toBe(200);
  const r = await t.post({ as: 'admin', company }, `/api/fichas-clientes/${f.json().id}/reviews`, {
    checked: 'Documentos vigentes y listas consultadas.',
    outcome: 'noChanges',
  });
  expect(r.statusCode, r.body).toBe(200);
  return f.json().id as string;
}

/**
 * Three screening alerts on the ficha, raised 30 hours ago: one dismissed 6 hours later, one 90 minutes later, one
 * never decided (the rows the monitoring and the dismissal would write, with their times set).
 */
async function alertsOn(fichaId: string) {
  const companyId = t.companies.cl;
  const raised = new Date(Date.now() - 30 * 3_600_000);
  for (const [entity, minutes] of [
    ['period-alert-1', 360],
    ['period-alert-2', 90],
    ['period-alert-3', null],
  ] as const) {
    await sql`
      insert into notifications (company_id, title, ficha_id, kind, data, created_at)
      values (${companyId}, 'Coincidencia en listas', ${fichaId}, 'monitoring.match',
        ${JSON.stringify({ listId: 'ofac', entityId: entity })}::jsonb, ${raised})`.execute(t.deps.db);
    if (minutes != null)
      await sql`
        insert into ficha_match_dismissals (company_id, ficha_id, list_id, entity_id, entry_hash, reason, created_at)
        values (${companyId}, ${fichaId}, 'ofac', ${entity}, 'h', 'Homónimo: otra fecha de nacimiento',
          ${new Date(raised.getTime() + minutes * 60_000)})`.execute(t.deps.db);
  }
  return raised;
}

async function pack(as: 'admin' | 'auditor', company: 'cl' | 'br' = 'cl') {
  const start = await t.post({ as, company }, '/api/inspection/packs', { from: monthAgo, to: today });
  expect(start.statusCode, start.body).toBe(200);
  await t.deps.queue.drain();
  const view = (await t.get({ as, company }, `/api/inspection/packs/${start.json().id}`)).json() as FileView;
  expect(view.error).toBeNull();
  expect(view.status).toBe('ready');
  const zip = await t.get({ as, company }, view.downloadUrl ?? '');
  expect(zip.statusCode, zip.body).toBe(200);
  return { id: view.id, parts: unzipSync(new Uint8Array(zip.rawPayload)) };
}

describe("the inspector's period pack (issue 28, point 2)", () => {
  let parts: Record<string, Uint8Array>;
  let text = '';
  let json = '';
  let raised: Date;

  beforeAll(async () => {
    // a whistleblower who gave their name, e-mail and phone; a review in this company and one in another
    const filed = await fileReport(t, {
      category: 'harassment',
      description: 'Gritos y amenazas reiteradas del jefe de bodega a su equipo.',
      anonymous: false,
      reporterName: 'Camila Reyes Denunciante',
      reporterEmail: 'creyes.denunciante@correo.cl',
      reporterPhone: '+56 9 8765 4321',
      relationship: 'employee',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const rosa = await reviewed('cl', {
      personType: 'natural',
      dni: rut(17_280_001),
      name: 'Rosa',
      fatherName: 'Periodo Chile',
    });
    raised = await alertsOn(rosa);
    await reviewed('br', { personType: 'legal', dni: cnpj(), socialReason: 'Empresa Brasileira Reservada Ltda' });
    ({ parts } = await pack('auditor'));
    const pdfName = Object.keys(parts).find((p) => p.endsWith('.pdf')) ?? '';
    text = await formPdfText(parts[pdfName] as Uint8Array);
    json = Buffer.from(parts[pdfName.replace(/\.pdf$/, '.json')] as Uint8Array).toString('utf8');
  });

  it('has the sections of the issue, each saying what happened or that nothing did, and a manifest that holds', () => {
    for (const heading of [
      'Reportes de operaciones en efectivo (ROE) a la UAF',
      'Actualizaciones de listas aplicadas',
      'Alertas y cómo terminó cada una',
      'Descartes de coincidencias',
      'Revisiones periódicas: hechas y vencidas',
      'Declaraciones enviadas y firmadas',
      'Capacitaciones y manuales vigentes',
      'Canal de denuncias: estadísticas',
    ])
      expect(text).toContain(heading);
    expect(text).toMatch(/Revisiones hechas en el período: [1-9]/);
    expect(text).toMatch(/Denuncias recibidas en el período: [1-9]/);
    expect(text).not.toMatch(/reports:|inspection\./);
    const parsed = JSON.parse(json);
    expect(Object.keys(parsed.sections)).toContain('whistleblowing');
    const manifest = JSON.parse(Buffer.from(parts['manifest.json'] as Uint8Array).toString('utf8'));
    for (const p of manifest.parts as { path: string; sha256: string }[])
      expect(
        createHash('sha256')
          .update(parts[p.path] as Uint8Array)
          .digest('hex'),
      ).toBe(p.sha256);
  });

  it('says how each alert ended and how long the decision took: per alert, and the average and longest per outcome', () => {
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Alertas levantadas: 3');
    expect(flat).toContain('Descartada (falso positivo): 2 (horas hasta la decisión: promedio 3,8, máximo 6)');
    expect(flat).toContain('Sin decisión: 1 (horas hasta la decisión: promedio —, máximo —)');
    // each alert: its outcome, when it was decided and the hours it took (90 minutes: 1,5 in Spanish notation)
    expect(flat).toMatch(
      /Descartada \(falso positivo\) · decisión: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · horas: 6(?![,\d])/,
    );
    expect(flat).toMatch(/Descartada \(falso positivo\) · decisión: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} · horas: 1,5/);
    expect(flat).toContain('Sin decisión · decisión: — · horas: —');
    const alerts = JSON.parse(json).sections.alerts;
    expect(alerts.figures).toEqual(
      expect.arrayContaining([
        { outcome: 'dismissed', n: 2, avgHours: 3.75, maxHours: 6 },
        { outcome: 'open', n: 1, avgHours: null, maxHours: null },
      ]),
    );
    const mine = alerts.items.filter((a: { dni: string }) => a.dni === rut(17_280_001));
    expect(mine.map((a: { hours: number | null }) => a.hours).sort()).toEqual([1.5, 6, null]);
    expect(new Date(mine[0].raisedAt).getTime()).toBe(raised.getTime());
  });

  it("never holds a whistleblower's identity nor the report's text", () => {
    for (const secret of ['Camila Reyes Denunciante', 'creyes.denunciante', '8765 4321', 'Gritos y amenazas'])
      for (const [name, bytes] of Object.entries(parts))
        expect(Buffer.from(bytes).toString('utf8'), `${secret} in ${name}`).not.toContain(secret);
    expect(text).not.toContain('Camila');
  });

  it("never holds another company's data", () => {
    expect(json).toContain('Periodo Chile');
    for (const [name, bytes] of Object.entries(parts))
      expect(Buffer.from(bytes).toString('utf8'), name).not.toContain('Brasileira Reservada');
    expect(text).not.toContain('Brasileira Reservada');
  });

  it('roles: the administrators and the auditor; 403 for the others, 404 across companies, downloads audited', async () => {
    expect((await t.call({ method: 'GET', url: '/api/inspection/packs' })).statusCode).toBe(401);
    for (const role of ['frontdesk', 'supervisor', 'userMonitoring', 'denouncesAdmin'] as const) {
      const r = await t.post(role, '/api/inspection/packs', { from: monthAgo, to: today });
      expect(r.statusCode, role).toBe(403);
    }
    const list = await t.get('admin', '/api/inspection/packs');
    const id = (list.json() as FileView[])[0]?.id;
    expect((await t.get({ as: 'admin', company: 'br' }, `/api/inspection/packs/${id}/download`)).statusCode).toBe(404);
    const bad = await t.post('admin', '/api/inspection/packs', { from: today, to: monthAgo });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('to');
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entityId'])
      .where('action', '=', 'inspection.pack.downloaded')
      .where('entityId', '=', id ?? '')
      .execute();
    expect(audits).toHaveLength(1);
  });
});
