import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatShortDateTime, formatTime, isValidDay, shopDayEnd, shopDayStart, shopToday, addBankingDays } from './dates.ts';

describe('shop dates', () => {
  it("formats as the spec shows, in Moscow time, 'Н/Д' when missing", () => {
    expect(formatDateTime('2026-11-21T11:05:00Z')).toBe('21 ноября 2026 г., 14:05');
    expect(formatDateTime(new Date('2026-12-31T21:30:00Z'))).toBe('1 января 2027 г., 00:30');
    expect(formatDate('2026-03-08T10:00:00Z')).toBe('8 марта 2026 г.');
    expect(formatTime('2026-03-08T06:07:00Z')).toBe('09:07');
    expect(formatDateTime(null)).toBe('Н/Д');
    expect(formatDateTime(undefined)).toBe('Н/Д');
    expect(formatDateTime('не дата')).toBe('Н/Д');
  });

  it('knows real calendar days', () => {
    expect(isValidDay('2026-02-28')).toBe(true);
    expect(isValidDay('2028-02-29')).toBe(true);
    expect(isValidDay('2026-02-29')).toBe(false);
    expect(isValidDay('2026-13-01')).toBe(false);
    expect(isValidDay('21.11.2026')).toBe(false);
  });

  it('a shop day runs from 00:00 to 24:00 Moscow time', () => {
    expect(shopDayStart('2026-11-21').toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(shopDayEnd('2026-11-21').toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(shopToday(new Date('2026-11-20T21:30:00Z'))).toBe('2026-11-21');
    expect(shopToday(new Date('2026-11-20T20:59:00Z'))).toBe('2026-11-20');
  });

  it.each(['UTC', 'America/New_York', 'Asia/Vladivostok'])('shows Moscow time on a machine whose zone is %s', (zone) => {
    const machine = process.env.TZ;
    process.env.TZ = zone;
    try {
      expect(new Date('2026-11-21T22:05:00Z').getTimezoneOffset()).not.toBe(-180); // the zone really changed
      expect(formatDateTime('2026-11-21T22:05:00Z')).toBe('22 ноября 2026 г., 01:05');
      expect(formatShortDateTime('2026-11-21T22:05:00Z')).toBe('22 нояб., 01:05');
      expect(formatTime('2026-11-21T22:05:00Z')).toBe('01:05');
      expect(formatDay('2026-11-01')).toBe('1 ноября 2026 г.');
      expect(shopToday(new Date('2026-11-21T22:05:00Z'))).toBe('2026-11-22');
    } finally {
      if (machine === undefined) delete process.env.TZ;
      else process.env.TZ = machine;
    }
  });
});

describe('banking days', () => {
  it('skips Saturdays and Sundays, counting from the Moscow day', () => {
    // Friday 27 November 2026, 14:00 in Moscow: five banking days end on Friday 4 December.
    expect(addBankingDays(new Date('2026-11-27T11:00:00Z'), 5)).toBe('2026-12-04');
    // 23:30 on Friday in UTC is already Saturday in Moscow: Monday to Friday of the next week.
    expect(addBankingDays(new Date('2026-11-27T21:30:00Z'), 5)).toBe('2026-12-04');
    // Monday: five banking days end on the next Monday; one ends on Tuesday.
    expect(addBankingDays(new Date('2026-11-30T09:00:00Z'), 5)).toBe('2026-12-07');
    expect(addBankingDays(new Date('2026-11-30T09:00:00Z'), 1)).toBe('2026-12-01');
    // Sunday: the first banking day is Monday.
    expect(addBankingDays(new Date('2026-11-29T09:00:00Z'), 1)).toBe('2026-11-30');
  });
});
