import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { currentState } from '../src/modules/lists';
import { createTestApp, type TestApp, useTestApp } from './harness';

const t = useTestApp();

describe('the database job queue', () => {
  it('retries a failing job with backoff, then succeeds; a singleton is queued once', async () => {
    let calls = 0;
    t.deps.queue.register(
      'test.flaky',
      async () => {
        calls++;
        if (calls < 2) throw new Error('temporary');
      },
      { backoffSeconds: 0 },
    );
    const id = await t.deps.queue.enqueue(t.deps.db, 'test.flaky', { x: 1 }, { singletonKey: 'flaky-1' });
    const dup = await t.deps.queue.enqueue(t.deps.db, 'test.flaky', { x: 1 }, { singletonKey: 'flaky-1' });
    expect(id).toBeTruthy();
    expect(dup).toBeNull();
    await t.deps.queue.drain();
    const job = await t.deps.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id as string)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(calls).toBe(2);
  });

  it('gives up after the maximum attempts and keeps the error', async () => {
    t.deps.queue.register(
      'test.broken',
      async () => {
        throw new Error('always broken');
      },
      { backoffSeconds: 0, maxAttempts: 3 },
    );
    const id = (await t.deps.queue.enqueue(t.deps.db, 'test.broken', {})) as string;
    await t.deps.queue.drain();
    const job = await t.deps.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'always broken' });
  });

  it('a job enqueued in a transaction that rolls back never runs', async () => {
    let ran = false;
    t.deps.queue.register('test.tx', async () => {
      ran = true;
    });
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await t.deps.queue.enqueue(trx, 'test.tx', {});
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await t.deps.queue.drain();
    expect(ran).toBe(false);
  });
});

describe('the periodic work of the modules (decision 266)', () => {
  it('is declared once in the app: who runs what and how often, and a tick enqueues the day’s job once', async () => {
    expect(t.deps.scheduler.declared.map((s) => `${s.name} every ${s.everyMs / 60_000} min`).sort()).toEqual([
      'allegations.deadlines every 60 min',
      'bacen.declaration-reminder every 60 min',
      'ficha-reviews.overdue every 60 min',
      'monitoring.monthly every 60 min',
      'reports.coaf-due-notices every 60 min',
      'reports.flows every 60 min',
    ]);
    // the test app does not run the schedules (REGCHECK_SCHEDULES=0): a tick by hand, twice, queues one job
    const queued = () =>
      t.deps.db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', 'allegations.deadlines')
        .execute()
        .then((r) => r.length);
    const before = await queued();
    await t.deps.scheduler.tick('allegations.deadlines');
    await t.deps.scheduler.tick('allegations.deadlines');
    expect(await queued()).toBe(before + 1);
  });
});

describe('the event bus of the modules (decision 281)', () => {
  it('is declared in the modules’ registrations: who listens to whom, in the transaction or as a job', () => {
    expect(t.deps.bus.declared.map((l) => `${l.event} -> ${l.listener} (${l.via})`).sort()).toEqual([
      'ficha.screened -> monitoring.ficha-matches (transaction)',
      'fichas.hardDeleted -> operations.fichas-deleted (transaction)',
      'fichas.restored -> operations.fichas-restored (transaction)',
      'fichas.softDeleted -> operations.fichas-trashed (transaction)',
      'list.changed -> monitoring.listChanged (queue)',
      'mail.delivered -> forms.mail-delivered (transaction)',
      'mail.failed -> forms.mail-failed (transaction)',
    ]);
    // the questions one module answers for another that may not import it (decision 287)
    expect(t.deps.bus.answered.sort()).toEqual(['fichas.associates', 'operations.formStatuses']);
  });

  it('two apps in one process hear only their own events; stopping one leaves the other its listeners', async () => {
    // the monitoring job a list change enqueues, in one app's database
    const told = async (x: TestApp) =>
      (
        await x.deps.db.selectFrom('jobs').select('payload').where('name', '=', 'monitoring.listChanged').execute()
      ).filter((j) => JSON.stringify(j.payload).includes('interpol')).length;
    const addInterpol = async (x: TestApp, name: string) => {
      const res = await x.call({ as: 'superAdmin', method: 'POST', url: '/api/interpol', payload: { name } });
      expect(res.statusCode, res.body).toBe(200);
      await currentState().idle();
    };
    const before = await told(t);
    const other = await createTestApp();
    const heard: string[] = [];
    const off = t.deps.bus.on('fichas.restored', async (e) => {
      heard.push(e.companyId);
    });
    try {
      await addInterpol(other, 'Carlos Ilich Ramirez');
      expect(await told(other)).toBeGreaterThan(0);
      // the other app's change reached its own listener's job only
      expect(await told(t)).toBe(before);
      // its in-transaction events too: this app's watcher hears none of them
      await other.deps.db.transaction().execute(async (trx) => {
        await other.deps.bus.emit('fichas.restored', {
          trx,
          companyId: other.companies.cl,
          fichaIds: [],
          userId: null,
        });
      });
      expect(heard).toEqual([]);
    } finally {
      off();
      await other.close();
    }
    // stopped, the other app holds no listener; this one still has all of its own and hears its list changes
    expect(other.deps.bus.declared).toEqual([]);
    expect(other.deps.bus.answered).toEqual([]);
    expect(other.deps.bus.answerer('operations.formStatuses')).toBeUndefined();
    expect(t.deps.bus.declared).toHaveLength(7);
    expect(t.deps.bus.answerer('operations.formStatuses')).toBeTypeOf('function');
    await addInterpol(t, 'Abimael Guzman');
    expect(await told(t)).toBe(before + 1);
  });
});

// moved from crash.test.ts, whose child servers run on the embedded database only: this one runs on both databases
describe('job heartbeats', () => {
  it('a job whose process died on its last attempt ends failed, saying so; a fresh heartbeat is not taken', async () => {
    const failed: string[] = [];
    let ran = 0;
    t.deps.queue.register(
      'test.crashy',
      async () => {
        ran++;
      },
      { maxAttempts: 2, onFailed: async (_p, error) => void failed.push(error) },
    );
    const insert = (attempts: number, lockedAgoSeconds: number) =>
      sql<{ id: string }>`insert into jobs (name, status, attempts, max_attempts, locked_at, locked_by)
        values ('test.crashy', 'running', ${attempts}, 2, now() - make_interval(secs => ${lockedAgoSeconds}), 'dead:1')
        returning id`
        .execute(t.deps.db)
        .then((r) => r.rows[0]?.id as string);
    const fresh = await insert(1, 5);
    const resumed = await insert(1, 120);
    const lastAttempt = await insert(2, 120);
    await t.deps.queue.drain();
    const rows = await t.deps.db
      .selectFrom('jobs')
      .select(['id', 'status', 'attempts', 'lastError'])
      .where('name', '=', 'test.crashy')
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(fresh)).toMatchObject({ status: 'running', attempts: 1 });
    expect(byId.get(resumed)).toMatchObject({ status: 'done', attempts: 2 });
    expect(byId.get(lastAttempt)?.status).toBe('failed');
    expect(byId.get(lastAttempt)?.lastError).toMatch(/process running it stopped/);
    expect(ran).toBe(1);
    expect(failed).toHaveLength(1);
  });
});
