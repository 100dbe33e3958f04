import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { createCustomer } from '../../../tests/helpers/customers.ts';
import { IMPORT_JOB } from '../integrations/1c/import-job.ts';
import { JobRunner, type SettledStatus } from './runner.ts';

let ctx: TestContext;
let cookie: string;
const settled: { id: number; status: SettledStatus; error: string | null }[] = [];
/** Steps a counting job has taken, per job: a resumed run must not repeat one. */
const steps = new Map<number, number[]>();
/** What a running counting job does after each step (a test asks for a pause or a stop there). */
let afterStep: (id: number, step: number) => Promise<void> = async () => {};

type Count = { to: number };

function registerKinds(runner: JobRunner) {
  runner.handle<Count>(
    'test.count',
    async ({ id, payload, checkpoint, save, shouldYield }) => {
      let next = (checkpoint as { next: number } | null)?.next ?? 0;
      while (next < payload.to) {
        steps.set(id, [...(steps.get(id) ?? []), next]);
        next += 1;
        await save({ done: next, total: payload.to, checkpoint: { next } });
        await afterStep(id, next);
        if (await shouldYield()) return null;
      }
      return { counted: next };
    },
    { settled: async (job) => void settled.push({ id: job.id, status: job.status, error: job.error }) },
  );
  runner.handle('test.fail-russian', async () => {
    throw new Error('Файл не удалось прочитать');
  });
  runner.handle('test.fail-internal', async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'x')");
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  registerKinds(ctx.app.jobs);
  cookie = await ctx.login();
});
afterAll(() => ctx.close());

const job = (id: number) => ctx.app.jobs.get(id);

describe('background jobs', () => {
  it('runs a queued job to the end and keeps its progress and result', async () => {
    const id = await ctx.app.jobs.enqueue('test.count', { to: 3 });
    expect((await job(id))?.status).toBe('queued');
    await ctx.app.jobs.drain();
    expect(await job(id)).toMatchObject({ status: 'done', progressDone: 3, progressTotal: 3, result: { counted: 3 }, error: null });
    expect(steps.get(id)).toEqual([0, 1, 2]);
    expect(settled).toContainEqual({ id, status: 'done', error: null });
  });

  it('shows staff the Russian reason of a failure, and a plain notice for an internal fault', async () => {
    const russian = await ctx.app.jobs.enqueue('test.fail-russian', {});
    const internal = await ctx.app.jobs.enqueue('test.fail-internal', {});
    await ctx.app.jobs.drain();
    expect(await job(russian)).toMatchObject({ status: 'failed', error: 'Файл не удалось прочитать' });
    expect(await job(internal)).toMatchObject({ status: 'failed', error: 'Задача прервана из-за ошибки сервера' });
  });

  /** A count to 5 for which staff ask this after its step `atStep`; the queue is run until it rests. */
  async function countAsked(action: 'pause' | 'stop', atStep: number) {
    const id = await ctx.app.jobs.enqueue('test.count', { to: 5 });
    afterStep = async (jobId, step) => {
      if (jobId === id && step === atStep) await ctx.app.jobs.request(id, action);
    };
    await ctx.app.jobs.drain();
    afterStep = async () => {};
    return id;
  }

  it('pauses a running job at its next step and goes on from there when resumed', async () => {
    const id = await countAsked('pause', 2);
    expect(await job(id)).toMatchObject({ status: 'paused', progressDone: 2 });
    expect(settled).toContainEqual({ id, status: 'paused', error: null });

    const resumed = await ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/resume`, headers: { cookie } });
    expect(resumed.json()).toMatchObject({ status: 'queued' });
    await ctx.app.jobs.drain();
    expect(await job(id)).toMatchObject({ status: 'done', result: { counted: 5 } });
    expect(steps.get(id)).toEqual([0, 1, 2, 3, 4]);
  });

  it('stops a running job at its next step, and a waiting one at once', async () => {
    const running = await countAsked('stop', 1);
    expect(await job(running)).toMatchObject({ status: 'stopped', progressDone: 1 });

    const waiting = await ctx.app.jobs.enqueue('test.count', { to: 5 });
    const stopped = await ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/${waiting}/stop`, headers: { cookie } });
    expect(stopped.json()).toMatchObject({ status: 'stopped' });
    await ctx.app.jobs.drain();
    expect(steps.has(waiting)).toBe(false);
    expect(settled).toContainEqual({ id: waiting, status: 'stopped', error: null });
  });

  it('resumes from its checkpoint a job whose process died, but not one whose process is alive', async () => {
    const dead = await ctx.app.jobs.enqueue('test.count', { to: 4 });
    const alive = await ctx.app.jobs.enqueue('test.count', { to: 4 });
    const { db } = ctx.database;
    // As a process leaves them when it is killed in the middle: running, leased, a checkpoint saved.
    await db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'gone:1', lockedUntil: sql`now() - interval '1 second'`, checkpoint: { next: 2 }, progressDone: 2, attempts: 1 })
      .where(eq(jobs.id, dead));
    await db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'busy:2', lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(jobs.id, alive));
    await ctx.app.jobs.drain();
    expect(await job(dead)).toMatchObject({ status: 'done', result: { counted: 4 } });
    expect(steps.get(dead)).toEqual([2, 3]);
    expect((await job(alive))?.status).toBe('running');
    expect(steps.has(alive)).toBe(false);
    await db.update(jobs).set({ status: 'stopped', lockedBy: null }).where(eq(jobs.id, alive));
  });

  it('gives up a job that was interrupted too many times', async () => {
    const id = await ctx.app.jobs.enqueue('test.count', { to: 2 });
    await ctx.database.db.update(jobs).set({ status: 'running', lockedBy: 'gone:1', lockedUntil: sql`now() - interval '1 second'`, attempts: 5 }).where(eq(jobs.id, id));
    await ctx.app.jobs.drain();
    expect(await job(id)).toMatchObject({ status: 'failed', error: 'Задача прерывалась слишком много раз и остановлена' });
    expect(settled).toContainEqual({ id, status: 'failed', error: 'Задача прерывалась слишком много раз и остановлена' });
  });

  it('runs each job exactly once when several processes work on one database', async () => {
    const runners = [new JobRunner(ctx.database.db), new JobRunner(ctx.database.db), new JobRunner(ctx.database.db)];
    runners.forEach(registerKinds);
    const ids = await Promise.all(Array.from({ length: 12 }, () => ctx.app.jobs.enqueue('test.count', { to: 2 })));
    await Promise.all(runners.map((runner) => runner.drain()));
    for (const id of ids) {
      expect(await job(id)).toMatchObject({ status: 'done', result: { counted: 2 } });
      expect(steps.get(id)).toEqual([0, 1]);
    }
  });

  it("lets a manager control a manager's job but not the admin's 1C import: 403 with the reason", async () => {
    const manager = (await createCustomer(ctx, 'manager')).cookie;
    const control = (id: number, action: string) => ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/${action}`, headers: { cookie: manager } });
    const exchange = await ctx.app.jobs.enqueue(IMPORT_JOB, { logId: 0, name: 'import.xml' });
    for (const action of ['stop', 'pause', 'resume']) {
      const res = await control(exchange, action);
      expect(res.statusCode, action).toBe(403);
      expect(res.json(), action).toEqual({ message: 'Эту задачу может остановить, приостановить или продолжить только администратор' });
    }
    expect((await job(exchange))?.status).toBe('queued');
    const own = await ctx.app.jobs.enqueue('test.count', { to: 1 });
    expect((await control(own, 'pause')).json()).toMatchObject({ status: 'paused' });
    expect((await control(own, 'stop')).json()).toMatchObject({ status: 'stopped' });
    await ctx.database.db.delete(jobs).where(eq(jobs.id, exchange));
  });

  it('answers staff about a job that does not exist in Russian', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs/999999', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Задача не найдена');
  });
});
