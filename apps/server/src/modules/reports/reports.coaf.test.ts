import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { readInLanguages } from '../../../test/notification-languages';
import { cashOperation, documentsFrom } from '../../../test/roe-fixtures';
import { addBusinessDays, previousBusinessDay } from '../../lib/business-days';
import { brazilToday } from './reports.coaf';
import { runCoafDueNotices } from './reports.coaf-notices';

/*
 * Issue 23, point 3: COAF for Brazil (decisions 149 to 152). A BRL cash operation of R$ 50,000 or more of a Brazilian
 * company is "COAF communication due" by the next Brazilian business day; late past it; communicated with the
 * protocol number the officer registers (audited, never undone). A Chilean company never sees the COAF.
 */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const docs = documentsFrom(47_000_000);
const brCash = (transactionDate: string, cash: number) =>
  cashOperation(t, { transactionDate, cash, dni: docs.cpf(), divisa: 'BRL', company: 'br' });
const queue = (state: string, as = 'admin', company: 'cl' | 'br' = 'br') =>
  t.get({ as, company }, `/api/informes/coaf?state=${state}&limit=200`);
const communicate = (id: string, payload: Record<string, unknown>, as = 'admin') =>
  t.post({ as, company: 'br' }, `/api/informes/coaf/${id}/communication`, payload);
type Item = { id: string; state: string; deadline: string; operationDate: string; communication: unknown };
const ids = async (state: string) => ((await queue(state)).json().data as Item[]).map((i) => i.id);

describe('who reaches the COAF routes', () => {
  it('401 without a session; 403 for every role of a Chilean company and for the front desk; the reports’ roles of Brazil read it', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/informes/coaf' });
    expect(anon.statusCode).toBe(401);
    for (const role of ['admin', 'adminNoUser', 'userMonitoring', 'frontdesk']) {
      expect((await queue('due', role, 'cl')).statusCode, `Chile's ${role}`).toBe(403);
      const exp = await t.get({ as: role, company: 'cl' }, '/api/informes/coaf/export?format=csv');
      expect(exp.statusCode).toBe(403);
    }
    expect((await queue('due', 'frontdesk')).statusCode).toBe(403);
    for (const role of ['admin', 'adminNoUser', 'userMonitoring'])
      expect((await queue('due', role)).statusCode).toBe(200);
    const op = await brCash('2026-03-02', 60_000);
    // registering is the administrators' (as filing the ROE): the monitoring user reads, never registers
    expect(
      (await communicate(op.id, { protocol: 'X1', communicatedOn: '2026-03-03' }, 'userMonitoring')).statusCode,
    ).toBe(403);
    const cl = await t.post({ as: 'admin', company: 'cl' }, `/api/informes/coaf/${op.id}/communication`, {
      protocol: 'X1',
      communicatedOn: '2026-03-03',
    });
    expect(cl.statusCode).toBe(403);
  });
});

describe('which operations are COAF communications due', () => {
  it('R$ 50,000.00 in cash is due (inclusive); R$ 49,999.99 is not; a Chilean company’s cash never is', async () => {
    const today = brazilToday();
    const at = await brCash(today, 50_000);
    const below = await brCash(today, 49_999.99);
    const due = await ids('due');
    expect(due).toContain(at.id);
    expect(due).not.toContain(below.id);
    expect(await ids('late')).not.toContain(below.id);
    // a Chilean company's CLP cash of any size is never in any queue: its rows never reach Brazil's
    const chile = await cashOperation(t, { transactionDate: today, cash: 90_000_000, dni: docs.rut() });
    for (const s of ['due', 'late', 'communicated']) expect(await ids(s)).not.toContain(chile.id);
  });

  it('the operation itself says when its COAF communication is due: the next business day; null below the threshold and in Chile', async () => {
    const friday = await t.get(
      { as: 'frontdesk', company: 'br' },
      `/api/consultations/${(await brCash('2026-02-13', 50_000)).id}`,
    );
    expect(friday.statusCode, friday.body).toBe(200);
    expect(friday.json().coafDeadline).toBe('2026-02-18');
    expect(friday.json().roe).toBe(false);
    const created = await brCash('2026-03-06', 50_000);
    expect((created as unknown as { coafDeadline: string }).coafDeadline).toBe('2026-03-09');
    const below = await brCash('2026-03-06', 49_999.99);
    expect((below as unknown as { coafDeadline: string | null }).coafDeadline).toBeNull();
    const chile = await cashOperation(t, { transactionDate: '2026-03-06', cash: 90_000_000, dni: docs.rut() });
    expect((chile as unknown as { coafDeadline: string | null }).coafDeadline).toBeNull();
  });

  it('follows the company’s threshold setting', async () => {
    const today = brazilToday();
    const op = await brCash(today, 30_000);
    expect(await ids('due')).not.toContain(op.id);
    await sql`update companies set settings = settings || '{"coafCashThresholdBrl": 30000}'::jsonb where id = ${t.companies.br}`.execute(
      t.deps.db,
    );
    try {
      const res = await queue('due');
      expect(res.json().thresholdBrl).toBe(30_000);
      expect((res.json().data as Item[]).map((i) => i.id)).toContain(op.id);
    } finally {
      await sql`update companies set settings = settings - 'coafCashThresholdBrl' where id = ${t.companies.br}`.execute(
        t.deps.db,
      );
    }
  });

  it('is due by the next business day: over a weekend, over a Brazilian holiday; late once that day has passed', async () => {
    // Friday 2026-02-13 → Carnival Monday and Tuesday 16 and 17 are holidays → Wednesday 18
    const carnival = await brCash('2026-02-13', 80_000);
    // Friday 2026-03-06 → Monday 9 (a weekend only)
    const weekend = await brCash('2026-03-06', 80_000);
    // Thursday 2026-04-02 → Good Friday 3 → Monday 6
    const easter = await brCash('2026-04-02', 80_000);
    const late = (await queue('late')).json().data as Item[];
    const byId = new Map(late.map((i) => [i.id, i]));
    expect(byId.get(carnival.id)?.deadline).toBe('2026-02-18');
    expect(byId.get(weekend.id)?.deadline).toBe('2026-03-09');
    expect(byId.get(easter.id)?.deadline).toBe('2026-04-06');
    expect(byId.get(easter.id)?.state).toBe('late');
  });

  it('an operation of today is due, not late; its deadline is the next business day', async () => {
    const today = brazilToday();
    const op = await brCash(today, 100_000);
    const item = ((await queue('due')).json().data as Item[]).find((i) => i.id === op.id);
    expect(item?.state).toBe('due');
    expect(item?.deadline).toBe(addBusinessDays(today, 1, 'BR'));
    // and one of the business day before yesterday's business day is late
    const old = await brCash(previousBusinessDay(previousBusinessDay(today, 'BR'), 'BR'), 100_000);
    expect(await ids('late')).toContain(old.id);
  });
});

describe('cash in another currency than BRL (decision 158)', () => {
  it('is never counted as due nor left out: the queue, the dashboard and the operation say it was not checked; the officer may register its communication in its own currency', async () => {
    const usd = await cashOperation(t, {
      transactionDate: '2026-06-01',
      cash: 20_000,
      dni: docs.cpf(),
      divisa: 'USD',
      company: 'br',
    });
    const view = await t.get({ as: 'frontdesk', company: 'br' }, `/api/consultations/${usd.id}`);
    expect(view.json()).toMatchObject({ coafUnchecked: true, coafDeadline: null });
    for (const s of ['due', 'late', 'communicated']) expect(await ids(s)).not.toContain(usd.id);
    const q = (await queue('due')).json();
    const listed = q.unchecked.data.find((u: { id: string }) => u.id === usd.id);
    expect(listed).toMatchObject({ currency: 'USD', cashAmount: 20_000, operationDate: '2026-06-01' });
    expect(q.unchecked.count).toBeGreaterThanOrEqual(1);
    const dash = await t.get({ as: 'admin', company: 'br' }, '/api/home-dashboard');
    expect(dash.json().coaf.unchecked).toBe(q.unchecked.count);
    // BRL cash is checked; a Chilean company's USD cash is the ROE's, never "COAF: not checked"
    const brl = await brCash('2026-06-01', 20_000);
    expect((brl as unknown as { coafUnchecked: boolean }).coafUnchecked).toBe(false);
    const chile = await cashOperation(t, {
      transactionDate: '2026-06-01',
      cash: 20_000,
      dni: docs.rut(),
      divisa: 'USD',
    });
    expect((chile as unknown as { coafUnchecked: boolean }).coafUnchecked).toBe(false);
    // registered by the officer who converted it by hand: communicated, in USD, out of the unchecked list
    const res = await communicate(usd.id, { protocol: 'USD-1', communicatedOn: '2026-06-02' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'communicated', currency: 'USD', cashAmount: 20_000 });
    const stored = await sql<{ currency: string }>`
      select currency from coaf_communications where operation_id = ${usd.id}`.execute(t.deps.db);
    expect(stored.rows[0]?.currency).toBe('USD');
    const after = (await queue('due')).json();
    expect(after.unchecked.data.map((u: { id: string }) => u.id)).not.toContain(usd.id);
    expect(after.unchecked.count).toBe(q.unchecked.count - 1);
  });
});

describe('registering a communication', () => {
  it('stores the protocol, moves the operation to communicated, is audited, and cannot be registered again or undone', async () => {
    const op = await brCash('2026-05-04', 75_000);
    const res = await communicate(op.id, { protocol: ' 2026.05/000123-4 ', communicatedOn: '2026-05-05' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('communicated');
    expect(res.json().communication.protocol).toBe('2026.05/000123-4');
    expect(await ids('communicated')).toContain(op.id);
    expect(await ids('late')).not.toContain(op.id);
    const auditRows = await sql<{ action: string; after: { protocol: string; onTime: boolean } }>`
      select action, after from audit_log where entity_id = ${op.id} and action = 'report.coaf.communicated'`.execute(
      t.deps.db,
    );
    expect(auditRows.rows).toHaveLength(1);
    expect(auditRows.rows[0]?.after).toMatchObject({ protocol: '2026.05/000123-4', onTime: true });
    const again = await communicate(op.id, { protocol: 'OTHER', communicatedOn: '2026-05-06' });
    expect(again.statusCode).toBe(409);
    // not even the database owner can change or delete a registration
    await expect(sql`delete from coaf_communications where operation_id = ${op.id}`.execute(t.deps.db)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
  });

  it('404 for another company’s operation and for cash below the threshold', async () => {
    const chile = await cashOperation(t, { transactionDate: '2026-05-04', cash: 90_000_000, dni: docs.rut() });
    expect((await communicate(chile.id, { protocol: 'P1', communicatedOn: '2026-05-05' })).statusCode).toBe(404);
    const small = await brCash('2026-05-04', 10_000);
    expect((await communicate(small.id, { protocol: 'P1', communicatedOn: '2026-05-05' })).statusCode).toBe(404);
  });

  it('refuses a missing protocol and a date out of range, naming the field in Portuguese, Spanish and English', async () => {
    const op = await brCash('2026-05-11', 75_000);
    const messages: Record<string, string> = {};
    for (const [language, locale] of [
      ['br', 'pt-BR'],
      ['es', 'es'],
      ['en', 'en'],
    ] as const) {
      await sql`update companies set language = ${language} where id = ${t.companies.br}`.execute(t.deps.db);
      const empty = await communicate(op.id, { protocol: '  ', communicatedOn: '2026-05-12' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().field).toBe('protocol');
      const early = await communicate(op.id, { protocol: 'P-1', communicatedOn: '2026-05-10' });
      expect(early.statusCode).toBe(400);
      expect(early.json().field).toBe('communicatedOn');
      expect(early.json().message).toContain('11/05/2026');
      messages[locale] = `${empty.json().message} | ${early.json().message}`;
    }
    await sql`update companies set language = 'br' where id = ${t.companies.br}`.execute(t.deps.db);
    expect(new Set(Object.values(messages)).size).toBe(3);
    expect(messages['pt-BR']).toContain('A data da comunicação deve estar entre 11/05/2026');
    expect(messages.es).toContain('La fecha de comunicación debe estar entre 11/05/2026');
    expect(messages.en).toContain('The communication date must be between 11/05/2026');
    const future = await communicate(op.id, { protocol: 'P-1', communicatedOn: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(await ids('communicated')).not.toContain(op.id);
  });
});

describe('the export of pending communications', () => {
  it('holds each pending operation with the SISCOAF fields, one row per person involved, never the communicated ones; audited', async () => {
    const pending = await brCash('2026-06-01', 123_456.78);
    const done = await brCash('2026-06-02', 60_000);
    expect((await communicate(done.id, { protocol: 'DONE-1', communicatedOn: '2026-06-03' })).statusCode).toBe(200);
    const csv = await t.get({ as: 'userMonitoring', company: 'br' }, '/api/informes/coaf/export?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/coaf-pendentes-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[2]).toBe(
      'Número da operação;Data da operação;Prazo da comunicação;Situação;Tipo de operação;Valor da operação (R$);Valor em espécie (R$);Tipo de pessoa do envolvido;CPF/CNPJ do envolvido;Nome do envolvido;Espécie do envolvido (R$);Operação excluída',
    );
    const row = lines.find((l) => l.startsWith(`${pending.codigoFormatted};`));
    expect(row).toBeDefined();
    const cells = (row ?? '').split(';');
    expect(cells.slice(1, 4)).toEqual(['01/06/2026', '02/06/2026', 'Atrasada']);
    expect(cells[6]).toBe('123.456,78');
    expect(cells[8]).toBe(pending.associates[0]?.dni);
    expect(lines.some((l) => l.startsWith(`${done.codigoFormatted};`))).toBe(false);

    const xlsx = await t.get({ as: 'admin', company: 'br' }, '/api/informes/coaf/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const found = ws?.getSheetValues().find((r) => Array.isArray(r) && r[1] === pending.codigoFormatted) as unknown[];
    expect(found?.[7]).toBe(123_456.78);
    const audited = await sql<{ n: number }>`
      select count(*)::int as n from audit_log where company_id = ${t.companies.br} and action = 'report.coaf.exported'`.execute(
      t.deps.db,
    );
    expect(audited.rows[0]?.n).toBeGreaterThanOrEqual(2);
  });
});

describe('the COAF settings of a company', () => {
  it('the super administrator sets the threshold and the non-occurrence duty; a bad threshold is refused naming the field in es, pt-BR and en', async () => {
    const url = `/api/companies/${t.companies.br}/business-rules`;
    const messages: Record<string, string> = {};
    for (const lang of ['es', 'pt-BR', 'en']) {
      const bad = await t.call({
        as: 'superAdmin',
        method: 'PATCH',
        url,
        payload: { coafCashThresholdBrl: 0 },
        headers: { 'accept-language': lang },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('coafCashThresholdBrl');
      expect(bad.json().message).toContain('coafCashThresholdBrl');
      messages[lang] = bad.json().message;
    }
    expect(new Set(Object.values(messages)).size).toBe(3);
    const ok = await t.patch('superAdmin', url, { coafCashThresholdBrl: 50_000, coafNonOccurrence: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ coafCashThresholdBrl: 50_000, coafNonOccurrence: true });
    try {
      // the reminder of the yearly non-occurrence communication is in the queue's answer in January only
      const res = (await queue('due')).json();
      const january = brazilToday().slice(5, 7) === '01';
      expect(res.nonOccurrence).toEqual(
        january ? { year: Number(brazilToday().slice(0, 4)) - 1, due: `${brazilToday().slice(0, 4)}-01-31` } : null,
      );
    } finally {
      await t.patch('superAdmin', url, { coafNonOccurrence: false });
    }
  });
});

describe('the day a communication falls due', () => {
  const noticesOf = async (id: string) =>
    (
      await sql<{ n: number; description: string }>`
        select count(*)::int as n, max(description) as description from notifications
        where company_id = ${t.companies.br} and kind = 'coaf.due' and data->>'operationId' = ${id}`.execute(t.deps.db)
    ).rows[0];

  it('notifies each pending operation due that day once, in the company’s language; nothing on a weekend; never a communicated one', async () => {
    // Saturday 14 February 2026: due Wednesday 18 (after Carnival); 12 February is due the 13th; 18 is due the 19th
    const dueWednesday = await brCash('2026-02-14', 70_000);
    const dueBefore = await brCash('2026-02-12', 70_000);
    const dueAfter = await brCash('2026-02-18', 70_000);
    const communicatedOne = await brCash('2026-02-17', 70_000);
    expect((await communicate(communicatedOne.id, { protocol: 'C-17', communicatedOn: '2026-02-17' })).statusCode).toBe(
      200,
    );
    expect(await runCoafDueNotices(t.deps, '2026-02-15')).toBe(0);
    expect(await runCoafDueNotices(t.deps, '2026-02-18')).toBeGreaterThanOrEqual(1);
    const notice = await noticesOf(dueWednesday.id);
    expect(notice?.n).toBe(1);
    expect(notice?.description).toBe(
      `A operação ${dueWednesday.codigoFormatted} (espécie de R$ 70.000,00) deve ser comunicada ao COAF hoje, 18/02/2026.`,
    );
    expect((await noticesOf(dueBefore.id))?.n).toBe(0);
    expect((await noticesOf(dueAfter.id))?.n).toBe(0);
    expect((await noticesOf(communicatedOne.id))?.n).toBe(0);
    // once per operation, however many times the job runs
    await runCoafDueNotices(t.deps, '2026-02-18');
    expect((await noticesOf(dueWednesday.id))?.n).toBe(1);
    // each reader reads it in their own language (keys and values, decision 190)
    const read = await readInLanguages(t, 'admin', 'br', 'coaf.due');
    const about = (l: string) => read[l]?.find((n) => n.description.includes(dueWednesday.codigoFormatted));
    expect(about('br')?.description).toMatch(/^A operação .* deve ser comunicada ao COAF hoje, 18\/02\/2026\.$/);
    expect(about('en')?.description).toMatch(/18\/02\/2026/);
    expect(about('en')?.description).not.toMatch(/operação|comunicada/);
    expect(about('es')?.description).not.toMatch(/operação|comunicada/);
  });

  it('the home dashboard of a Brazilian company has the COAF figure (the queue’s counts); a Chilean one has none', async () => {
    const br = await t.get({ as: 'admin', company: 'br' }, '/api/home-dashboard');
    expect(br.statusCode, br.body).toBe(200);
    const counts = (await queue('due')).json().counts;
    expect(br.json().coaf).toMatchObject(counts);
    const cl = await t.get({ as: 'admin', company: 'cl' }, '/api/home-dashboard');
    expect(cl.json().coaf).toBeNull();
  });
});
