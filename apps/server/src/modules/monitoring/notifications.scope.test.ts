import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { runDeadlines } from '../allegations/allegations.jobs';
import { fileReport } from '../allegations/allegations.test-helpers';

/**
 * Whistleblowing stays with its roles (issue 22, point 4): the channel's deadline notifications reach the two
 * allegation roles only (not the company administrator's bell, list, report or home dashboard), and the customers'
 * list-match notifications do not reach the allegation roles.
 */
let t: TestApp;
let code = '';
let allegationNote = '';
let matchNote = '';
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  code = (await fileReport(t)).json().id_denuncia;
  // the acknowledgement is overdue: the daily job raises the channel's notification
  await t.deps.db.updateTable('allegations').set({ acknowledgeDue: '2026-01-05' }).where('code', '=', code).execute();
  await runDeadlines(t.deps, '2026-01-07');
  const notes = await t.deps.db
    .selectFrom('notifications')
    .selectAll()
    .where('companyId', '=', t.companies.cl)
    .execute();
  const mine = notes.find((n) => n.kind === 'allegation' && n.title.includes(code));
  expect(mine, 'the deadline notification').toBeDefined();
  allegationNote = String(mine?.id);
  // a customer's list match, as the list monitoring raises it
  const match = await t.deps.db
    .insertInto('notifications')
    .values({
      companyId: t.companies.cl,
      kind: 'monitoring.match',
      title: 'Nueva coincidencia: Cliente Zeta',
      description: 'Cliente Zeta figura en la lista OFAC',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  matchNote = match.id;
});
afterAll(async () => {
  await t?.close();
});

const ALL = `/api/notifications?filter=${encodeURIComponent(JSON.stringify({ limit: 500 }))}`;
const countOf = (kind: string) => `/api/notifications/count?where=${encodeURIComponent(JSON.stringify({ kind }))}`;
type Role = 'admin' | 'adminNoUser' | 'userMonitoring' | 'denouncesAdmin' | 'denouncesCoordinator';
const get = (as: Role, url: string) => t.get({ as, company: 'cl' }, url);
const ids = async (as: Role) => {
  const r = await get(as, ALL);
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { id: string; kind: string }[]).map((n) => n.id);
};

describe('the channel notifications', () => {
  it("reach the allegation roles, never the company's other roles: list, count, one, mark read, report", async () => {
    for (const role of ['denouncesAdmin', 'denouncesCoordinator'] as const) {
      const list = await ids(role);
      expect(list).toContain(allegationNote);
      expect((await get(role, `/api/notifications/${allegationNote}`)).statusCode).toBe(200);
    }
    for (const role of ['admin', 'adminNoUser', 'userMonitoring'] as const) {
      const list = await get(role, ALL);
      expect(list.body).not.toContain(code);
      expect((list.json() as { kind: string }[]).some((n) => n.kind === 'allegation')).toBe(false);
      const one = await get(role, `/api/notifications/${allegationNote}`);
      expect(one.statusCode).toBe(404);
      expect(one.json().code).toBe('NOTIFICATION_NOT_FOUND');
      const count = await get(role, countOf('allegation'));
      expect(count.json()).toEqual({ count: 0 });
    }
    // marking it read is refused to the administrator, and "mark all read" leaves it unread for its roles
    const mark = await t.patch({ as: 'admin', company: 'cl' }, '/api/notifications/read', { ids: [allegationNote] });
    expect(mark.statusCode).toBe(404);
    await t.patch({ as: 'admin', company: 'cl' }, '/api/notifications/read', {});
    expect((await get('denouncesAdmin', `/api/notifications/${allegationNote}`)).json().read).toBe(false);
    // the administrator's download of the period holds the list match and not the report
    const xlsx = await get('admin', `/api/notifications/report?from=${today}&to=${today}`);
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => cells.push(...(row.values as unknown[]).map((v) => String(v ?? '')))));
    expect(cells.join(' ')).toContain('Cliente Zeta');
    expect(cells.join(' ')).not.toContain(code);
  });

  it("stay off the company administrator's home dashboard (latest notifications and their count)", async () => {
    const dash = await get('admin', '/api/home-dashboard');
    expect(dash.statusCode, dash.body).toBe(200);
    expect(dash.body).not.toContain(code);
    const all = await t.deps.db
      .selectFrom('notifications')
      .select(['kind'])
      .where('companyId', '=', t.companies.cl)
      .execute();
    expect(dash.json().activity.notifications).toBe(all.filter((n) => n.kind !== 'allegation').length);
  });
});

describe("the customers' notifications", () => {
  it('do not reach the allegation roles', async () => {
    for (const role of ['denouncesAdmin', 'denouncesCoordinator'] as const) {
      const list = await get(role, ALL);
      expect(list.body).not.toContain('Cliente Zeta');
      expect((list.json() as { kind: string }[]).every((n) => n.kind === 'allegation')).toBe(true);
      expect((await get(role, `/api/notifications/${matchNote}`)).statusCode).toBe(404);
      expect((await get(role, countOf('monitoring.match'))).json()).toEqual({
        count: 0,
      });
    }
    expect(await ids('admin')).toContain(matchNote);
  });
});
