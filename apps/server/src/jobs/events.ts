import type { Executor } from '../db/tenant';
import type { JobQueue } from './queue';

/**
 * The events told inside the change that raises them (decision 281): name -> payload. Each module declares the events
 * it raises in its own `<module>.events.ts`, by merging into this interface:
 *
 *     declare module '../../jobs/events' { interface TransactionEvents { 'mail.delivered': MailOutcome } }
 *
 * so this file names no module. A payload carries the change's transaction (or database); its listeners run in it,
 * one after another, and a listener that throws fails the change (rolled back with it).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declarations (declaration merging)
export interface TransactionEvents {}

/**
 * The events told after the change commits, through the job queue (decision 281): name -> a JSON payload. Declared by
 * the modules as `TransactionEvents` is. Each listener is a job of its own: enqueued in the change's transaction (so
 * it exists exactly when the change commits), run by a worker of any process, retried alone when it fails.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declarations (declaration merging)
export interface QueuedEvents {}

/** A listener run inside the emitter's transaction. */
export type TransactionListener = {
  [E in keyof TransactionEvents]: {
    event: E;
    /** who listens, for a reader and the log: 'forms.mail-delivered' */
    name: string;
    run(payload: TransactionEvents[E]): Promise<unknown>;
  };
}[keyof TransactionEvents];

/** A listener run by the job queue after the change committed: its name is its job's name. */
export type QueuedListener = {
  [E in keyof QueuedEvents]: {
    event: E;
    /** the job that runs it: 'monitoring.listChanged' */
    job: string;
    run(payload: QueuedEvents[E]): Promise<unknown>;
    maxAttempts?: number;
    backoffSeconds?: number;
  };
}[keyof QueuedEvents];

export type EventListener = TransactionListener | QueuedListener;

/**
 * The questions one module answers for another that may not import it (decision 287): name -> the answering
 * function. Declared by the answering module as the events are (`declare module '../../jobs/events' { interface
 * BusQuestions { 'operations.formStatuses': ... } }`), answered in its registration (`answers(deps)`), asked through
 * `deps.bus.ask`. Nothing is held by the process: each application has its own answers.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules' declarations (declaration merging)
export interface BusQuestions {}
// biome-ignore lint/suspicious/noExplicitAny: the answering functions' own parameters and results
type AnyAnswer = (...args: any[]) => Promise<unknown>;
/** What a module's registration answers: some of the questions, each with its function. */
export type BusAnswers = { [Q in keyof BusQuestions]?: BusQuestions[Q] };

type AnyRun = (payload: unknown) => Promise<unknown>;
interface LooseListener {
  event: string;
  name?: string;
  job?: string;
  run: AnyRun;
  maxAttempts?: number;
  backoffSeconds?: number;
}
interface Held {
  name: string;
  run: AnyRun;
}

/**
 * The one event bus of an application (decision 281), in its dependencies (`deps.bus`): filled from every module's
 * `listeners(deps)` when the runtime is created, cleared when it stops. Nothing is held by the process: two
 * applications in one process (the tests) hear only their own events.
 */
export class EventBus {
  private readonly inTransaction = new Map<string, Held[]>();
  private readonly queued = new Map<string, { job: string }[]>();
  private readonly answers = new Map<string, AnyAnswer>();
  private stopped = false;

  constructor(private readonly queue: Pick<JobQueue, 'enqueue' | 'register'>) {}

  /** Declares a listener (a module's registration). A queued one registers its job on the queue. */
  listen(listener: EventListener): void {
    // read through one loose shape: a declared listener is typed where it is written (its module's registration)
    const l = listener as unknown as LooseListener;
    if (l.job !== undefined) {
      const job = l.job;
      const list = this.queued.get(l.event) ?? [];
      if (list.some((x) => x.job === job)) throw new Error(`listener ${job} twice`);
      list.push({ job });
      this.queued.set(l.event, list);
      this.queue.register(job, (payload) => l.run(payload).then(() => undefined), {
        maxAttempts: l.maxAttempts,
        backoffSeconds: l.backoffSeconds,
      });
      return;
    }
    const name = l.name ?? l.event;
    const list = this.inTransaction.get(l.event) ?? [];
    if (list.some((x) => x.name === name)) throw new Error(`listener ${name} twice`);
    list.push({ name, run: l.run });
    this.inTransaction.set(l.event, list);
  }

  /** Declares the answers of a module (its registration); one module answers a question. */
  answer(answers: BusAnswers): void {
    for (const [question, fn] of Object.entries(answers)) {
      if (!fn) continue;
      if (this.answers.has(question)) throw new Error(`question ${question} answered twice`);
      this.answers.set(question, fn as AnyAnswer);
    }
  }

  /** The function that answers a question, or undefined when no module of this application answers it. */
  answerer<Q extends keyof BusQuestions>(question: Q): BusQuestions[Q] | undefined {
    return this.answers.get(question) as BusQuestions[Q] | undefined;
  }

  /**
   * A listener added for a while (a test watching what happens inside a change); answers its removal. Modules
   * declare theirs in their registration instead, where a reader finds them.
   */
  on<E extends keyof TransactionEvents>(
    event: E,
    run: (payload: TransactionEvents[E]) => Promise<unknown>,
  ): () => void {
    const held: Held = { name: `${String(event)}.watcher`, run: run as AnyRun };
    const list = this.inTransaction.get(event) ?? [];
    list.push(held);
    this.inTransaction.set(event, list);
    return () => {
      const now = this.inTransaction.get(event) ?? [];
      this.inTransaction.set(
        event,
        now.filter((h) => h !== held),
      );
    };
  }

  /**
   * Tells the listeners of an in-transaction event, in the order they were declared, each awaited: the first that
   * throws stops the others and throws to the emitter (whose transaction rolls back).
   */
  async emit<E extends keyof TransactionEvents>(event: E, payload: TransactionEvents[E]): Promise<void> {
    if (this.stopped) return;
    for (const l of [...(this.inTransaction.get(event) ?? [])]) await l.run(payload);
  }

  /**
   * Enqueues one job per listener of an after-commit event, with `executor` (the change's transaction, or the
   * database when the change is already stored). Answers how many listeners will hear it.
   */
  async publish<E extends keyof QueuedEvents>(executor: Executor, event: E, payload: QueuedEvents[E]): Promise<number> {
    if (this.stopped) return 0;
    const list = this.queued.get(event) ?? [];
    for (const l of list) await this.queue.enqueue(executor, l.job, payload as unknown as Record<string, unknown>);
    return list.length;
  }

  /** The questions answered in this application, for a reader and the tests. */
  get answered(): string[] {
    return [...this.answers.keys()];
  }

  /** Who listens to what, for a reader and the tests: event, listener, and how ('transaction' or 'queue'). */
  get declared(): { event: string; listener: string; via: 'transaction' | 'queue' }[] {
    return [
      ...[...this.inTransaction].flatMap(([event, ls]) =>
        ls.map((l) => ({ event, listener: l.name, via: 'transaction' as const })),
      ),
      ...[...this.queued].flatMap(([event, ls]) => ls.map((l) => ({ event, listener: l.job, via: 'queue' as const }))),
    ];
  }

  /** The application stops: its listeners are dropped; a late event reaches nobody. */
  stop(): void {
    this.stopped = true;
    this.inTransaction.clear();
    this.queued.clear();
    this.answers.clear();
  }
}
