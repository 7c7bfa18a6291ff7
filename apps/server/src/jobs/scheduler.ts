import type { FastifyBaseLogger } from 'fastify';

/**
 * Periodic work a module declares once (decision 266): every `everyMs` the process that runs the schedules
 * (REGCHECK_SCHEDULES, on by default; off on API nodes beside a worker) calls `run`, which enqueues the day's or the
 * week's job at most once (the job queue makes it happen once across processes). A failed run is logged with
 * `failure` and tried again at the next tick; it never stops the others.
 */
export interface Schedule {
  /** a name for the log and the test: 'bacen.declaration-reminder' */
  name: string;
  everyMs: number;
  /** what the log says when a run fails */
  failure: string;
  /** false: the first run waits one period (default: one run when the process starts) */
  atStart?: boolean;
  run(): Promise<unknown>;
}

/** The one timer of periodic work: the schedules every module declared, started and stopped with the process. */
export class Scheduler {
  private readonly schedules: Schedule[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private started = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Declares periodic work (before start). */
  add(schedule: Schedule): void {
    if (this.schedules.some((s) => s.name === schedule.name)) throw new Error(`schedule ${schedule.name} twice`);
    this.schedules.push(schedule);
  }

  /** What is declared, for a reader and the tests. */
  get declared(): readonly Pick<Schedule, 'name' | 'everyMs'>[] {
    return this.schedules.map(({ name, everyMs }) => ({ name, everyMs }));
  }

  /** Runs one schedule now (a test, or the tick). */
  tick(name: string): Promise<void> {
    const s = this.schedules.find((x) => x.name === name);
    if (!s) throw new Error(`no schedule ${name}`);
    const run = s
      .run()
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err, schedule: s.name }, s.failure))
      .finally(() => this.running.delete(run));
    this.running.add(run);
    return run;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const s of this.schedules) {
      const timer = setInterval(() => void this.tick(s.name), s.everyMs);
      timer.unref();
      this.timers.push(timer);
      if (s.atStart !== false) void this.tick(s.name);
    }
  }

  /** Stops the timers and waits for the runs under way. */
  async stop(): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
    this.started = false;
    await Promise.allSettled([...this.running]);
  }
}
