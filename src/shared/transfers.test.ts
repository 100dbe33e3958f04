import { describe, expect, it } from 'vitest';
import { formatDayMonth, shopDayAfter } from './dates.ts';
import { lineSource, orderReadyByText, pickupInDaysText, readyByText } from './transfers.ts';

describe('transfer days', () => {
  it('counts from the shop day (Moscow time) and names the month in the genitive', () => {
    expect(shopDayAfter(new Date('2026-11-30T20:59:00Z'), 2)).toBe('2026-12-02');
    expect(shopDayAfter(new Date('2026-11-30T21:00:00Z'), 2)).toBe('2026-12-03');
    expect(shopDayAfter(new Date('2026-12-30T10:00:00Z'), 3)).toBe('2027-01-02');
    expect(formatDayMonth('2026-12-03')).toBe('3 декабря');
    expect(formatDayMonth('2027-05-01')).toBe('1 мая');
  });

  it('says the promises as the issue words them', () => {
    expect(readyByText('Ростов-на-Дону', '2026-12-03')).toBe('Привезём в филиал Ростов-на-Дону к 3 декабря');
    expect(pickupInDaysText('Ростове-на-Дону', 2)).toBe('Можно забрать в Ростове-на-Дону через 2 дня');
    expect(pickupInDaysText('Ростове-на-Дону', 1)).toBe('Можно забрать в Ростове-на-Дону через 1 день');
    expect(pickupInDaysText('Ростове-на-Дону', 5)).toBe('Можно забрать в Ростове-на-Дону через 5 дней');
  });

  it('the order page says it only while the goods are on their way', () => {
    const order = { readyBy: '2026-12-03', pickupBranch: { id: 2, city: 'Ростов-на-Дону', address: '', phone: '', workingHours: '' } };
    expect(orderReadyByText({ ...order, status: 'processing' })).toBe('Привезём в филиал Ростов-на-Дону к 3 декабря');
    expect(orderReadyByText({ ...order, status: 'ready' })).toBeNull();
    expect(orderReadyByText({ ...order, readyBy: null, status: 'pending' })).toBeNull();
  });

  it('a line comes from the pickup branch when it holds it all, else by the soonest route from a branch holding it all', () => {
    const routes = [
      { fromBranchId: 1, toBranchId: 2, days: 4 },
      { fromBranchId: 3, toBranchId: 2, days: 2 },
    ];
    expect(lineSource(2, [{ branchId: 2, quantity: 3 }], 3, routes)).toEqual({ branchId: 2, days: 0 });
    const stock = [
      { branchId: 1, quantity: 5 },
      { branchId: 2, quantity: 1 },
      { branchId: 3, quantity: 3 },
    ];
    expect(lineSource(2, stock, 3, routes)).toEqual({ branchId: 3, days: 2 });
    // Branch 3 holds too few: never split, so the slower route brings it all.
    expect(lineSource(2, stock, 4, routes)).toEqual({ branchId: 1, days: 4 });
    expect(lineSource(2, stock, 6, routes)).toBeNull();
    // No route to branch 3.
    expect(lineSource(3, [{ branchId: 1, quantity: 5 }], 1, routes)).toBeNull();
  });
});
