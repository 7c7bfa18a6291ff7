import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { readInLanguages } from '../../../test/notification-languages';
import { Scheduler } from '../../jobs/scheduler';
import { addDays, chileDate, MISSING_HOLIDAYS_LOG } from './allegations.deadlines';
import { DEADLINES_JOB, runDeadlines, scheduleDaily } from './allegations.jobs';
import { allegationsModule } from './allegations.module';
import { fileReport } from './allegations.test-helpers';

/** The daily deadline job (issue 10, point 4): the reminder before a deadline, the notice after it, the schedule. */
let t: TestApp;
let report: { id: string; code: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  const res = (await fileReport(t)).json();
  const row = await t.deps.db
    .selectFrom('allegations')
    .select('id')
    .where('code', '=', res.id_denuncia)
    .executeTakeFirstOrThrow();
  report = { id: row.id, code: res.id_denuncia };
});
afterAll(async () => {
  await t?.close();
});

const mailsOf = async (code: string) =>
  (await t.deps.db.selectFrom('outbox').selectAll().where('kind', '=', 'allegation.deadline').execute()).filter((m) =>
    m.subject.includes(code),
  );
const notesOf = async (id: string) =>
  (await t.deps.db.selectFrom('notifications').selectAll().where('kind', '=', 'allegation').execute()).filter(
    (n) => (n.data as { allegationId?: string } | null)?.allegationId === id,
  );

describe('the reminder before a deadline', () => {
  it('reminds the administrator two days before the acknowledgement is due, once; then the assignee too when it passes', async () => {
    await t.deps.db
      .updateTable('allegations')
      .set({ acknowledgeDue: '2026-03-12', feedbackDue: '2026-06-12', investigationDue: null, status: 'received' })
      .where('id', '=', report.id)
      .execute();
    // three days before: nothing yet (the company reminds 2 days before by default)
    await runDeadlines(t.deps, '2026-03-09');
    expect(await mailsOf(report.code)).toHaveLength(0);
    // two days before: the reminder, in Spanish (the company's language), naming the report, the deadline and the date
    await runDeadlines(t.deps, '2026-03-10');
    const soon = await mailsOf(report.code);
    expect(soon.map((m) => m.toAddress)).toEqual(['denouncesadmin.cl@demo.regcheck.app']);
    expect(soon[0]?.subject).toBe(`Denuncia ${report.code}: el plazo de acuse de recibo vence el 12/03/2026`);
    expect(soon[0]?.textBody).toContain(`/home/denounces/${report.id}`);
    expect(soon[0]?.textBody).not.toContain('Facturas');
    const [note] = await notesOf(report.id);
    expect(note?.data).toMatchObject({ deadline: 'acknowledge', due: '2026-03-12', stage: 'soon' });
    // the day before and on the day: already reminded
    await runDeadlines(t.deps, '2026-03-11');
    await runDeadlines(t.deps, '2026-03-12');
    expect(await mailsOf(report.code)).toHaveLength(1);

    // assigned to the coordinator, whose language is English: the notice when it passes reaches both
    const coordinator = await t.deps.db
      .selectFrom('users')
      .select(['id'])
      .where('email', '=', 'denouncescoordinator.cl@demo.regcheck.app')
      .executeTakeFirstOrThrow();
    await t.deps.db.updateTable('users').set({ lang: 'en' }).where('id', '=', coordinator.id).execute();
    await t.deps.db
      .updateTable('allegations')
      .set({ assignedTo: coordinator.id })
      .where('id', '=', report.id)
      .execute();
    await runDeadlines(t.deps, '2026-03-13');
    const all = await mailsOf(report.code);
    const passed = all.filter((m) => !soon.some((s) => s.id === m.id));
    expect(passed.map((m) => m.toAddress).sort()).toEqual([
      'denouncesadmin.cl@demo.regcheck.app',
      'denouncescoordinator.cl@demo.regcheck.app',
    ]);
    const en = passed.find((m) => m.toAddress.startsWith('denouncescoordinator'));
    expect(en?.subject).toMatch(new RegExp(`^Report ${report.code}: .*12/03/2026`));
    expect(passed.find((m) => m.toAddress.startsWith('denouncesadmin'))?.subject).toContain('venció');
    expect((await notesOf(report.id)).map((n) => (n.data as { stage: string }).stage).sort()).toEqual([
      'passed',
      'soon',
    ]);
    await runDeadlines(t.deps, '2026-03-20');
    expect(await mailsOf(report.code)).toHaveLength(3);
    // the in-app notices read in each reader's language, whatever the company's (keys and values, decision 190)
    const read = await readInLanguages(t, 'denouncesAdmin', 'cl', 'allegation');
    const mine = (l: string) => (read[l] ?? []).filter((n) => n.title.includes(report.code)).map((n) => n.title);
    expect(mine('es')).toContain(`Denuncia ${report.code}: el plazo de acuse de recibo vence el 12/03/2026`);
    expect(mine('en')).toContain(`Report ${report.code}: the acknowledgement deadline is 12/03/2026`);
    expect(mine('en')).toContain(`Report ${report.code}: the acknowledgement deadline passed (12/03/2026)`);
    expect(mine('br').join(' ')).not.toMatch(/Denuncia |plazo/);

    // acknowledged: the next deadline (feedback, 12 June) is reminded on its own, from 10 June
    await t.deps.db.updateTable('allegations').set({ status: 'acknowledged' }).where('id', '=', report.id).execute();
    await runDeadlines(t.deps, '2026-06-09');
    expect(await mailsOf(report.code)).toHaveLength(3);
    await runDeadlines(t.deps, '2026-06-10');
    expect(await mailsOf(report.code)).toHaveLength(5);
    // a closed report is never reminded
    await t.deps.db.updateTable('allegations').set({ status: 'resolved' }).where('id', '=', report.id).execute();
    await runDeadlines(t.deps, '2026-07-01');
    expect(await mailsOf(report.code)).toHaveLength(5);
  });
});

describe('the daily schedule', () => {
  const jobsOf = () =>
    t.deps.db.selectFrom('jobs').select(['singletonKey', 'payload']).where('name', '=', DEADLINES_JOB).execute();

  it('enqueues one run per Chilean day, however often the hourly timer ticks', async () => {
    // 01:30 UTC on 5 May is still 4 May in Santiago
    await scheduleDaily(t.deps, new Date('2026-05-05T01:30:00Z'));
    await scheduleDaily(t.deps, new Date('2026-05-05T02:30:00Z'));
    await scheduleDaily(t.deps, new Date('2026-05-05T03:59:00Z'));
    await scheduleDaily(t.deps, new Date('2026-05-05T05:00:00Z'));
    await scheduleDaily(t.deps, new Date('2026-05-05T23:00:00Z'));
    const keys = (await jobsOf()).map((j) => j.singletonKey).filter((k) => k?.includes(':2026-05-0'));
    expect(keys.sort()).toEqual([`${DEADLINES_JOB}:2026-05-04`, `${DEADLINES_JOB}:2026-05-05`]);
  });

  it('the started module schedules today at once and the queued run sends what is due today', async () => {
    const today = chileDate(new Date());
    await t.deps.db
      .updateTable('allegations')
      .set({ status: 'received', acknowledgeDue: addDays(today, -1), assignedTo: null })
      .where('id', '=', report.id)
      .execute();
    await t.deps.db.deleteFrom('allegationNotices').where('allegationId', '=', report.id).execute();
    const mailsBefore = (await mailsOf(report.code)).length;
    // the module's declared schedules, started as a process that runs the schedules starts them (decision 266)
    const scheduler = new Scheduler(t.deps.log);
    for (const s of allegationsModule.schedules?.(t.deps) ?? []) scheduler.add(s);
    scheduler.start();
    await scheduler.stop();
    // the first tick runs without waiting for the hour
    for (let i = 0; i < 50 && !(await t.deps.queue.hasKey(t.deps.db, `${DEADLINES_JOB}:${today}`)); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await t.deps.queue.hasKey(t.deps.db, `${DEADLINES_JOB}:${today}`)).toBe(true);
    await t.deps.queue.drain();
    const mails = await mailsOf(report.code);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)?.subject).toContain('venció');
  });
});

describe('a Ley Karin deadline past the holiday data', () => {
  it('is counted on weekdays only (the earliest date) and the server logs an error naming the year', async () => {
    const res = (await fileReport(t)).json();
    const { id } = await t.deps.db
      .selectFrom('allegations')
      .select('id')
      .where('code', '=', res.id_denuncia)
      .executeTakeFirstOrThrow();
    // filed on Wednesday 15 December 2027 (Chile), then recognised as harassment: 30 business days reach 2028
    await t.deps.db
      .updateTable('allegations')
      .set({ createdAt: new Date('2027-12-15T15:00:00Z') })
      .where('id', '=', id)
      .execute();
    const errors = vi.spyOn(t.deps.log, 'error');
    try {
      const r = await t.patch('denouncesAdmin', `/api/denuncia/${id}`, { category: 'harassment' });
      expect(r.statusCode, r.body).toBe(200);
      const row = await t.deps.db
        .selectFrom('allegations')
        .select(['investigationDue', 'leyKarin'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ investigationDue: '2028-01-26', leyKarin: true });
      expect(errors).toHaveBeenCalledWith(expect.objectContaining({ year: 2028 }), MISSING_HOLIDAYS_LOG);
    } finally {
      errors.mockRestore();
    }
  });
});
