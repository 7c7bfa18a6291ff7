import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './scheduler';

function logger() {
  const errors: unknown[][] = [];
  return { log: { error: (...a: unknown[]) => errors.push(a) } as unknown as FastifyBaseLogger, errors };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the scheduler (decision 266)', () => {
  it('runs each declared schedule when started and then every period; stops with the process', async () => {
    vi.useFakeTimers();
    const { log } = logger();
    const s = new Scheduler(log);
    const runs: string[] = [];
    s.add({ name: 'a.hourly', everyMs: 3_600_000, failure: 'a failed', run: async () => runs.push('a') });
    s.add({ name: 'b.later', everyMs: 60_000, atStart: false, failure: 'b failed', run: async () => runs.push('b') });
    expect(s.declared).toEqual([
      { name: 'a.hourly', everyMs: 3_600_000 },
      { name: 'b.later', everyMs: 60_000 },
    ]);
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(3_540_000);
    expect(runs.filter((r) => r === 'a')).toHaveLength(2);
    expect(runs.filter((r) => r === 'b')).toHaveLength(60);
    await s.stop();
    await vi.advanceTimersByTimeAsync(7_200_000);
    expect(runs.filter((r) => r === 'a')).toHaveLength(2);
  });

  it('a failed run is logged with its sentence and the next tick runs again; a name declared twice is refused', async () => {
    vi.useFakeTimers();
    const { log, errors } = logger();
    const s = new Scheduler(log);
    let calls = 0;
    s.add({
      name: 'flaky',
      everyMs: 1000,
      failure: 'the flaky check could not be scheduled',
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
      },
    });
    expect(() => s.add({ name: 'flaky', everyMs: 5, failure: 'x', run: async () => 0 })).toThrow(/twice/);
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.[1]).toBe('the flaky check could not be scheduled');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
    await s.stop();
  });

  it('stop waits for a run under way', async () => {
    const { log } = logger();
    const s = new Scheduler(log);
    let finished = false;
    s.add({
      name: 'slow',
      everyMs: 3_600_000,
      failure: 'x',
      run: () =>
        new Promise((r) =>
          setTimeout(() => {
            finished = true;
            r(undefined);
          }, 50),
        ),
    });
    s.start();
    await s.stop();
    expect(finished).toBe(true);
  });
});
