import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { JobRow } from '../db/schema';
import type { Executor } from '../db/tenant';

export interface JobContext {
  job: JobRow;
  /** records progress readable through the job's row (imports show it) */
  progress(p: Record<string, unknown>): Promise<void>;
}

export type JobHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

/** Told a job's payload and why it failed for good (its last attempt threw, or its process died once too often). */
export type JobFailedHandler = (payload: Record<string, unknown>, error: string) => Promise<void>;

interface Registered {
  handler: JobHandler;
  maxAttempts: number;
  backoffSeconds: number;
  onFailed?: JobFailedHandler;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** while a job with this key is queued or running, enqueueing another is a no-op */
  singletonKey?: string;
  companyId?: string | null;
  maxAttempts?: number;
}

/**
 * A job queue in the application's own database (same tables on PGlite and PostgreSQL). A job is enqueued in the
 * caller's transaction, so it exists exactly when the change that asked for it commits. Workers claim jobs with
 * `for update skip locked`; a failed job is retried with exponential backoff. While a job runs, its worker
 * refreshes the job's heartbeat (`locked_at`) every `heartbeatMs` (and at each progress report); a job still
 * `running` whose heartbeat is older than `staleAfterMs` was left by a process that died (kill -9, power cut), and
 * the next claim takes it again, as a new attempt: within a minute with the defaults (10 s and 40 s). A job
 * whose process died on its last attempt ends `failed` with a message saying so. Handlers must be safe to run
 * twice (a claim may also take a job from a worker that stalled for longer than `staleAfterMs`).
 */
export class JobQueue {
  private readonly handlers = new Map<string, Registered>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private active: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  readonly workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: { pollMs?: number; heartbeatMs?: number; staleAfterMs?: number } = {},
  ) {}

  register(
    name: string,
    handler: JobHandler,
    opts: { maxAttempts?: number; backoffSeconds?: number; onFailed?: JobFailedHandler } = {},
  ) {
    this.handlers.set(name, {
      handler,
      maxAttempts: opts.maxAttempts ?? 5,
      backoffSeconds: opts.backoffSeconds ?? 10,
      onFailed: opts.onFailed,
    });
  }

  /** Enqueues a job with the given executor (pass the transaction of the change it belongs to). */
  async enqueue(executor: Executor, name: string, payload: Record<string, unknown>, o: EnqueueOptions = {}) {
    const row = await executor
      .insertInto('jobs')
      .values({
        name,
        payload: JSON.stringify(payload),
        runAt: o.runAt ?? new Date(),
        singletonKey: o.singletonKey ?? null,
        companyId: o.companyId ?? null,
        maxAttempts: o.maxAttempts ?? this.handlers.get(name)?.maxAttempts ?? 5,
      })
      .onConflict((oc) =>
        oc
          .column('singletonKey')
          .where('singletonKey', 'is not', null)
          .where('status', 'in', ['queued', 'running'])
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    this.wake?.();
    return row?.id ?? null;
  }

  /** Whether a job with this singleton key was ever enqueued, whatever its status (a scheduled run done once). */
  async hasKey(executor: Executor, singletonKey: string): Promise<boolean> {
    const row = await executor
      .selectFrom('jobs')
      .select('id')
      .where('singletonKey', '=', singletonKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Starts polling in this process. */
  start() {
    if (this.running) return;
    this.running = true;
    const loop = async () => {
      while (this.running) {
        try {
          const did = await this.runNext();
          if (did) continue;
        } catch (err) {
          this.log.error({ err }, 'job loop error');
        }
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, this.opts.pollMs ?? 1000);
        });
        this.wake = undefined;
      }
    };
    this.active = loop();
  }

  async stop() {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    await this.active;
  }

  /** Runs ready jobs until none is left (tests and scripts). */
  async drain(maxJobs = 1000) {
    let n = 0;
    while (n < maxJobs && (await this.runNext())) n++;
    return n;
  }

  private async claim(): Promise<JobRow | undefined> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return undefined;
    const staleBefore = new Date(Date.now() - (this.opts.staleAfterMs ?? 40_000));
    const res = await sql<JobRow>`
      update jobs set status = 'running', locked_at = now(), locked_by = ${this.workerId}, attempts = attempts + 1
      where id = (
        select id from jobs
        where name in (${sql.join(names)})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_at < ${staleBefore}))
        order by run_at, created_at
        for update skip locked
        limit 1
      )
      returning *`.execute(this.db);
    const row = res.rows[0];
    if (!row) return undefined;
    // the camel-case plugin maps raw results too; only the json payload may arrive as text
    return { ...row, payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload };
  }

  /** Refreshes the heartbeat of a job this worker runs; false when another worker has taken it meanwhile. */
  private async beat(id: string, extra: { progress?: string } = {}): Promise<boolean> {
    const r = await this.db
      .updateTable('jobs')
      .set({ lockedAt: new Date(), ...extra })
      .where('id', '=', id)
      .where('lockedBy', '=', this.workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  private async fail(job: JobRow, reg: Registered | undefined, message: string) {
    await this.db
      .updateTable('jobs')
      .set({ status: 'failed', finishedAt: new Date(), lastError: message })
      .where('id', '=', job.id)
      .execute();
    if (!reg?.onFailed) return;
    try {
      await reg.onFailed(job.payload, message);
    } catch (err) {
      this.log.error({ err, job: job.name, id: job.id }, 'the failure handler of a job failed');
    }
  }

  private async runNext(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const reg = this.handlers.get(job.name);
    if (!reg) return true;
    if (job.attempts > job.maxAttempts) {
      // only a job taken back from a dead process gets here: its last attempt was cut short
      const message = `the process running it stopped during its last attempt (${job.maxAttempts} of ${job.maxAttempts})`;
      this.log.warn({ job: job.name, id: job.id }, `job abandoned: ${message}`);
      await this.fail(job, reg, message);
      return true;
    }
    if (job.attempts > 1 && job.lastError === null) {
      this.log.warn({ job: job.name, id: job.id, attempt: job.attempts }, 'job resumed after its process stopped');
    }
    let lost = false;
    const heartbeat = setInterval(() => {
      this.beat(job.id)
        .then((held) => {
          if (!held && !lost) {
            lost = true;
            this.log.warn({ job: job.name, id: job.id }, 'another worker took this job (its heartbeat was late)');
          }
        })
        .catch((err) => this.log.error({ err, job: job.name, id: job.id }, 'job heartbeat failed'));
    }, this.opts.heartbeatMs ?? 10_000);
    heartbeat.unref();
    const ctx: JobContext = {
      job,
      progress: async (p) => {
        await this.beat(job.id, { progress: JSON.stringify(p) });
      },
    };
    try {
      await reg.handler(job.payload, ctx);
      clearInterval(heartbeat);
      await this.db
        .updateTable('jobs')
        .set({ status: 'done', finishedAt: new Date(), lastError: null })
        .where('id', '=', job.id)
        .execute();
    } catch (err) {
      clearInterval(heartbeat);
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.maxAttempts;
      const delay = reg.backoffSeconds * 2 ** (job.attempts - 1);
      this.log.warn({ job: job.name, id: job.id, attempt: job.attempts, final, err: message }, 'job failed');
      if (final) await this.fail(job, reg, message);
      else
        await this.db
          .updateTable('jobs')
          .set({ status: 'queued', runAt: new Date(Date.now() + delay * 1000), lastError: message, lockedAt: null })
          .where('id', '=', job.id)
          .execute();
    }
    return true;
  }
}
