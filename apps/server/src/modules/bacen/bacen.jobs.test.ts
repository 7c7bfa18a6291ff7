import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { readInLanguages } from '../../../test/notification-languages';
import { runDeclarationReminder, scheduleDeclarationReminder } from './bacen.jobs';

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const bacenNotes = (companyId: string) =>
  t.deps.db
    .selectFrom('notifications')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('kind', '=', 'bacen')
    .execute();

describe('Bacen monthly declaration reminder', () => {
  it('waits until the 10th', async () => {
    expect(await runDeclarationReminder(t.deps, new Date('2026-03-09T23:00:00Z'))).toBe(0);
    expect(await bacenNotes(t.companies.br)).toHaveLength(0);
  });

  it("notifies the Brazilian company once when last month's declaration is missing, never a Chilean one", async () => {
    expect(await runDeclarationReminder(t.deps, new Date('2026-03-10T08:00:00Z'))).toBe(1);
    expect(await runDeclarationReminder(t.deps, new Date('2026-03-11T08:00:00Z'))).toBe(0);
    expect(await runDeclarationReminder(t.deps, new Date('2026-03-16T08:00:00Z'))).toBe(0);
    const notes = await bacenNotes(t.companies.br);
    expect(notes).toHaveLength(1);
    expect(`${notes[0]?.title} ${notes[0]?.description}`).toMatch(/02\/2026/);
    expect(notes[0]?.description).toContain('15/03/2026');
    expect(await bacenNotes(t.companies.cl)).toHaveLength(0);
    // the Bacen administrators see it among the notifications
    const list = await t.get({ as: 'admin', company: 'br' }, '/api/notifications');
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json())).toContain(notes[0]?.title);
    const trail = await t.deps.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'bacen.declaration.reminded')
      .execute();
    expect(trail).toHaveLength(1);
  });

  it('each reader reads the reminder in their own language (keys and values, decision 190)', async () => {
    const read = await readInLanguages(t, 'admin', 'br', 'bacen');
    expect(read.br?.[0]?.title).toBe('Declaração de conformidade Bacen pendente');
    expect(read.es?.[0]?.title).toBe('Declaración de conformidad Bacen pendiente');
    expect(read.en?.[0]?.title).toBe('Bacen conformity declaration pending');
    expect(read.en?.[0]?.description).toContain('15/03/2026');
    expect(read.en?.[0]?.description).not.toBe(read.br?.[0]?.description);
    // the date-range download too: its rows in the reader's language, like its headers
    const email = 'admin.br@demo.regcheck.app';
    await t.deps.db.updateTable('users').set({ lang: 'en' }).where('email', '=', email).execute();
    const today = new Date().toISOString().slice(0, 10);
    const xlsx = await t.get({ as: 'admin', company: 'br' }, `/api/notifications/report?from=${today}&to=${today}`);
    await t.deps.db.updateTable('users').set({ lang: null }).where('email', '=', email).execute();
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => cells.push(...(row.values as unknown[]).map((v) => String(v ?? '')))));
    expect(cells).toContain('Bacen conformity declaration pending');
    expect(cells.join(' ')).not.toContain('Declaração de conformidade');
  });

  it('sends nothing when the declaration was filed', async () => {
    await t.deps.db
      .insertInto('bacenDeclarations')
      .values({ companyId: t.companies.br, month: '2026-03', declaredBy: null })
      .execute();
    expect(await runDeclarationReminder(t.deps, new Date('2026-04-12T08:00:00Z'))).toBe(0);
    expect(await bacenNotes(t.companies.br)).toHaveLength(1);
  });

  it('after the 15th the reminder says the declaration is overdue', async () => {
    expect(await runDeclarationReminder(t.deps, new Date('2026-05-20T08:00:00Z'))).toBe(1);
    const notes = await bacenNotes(t.companies.br);
    const late = notes.find((n) => (n.data as { month?: string } | null)?.month === '2026-04');
    expect(late?.description).toMatch(/15\/05\/2026/);
    expect(late?.description).not.toContain('ainda não foi enviada; vence');
  });

  it('is enqueued once a day', async () => {
    const now = new Date('2026-05-10T08:00:00Z');
    await scheduleDeclarationReminder(t.deps, now);
    await scheduleDeclarationReminder(t.deps, now);
    expect(await t.deps.queue.hasKey(t.deps.db, 'bacen.declarationReminder:2026-05-10')).toBe(true);
  });
});
