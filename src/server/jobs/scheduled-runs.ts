/**
 * Work a serving process does on a clock (automatic backups, scheduled supplier imports). Every
 * process looks once a minute; a slot is claimed in `scheduled_runs` (primary key: job + run key),
 * so exactly one process does the work of a slot however many serve the shop.
 */
import type { App } from '../core/app-types.ts';
import type { Db } from '../db/connection.ts';
import { scheduledRuns } from '../db/schema.ts';

const TICK_MS = 60_000;

/** Takes the slot for this process; false when another process (or an earlier look) took it. */
export async function claimScheduledRun(db: Db, job: string, slot: Date, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(scheduledRuns)
    .values({ job, runKey: slot.toISOString(), startedAt: now })
    .onConflictDoNothing()
    .returning({ runKey: scheduledRuns.runKey });
  return claimed.length > 0;
}

/**
 * Runs `look` a first time `firstTickMs` after the app is ready, then a minute after each look
 * ends (never two at once), until the app closes. Not in tests: they call the look themselves;
 * not in a serving process whose background work is the worker's (BACKGROUND_WORK=worker).
 */
export function everyMinute(app: App, firstTickMs: number, look: () => Promise<void>, failure: string) {
  if (app.deps.config.env === 'test' || app.deps.config.backgroundWork !== 'here') return;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    try {
      await look();
    } catch (error) {
      app.log.error({ err: error }, failure);
    }
  };
  const schedule = (ms: number) => {
    timer = setTimeout(() => void tick().finally(() => stopped || schedule(TICK_MS)), ms);
    timer.unref();
  };
  app.addHook('onReady', async () => schedule(firstTickMs));
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
  });
}
