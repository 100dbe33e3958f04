import { describe, expect, it } from 'vitest';
import { formatNumber } from './number-format.ts';

describe('formatNumber', () => {
  it('writes numbers as the Russian number format does', () => {
    const numbers = [0, 1, 7, 12, 999, 1000, 1100, 9999.5, 12990, 100000, 1234567, 20_000_000, -3, -1000, -12990, 0.5, 2.5, 1.25, 1100.5, 3.14159, 0.001, 0.0004, 1234.5678, -2.5, -1234.5678];
    for (const maximumFractionDigits of [0, 1, 3]) {
      const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits });
      for (const n of numbers) expect(formatNumber(n, maximumFractionDigits), `${n}, ${maximumFractionDigits}`).toBe(intl.format(n));
    }
  });

  it('writes a negative number that rounds to zero as zero, not «-0»', () => {
    expect(formatNumber(-0.4)).toBe('0');
    expect(formatNumber(-0.0001, 3)).toBe('0');
  });
});
