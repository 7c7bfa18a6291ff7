import { describe, expect, it } from 'vitest';
import { createBusyCounter, reflectBusy } from './busy';
import { createLoadingBarController, type LoadingBarState } from './loading-bar-controller';

describe('busy counter', () => {
  it('never goes below 0', () => {
    const busy = createBusyCounter();
    busy.done();
    expect(busy.count()).toBe(0);
    busy.start();
    busy.start();
    busy.done();
    busy.done();
    busy.done();
    expect(busy.count()).toBe(0);
  });
});

describe('aria-busy', () => {
  it('is true while work is under way and false once the last piece ends', () => {
    const counter = createBusyCounter();
    const attrs = new Map<string, string>();
    const stop = reflectBusy({ setAttribute: (k: string, v: string) => attrs.set(k, v) }, counter);
    expect(attrs.get('aria-busy')).toBe('false');
    counter.start();
    counter.start();
    expect(attrs.get('aria-busy')).toBe('true');
    counter.done();
    expect(attrs.get('aria-busy')).toBe('true');
    counter.done();
    expect(attrs.get('aria-busy')).toBe('false');
    stop();
    counter.start();
    expect(attrs.get('aria-busy')).toBe('false');
  });
});

describe('loading bar', () => {
  function fakeTimers() {
    let now = 0;
    const queue: { at: number; fn: () => void; id: number }[] = [];
    let nextId = 1;
    return {
      timers: {
        setTimeout: (fn: () => void, ms: number) => {
          const id = nextId++;
          queue.push({ at: now + ms, fn, id });
          return id;
        },
        clearTimeout: (id: unknown) => {
          const i = queue.findIndex((q) => q.id === id);
          if (i >= 0) queue.splice(i, 1);
        },
      },
      advance(ms: number) {
        const end = now + ms;
        for (;;) {
          queue.sort((a, b) => a.at - b.at);
          const next = queue[0];
          if (!next || next.at > end) break;
          queue.shift();
          now = next.at;
          next.fn();
        }
        now = end;
      },
    };
  }

  it('stays hidden for work shorter than the 200 ms throttle', () => {
    const clock = fakeTimers();
    const states: LoadingBarState[] = [];
    const bar = createLoadingBarController((s) => states.push(s), clock.timers);
    bar.update(1);
    clock.advance(150);
    bar.update(0);
    clock.advance(1000);
    expect(states).toEqual([]);
  });

  it('shows, creeps below 100, completes and hides 500 ms later', () => {
    const clock = fakeTimers();
    const bar = createLoadingBarController(() => {}, clock.timers);
    bar.update(1);
    clock.advance(250);
    expect(bar.state().visible).toBe(true);
    clock.advance(10_000);
    expect(bar.state().progress).toBeLessThanOrEqual(90);
    bar.update(0);
    expect(bar.state()).toEqual({ visible: true, progress: 100 });
    clock.advance(499);
    expect(bar.state().visible).toBe(true);
    clock.advance(1);
    expect(bar.state()).toEqual({ visible: false, progress: 0 });
  });
});
