/**
 * The daily purge of the staff action log: the first process to claim the day's slot in
 * `scheduled_runs` drops the entries older than KEEP_DAYS.
 */
import type { App } from '../../core/app-types.ts';
import type { Db } from '../../db/connection.ts';
import { claimScheduledRun, everyMinute } from '../../jobs/scheduled-runs.ts';
import { purgeStaffActions } from './service.ts';

export const PURGE_JOB = 'staff-actions-purge';
const FIRST_TICK_MS = 30_000;

/** One look: the number of entries dropped, or null when today's purge was done already. */
export async function runStaffLogPurge(db: Db, now: Date): Promise<number | null> {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (!(await claimScheduledRun(db, PURGE_JOB, day, now))) return null;
  return purgeStaffActions(db, now);
}

export function registerStaffLogPurge(app: App) {
  everyMinute(
    app,
    FIRST_TICK_MS,
    async () => {
      const removed = await runStaffLogPurge(app.deps.db, app.deps.clock());
      if (removed) app.log.info({ removed }, 'old staff action log entries removed');
    },
    'staff action log purge failed',
  );
}
