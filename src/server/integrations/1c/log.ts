import { count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.ts';
import { exchange1cLog } from '../../db/schema.ts';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import type { Exchange1cLogItem, Exchange1cLogPage, Exchange1cStatus, Exchange1cType } from '#shared/schemas/exchange-1c.ts';

/**
 * The exchange log the back office shows: one row per step of an exchange that did something
 * (a file's import, an order query, a refused file). The sale exchange writes here too.
 */

export type LogEntry = {
  type: Exchange1cType;
  mode: string;
  files?: string[];
  counts?: Record<string, number>;
  errors?: string[];
  status: Exchange1cStatus;
  sessionHash?: string | null;
  jobId?: number | null;
  startedAt: Date;
  /** Defaults to startedAt for a finished step; null while it is in progress. */
  finishedAt?: Date | null;
};

/** Writes one step; returns its id (a step in progress is finished later with `finishExchangeLog`). */
export async function logExchange(db: Db | Tx, entry: LogEntry): Promise<number> {
  const [row] = await db
    .insert(exchange1cLog)
    .values({
      type: entry.type,
      mode: entry.mode,
      files: entry.files ?? [],
      counts: entry.counts ?? {},
      errors: entry.errors ?? [],
      status: entry.status,
      sessionHash: entry.sessionHash ?? null,
      jobId: entry.jobId ?? null,
      startedAt: entry.startedAt,
      finishedAt: entry.finishedAt !== undefined ? entry.finishedAt : entry.status === 'progress' ? null : entry.startedAt,
    })
    .returning({ id: exchange1cLog.id });
  return row!.id;
}

export async function finishExchangeLog(
  db: Db | Tx,
  id: number,
  result: { status: Exclude<Exchange1cStatus, 'progress'>; counts?: Record<string, number>; errors?: string[] },
  now: Date,
) {
  await db
    .update(exchange1cLog)
    .set({ status: result.status, ...(result.counts ? { counts: result.counts } : {}), ...(result.errors ? { errors: result.errors } : {}), finishedAt: now })
    .where(eq(exchange1cLog.id, id));
}

export async function listExchangeLog(db: Db, page: number): Promise<Exchange1cLogPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(exchange1cLog)
      .orderBy(desc(exchange1cLog.startedAt), desc(exchange1cLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(exchange1cLog),
  ]);
  const items: Exchange1cLogItem[] = rows.map((row) => ({
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    type: row.type as Exchange1cType,
    mode: row.mode,
    files: row.files,
    counts: row.counts,
    errors: row.errors,
    status: row.status as Exchange1cStatus,
  }));
  return { items, total: total?.n ?? 0 };
}
