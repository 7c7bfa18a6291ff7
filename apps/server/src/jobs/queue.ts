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

interface Registered {
  handler: JobHandler;
  maxAttempts: number;
  backoffSeconds: number;
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
 * `for update skip locked`; a failed job is retried with exponential backoff; a job left `running` by a dead
 * worker is claimed again after `staleAfterMs`. Handlers must be safe to run twice.
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
    private readonly opts: { pollMs?: number; staleAfterMs?: number } = {},
  ) {}

  register(name: string, handler: JobHandler, opts: { maxAttempts?: number; backoffSeconds?: number } = {}) {
    this.handlers.set(name, { handler, maxAttempts: opts.maxAttempts ?? 5, backoffSeconds: opts.backoffSeconds ?? 10 });
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
    const staleBefore = new Date(Date.now() - (this.opts.staleAfterMs ?? 10 * 60_000));
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

  private async runNext(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const reg = this.handlers.get(job.name);
    if (!reg) return true;
    const ctx: JobContext = {
      job,
      progress: async (p) => {
        await this.db
          .updateTable('jobs')
          .set({ progress: JSON.stringify(p) })
          .where('id', '=', job.id)
          .execute();
      },
    };
    try {
      await reg.handler(job.payload, ctx);
      await this.db
        .updateTable('jobs')
        .set({ status: 'done', finishedAt: new Date(), lastError: null })
        .where('id', '=', job.id)
        .execute();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.attempts >= job.maxAttempts;
      const delay = reg.backoffSeconds * 2 ** (job.attempts - 1);
      this.log.warn({ job: job.name, id: job.id, attempt: job.attempts, final, err: message }, 'job failed');
      await this.db
        .updateTable('jobs')
        .set(
          final
            ? { status: 'failed', finishedAt: new Date(), lastError: message }
            : { status: 'queued', runAt: new Date(Date.now() + delay * 1000), lastError: message, lockedAt: null },
        )
        .where('id', '=', job.id)
        .execute();
    }
    return true;
  }
}
