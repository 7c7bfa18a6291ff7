import { describe, expect, it } from 'vitest';
import { Admission } from './admission';

const settled = async <T>(p: Promise<T>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await new Promise((r) => setImmediate(r));
  return done;
};

describe('Admission (decision 258)', () => {
  it('lets in up to the limit at once, then one more per place given back, in arrival order', async () => {
    const a = new Admission(2);
    const [t1, t2, t3, t4] = [a.enter(), a.enter(), a.enter(), a.enter()];
    expect(await settled(t1.admitted)).toBe(true);
    expect(await settled(t2.admitted)).toBe(true);
    expect(await settled(t3.admitted)).toBe(false);
    expect(a.queued).toBe(2);
    t2.release();
    expect(await settled(t3.admitted)).toBe(true);
    expect(await settled(t4.admitted)).toBe(false);
    t3.release();
    t3.release(); // a second release gives nothing back twice
    expect(await settled(t4.admitted)).toBe(true);
    expect(a.active).toBe(2);
    t1.release();
    t4.release();
    expect(a.active).toBe(0);
  });

  it('a request that leaves before its turn takes no place and keeps nobody waiting', async () => {
    const a = new Admission(1);
    const first = a.enter();
    const gone = a.enter();
    const next = a.enter();
    gone.release();
    expect(a.queued).toBe(1);
    first.release();
    expect(await settled(next.admitted)).toBe(true);
    expect(await settled(gone.admitted)).toBe(false);
    next.release();
    expect(a.active).toBe(0);
  });
});

describe('asideFromLine (decision 258)', () => {
  it('a request waiting for another server gives its place to the next one and takes a turn again after', async () => {
    const { asideFromLine, currentTicket } = await import('./admission');
    const a = new Admission(1);
    const first = a.enter();
    const second = a.enter();
    let answer!: (v: string) => void;
    const outside = new Promise<string>((r) => {
      answer = r;
    });
    const call = currentTicket.run(first, () => asideFromLine(() => outside));
    // while the first waits for the outside answer, the second has the place
    expect(await settled(second.admitted)).toBe(true);
    answer('ok');
    // the answer came, but the first waits for its turn again behind the second
    expect(await settled(call)).toBe(false);
    second.release();
    expect(await call).toBe('ok');
    expect(a.active).toBe(1);
    first.release();
    expect(a.active).toBe(0);
  });

  it('a request abandoned by its client before its turn never runs; one already running keeps its place', async () => {
    const a = new Admission(1);
    const running = a.enter();
    const waiting = a.enter();
    const after = a.enter();
    running.abandon();
    waiting.abandon();
    expect(a.active).toBe(1);
    expect(a.queued).toBe(1);
    running.release();
    expect(await settled(after.admitted)).toBe(true);
    after.release();
    expect(a.active).toBe(0);
  });
});
