/**
 * When automatic copies are due: at 03:00 shop time (Moscow, UTC+3 all year) every day, every
 * Monday, or on the 1st of every month.
 */
import type { BackupFrequency } from '#shared/schemas/backup.ts';
import { DAY_MS, SHOP_OFFSET_MS } from '../../core/time.ts';

const BACKUP_HOUR = 3;

/** A moment given as shop wall-clock fields (month 0-based). */
const fromShopClock = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day, BACKUP_HOUR) - SHOP_OFFSET_MS);

/** The latest due moment at or before `now`. */
export function lastSlot(frequency: BackupFrequency, now: Date): Date {
  const local = new Date(now.getTime() + SHOP_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  if (frequency === 'monthly') {
    const thisMonth = fromShopClock(y, m, 1);
    return thisMonth <= now ? thisMonth : fromShopClock(y, m - 1, 1);
  }
  let slot = fromShopClock(y, m, d);
  if (slot > now) slot = new Date(slot.getTime() - DAY_MS);
  if (frequency === 'weekly') {
    // Monday is day 1; the week starts on Monday in Russia.
    const weekday = new Date(slot.getTime() + SHOP_OFFSET_MS).getUTCDay();
    const back = (weekday + 6) % 7;
    slot = new Date(slot.getTime() - back * DAY_MS);
  }
  return slot;
}

/** The first due moment after `now`. */
export function nextSlot(frequency: BackupFrequency, now: Date): Date {
  const last = lastSlot(frequency, now);
  if (frequency === 'daily') return new Date(last.getTime() + DAY_MS);
  if (frequency === 'weekly') return new Date(last.getTime() + 7 * DAY_MS);
  const local = new Date(last.getTime() + SHOP_OFFSET_MS);
  return fromShopClock(local.getUTCFullYear(), local.getUTCMonth() + 1, 1);
}
