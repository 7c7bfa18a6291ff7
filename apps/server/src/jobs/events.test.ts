import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/tenant';
import { EventBus } from './events';
import type { JobHandler } from './queue';

// events of this test only (the modules declare theirs the same way, in their <module>.events.ts)
declare module './events' {
  interface TransactionEvents {
    'test.changed': { trx: string; id: number };
  }
  interface QueuedEvents {
    'test.stored': { id: number };
  }
  interface BusQuestions {
    'test.double': (n: number) => Promise<number>;
  }
}

/** A queue that keeps what it is given: registered jobs and enqueued ones, with the executor of each. */
function fakeQueue() {
  const registered = new Map<string, { handler: JobHandler; opts: unknown }>();
  const enqueued: { executor: unknown; name: string; payload: Record<string, unknown> }[] = [];
  return {
    registered,
    enqueued,
    register(name: string, handler: JobHandler, opts: unknown = {}) {
      registered.set(name, { handler, opts });
    },
    async enqueue(executor: Executor, name: string, payload: Record<string, unknown>) {
      enqueued.push({ executor, name, payload });
      return 'job';
    },
  };
}
const trxOf = (name: string) => name as unknown as Executor;

describe('the event bus (decision 281)', () => {
  it('tells an in-transaction event to its listeners in declared order, each awaited; one that throws fails the emitter', async () => {
    const bus = new EventBus(fakeQueue());
    const heard: string[] = [];
    bus.listen({
      event: 'test.changed',
      name: 'a.first',
      run: async (e) => {
        await new Promise((r) => setTimeout(r, 5));
        heard.push(`first ${e.trx} ${e.id}`);
      },
    });
    bus.listen({ event: 'test.changed', name: 'b.second', run: async (e) => heard.push(`second ${e.id}`) });
    await bus.emit('test.changed', { trx: 'T1', id: 1 });
    expect(heard).toEqual(['first T1 1', 'second 1']);

    const failing = new EventBus(fakeQueue());
    const after: string[] = [];
    failing.listen({
      event: 'test.changed',
      name: 'a.refuses',
      run: async () => {
        throw new Error('refused');
      },
    });
    failing.listen({ event: 'test.changed', name: 'b.never', run: async () => after.push('ran') });
    await expect(failing.emit('test.changed', { trx: 'T2', id: 2 })).rejects.toThrow('refused');
    expect(after).toEqual([]);
    expect(() => bus.listen({ event: 'test.changed', name: 'a.first', run: async () => {} })).toThrow('twice');
  });

  it('enqueues an after-commit event as one job per listener with the change’s executor; the job runs the listener', async () => {
    const queue = fakeQueue();
    const bus = new EventBus(queue);
    const ran: number[] = [];
    bus.listen({ event: 'test.stored', job: 'x.on-stored', run: async (p) => ran.push(p.id), maxAttempts: 3 });
    bus.listen({ event: 'test.stored', job: 'y.on-stored', run: async (p) => ran.push(p.id * 10) });
    expect([...queue.registered.keys()]).toEqual(['x.on-stored', 'y.on-stored']);
    expect(queue.registered.get('x.on-stored')?.opts).toMatchObject({ maxAttempts: 3 });
    expect(await bus.publish(trxOf('T3'), 'test.stored', { id: 7 })).toBe(2);
    expect(queue.enqueued).toEqual([
      { executor: 'T3', name: 'x.on-stored', payload: { id: 7 } },
      { executor: 'T3', name: 'y.on-stored', payload: { id: 7 } },
    ]);
    // nothing runs before the queue runs the jobs (after the change commits)
    expect(ran).toEqual([]);
    for (const { name, payload } of queue.enqueued)
      await queue.registered.get(name)?.handler(payload, {} as Parameters<JobHandler>[1]);
    expect(ran).toEqual([7, 70]);
    expect(bus.declared).toEqual([
      { event: 'test.stored', listener: 'x.on-stored', via: 'queue' },
      { event: 'test.stored', listener: 'y.on-stored', via: 'queue' },
    ]);
  });

  it('a watcher added for a while hears until removed; a stopped bus tells nobody and holds no listener', async () => {
    const queue = fakeQueue();
    const bus = new EventBus(queue);
    const heard: number[] = [];
    const off = bus.on('test.changed', async (e) => heard.push(e.id));
    await bus.emit('test.changed', { trx: 'T', id: 1 });
    off();
    await bus.emit('test.changed', { trx: 'T', id: 2 });
    expect(heard).toEqual([1]);

    bus.listen({ event: 'test.changed', name: 'a.declared', run: async (e) => heard.push(e.id) });
    bus.listen({ event: 'test.stored', job: 'a.job', run: async () => {} });
    bus.stop();
    await bus.emit('test.changed', { trx: 'T', id: 3 });
    expect(await bus.publish(trxOf('T'), 'test.stored', { id: 4 })).toBe(0);
    expect(heard).toEqual([1]);
    expect(queue.enqueued).toEqual([]);
    expect(bus.declared).toEqual([]);
  });

  it('answers a question with the one module that answers it; none answering is undefined; twice is refused (decision 287)', async () => {
    const bus = new EventBus(fakeQueue());
    expect(bus.answerer('test.double')).toBeUndefined();
    bus.answer({ 'test.double': async (n) => n * 2 });
    expect(await bus.answerer('test.double')?.(21)).toBe(42);
    expect(bus.answered).toEqual(['test.double']);
    expect(() => bus.answer({ 'test.double': async (n) => n })).toThrow('answered twice');
    bus.stop();
    expect(bus.answerer('test.double')).toBeUndefined();
  });
});
