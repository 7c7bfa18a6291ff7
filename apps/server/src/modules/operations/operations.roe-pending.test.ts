import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { multipart as formMultipart } from '../../../test/forms-fixtures';
import { useTestApp } from '../../../test/harness';
import { documentsFrom, cashOperation as roeCashOperation } from '../../../test/roe-fixtures';

/*
 * Issue 23, point 1, defect 2 and point 3: cash on a day without a dollar rate is pending (never "not reportable"),
 * named on the operation and in the ROE, and a rate load (by hand or the Central Bank's file) recomputes it in a
 * queued job, audited. Each test uses its own days: a loaded rate also serves the ten days after it.
 */

const t = useTestApp();

const docs = documentsFrom(31_000_000);
const cashOperation = (transactionDate: string, cash: number, divisa = 'CLP') =>
  roeCashOperation(t, {
    transactionDate,
    cash,
    divisa,
    dni: docs.rut(),
    as: 'frontdesk',
    person: { name: 'Rosa', fatherName: 'Vidal' },
  });

const get = (url: string, as = 'admin', company: 'cl' | 'br' = 'cl') => t.get({ as, company }, url);
const view = async (id: string) => (await get(`/api/consultations/view/${id}`)).json();

const multipart = (name: string, bytes: Buffer) => formMultipart('file', name, bytes, 'application/octet-stream');

const FIXTURE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/bcch-dolar-observado.csv'));

async function recomputedAudits(id: string) {
  return t.deps.db
    .selectFrom('auditLog')
    .select(['userId', 'companyId', 'before', 'after'])
    .where('action', '=', 'operation.roe.recomputed')
    .where('entityId', '=', id)
    .execute();
}

describe('cash without a dollar rate for its day', () => {
  it('is pending on the operation and in the ROE, which names it and is never negative', async () => {
    // the tester's case: CLP 20,000,000 in cash on 2019-06-10, before the first stored rate
    const op = await cashOperation('2019-06-10', 20_000_000);
    expect(op).toMatchObject({ cashAmountUsd: null, roe: false, cashRatePending: '2019-06-10' });
    const summary = (await get('/api/consultations/roe?from=2019-04-01&to=2019-06-30')).json();
    expect(summary).toMatchObject({ count: 0, negative: false });
    expect(summary.pending).toEqual([
      expect.objectContaining({ id: op.id, codigoFormatted: op.codigoFormatted, rateDate: '2019-06-10' }),
    ]);
    const report = (await get('/api/informes/roe-uaf?from=2019-04-01&to=2019-06-30')).json();
    expect(report.tables[0].heading).not.toBe('ROE negativo');
    const pending = report.tables.find((x: { key: string }) => x.key === 'pending');
    expect(pending.rows).toContainEqual([
      op.codigoFormatted,
      '10/06/2019',
      'CLP',
      '20.000.000',
      'Pendiente: no hay tipo de cambio del dólar para el 10/06/2019',
      '',
    ]);
    // neither a negative ROE file nor a filing while it waits
    const txt = await get('/api/informes/roe-uaf?from=2019-04-01&to=2019-06-30&format=txt');
    expect(txt.statusCode).toBe(409);
    expect(txt.json()).toMatchObject({ code: 'ROE_RATES_PENDING' });
    expect(txt.json().message).toContain(`${op.codigoFormatted} (10/06/2019)`);
    const filing = await t.post('admin', '/api/informes/roe-uaf/filings', { from: '2019-04-01', to: '2019-06-30' });
    expect(filing.statusCode).toBe(409);
    expect(filing.json().code).toBe('ROE_RATES_PENDING');
  });

  it('loading the day’s rate by hand recomputes the pending cash in a queued job, audited with the rate used', async () => {
    const op = await cashOperation('2019-07-03', 20_000_000);
    const small = await cashOperation('2019-07-04', 1_000_000);
    expect(op.cashRatePending).toBe('2019-07-03');
    const load = await t.put('superAdmin', '/api/divisas', {
      rates: [{ divisa: 'CLP', fecha: '2019-07-03', perUsd: 800, source: 'BCCh observed dollar' }],
    });
    expect(load.statusCode, load.body).toBe(200);
    // the job, not the request, does it
    expect((await view(op.id)).cashRatePending).toBe('2019-07-03');
    await t.deps.queue.drain();
    expect(await view(op.id)).toMatchObject({ cashAmountUsd: 25_000, roe: true, cashRatePending: null });
    // the next day takes the last earlier rate: USD 1,250, below the threshold, no longer pending either
    expect(await view(small.id)).toMatchObject({ cashAmountUsd: 1_250, roe: false, cashRatePending: null });
    const summary = (await get('/api/consultations/roe?from=2019-07-01&to=2019-09-30')).json();
    expect(summary).toMatchObject({ count: 1, pending: [], negative: false });
    const audits = await recomputedAudits(op.id);
    expect(audits).toHaveLength(1);
    const root = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'root@regcheck.test')
      .executeTakeFirstOrThrow();
    expect(audits[0]).toMatchObject({
      userId: root.id,
      companyId: t.companies.cl,
      before: { cashAmountUsd: null, roe: false, cashRatePending: '2019-07-03' },
      after: {
        cashAmountUsd: 25_000,
        roe: true,
        thresholdUsd: 10_000,
        rate: { divisa: 'CLP', day: '2019-07-03', rateDate: '2019-07-03', perUsd: 800, source: 'BCCh observed dollar' },
      },
    });
    // a second run finds nothing to do
    await t.put('superAdmin', '/api/divisas', {
      rates: [{ divisa: 'CLP', fecha: '2019-07-03', perUsd: 800, source: 'BCCh observed dollar' }],
    });
    await t.deps.queue.drain();
    expect(await recomputedAudits(op.id)).toHaveLength(1);
  });

  it('a rate more than ten days older than the operation is not its day’s rate: the cash keeps waiting', async () => {
    await t.put('superAdmin', '/api/divisas', {
      rates: [{ divisa: 'CLP', fecha: '2019-08-01', perUsd: 820, source: 'BCCh observed dollar' }],
    });
    await t.deps.queue.drain();
    const within = await cashOperation('2019-08-11', 20_000_000);
    const beyond = await cashOperation('2019-08-12', 20_000_000);
    expect(within).toMatchObject({ roe: true, cashRatePending: null });
    expect(beyond).toMatchObject({ roe: false, cashAmountUsd: null, cashRatePending: '2019-08-12' });
  });

  it('an upload of the Central Bank’s observed dollar file loads the series and recomputes the pending cash', async () => {
    const op = await cashOperation('2018-03-06', 9_000_000);
    expect(op.cashRatePending).toBe('2018-03-06');
    const url = '/api/divisas/bcch';
    expect((await t.call({ method: 'POST', url, ...multipart('dolar.csv', FIXTURE) })).statusCode).toBe(401);
    expect((await t.call({ as: 'admin', method: 'POST', url, ...multipart('dolar.csv', FIXTURE) })).statusCode).toBe(
      403,
    );
    const res = await t.call({ as: 'superAdmin', method: 'POST', url, ...multipart('dolar observado.csv', FIXTURE) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ loaded: 7, from: '2018-03-01', to: '2018-03-09' });
    const rate = (await get('/api/divisas/por-fecha?fecha=2018-03-04&divisa=CLP')).json();
    expect(rate).toMatchObject({ rateDate: '2018-03-02', perUsd: 603.11, source: 'BCCh dólar observado' });
    const loaded = await t.deps.db
      .selectFrom('auditLog')
      .select('after')
      .where('action', '=', 'currencyRates.loaded')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(loaded.after).toMatchObject({ count: 7, from: '2018-03-01', to: '2018-03-09' });
    expect((loaded.after as { file: { name: string; sha256: string } }).file.name).toBe('dolar observado.csv');
    await t.deps.queue.drain();
    // 9,000,000 / 605.02 = USD 14,875.54: above the threshold
    expect(await view(op.id)).toMatchObject({ cashAmountUsd: 14_875.54, roe: true, cashRatePending: null });
    expect(await recomputedAudits(op.id)).toHaveLength(1);
  });

  it('the same series as an .xlsx is loaded too; a bad file is refused naming the problem and loads nothing', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Cuadro');
    ws.addRow(['Tipo de cambio nominal (dólar observado $CLP/USD)']);
    ws.addRow(['Periodo', '1.Dólar observado']);
    ws.addRow([new Date(Date.UTC(2017, 10, 2)), 636.4]);
    ws.addRow([new Date(Date.UTC(2017, 10, 3)), 635.12]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const ok = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/divisas/bcch',
      ...multipart('serie.xlsx', xlsx),
    });
    expect(ok.json()).toEqual({ loaded: 2, from: '2017-11-02', to: '2017-11-03' });
    await t.deps.queue.drain();

    const bad = Buffer.from(
      ['"Periodo";"1.Dólar observado"', '"02.01.2017";"669,47"', '"03.01.2017";"670,1x"'].join('\r\n'),
    );
    const upload = multipart('serie.csv', bad);
    const refused = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/divisas/bcch',
      payload: upload.payload,
      headers: { ...upload.headers, 'accept-language': 'es' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'RATES_FILE_BAD_VALUE', field: 'file' });
    expect(refused.json().message).toMatch(/^Fila 3: «670,1x» no es un dólar observado en pesos/);
    // nothing of that file was loaded, not even its good first line
    expect((await get('/api/divisas/por-fecha?fecha=2017-01-02&divisa=CLP')).statusCode).toBe(404);
    const notSeries = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/divisas/bcch',
      ...multipart('otra.pdf', Buffer.from('%PDF-1.4\n%%EOF')),
    });
    expect(notSeries.json()).toMatchObject({ code: 'RATES_FILE_FORMAT', field: 'file' });
  });
});

describe('the ROE is Chile’s (issue 23, point 3)', () => {
  const brazilianCashOperation = (transactionDate: string, cash: number) =>
    roeCashOperation(t, {
      transactionDate,
      cash,
      divisa: 'BRL',
      dni: docs.cpf(),
      company: 'br',
      person: { name: 'Ana', fatherName: 'Souza' },
    });

  it('a Brazilian company’s cash on a day without a rate is not pending a rate for the ROE, and a rate load leaves it; Chile’s is', async () => {
    const br = await brazilianCashOperation('2019-10-07', 500_000);
    expect(br).toMatchObject({ roe: false, cashRatePending: null });
    const brView = (await get(`/api/consultations/view/${br.id}`, 'admin', 'br')).json();
    expect(brView).toMatchObject({ roe: false, cashRatePending: null });
    const cl = await cashOperation('2019-10-07', 20_000_000);
    expect(cl.cashRatePending).toBe('2019-10-07');

    const load = await t.put('superAdmin', '/api/divisas', {
      rates: [
        { divisa: 'CLP', fecha: '2019-10-07', perUsd: 800, source: 'BCCh observed dollar' },
        { divisa: 'BRL', fecha: '2019-10-07', perUsd: 4, source: 'BCB PTAX' },
      ],
    });
    expect(load.statusCode, load.body).toBe(200);
    await t.deps.queue.drain();
    // Chile's cash is recomputed, with the rate it was converted with kept on the operation
    expect(await view(cl.id)).toMatchObject({ cashAmountUsd: 25_000, roe: true, cashRatePending: null });
    const kept = await sql<{ cashRate: unknown }>`
      select cash_rate as "cashRate" from operations where id = ${cl.id}`.execute(t.deps.db);
    expect(kept.rows[0]?.cashRate).toEqual({
      divisa: 'CLP',
      day: '2019-10-07',
      rateDate: '2019-10-07',
      perUsd: 800,
      source: 'BCCh observed dollar',
    });
    // Brazil's is no ROE work: not recomputed, never flagged
    expect(await recomputedAudits(br.id)).toHaveLength(0);
    expect((await get(`/api/consultations/view/${br.id}`, 'admin', 'br')).json()).toMatchObject({
      roe: false,
      cashRatePending: null,
    });
  });
});
