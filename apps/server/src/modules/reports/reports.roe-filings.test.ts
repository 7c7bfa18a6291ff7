import { createHash } from 'node:crypto';
import { formatDate } from '@regcheck/shared/format/index';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';
import { documentsFrom, cashOperation as roeCashOperation } from '../../../test/roe-fixtures';
import { FILL_CASH_RATE } from '../../db/migrations/0610_operation_cash_rate';
import { withTenant } from '../../db/tenant';

/*
 * Issue 23, point 1: the ROE is complete and filed once. An operation that was reportable stays in its period's ROE
 * when it is deleted later, marked (decision 125); filing a period stores an immutable filing (decision 127), and
 * the period generated again shows what differs from it.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const docs = documentsFrom(32_000_000);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const get = (url: string, as = 'admin', company: 'cl' | 'br' = 'cl') => t.get({ as, company }, url);
const fileRoe = (from: string, to: string, as = 'admin') => t.post(as, '/api/informes/roe-uaf/filings', { from, to });

const cashOperation = (transactionDate: string, cash: number, dni = docs.rut()) =>
  roeCashOperation(t, { transactionDate, cash, dni });

async function setCash(id: string, dni: string, cash: number) {
  const res = await t.patch('admin', `/api/consultations/${id}`, {
    associates: [{ dni, type: 'natural', monto: cash, efective: cash }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function trash(id: string, as = 'admin') {
  const res = await t.patch(as, '/api/consultations/soft-delete', { consultationIds: [id] });
  expect(res.statusCode, res.body).toBe(200);
}

const table = (report: { tables: { key: string; rows: string[][]; empty: string }[] }, key: string) =>
  report.tables.find((x) => x.key === key);

describe('a reportable operation deleted later', () => {
  it('stays in its period’s ROE, marked with who deleted it and when, in the txt, csv, xlsx and on screen', async () => {
    // the tester's case, as the front desk: CLP 30,000,000 in cash on 2026-02-10 by the customer 12.345.678-5 (the
    // demo data's; created here), then deleted
    await postFicha(t, {
      personType: 'natural',
      dni: '12.345.678-5',
      dniType: { country: 'CL', document: 'RUT' },
      name: 'María José',
      fatherName: 'González',
      nationality: 'CL',
    });
    const created = await t.post('frontdesk', '/api/consultations', {
      transactionDate: '2026-02-10',
      divisa: 'CLP',
      amount: 30_000_000,
      cashAmount: 30_000_000,
      includesCash: true,
      associates: [{ dni: '12.345.678-5', type: 'natural', currency: 'CLP', monto: 30_000_000, efective: 30_000_000 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const op = created.json();
    expect(op.roe).toBe(true);
    await trash(op.id, 'frontdesk');
    const q = 'from=2026-01-01&to=2026-03-31';

    const uaf = (await get(`/api/uaf-operations?${q}`)).json();
    const listed = uaf.find((u: { id: string }) => u.id === op.id);
    expect(listed).toMatchObject({ deletedByName: 'CL frontdesk' });
    const day = formatDate(listed.deletedAt);
    const mark = `Eliminada el ${day} por CL frontdesk`;

    const txt = await get(`/api/informes/roe-uaf?${q}&format=txt`);
    expect(txt.statusCode).toBe(200);
    const lines = txt.body.trim().split('\r\n');
    expect(lines[0]?.split(';').at(-1)).toBe('OBSERVACION');
    expect(lines.some((l) => l.startsWith('ROE_NEGATIVO'))).toBe(false);
    const line = lines.find((l) => l.includes(`;${op.codigoFormatted};`))?.split(';');
    expect(line).toMatchObject({
      0: 'ROE',
      6: '10-02-2026',
      10: expect.stringMatching(/^\d+\.\d{2}$/),
      11: '12345678-5',
    });
    expect(line?.[13]).toBe(`ELIMINADA EL ${day.replace(/\//g, '-')} POR CL frontdesk`);

    const json = (await get(`/api/informes/roe-uaf?${q}`)).json();
    expect(json.tables[0].heading).toBe('Operaciones en efectivo sobre el umbral');
    expect(table(json, 'operations')?.rows).toContainEqual(
      expect.arrayContaining([op.codigoFormatted, '10/02/2026', '12345678-5', mark]),
    );

    const csv = await get(`/api/informes/roe-uaf?${q}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n').some((l) => l.startsWith(`${op.codigoFormatted};`) && l.endsWith(`;${mark}`))).toBe(
      true,
    );

    const xlsx = await get(`/api/informes/roe-uaf?${q}&format=xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const ws of wb.worksheets) ws.eachRow((r) => cells.push(...(r.values as unknown[]).map(String)));
    expect(cells).toContain(mark);

    expect((await get(`/api/consultations/roe?${q}`)).json()).toMatchObject({ count: 1, deleted: 1, negative: false });
    expect((await get(`/api/uaf-operations/count?${q}`)).json().count).toBe(1);
  });
});

describe('a deletion whose date was not recorded', () => {
  it('is marked “date not recorded” in the report and the UAF file, never with another date', async () => {
    const op = await cashOperation('2025-10-14', 20_000_000);
    await trash(op.id);
    // an operation deleted before the date of a deletion was kept: deleted, with no date
    await sql`update operations set deleted_at = null where id = ${op.id}`.execute(t.deps.db);
    const q = 'from=2025-10-01&to=2025-10-31';
    const uaf = (await get(`/api/uaf-operations?${q}`)).json();
    expect(uaf.find((u: { id: string }) => u.id === op.id)).toMatchObject({
      deleted: true,
      deletedAt: null,
      deletedByName: 'CL admin',
    });
    const json = (await get(`/api/informes/roe-uaf?${q}`)).json();
    expect(table(json, 'operations')?.rows).toContainEqual(
      expect.arrayContaining([op.codigoFormatted, 'Eliminada (fecha no registrada) por CL admin']),
    );
    const txt = await get(`/api/informes/roe-uaf?${q}&format=txt`);
    const line = txt.body.split('\r\n').find((l) => l.includes(`;${op.codigoFormatted};`));
    expect(line?.split(';')[13]).toBe('ELIMINADA (FECHA NO REGISTRADA) POR CL admin');
  });
});

describe('the rates a filing holds', () => {
  const rateOf = async (id: string) =>
    (
      await sql<{ cashRate: { perUsd: number; day: string } | null }>`
        select cash_rate as "cashRate" from operations where id = ${id}`.execute(t.deps.db)
    ).rows[0]?.cashRate;
  const setRate = (day: string, perUsd: number) =>
    sql`update currency_rates set per_usd = ${perUsd} where divisa = 'CLP' and fecha = ${day}::date`.execute(t.deps.db);

  it('are the rates the amounts were converted with (kept on each operation), never looked up again or guessed', async () => {
    const a = await cashOperation('2025-11-12', 20_000_000);
    const b = await cashOperation('2025-11-13', 20_000_000);
    const keptA = await rateOf(a.id);
    const keptB = await rateOf(b.id);
    expect(keptA).toMatchObject({ divisa: 'CLP', day: '2025-11-12', rateDate: '2025-11-12', source: 'sample' });
    expect(keptB?.day).toBe('2025-11-13');

    // operations converted before rates were kept: the migration fills the rate of their day when it still gives
    // their amount in USD
    await sql`update operations set cash_rate = null where id in (${a.id}, ${b.id})`.execute(t.deps.db);
    await sql.raw(FILL_CASH_RATE).execute(t.deps.db);
    expect(await rateOf(a.id)).toEqual(keptA);
    expect(await rateOf(b.id)).toEqual(keptB);
    // ...and none when the day's rate was replaced since (it is not the rate used): the filing names the operation
    await setRate('2025-11-13', (keptB?.perUsd ?? 0) + 7);
    await sql`update operations set cash_rate = null where id = ${b.id}`.execute(t.deps.db);
    await sql.raw(FILL_CASH_RATE).execute(t.deps.db);
    expect(await rateOf(b.id)).toBeNull();
    const refused = await fileRoe('2025-11-01', '2025-11-30');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ROE_RATE_NOT_KEPT');
    expect(refused.json().message).toContain(b.codigoFormatted);
    expect(refused.json().message).not.toContain(a.codigoFormatted);

    // converted again (saved), b keeps today's rate of its day; a's day's rate changes after it was converted: the
    // filing holds the rate a was converted with, not the one stored now
    await setCash(b.id, b.associates[0]?.dni ?? '', 20_000_000);
    await setRate('2025-11-12', (keptA?.perUsd ?? 0) + 11);
    const filed = await fileRoe('2025-11-01', '2025-11-30');
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().rates).toEqual([keptA, { ...keptB, perUsd: (keptB?.perUsd ?? 0) + 7 }]);
  });
});

describe('ROE filings', () => {
  let filingId = '';

  it('filing a period stores its file, SHA-256, who, when, period, threshold and rates; audited; who may', async () => {
    const op = await cashOperation('2025-05-14', 20_000_000);
    expect((await t.call({ method: 'POST', url: '/api/informes/roe-uaf/filings', payload: {} })).statusCode).toBe(401);
    // the monitoring user reads the ROE and its filings but does not file; the front desk does neither
    expect((await fileRoe('2025-05-01', '2025-05-31', 'userMonitoring')).statusCode).toBe(403);
    expect((await fileRoe('2025-05-01', '2025-05-31', 'frontdesk')).statusCode).toBe(403);
    expect((await get('/api/informes/roe-uaf/filings', 'frontdesk')).statusCode).toBe(403);
    const expected = (await get('/api/informes/roe-uaf?from=2025-05-01&to=2025-05-31&format=txt')).rawPayload;

    const res = await fileRoe('2025-05-01', '2025-05-31');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    filingId = f.id;
    expect(f).toMatchObject({
      from: '2025-05-01',
      to: '2025-05-31',
      thresholdUsd: 10_000,
      negative: false,
      operationCount: 1,
      fileName: 'ROE_2025-05-01_2025-05-31.txt',
      sha256: sha256(expected),
      size: expected.length,
      filedBy: { name: 'CL admin' },
    });
    expect(Date.now() - Date.parse(f.filedAt)).toBeGreaterThanOrEqual(0);
    expect(f.rates).toEqual([
      expect.objectContaining({ divisa: 'CLP', day: '2025-05-14', rateDate: '2025-05-14', source: 'sample' }),
    ]);
    expect(f.rates[0].perUsd).toBeGreaterThan(0);

    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['after', 'userId'])
      .where('action', '=', 'report.roe.filed')
      .where('entityId', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ from: '2025-05-01', to: '2025-05-31', sha256: f.sha256, operationCount: 1 });

    const list = (await get('/api/informes/roe-uaf/filings?from=2025-05-01&to=2025-05-31', 'userMonitoring')).json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([f.id]);
    const detail = (await get(`/api/informes/roe-uaf/filings/${f.id}`, 'userMonitoring')).json();
    expect(detail.operations.map((o: { id: string }) => o.id)).toEqual([op.id]);

    const file = await get(`/api/informes/roe-uaf/filings/${f.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(f.sha256);
    expect(file.headers['x-content-sha256']).toBe(f.sha256);
    const downloads = await t.deps.db
      .selectFrom('auditLog')
      .select('id')
      .where('action', '=', 'report.roe.filing.downloaded')
      .where('entityId', '=', f.id)
      .execute();
    expect(downloads).toHaveLength(1);

    // another (Chilean) company's filing is not found; a Brazilian company has no ROE at all (403)
    const other = await t.post('superAdmin', '/api/companies', { name: 'Otra Casa de Cambio SpA', country: 'CL' });
    expect(other.statusCode, other.body).toBe(200);
    const otherAdmin = { email: 'admin@otra-casa.test', password: 'Otra.Casa-2026!' };
    const user = await t.post('superAdmin', '/api/users', {
      name: 'Otra admin',
      role: 'admin',
      companyId: other.json().id,
      ...otherAdmin,
    });
    expect(user.statusCode, user.body).toBe(200);
    const asOther = async (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await t.token(otherAdmin)}` } });
    expect((await asOther(`/api/informes/roe-uaf/filings/${f.id}`)).statusCode).toBe(404);
    expect((await asOther(`/api/informes/roe-uaf/filings/${f.id}/file`)).statusCode).toBe(404);
    expect((await asOther('/api/informes/roe-uaf/filings')).json()).toEqual([]);
    expect((await get(`/api/informes/roe-uaf/filings/${f.id}`, 'admin', 'br')).statusCode).toBe(403);

    // a period without operations is filed as a negative ROE
    const negative = await fileRoe('2019-01-01', '2019-03-31');
    expect(negative.json()).toMatchObject({ negative: true, operationCount: 0, rates: [] });
    const negFile = await get(`/api/informes/roe-uaf/filings/${negative.json().id}/file`);
    expect(negFile.body.split('\r\n')[1]).toMatch(/^ROE_NEGATIVO;/);
  });

  it('a filing cannot be changed or deleted: the application has no grant and the table refuses even its owner', async () => {
    expect(filingId).not.toBe('');
    const asApp = (q: ReturnType<typeof sql>) => withTenant(t.deps.db, t.companies.cl, (trx) => q.execute(trx));
    await expect(asApp(sql`update roe_filings set negative = true where id = ${filingId}`)).rejects.toThrow(
      /permission denied/,
    );
    await expect(asApp(sql`delete from roe_filings where id = ${filingId}`)).rejects.toThrow(/permission denied/);
    await expect(
      sql`update roe_filings set file_bytes = ${Buffer.from('x')} where id = ${filingId}`.execute(t.deps.db),
    ).rejects.toThrow(/cannot be changed or deleted/);
    await expect(sql`delete from roe_filings where id = ${filingId}`.execute(t.deps.db)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    const detail = (await get(`/api/informes/roe-uaf/filings/${filingId}`)).json();
    const file = await get(`/api/informes/roe-uaf/filings/${filingId}/file`);
    expect(sha256(file.rawPayload)).toBe(detail.sha256);
    expect(detail.negative).toBe(false);
  });

  it('is refused while the period has not ended, and when the last filing holds the same file', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const open = await fileRoe(`${today.slice(0, 4)}-01-01`, today);
    expect(open.statusCode).toBe(409);
    expect(open.json()).toMatchObject({ code: 'ROE_PERIOD_NOT_ENDED', field: 'to' });
    const again = await fileRoe('2025-05-01', '2025-05-31');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ROE_FILING_UNCHANGED');
    expect(again.json().message).toContain('CL admin');
    expect((await fileRoe('2025-05-31', '2025-05-01')).statusCode).toBe(400);
    const list = (await get('/api/informes/roe-uaf/filings?from=2025-05-01&to=2025-05-31')).json();
    expect(list).toHaveLength(1);
  });

  it('the period generated again shows what differs from its filing: added, removed, amounts changed, deleted', async () => {
    const a = await cashOperation('2025-08-05', 20_000_000);
    const b = await cashOperation('2025-08-06', 20_000_000);
    const c = await cashOperation('2025-08-07', 20_000_000);
    const filed = (await fileRoe('2025-08-01', '2025-08-31')).json();
    expect(filed.operationCount).toBe(3);
    const q = 'from=2025-08-01&to=2025-08-31';
    const unchanged = (await get(`/api/informes/roe-uaf?${q}`)).json();
    expect(table(unchanged, 'differences')).toMatchObject({ rows: [] });
    // the report says whether the period differs from its last filing (the screen reads it there)
    expect(unchanged.differs).toBe(false);

    const d = await cashOperation('2025-08-20', 15_000_000);
    await setCash(a.id, a.associates[0]?.dni ?? '', 25_000_000);
    await trash(b.id);
    await setCash(c.id, c.associates[0]?.dni ?? '', 1_000_000);

    expect((await get(`/api/informes/roe-uaf?${q}`)).json().differs).toBe(true);
    const detail = (await get(`/api/informes/roe-uaf/filings/${filed.id}`)).json();
    const diff = detail.differences;
    expect(diff.added.map((o: { id: string }) => o.id)).toEqual([d.id]);
    expect(diff.removed.map((o: { id: string }) => o.id)).toEqual([c.id]);
    const changed = Object.fromEntries(
      diff.changed.map((x: { operation: { id: string }; changes: { field: string }[] }) => [
        x.operation.id,
        x.changes.map((ch) => ch.field),
      ]),
    );
    expect(changed).toEqual({ [a.id]: ['cashAmount', 'cashAmountUsd'], [b.id]: ['deleted'] });
    expect(diff.changed.find((x: { operation: { id: string } }) => x.operation.id === a.id).changes[0]).toEqual({
      field: 'cashAmount',
      filed: 20_000_000,
      current: 25_000_000,
    });
    expect(diff.threshold).toBeNull();

    const report = (await get(`/api/informes/roe-uaf?${q}`)).json();
    expect(report.period).toContain('Presentado el');
    const rows = table(report, 'differences')?.rows ?? [];
    expect(rows).toContainEqual([
      'Agregada después de la presentación',
      d.codigoFormatted,
      '20/08/2025',
      '—',
      expect.any(String),
    ]);
    expect(rows).toContainEqual(['Ya no está en el ROE', c.codigoFormatted, '07/08/2025', expect.any(String), '—']);
    expect(rows).toContainEqual(['Efectivo cambiado', a.codigoFormatted, '05/08/2025', '20.000.000', '25.000.000']);
    expect(rows).toContainEqual([
      'Eliminación',
      b.codigoFormatted,
      '06/08/2025',
      'Vigente',
      expect.stringMatching(/^Eliminada el \d{2}\/\d{2}\/\d{4} por CL admin$/),
    ]);

    // filed again: the new filing matches the period, the first one is kept as it was
    const refiled = (await fileRoe('2025-08-01', '2025-08-31')).json();
    expect(refiled.operationCount).toBe(3);
    expect(table((await get(`/api/informes/roe-uaf?${q}`)).json(), 'differences')).toMatchObject({
      rows: [],
      empty: 'Sin diferencias: el período coincide con lo presentado.',
    });
    const list = (await get(`/api/informes/roe-uaf/filings?${q}`)).json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([refiled.id, filed.id]);
    expect((await get(`/api/informes/roe-uaf/filings/${filed.id}`)).json().operationCount).toBe(3);
  });
});
