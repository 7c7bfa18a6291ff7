import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentState } from '../src/modules/lists/lists.index';
import { createTestApp, type TestApp } from './harness';
import { generatedListCsv, generatedName } from './list-gen';

/*
 * Long work never stops the process from answering: a list of ROWS entries (50,000 by default, EVENT_LOOP_ROWS)
 * is imported in-process (upload, parse, store, activate, reload of the screening index, the snapshot of the new
 * index saved) while a probe measures
 * the longest stall of the event loop, counted in CPU time of this process (a wall-clock gap also holds the time
 * spent waiting for a core). The test asserts a ratio measured in the same run, which a busy machine changes far
 * less than an absolute figure (decision 206): the longest stall is under a twentieth of the CPU time the whole import
 * took. Split into pieces, the longest is about 1% (50-145 ms of some 5-10 s); with the snapshot encoded in one
 * piece it was 6.6% here and 21% in a CI run on PostgreSQL (decision 252); before the import was split it was
 * one stall of 15,093 ms, most of the work. An absolute bound applies only when EVENT_LOOP_BOUND_MS is set (a
 * benchmark run on a quiet machine); the figures are printed and recorded in docs/benchmarks.md.
 */
const ROWS = Number(process.env.EVENT_LOOP_ROWS ?? 50_000);
const BOUND_MS = process.env.EVENT_LOOP_BOUND_MS ? Number(process.env.EVENT_LOOP_BOUND_MS) : null;
/** the longest stall, as a share of the import's CPU time */
const MAX_SHARE = 0.05;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * The longest gap between ticks of a 5 ms timer (wall clock), and the longest such gap counted in CPU time the
 * process used during it: on a shared machine a wall-clock gap also holds time the process waited for a core,
 * while the CPU figure is the time this process kept the loop busy.
 */
function stallProbe() {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  let longestCpu = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    longest = Math.max(longest, now - last);
    longestCpu = Math.max(longestCpu, Math.min(now - last, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
  };
  const timer = setInterval(tick, 5);
  return {
    stop() {
      clearInterval(timer);
      h.disable();
      tick();
      return {
        longestGapMs: Math.round(longest),
        longestBusyMs: Math.round(longestCpu),
        histogramMaxMs: Math.round(h.max / 1e6),
      };
    },
  };
}

describe('the event loop during a large list import', () => {
  it(`imports ${ROWS} rows without a stall over the bound`, { timeout: 1_200_000 }, async () => {
    const csv = generatedListCsv(ROWS);
    // the snapshot saved when the test app started may still be under way: it is not the import's
    await currentState().idle();
    const saved = currentState().stats.snapshotsSaved;
    const probe = stallProbe();
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const res = await t.call({
      as: 'superAdmin',
      method: 'POST',
      url: '/api/lists/interpol/import',
      payload: { content: csv, label: 'generated' },
    });
    expect(res.statusCode).toBe(202);
    const accepted = performance.now() - t0;
    // the import job only: the monitoring job it enqueues (every company's fichas against the new list) is
    // measured apart below
    expect(await t.deps.queue.drain(1)).toBe(1);
    // and the snapshot of the new index this process saves after it (decision 245), encoded in slices (decision 252)
    await currentState().idle();
    // at least one save after the import (a change told twice may give one more save after it; decision 245)
    expect(currentState().stats.snapshotsSaved).toBeGreaterThan(saved);
    const total = performance.now() - t0;
    const spent = process.cpuUsage(cpu0);
    const cpuMs = Math.round((spent.user + spent.system) / 1000);
    const stall = probe.stop();
    const v = await t.call({
      as: 'superAdmin',
      method: 'GET',
      url: `/api/lists/interpol/versions/${res.json().version.id}`,
    });
    expect(v.json()).toMatchObject({ status: 'active', entityCount: ROWS });
    const hit = currentState().index.search({ name: generatedName(ROWS - 7) }, { lists: ['interpol'] });
    expect(hit[0]?.entity.id).toBe(`G${ROWS - 7}`);
    console.log(
      `event loop: ${ROWS} rows imported in ${Math.round(total)} ms (upload answered in ${Math.round(accepted)} ms); ` +
        `longest stall ${stall.longestGapMs} ms wall, ${stall.longestBusyMs} ms of it busy, of ${cpuMs} ms of CPU ` +
        `for the import (${((100 * stall.longestBusyMs) / Math.max(1, cpuMs)).toFixed(1)}%, bound ${100 * MAX_SHARE}%` +
        `${BOUND_MS === null ? '' : ` and ${BOUND_MS} ms`}), ` +
        `load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
    );
    expect(stall.longestBusyMs).toBeLessThan(cpuMs * MAX_SHARE);
    if (BOUND_MS !== null) expect(stall.longestBusyMs).toBeLessThan(BOUND_MS);

    // EVENT_LOOP_MONITORING=1 also measures the monitoring job the import enqueued (about 15 s here)
    if (process.env.EVENT_LOOP_MONITORING !== '1') return;
    const after = stallProbe();
    const m0 = performance.now();
    const jobs = await t.deps.queue.drain();
    const monitoring = after.stop();
    console.log(
      `event loop: then ${jobs} job(s) (monitoring of the fichas against the new list) in ${Math.round(performance.now() - m0)} ms; ` +
        `longest stall ${monitoring.longestGapMs} ms wall, ${monitoring.longestBusyMs} ms busy (not bounded here: monitoring's reverse screening)`,
    );
  });
});
