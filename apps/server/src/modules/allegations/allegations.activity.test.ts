import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { fileReport, PNG, solved } from './allegations.test-helpers';

/**
 * The case history of a report (issue 27 point 5, decision 182): assignments, openings and downloads by staff users,
 * with who did them, in the handlers' detail only; the reporter's view never shows them and nothing the reporter
 * wrote is stored with them.
 */
let t: TestApp;
let report: { id: string; code: string; pin: string };
const people: Record<'admin' | 'coordinator', { id: string; name: string }> = {
  admin: { id: '', name: '' },
  coordinator: { id: '', name: '' },
};
const REPORTER = { reporterName: 'Rosa Denunciante Lagos', reporterEmail: 'rosa.denunciante@correo.cl' };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  const filed = (
    await fileReport(t, { anonymous: false, ...REPORTER }, [{ name: 'foto-bodega.png', bytes: PNG }])
  ).json();
  const row = await t.deps.db
    .selectFrom('allegations')
    .select('id')
    .where('code', '=', filed.id_denuncia)
    .executeTakeFirstOrThrow();
  report = { id: row.id, code: filed.id_denuncia, pin: filed.pin };
  for (const [key, role] of [
    ['admin', 'denouncesadmin'],
    ['coordinator', 'denouncescoordinator'],
  ] as const)
    people[key] = await t.deps.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', `${role}.cl@demo.regcheck.app`)
      .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t?.close();
});

type Activity = {
  kind: string;
  userName: string;
  assigneeName: string | null;
  previousAssigneeName: string | null;
  fileName: string | null;
  createdAt: string;
};
const detail = async (as: 'denouncesAdmin' | 'denouncesCoordinator') => {
  const res = await t.get(as, `/api/denuncia/${report.id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { activity: Activity[]; files: { id: string; name: string }[] };
};
const assign = (as: 'denouncesAdmin' | 'denouncesCoordinator', userId: string | null) =>
  t.post(as, '/api/denuncia-assign', { denunciaId: report.id, userId });
const stored = () =>
  t.deps.db.selectFrom('allegationActivity').selectAll().where('allegationId', '=', report.id).execute();

describe("a report's history: assignments, readings and downloads by staff users", () => {
  it('records who assigned whom, who opened the case (once an hour) and who downloaded what, with its actor', async () => {
    // the allegations administrator opens the case and gives it to the coordinator
    const first = await detail('denouncesAdmin');
    expect(first.activity).toEqual([
      expect.objectContaining({ kind: 'viewed', userName: people.admin.name, assigneeName: null, fileName: null }),
    ]);
    expect((await assign('denouncesAdmin', people.coordinator.id)).statusCode).toBe(200);
    // assigning the same person again changes nothing and is no new line
    expect((await assign('denouncesAdmin', people.coordinator.id)).statusCode).toBe(200);

    // the coordinator opens it twice within the hour: one line
    await detail('denouncesCoordinator');
    const again = await detail('denouncesCoordinator');
    expect(again.activity.map((a) => [a.kind, a.userName])).toEqual([
      ['viewed', people.admin.name],
      ['assigned', people.admin.name],
      ['viewed', people.coordinator.name],
    ]);
    expect(again.activity[1]).toMatchObject({ assigneeName: people.coordinator.name, previousAssigneeName: null });

    // an hour after the last recorded opening, an opening is a new line
    await t.deps.db
      .updateTable('allegationActivity')
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where('allegationId', '=', report.id)
      .where('userId', '=', people.coordinator.id)
      .execute();
    const later = await detail('denouncesCoordinator');
    expect(later.activity.filter((a) => a.kind === 'viewed' && a.userName === people.coordinator.name)).toHaveLength(2);

    // the coordinator downloads the reporter's file; the administrator downloads the list export
    const file = later.files[0] as { id: string; name: string };
    const download = await t.get('denouncesCoordinator', `/api/denuncia/${report.id}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    const exported = await t.get('denouncesAdmin', '/api/denuncia/export');
    expect(exported.statusCode).toBe(200);

    // the coordinator hands it back to nobody
    expect((await assign('denouncesCoordinator', null)).statusCode).toBe(200);

    const last = (await detail('denouncesAdmin')).activity;
    const acts = last.filter((a) => a.kind !== 'viewed');
    expect(acts).toEqual([
      expect.objectContaining({ kind: 'assigned', userName: people.admin.name, assigneeName: people.coordinator.name }),
      expect.objectContaining({ kind: 'file_downloaded', userName: people.coordinator.name, fileName: file.name }),
      expect.objectContaining({ kind: 'exported', userName: people.admin.name }),
      expect.objectContaining({
        kind: 'assigned',
        userName: people.coordinator.name,
        assigneeName: null,
        previousAssigneeName: people.coordinator.name,
      }),
    ]);
    // oldest first
    const times = last.map((a) => Date.parse(a.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('stores nothing of the reporter: only who acted, on which report, to whom and which file', async () => {
    const rows = await stored();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual(
        [
          'id',
          'companyId',
          'allegationId',
          'kind',
          'userId',
          'assigneeId',
          'previousAssigneeId',
          'fileId',
          'createdAt',
        ].sort(),
      );
      const text = JSON.stringify(r);
      expect(text).not.toContain(REPORTER.reporterName);
      expect(text).not.toContain(REPORTER.reporterEmail);
      expect(text).not.toContain('foto-bodega');
      expect([people.admin.id, people.coordinator.id]).toContain(r.userId);
    }
  });

  it("is never in the reporter's view, and only the two allegation roles read it", async () => {
    const payload = { companyId: t.companies.cl, id_denuncia: report.code, pin: report.pin, captcha: await solved(t) };
    const pub = await t.app.inject({ method: 'POST', url: '/api/denuncia-public/detail', payload });
    expect(pub.statusCode).toBe(200);
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/chat-denuncias-public/detail',
      payload: { companyId: t.companies.cl, denunciaId: report.code, pin: report.pin, captcha: await solved(t) },
    });
    expect(chat.statusCode).toBe(200);
    for (const res of [pub, chat]) {
      const text = res.body;
      expect(res.json()).not.toHaveProperty('activity');
      expect(text).not.toContain(people.admin.name);
      expect(text).not.toContain(people.coordinator.name);
      expect(text).not.toMatch(/viewed|file_downloaded|exported|assigned/);
    }
    // the reporter's reading is not a line of the history
    const before = (await stored()).length;
    await t.app.inject({
      method: 'POST',
      url: '/api/denuncia-public/detail',
      payload: { ...payload, captcha: await solved(t) },
    });
    expect((await stored()).length).toBe(before);

    // the spec's role table: allegations belong to denouncesAdmin and denouncesCoordinator only
    for (const role of ['admin', 'adminNoUser', 'frontdesk', 'supervisor', 'auditor', 'userMonitoring'] as const) {
      const res = await t.get(role, `/api/denuncia/${report.id}`);
      expect(res.statusCode, role).toBe(403);
    }
    const other = await t.get({ as: 'denouncesAdmin', company: 'br' }, `/api/denuncia/${report.id}`);
    expect(other.statusCode).toBe(404);
    // neither a refused nor another company's reading is a line
    expect((await stored()).length).toBe(before);
  });
});
