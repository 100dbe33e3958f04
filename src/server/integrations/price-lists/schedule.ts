/**
 * When a supplier's scheduled import is due: daily at its HH:MM of shop time (Moscow, UTC+3 all
 * year, as the backups). A slot is claimed in `scheduled_runs` like the backups' slots, so exactly
 * one process runs it however many serve the shop.
 */
import type { Db } from '../../db/connection.ts';
import { claimScheduledRun } from '../../jobs/scheduled-runs.ts';
import { DAY_MS, SHOP_OFFSET_MS } from '../../core/time.ts';

/** The `scheduled_runs.job` of one supplier's imports. */
export const scheduleJobName = (supplierId: number) => `supplier-import:${supplierId}`;

/** The latest moment at or before `now` when the clock in the shop showed `time` ('HH:MM'). */
export function lastDailySlot(time: string, now: Date): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const local = new Date(now.getTime() + SHOP_OFFSET_MS);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hours, minutes) - SHOP_OFFSET_MS;
  return new Date(today > now.getTime() ? today - DAY_MS : today);
}

/** Takes the supplier's slot for this process; false when another process (or an earlier look) took it. */
export const claimSlot = (db: Db, supplierId: number, slot: Date, now: Date) => claimScheduledRun(db, scheduleJobName(supplierId), slot, now);

/**
 * A schedule set or moved now starts at its next time: the slot already past today is taken, so
 * the scheduler does not run it as "missed" a minute later.
 */
export async function claimPastSlot(db: Db, supplierId: number, time: string, now: Date): Promise<void> {
  await claimSlot(db, supplierId, lastDailySlot(time, now), now);
}
