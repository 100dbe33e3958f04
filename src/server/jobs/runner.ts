/**
 * Background jobs on the shop's own database (docs/decisions/014). A job row is claimed by one
 * process with FOR UPDATE SKIP LOCKED and held by a lease the process renews while the handler
 * runs; when a process dies its lease runs out and another process (or the same one, restarted)
 * claims the job again and the handler goes on from the checkpoint it last saved.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import { jobs } from '../db/schema.ts';
import type { JobStatus, JobView } from '#shared/jobs.ts';

export type { JobView };

export type JobRequest = 'stop' | 'pause';

export type JobContext<P> = {
  id: number;
  payload: P;
  createdBy: number | null;
  /** What the handler last saved (null on the first run): where a resumed run goes on from. */
  checkpoint: unknown;
  /** Records progress (and the checkpoint) and renews the lease. */
  save(progress: { done: number; total?: number; checkpoint?: unknown }): Promise<void>;
  /**
   * True once staff asked to stop or pause, or the process is closing: the handler saves its
   * checkpoint and returns.
   */
  shouldYield(): Promise<boolean>;
  /** Aborted when shouldYield would answer true (for fetches and waits). */
  signal: AbortSignal;
};

export type JobHandler<P> = (ctx: JobContext<P>) => Promise<unknown>;

export type SettledStatus = 'done' | 'paused' | 'stopped' | 'failed';

export type JobHooks<P> = {
  /**
   * Called after a job of this kind came to rest, whatever ended it (its handler, staff's
   * request while it waited, a failure): the module keeps its own records (an import's status)
   * true in this one place.
   */
  settled?: (job: { id: number; payload: P; status: SettledStatus; result: unknown; error: string | null }) => Promise<void>;
  /** Who may stop, pause and resume a job of this kind: whoever may start one (staff by default). */
  controlledBy?: JobController;
};

/** The role a job's control needs. */
export type JobController = 'staff' | 'admin';

type JobRow = typeof jobs.$inferSelect;
type Registered = { handler: JobHandler<unknown>; hooks: JobHooks<unknown> };
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A run renews its lease at least this often; a lease not renewed for LEASE_MS is free to claim. */
const LEASE_MS = 60_000;
const HEARTBEAT_MS = 15_000;
const POLL_MS = 1_000;
/** Runs that ended with their process (restarts, crashes) before a job is given up. */
const MAX_ATTEMPTS = 5;
const TOO_MANY_ATTEMPTS = 'Задача прерывалась слишком много раз и остановлена';
const INTERRUPTED = 'Задача прервана из-за ошибки сервера';

export class JobRunner {
  private readonly kinds = new Map<string, Registered>();
  private readonly running = new Map<number, AbortController>();
  private readonly worker = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly log?: Log,
    /** Jobs one process runs at once: an import and a long polite scrape need not wait for each other. */
    private readonly slots = 2,
  ) {}

  handle<P>(kind: string, handler: JobHandler<P>, hooks: JobHooks<P> = {}) {
    if (this.kinds.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
    this.kinds.set(kind, { handler: handler as JobHandler<unknown>, hooks: hooks as JobHooks<unknown> });
  }

  /** Who may stop, pause and resume a job of this kind; a kind this process does not know, only an admin. */
  controlledBy(kind: string): JobController {
    const registered = this.kinds.get(kind);
    return registered ? (registered.hooks.controlledBy ?? 'staff') : 'admin';
  }

  async enqueue(kind: string, payload: unknown, options: { createdBy?: number | null; runAfter?: Date } = {}): Promise<number> {
    const [row] = await this.db
      .insert(jobs)
      .values({ kind, payload: payload ?? {}, createdBy: options.createdBy ?? null, runAfter: options.runAfter ?? sql`now()` })
      .returning({ id: jobs.id });
    this.wake();
    return row!.id;
  }

  async get(id: number): Promise<JobView | null> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row ? toView(row) : null;
  }

  /**
   * Staff ask a job to stop, pause or go on. A running job is told through its row (whichever
   * process runs it sees the request); a queued or paused one changes at once.
   */
  async request(id: number, action: JobRequest | 'resume'): Promise<JobView | null> {
    const job = await this.get(id);
    if (!job) return null;
    if (action === 'resume') {
      await this.db
        .update(jobs)
        .set({ status: 'queued', requested: null, runAfter: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'paused')));
      this.wake();
    } else if (job.status === 'running') {
      await this.db.update(jobs).set({ requested: action }).where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
      this.running.get(id)?.abort();
    } else if (job.status === 'queued' || job.status === 'paused') {
      const status = action === 'stop' ? 'stopped' : 'paused';
      const [changed] = await this.db
        .update(jobs)
        .set({ status, requested: null, ...(status === 'stopped' ? { finishedAt: sql`now()` } : {}) })
        .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'paused'])))
        .returning();
      if (changed) await this.settle(changed, status, null, null);
    }
    return this.get(id);
  }

  /** Runs every job that can run now, one after another, until none is left (tests, scripts). */
  async drain(): Promise<number> {
    let ran = 0;
    for (let job = await this.claim(); job; job = await this.claim()) {
      await this.run(job);
      ran++;
    }
    return ran;
  }

  /** Polls for work once a second until `close`. */
  start() {
    this.closing = false;
    this.schedule(0);
  }

  /**
   * Tells running handlers to yield and waits for them: their jobs go back to the queue, so
   * the next process to start (or another one serving) goes on with them at once.
   */
  async close() {
    this.closing = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const controller of this.running.values()) controller.abort();
    while (this.running.size > 0 || this.polling) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private wake() {
    if (this.timer && !this.closing) this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poll(), delay);
    this.timer.unref();
  }

  private async poll() {
    if (this.polling || this.closing) return;
    this.polling = true;
    try {
      while (!this.closing && this.running.size < this.slots) {
        const job = await this.claim();
        if (!job) break;
        void this.run(job);
      }
    } catch (error) {
      this.log?.error({ err: error }, 'job poll failed');
    } finally {
      this.polling = false;
      if (!this.closing) this.schedule(POLL_MS);
    }
  }

  /**
   * Takes the oldest job that is due and whose kind this process knows: a queued one, or a
   * running one whose process stopped renewing its lease.
   */
  private async claim(): Promise<JobRow | null> {
    const kinds = [...this.kinds.keys()];
    if (kinds.length === 0) return null;
    const next = sql`(
      SELECT id FROM ${jobs}
      WHERE kind IN (${sql.join(kinds.map((kind) => sql`${kind}`), sql`, `)})
        AND ((status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_until < now()))
      ORDER BY id
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )`;
    const [row] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: this.worker,
        lockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
        attempts: sql`${jobs.attempts} + 1`,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      })
      .where(eq(jobs.id, next))
      .returning();
    return row ?? null;
  }

  private async run(job: JobRow) {
    const registered = this.kinds.get(job.kind)!;
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.worker));
    if (job.attempts > MAX_ATTEMPTS) {
      await this.db.update(jobs).set({ status: 'failed', error: TOO_MANY_ATTEMPTS, lockedBy: null, lockedUntil: null, finishedAt: sql`now()` }).where(mine);
      await this.settle(job, 'failed', null, TOO_MANY_ATTEMPTS);
      return;
    }
    const controller = new AbortController();
    this.running.set(job.id, controller);
    let lost = false;
    const renew = async (values: Partial<typeof jobs.$inferInsert> = {}) => {
      const [row] = await this.db
        .update(jobs)
        .set({ ...values, lockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval` })
        .where(mine)
        .returning({ requested: jobs.requested });
      // Another process took the job (this one stalled past its lease): stop quietly.
      if (!row) lost = true;
      if (!row || row.requested) controller.abort();
    };
    const heartbeat = setInterval(() => void renew().catch((error) => this.log?.warn({ err: error, job: job.id }, 'job lease renewal failed')), HEARTBEAT_MS);
    heartbeat.unref();
    const ctx: JobContext<unknown> = {
      id: job.id,
      payload: job.payload,
      createdBy: job.createdBy,
      checkpoint: job.checkpoint,
      save: async ({ done, total, checkpoint }) =>
        renew({ progressDone: done, ...(total === undefined ? {} : { progressTotal: total }), ...(checkpoint === undefined ? {} : { checkpoint }) }),
      shouldYield: async () => {
        if (!controller.signal.aborted) await renew();
        return controller.signal.aborted;
      },
      signal: controller.signal,
    };
    try {
      const result = await registered.handler(ctx);
      if (lost) return;
      const [row] = await this.db.select({ requested: jobs.requested }).from(jobs).where(mine);
      const requested = row?.requested as JobRequest | null | undefined;
      if (requested !== 'pause' && requested !== 'stop' && controller.signal.aborted && this.closing) {
        // Handed back for the next process; this run does not count as an interrupted attempt.
        await this.db.update(jobs).set({ status: 'queued', attempts: sql`${jobs.attempts} - 1`, lockedBy: null, lockedUntil: null }).where(mine);
        return;
      }
      const status = requested === 'pause' ? 'paused' : requested === 'stop' ? 'stopped' : 'done';
      await this.db
        .update(jobs)
        .set({ status, requested: null, result: result ?? null, lockedBy: null, lockedUntil: null, ...(status === 'paused' ? {} : { finishedAt: sql`now()` }) })
        .where(mine);
      await this.settle(job, status, result ?? null, null);
    } catch (error) {
      if (lost) return;
      // The shop's own errors (a file it cannot read, a site that does not answer) speak Russian
      // to staff; anything else is a fault whose text is for the log, not for the screen.
      const message = error instanceof Error && /[а-яё]/i.test(error.message) ? error.message : INTERRUPTED;
      if (message === INTERRUPTED) this.log?.error({ err: error, job: job.id, kind: job.kind }, 'job failed');
      await this.db.update(jobs).set({ status: 'failed', error: message, lockedBy: null, lockedUntil: null, finishedAt: sql`now()` }).where(mine);
      await this.settle(job, 'failed', null, message);
    } finally {
      clearInterval(heartbeat);
      this.running.delete(job.id);
    }
  }

  private async settle(job: JobRow, status: SettledStatus, result: unknown, error: string | null) {
    try {
      await this.kinds.get(job.kind)?.hooks.settled?.({ id: job.id, payload: job.payload, status, result, error });
    } catch (failure) {
      this.log?.error({ err: failure, job: job.id, kind: job.kind }, 'job settle hook failed');
    }
  }
}

function toView({ id, kind, status, progressDone, progressTotal, result, error, createdAt, startedAt, finishedAt }: JobRow): JobView {
  return {
    id,
    kind,
    status: status as JobStatus,
    progressDone,
    progressTotal,
    result: result ?? null,
    error,
    createdAt: createdAt.toISOString(),
    startedAt: startedAt?.toISOString() ?? null,
    finishedAt: finishedAt?.toISOString() ?? null,
  };
}
