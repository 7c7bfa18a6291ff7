import { describe, expect, it } from 'vitest';
import { postFicha } from '../../../test/fichas-fixtures';
import { useTestApp } from '../../../test/harness';
import { currentState } from '../lists/lists.index.service';
import { nextRunDate, runNowJob } from './monitoring.admin.service';
import { scheduleMonthly } from './monitoring.service';

/* The platform's monitoring page: the monthly day, the runs with their counts, "run now", the parameters. */

const t = useTestApp({ RATE_LIMIT_MAX: '100000' });

const call = (method: 'GET' | 'PUT' | 'POST', url: string, as?: string, payload?: unknown) =>
  t.call({ as, method, url: `/api/monitoring${url}`, payload: payload as Record<string, unknown> });

describe('/api/monitoring (platform)', () => {
  it('401 without a token; 403 for company roles; the watcher reads but changes nothing', async () => {
    for (const url of ['/settings', '/runs', '/parameters']) expect((await call('GET', url)).statusCode, url).toBe(401);
    for (const role of ['admin', 'adminNoUser', 'userMonitoring']) {
      expect((await call('GET', '/runs', role)).statusCode, role).toBe(403);
      expect((await call('POST', '/runs', role, {})).statusCode, role).toBe(403);
      expect((await call('PUT', '/settings', role, { monitoringDay: 5 })).statusCode, role).toBe(403);
    }
    expect((await call('GET', '/runs', 'watcher')).statusCode).toBe(200);
    expect((await call('GET', '/parameters', 'watcher')).statusCode).toBe(200);
    expect((await call('POST', '/runs', 'watcher', {})).statusCode).toBe(403);
    expect((await call('PUT', '/settings', 'watcher', { monitoringDay: 5 })).statusCode).toBe(403);
  });

  it('the day of the monthly run: 1 by default, 1 to 28, audited, and the scheduler follows it', async () => {
    expect((await call('GET', '/settings', 'superAdmin')).json()).toMatchObject({ monitoringDay: 1, updatedBy: null });
    for (const bad of [0, 29, 2.5]) {
      const res = await call('PUT', '/settings', 'superAdmin', { monitoringDay: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const set = await call('PUT', '/settings', 'superAdmin', { monitoringDay: 15 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ monitoringDay: 15, updatedBy: 'RegCheck Administrator' });
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['before', 'after', 'userId'])
      .where('action', '=', 'monitoring.settings.updated')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { monitoringDay: 1 }, after: { monitoringDay: 15 } });
    expect(await scheduleMonthly(t.deps, new Date('2026-05-14T10:00:00Z'))).toBe(0);
    expect(await scheduleMonthly(t.deps, new Date('2026-05-15T10:00:00Z'))).toBe(2);
    const params = (await call('GET', '/parameters', 'superAdmin')).json();
    expect(params).toMatchObject({ monitoringDay: 15, companies: 2, onListChange: true, checkEveryMinutes: 60 });
    expect(params.lists.map((l: { id: string }) => l.id)).toContain('pep-register');
    expect(nextRunDate(15, new Date('2026-05-15T10:00:00Z'))).toBe('2026-05-15');
    expect(nextRunDate(15, new Date('2026-05-16T10:00:00Z'))).toBe('2026-06-15');
    // the queued monthly jobs are not this test's business
    await t.deps.db.deleteFrom('jobs').where('name', '=', 'monitoring.monthly').execute();
  });

  it('run now: one audited job (asking again while queued starts nothing), runs recorded with counts and duration', async () => {
    const f = await postFicha(t, {
      personType: 'natural',
      dni: '13.111.222-K',
      dniType: { country: 'CL', document: 'RUT' },
      name: 'Elisa Margarita',
      fatherName: 'Vergara',
      motherName: 'Soto',
    });
    // a PEP registered whose list-change event was lost: only a full run can find the match
    const pep = await t.post('superAdmin', '/api/people', {
      country: 'CL',
      dni: '13.111.222-K',
      name: 'Elisa Margarita Vergara Soto',
      pepLevel: 1,
    });
    expect(pep.statusCode, pep.body).toBe(200);
    // the list change is told to the monitoring after the commit: let it enqueue its job, then lose the job
    await currentState().idle();
    await t.deps.db.deleteFrom('jobs').where('name', '=', 'monitoring.listChanged').execute();

    const first = await call('POST', '/runs', 'superAdmin', {});
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ alreadyQueued: false, companies: 2, jobId: expect.any(String) });
    const second = await call('POST', '/runs', 'superAdmin', {});
    expect(second.json()).toMatchObject({ alreadyQueued: true, jobId: null });
    const audits = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'monitoring.run.requested')
      .execute();
    expect(audits).toHaveLength(1);

    await t.deps.queue.drain();
    const runs = (await call('GET', '/runs', 'watcher')).json();
    expect(runs.count).toBe(2);
    const cl = runs.data.find((r: { companyName: string }) => r.companyName === 'Demo Chile SpA');
    expect(cl).toMatchObject({
      kind: 'manual',
      status: 'finished',
      fichasScreened: 1,
      newMatches: 1,
      notifications: 1,
      fichasUpdated: 1,
      requestedBy: 'RegCheck Administrator',
    });
    expect(cl.lists).toBeGreaterThan(0);
    expect(cl.durationMs).toBeGreaterThanOrEqual(0);
    const br = runs.data.find((r: { companyName: string }) => r.companyName === 'Demo Brasil Ltda');
    expect(br).toMatchObject({ fichasScreened: 0, newMatches: 0, notifications: 0 });
    const ficha = (await t.get('admin', `/api/fichas-clientes/${f.json().id}`)).json();
    expect(ficha.listas.lists.find((l: { listId: string }) => l.listId === 'pep-register')).toMatchObject({
      coincidence: true,
    });
    // the ficha's history says the run found it (decision 246), with no user
    const found = await t.deps.db
      .selectFrom('auditLog')
      .select(['userId', 'after'])
      .where('entityId', '=', f.json().id)
      .where('action', '=', 'ficha.monitoring.match')
      .execute();
    expect(found).toHaveLength(1);
    expect(found[0]?.userId).toBeNull();
    const foundAfter = found[0]?.after;
    expect(typeof foundAfter === 'string' ? JSON.parse(foundAfter) : foundAfter).toMatchObject({
      listId: 'pep-register',
      source: 'monitoring',
    });

    // the job run again for the same request does nothing more (each company's run is claimed once)
    const period = cl.period as string;
    await runNowJob(t.deps, period, null);
    expect((await call('GET', '/runs', 'superAdmin')).json().count).toBe(2);
    // a new request after the first ended is a new run, which finds nothing new
    expect((await call('POST', '/runs', 'superAdmin', {})).json().alreadyQueued).toBe(false);
    await t.deps.queue.drain();
    const later = (await call('GET', '/runs?limit=10', 'superAdmin')).json();
    expect(later.count).toBe(4);
    expect(later.data.filter((r: { newMatches: number }) => r.newMatches > 0)).toHaveLength(1);
  });
});
