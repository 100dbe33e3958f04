/**
 * Dates of the shop: shown in Russian and in the shop's time zone (Moscow time, which is also
 * Volgograd's), so a date filter and the dates on screen always agree whatever the browser's zone.
 */
export const SHOP_TIME_ZONE = 'Europe/Moscow';
/** Moscow has kept UTC+3 all year since 2014. */
const SHOP_UTC_OFFSET = '+03:00';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A formatter in shop time, made at its first use: a browser's first Intl formatter loads the
 * locale's data (15–25 ms here, four times that on a slow phone), which a page showing no date
 * should not pay while its scripts start.
 */
function shopFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat('ru-RU', { ...options, timeZone: SHOP_TIME_ZONE })).format(date);
}

const dateFormat = shopFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = shopFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const shortDateTimeFormat = shopFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const toDate = (value: string | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '21 ноября 2026 г., 14:05'; a missing date is 'Н/Д' (spec 2.15). */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  if (!date) return 'Н/Д';
  return `${dateFormat(date)}, ${timeFormat(date)}`;
}

/** '21 нояб., 14:05' for compact lists; a missing date is 'Н/Д'. */
export function formatShortDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? shortDateTimeFormat(date) : 'Н/Д';
}

/** '21 ноября 2026 г.'; a missing date is 'Н/Д'. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat(date) : 'Н/Д';
}

/** '14:05' in shop time; a missing date is 'Н/Д'. */
export function formatTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? timeFormat(date) : 'Н/Д';
}

/** A calendar day written as YYYY-MM-DD (the value of an `<input type="date">`). */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in YYYY-MM-DD form (2026-02-30 is not). */
export function isValidDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const noon = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(day);
}

/** The first moment of a calendar day in the shop's time zone. */
export const shopDayStart = (day: string) => new Date(`${day}T00:00:00${SHOP_UTC_OFFSET}`);

/** The first moment after a calendar day in the shop's time zone (exclusive end of a range). */
export const shopDayEnd = (day: string) => new Date(shopDayStart(day).getTime() + DAY_MS);

/** '2026-11-01' (a calendar day) -> '1 ноября 2026 г.' */
export const formatDay = (day: string) => formatDate(shopDayStart(day.slice(0, 10)));

const dayMonthFormat = shopFormat({ day: 'numeric', month: 'long' });

/** '2026-12-03' -> '3 декабря' (the month in the genitive, as Russian dates say it). */
export const formatDayMonth = (day: string) => dayMonthFormat(shopDayStart(day.slice(0, 10)));

/** The shop day (YYYY-MM-DD) `days` calendar days after `now`'s shop day (transfers between branches run every day). */
export function shopDayAfter(now: Date, days: number): string {
  return new Date(Date.parse(`${shopToday(now)}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's date in the shop's time zone as YYYY-MM-DD. */
export function shopToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * The shop day `days` banking days after `from`'s shop day, Saturdays and Sundays skipped (public
 * holidays are not known to the shop): an invoice of Friday valid 5 banking days runs to the next
 * Friday.
 */
export function addBankingDays(from: Date, days: number): string {
  const day = new Date(`${shopToday(from)}T12:00:00Z`);
  for (let left = days; left > 0; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}
