import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../core/app-types.ts';
import type { Db } from '../../db/connection.ts';
import { rateLimits } from '../../db/schema.ts';
import { tooManyRequests } from '../../core/http-errors.ts';
import { pluralRu } from '#shared/plural.ts';

/**
 * Fixed-window counters in the `rate_limits` table, so every process behind a load balancer
 * shares them. A rule allows `limit` events per `windowMs` for one key (an account, an address).
 */
export type RateRule = { limit: number; windowMs: number; message: string };

export type Counter = { count: number; resetAt: Date };

/** Where a request comes from and when, and how far the limits are scaled: rate limits, consents, sessions. */
export type RequestMeta = { ip: string; now: Date; rateLimitFactor: number };

export const requestMeta = (app: App, request: FastifyRequest): RequestMeta => ({
  ip: request.ip,
  now: app.deps.clock(),
  rateLimitFactor: app.deps.config.rateLimitFactor,
});

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Counts one event for the key and returns the window's count (including this one). */
export async function countEvent(db: Db, key: string, windowMs: number, now: Date): Promise<Counter> {
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${ts(now)} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${ts(now)} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  // Now and then, forget windows that ended long ago so the table stays small.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now.getTime() - 24 * 3600 * 1000)));
  return row!;
}

/** Takes back one counted event (an attempt that turned out not to be a failure). */
export async function refundEvent(db: Db, key: string) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function clearCounter(db: Db, key: string) {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The 429 answer: the rule's message with the wait in minutes, and Retry-After. */
export function rateLimitError(rule: RateRule, resetAt: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return tooManyRequests(`${rule.message} Попробуйте через ${minutes} ${pluralRu(minutes, 'минуту', 'минуты', 'минут')}.`, seconds);
}

/**
 * Counts the event and throws 429 when the key is over the rule's limit (`factor` scales it).
 * Counting and reading are one statement, so of any number of parallel requests at most the
 * limit get through.
 */
export async function enforce(db: Db, key: string, rule: RateRule, now: Date, factor = 1) {
  const counter = await countEvent(db, key, rule.windowMs, now);
  if (counter.count > Math.round(rule.limit * factor)) throw rateLimitError(rule, counter.resetAt, now);
}
