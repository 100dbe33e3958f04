/**
 * The hold scan: once a minute the first process to claim the minute's slot in `scheduled_runs`
 * cancels the unpaid online orders whose hold has passed, so exactly one process does it
 * however many serve the shop.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { App } from '../../core/app-types.ts';
import { scheduledRuns } from '../../db/schema.ts';
import { claimScheduledRun, everyMinute } from '../../jobs/scheduled-runs.ts';
import { expireUnpaidOrders, type PaymentDeps } from './service.ts';
import { DAY_MS } from '../../core/time.ts';

export const HOLD_JOB = 'payment-holds';
const FIRST_TICK_MS = 20_000;
/** The minute slots are claims only: a day's worth is kept to look into, older ones go. */
const KEEP_SLOTS_MS = DAY_MS;

/** One look: the number of orders cancelled, or null when another process has this minute. */
export async function runHoldScan(deps: PaymentDeps): Promise<number | null> {
  if (!deps.config.yookassa) return null;
  const minute = new Date(Math.floor(deps.now.getTime() / 60_000) * 60_000);
  if (!(await claimScheduledRun(deps.db, HOLD_JOB, minute, deps.now))) return null;
  await deps.db
    .delete(scheduledRuns)
    .where(and(eq(scheduledRuns.job, HOLD_JOB), lt(scheduledRuns.startedAt, new Date(deps.now.getTime() - KEEP_SLOTS_MS))));
  return expireUnpaidOrders(deps);
}

export function registerHoldScan(app: App) {
  if (!app.deps.config.yookassa) return;
  everyMinute(
    app,
    FIRST_TICK_MS,
    async () => {
      const { db, mailer, config } = app.deps;
      const cancelled = await runHoldScan({ db, mailer, config, log: app.log, now: app.deps.clock() });
      if (cancelled) app.log.info({ cancelled }, 'unpaid online orders cancelled after their hold');
    },
    'payment hold scan failed',
  );
}
