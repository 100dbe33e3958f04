/**
 * Ended sessions and spent reset links are deleted once an hour, so the tables hold only what
 * can still be used. Every process looks once a minute; the hour's slot is claimed in
 * `scheduled_runs`, so one process does the hour's purge however many serve the shop.
 */
import type { App } from '../../core/app-types.ts';
import type { Db } from '../../db/connection.ts';
import { claimScheduledRun, everyMinute } from '../../jobs/scheduled-runs.ts';
import { purgeSpentResetTokens } from './password-reset-service.ts';
import { purgeEndedSessions } from './session-service.ts';

export const PURGE_JOB = 'purge-sessions';
const FIRST_TICK_MS = 20_000;
const HOUR_MS = 60 * 60 * 1000;

/** One look: the hour's purge when this process claims it, else null. */
export async function runSessionPurge(db: Db, now: Date): Promise<{ sessions: number; resetTokens: number } | null> {
  const slot = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  if (!(await claimScheduledRun(db, PURGE_JOB, slot, now))) return null;
  return { sessions: await purgeEndedSessions(db, now), resetTokens: await purgeSpentResetTokens(db, now) };
}

export function registerSessionPurge(app: App) {
  everyMinute(
    app,
    FIRST_TICK_MS,
    async () => {
      const purged = await runSessionPurge(app.deps.db, app.deps.clock());
      if (purged) app.log.info(purged, 'ended sessions and spent reset links purged');
    },
    'purging sessions failed',
  );
}
