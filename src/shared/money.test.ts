import { describe, expect, it } from 'vitest';
import { discountPercent, formatRub, hasPrice } from './money.ts';

// Intl puts a no-break space between digit groups and before the sign.
const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('money', () => {
  it('formats whole roubles the Russian way', () => {
    expect(formatRub(12990)).toBe(nb('12 990 ₽'));
    expect(formatRub(500.4)).toBe(nb('500 ₽'));
  });
  it('writes roubles as the Russian currency format does, from zero to the largest price', () => {
    const intl = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 });
    const amounts = [0, 1, 9, 99.5, 999, 1000, 1500.49, 12990, 99999, 100000, 1234567, 20_000_000, -5, -1000, -12990.6];
    for (const amount of amounts) expect(formatRub(amount), String(amount)).toBe(intl.format(Math.round(amount)));
  });
  it('treats zero and missing prices as "price on request"', () => {
    expect(hasPrice(0)).toBe(false);
    expect(hasPrice(null)).toBe(false);
    expect(hasPrice(1)).toBe(true);
  });
  it('rounds the discount percent', () => {
    expect(discountPercent(6990, 9990)).toBe(30);
    expect(discountPercent(9990, 9990)).toBe(0);
    expect(discountPercent(9990, null)).toBe(0);
  });
});
