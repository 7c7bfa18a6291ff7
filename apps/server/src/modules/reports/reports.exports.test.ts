import { rutCheckDigit } from '@regcheck/shared/documents/index';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { fileUpload } from '../../../test/multipart';
import { withTenant } from '../../db/tenant';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const today = new Date().toISOString().slice(0, 10);
const start = (payload: Record<string, unknown>, as = 'admin', company: 'cl' | 'br' = 'cl') =>
  t.post({ as, company }, '/api/informes/exports', payload);
const get = (url: string, as = 'admin', company: 'cl' | 'br' = 'cl') => t.get({ as, company }, url);

async function auditRows(action: string, entityId?: string) {
  const res = await sql<{ entityId: string | null; after: unknown }>`
    select entity_id as "entityId", after from audit_log where company_id = ${t.companies.cl} and action = ${action}
      and (${entityId ?? null}::text is null or entity_id = ${entityId ?? null}) order by created_at`.execute(
    t.deps.db,
  );
  return res.rows;
}

/** `n` CPF/CNPJ validator lookups of the demo company today (the validator report has one row per lookup). */
async function lookups(n: number) {
  const companyId = t.companies.cl;
  await withTenant(t.deps.db, companyId, (trx) =>
    sql`insert into provider_calls (company_id, provider, source, person_document, result)
        select ${companyId}, 'validadorCPF-CNPJ', 'validadorCPF-CNPJ', lpad(g::text, 11, '0'), 'notFound'
        from generate_series(1, ${n}) g`.execute(trx),
  );
}

describe('report exports (exportReport)', () => {
  it('401 without a token, 403 for a role without the reports, 400 on a bad period or report', async () => {
    expect(
      (await t.call({ method: 'POST', url: '/api/informes/exports', payload: { report: 'summary' } })).statusCode,
    ).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/informes/exports' })).statusCode).toBe(401);
    expect((await start({ report: 'summary' }, 'frontdesk')).statusCode).toBe(403);
    expect((await get('/api/informes/exports', 'frontdesk')).statusCode).toBe(403);
    const reversed = await start({ report: 'lists', from: '2026-05-01', to: '2026-04-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'REPORT_RANGE_INVALID', field: 'from' });
    expect((await start({ report: 'nope' })).statusCode).toBe(400);
  });

  it('exports 6,000 validator lookups uncapped, writes progress, audits, and hides it from another company', async () => {
    await lookups(6000);
    // on screen the report stops at 5,000 rows and says so
    const screen = (await get(`/api/informes/validadorcpfcnpj/${t.companies.cl}/${today}/${today}`)).json();
    expect(screen.truncated).toBe(true);
    expect(screen.tables[1].rows).toHaveLength(5000);

    const res = await start({ report: 'validator', from: today, to: today });
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json();
    expect(queued).toMatchObject({ report: 'validator', from: today, to: today, status: 'queued', progress: 0 });
    expect(queued.downloadUrl).toBeNull();
    expect((await get(`/api/informes/exports/${queued.id}/download`)).statusCode).toBe(409);

    // every progress value the job writes, as the export's row takes it (a trigger of this test only)
    await sql`create table test_export_progress (export_id uuid, progress int, seq serial)`.execute(t.deps.db);
    await sql`create function test_export_progress_log() returns trigger language plpgsql security definer as $$
      begin insert into test_export_progress (export_id, progress) values (new.id, new.progress); return new; end $$`.execute(
      t.deps.db,
    );
    await sql`create trigger test_export_progress after update of progress on report_exports
      for each row execute function test_export_progress_log()`.execute(t.deps.db);
    try {
      await t.deps.queue.drain();
    } finally {
      await sql`drop trigger test_export_progress on report_exports`.execute(t.deps.db);
    }
    const seen = (
      await sql<{ progress: number }>`select progress from test_export_progress where export_id = ${queued.id}
        order by seq`.execute(t.deps.db)
    ).rows.map((r) => r.progress);
    // started, built, then one value per page of 1,000 rows (7 pages for 6,003 rows), then done
    expect(seen[0]).toBe(1);
    expect(seen.at(-1)).toBe(100);
    expect(seen.filter((p) => p > 10 && p < 100).length).toBeGreaterThanOrEqual(6);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const done = (await get(`/api/informes/exports/${queued.id}`)).json();
    expect(done).toMatchObject({ status: 'ready', progress: 100, rows: 6003, error: null });
    expect(done.downloadUrl).toBe(`/api/informes/exports/${queued.id}/download`);

    const file = await get(done.downloadUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain(`validador-cpf-cnpj_${today}_${today}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[1];
    // title, company, period, who generated it, blank line, header, then one row per lookup
    expect(sheet?.rowCount).toBe(6 + 6000);
    expect(sheet?.getRow(2).getCell(1).value).toBe('Demo Chile SpA');
    const documents = new Set<string>();
    sheet?.eachRow((row, n) => {
      if (n > 6) documents.add(String(row.getCell(3).value));
    });
    expect(documents.size).toBe(6000);
    expect(documents.has('00000000001')).toBe(true);
    expect(documents.has('00000006000')).toBe(true);

    const list = (await get('/api/informes/exports')).json();
    expect(list[0]).toMatchObject({ id: queued.id, status: 'ready', rows: 6003 });
    expect((await get('/api/informes/exports/count')).json().count).toBeGreaterThanOrEqual(1);

    expect(await auditRows('report.export.started', queued.id)).toEqual([
      { entityId: queued.id, after: { report: 'validator', from: today, to: today, options: {} } },
    ]);
    expect(await auditRows('report.export.downloaded', queued.id)).toHaveLength(1);

    // another company: not listed, not found, not downloadable
    expect((await get(`/api/informes/exports/${queued.id}`, 'admin', 'br')).statusCode).toBe(404);
    expect((await get(`/api/informes/exports/${queued.id}/download`, 'admin', 'br')).statusCode).toBe(404);
    expect((await get('/api/informes/exports', 'admin', 'br')).json()).toEqual([]);
  });

  it('a failed job shows its error in words (the demo admin reads Spanish)', async () => {
    const res = await start({ report: 'summary', from: today, to: today });
    expect(res.statusCode, res.body).toBe(200);
    const put = t.deps.files.put;
    t.deps.files.put = async () => {
      throw new Error('disk full');
    };
    try {
      await t.deps.queue.drain();
    } finally {
      t.deps.files.put = put;
    }
    const failed = (await get(`/api/informes/exports/${res.json().id}`)).json();
    expect(failed).toMatchObject({ status: 'failed', error: 'No se pudo generar el reporte: disk full' });
    expect(failed.downloadUrl).toBeNull();
    expect((await get(`/api/informes/exports/${res.json().id}/download`)).statusCode).toBe(409);
  });

  it('final beneficiaries export has no period and holds the report', async () => {
    const res = await start({ report: 'finalBeneficiaries' });
    expect(res.json()).toMatchObject({ from: null, to: null });
    await t.deps.queue.drain();
    const done = (await get(`/api/informes/exports/${res.json().id}`)).json();
    expect(done.status).toBe('ready');
    const file = await get(done.downloadUrl);
    expect(file.headers['content-disposition']).toContain('beneficiarios-finales.xlsx');
  });
});

let seq = 31_000_000;
const rut = () => {
  const body = String(seq++);
  return `${body}-${rutCheckDigit(body)}`;
};

describe('GET /api/trace-list-premiums', () => {
  it('the operations with insurance data and the trace of their premium; 403 and another company see none', async () => {
    expect((await t.call({ method: 'GET', url: '/api/trace-list-premiums' })).statusCode).toBe(401);
    expect((await get('/api/trace-list-premiums', 'auditor')).statusCode).toBe(403);
    const op = async (extra: Record<string, unknown>) => {
      const res = await t.post('admin', '/api/consultations', {
        transactionType: 'Seguro',
        transactionDate: today,
        divisa: 'CLP',
        associates: [
          {
            dni: rut(),
            type: 'natural',
            monto: 100_000,
            efective: 0,
            newFicha: { name: 'Ana', fatherName: 'Pérez', email: 'ana@example.cl', nationality: 'CL' },
          },
        ],
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: string };
    };
    const before = (await get('/api/trace-list-premiums')).json().count;
    const insured = await op({ policyNumber: 'POL-77', product: 'Vida', premiumSFP: 12.5 });
    await op({});
    const patch = await t.patch('admin', `/api/consultations/${insured.id}`, {
      premiumSFP: 15,
      policyStatus: 'vigente',
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const page = (await get(`/api/trace-list-premiums?from=${today}&to=${today}&limit=10`)).json();
    expect(page.count).toBe(before + 1);
    const row = page.data.find((d: { id: string }) => d.id === insured.id);
    expect(row).toMatchObject({ policyNumber: 'POL-77', product: 'Vida', premiumSFP: 15, policyStatus: 'vigente' });
    expect(row.trace.map((h: { premiumSFP: number | null }) => h.premiumSFP)).toEqual([12.5, 15]);
    expect((await get('/api/trace-list-premiums', 'admin', 'br')).json().data).toEqual([]);
    expect((await get('/api/trace-list-premiums?from=2026-05-02&to=2026-05-01')).statusCode).toBe(400);
  });
});

const multipart = (name: string, bytes: Uint8Array) => fileUpload(name, bytes);

describe('POST /api/files/archivo/reportes/{origin} and /api/files/getDocument', () => {
  it('stores a PDF or xlsx report file by content and gives it back by id; bad files and other companies refused', async () => {
    const url = '/api/files/archivo/reportes/roe-uaf';
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const pdf = await doc.save();
    expect((await t.call({ method: 'POST', url, ...multipart('roe.pdf', pdf) })).statusCode).toBe(401);
    expect((await t.call({ as: 'frontdesk', method: 'POST', url, ...multipart('roe.pdf', pdf) })).statusCode).toBe(403);
    const bad = await t.call({
      as: 'admin',
      method: 'POST',
      url,
      ...multipart('roe.pdf', Buffer.from('plain text, neither a PDF nor a workbook')),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'REPORT_FILE_INVALID', message: 'Error al cargar el archivo' });
    const fakeXlsx = await t.call({
      as: 'admin',
      method: 'POST',
      url,
      ...multipart('a.xlsx', Buffer.from('PK\u0003\u0004junk')),
    });
    expect(fakeXlsx.json().code).toBe('REPORT_FILE_INVALID');

    const stored = await t.call({ as: 'admin', method: 'POST', url, ...multipart('roe enero.pdf', pdf) });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toMatchObject({ origin: 'roe-uaf', name: 'roe enero.pdf', mimetype: 'application/pdf' });
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('a').addRow(['x']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const sheet = await t.call({
      as: 'admin',
      method: 'POST',
      url: '/api/files/archivo/reportes/resumen',
      ...multipart('r.xlsx', xlsx),
    });
    expect(sheet.json()).toMatchObject({ origin: 'resumen', mimetype: expect.stringContaining('spreadsheetml') });

    const got = await t.post('admin', '/api/files/getDocument', [
      { name: 'enero.pdf', data: stored.json().id },
      { name: '', data: sheet.json().id },
    ]);
    expect(got.statusCode, got.body).toBe(200);
    const [a, b] = got.json();
    expect(a).toMatchObject({ name: 'enero.pdf', mimetype: 'application/pdf', size: pdf.length });
    expect(Buffer.from(a.data, 'base64').equals(Buffer.from(pdf))).toBe(true);
    expect(b).toMatchObject({ name: 'r.xlsx', size: xlsx.length });
    expect(await auditRows('report.document.uploaded', stored.json().id)).toHaveLength(1);
    expect((await auditRows('report.document.read')).length).toBeGreaterThanOrEqual(1);

    const other = await t.post({ as: 'admin', company: 'br' }, '/api/files/getDocument', [
      { name: 'x.pdf', data: stored.json().id },
    ]);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'REPORT_DOCUMENT_NOT_FOUND', field: '0.data' });
  });
});
