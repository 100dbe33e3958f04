import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { jobs, scrapedItems } from '../../../db/schema.ts';
import type { JobRunner } from '../../../jobs/runner.ts';
import { notFound } from '../../../core/http-errors.ts';
import type { JobStatus } from '#shared/jobs.ts';
import { ITEM_STATUSES, parseUrlList, type ItemCounts, type RunView, type StartRun } from '#shared/schemas/mass-scraper.ts';
import { RUN_KIND, type RunPayload } from './run-job.ts';

/** Runs are jobs of kind `mass-scraper.run`; what they found is in `scraped_items`. */

export const RUN_NOT_FOUND = 'Запуск не найден';
/** Runs the screen lists: the latest first. */
const RUNS_LISTED = 20;

/** What staff submitted, as the job carries it. */
export function payloadOf(input: StartRun): RunPayload {
  const delayMs = Math.round(input.delaySeconds * 1000);
  return input.source === 'list'
    ? { source: { kind: 'list', urls: parseUrlList(input.text).urls }, delayMs }
    : { source: { kind: 'collect', url: input.url, limit: input.limit }, delayMs };
}

export async function startRun(db: Db, runner: JobRunner, payload: RunPayload, createdBy: number | null): Promise<RunView> {
  const id = await runner.enqueue(RUN_KIND, payload, { createdBy });
  return getRun(db, id);
}

type JobRow = typeof jobs.$inferSelect;

function viewOf(job: JobRow, counts: ItemCounts): RunView {
  const { source, delayMs } = job.payload as RunPayload;
  return {
    id: job.id,
    status: job.status as JobStatus,
    progressDone: job.progressDone,
    progressTotal: job.progressTotal,
    error: job.error,
    source: source.kind === 'list' ? { kind: 'list', count: source.urls.length } : source,
    delaySeconds: delayMs / 1000,
    counts,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

const noCounts = (): ItemCounts => Object.fromEntries(ITEM_STATUSES.map((status) => [status, 0])) as ItemCounts;

/** Item counts per status of each of the runs, in one query. */
async function countsByRun(db: Db, ids: number[]): Promise<Map<number, ItemCounts>> {
  const byRun = new Map(ids.map((id) => [id, noCounts()]));
  if (ids.length === 0) return byRun;
  const rows = await db
    .select({ jobId: scrapedItems.jobId, status: scrapedItems.status, n: count() })
    .from(scrapedItems)
    .where(inArray(scrapedItems.jobId, ids))
    .groupBy(scrapedItems.jobId, scrapedItems.status);
  for (const row of rows) {
    const counts = byRun.get(row.jobId!);
    if (counts) counts[row.status as keyof ItemCounts] = row.n;
  }
  return byRun;
}

export async function getRun(db: Db, id: number): Promise<RunView> {
  const [job] = await db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.kind, RUN_KIND)));
  if (!job) throw notFound(RUN_NOT_FOUND);
  return viewOf(job, (await countsByRun(db, [id])).get(id)!);
}

export async function listRuns(db: Db): Promise<RunView[]> {
  const rows = await db.select().from(jobs).where(eq(jobs.kind, RUN_KIND)).orderBy(desc(jobs.id)).limit(RUNS_LISTED);
  const counts = await countsByRun(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => viewOf(row, counts.get(row.id)!));
}
