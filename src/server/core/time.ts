/** Shop time (Moscow) is UTC+3 all year: schedules, file names and report dates are in it. */
export const SHOP_OFFSET_MS = 3 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
