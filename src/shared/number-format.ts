const NBSP = '\u00a0';

/**
 * A number the Russian way, «1 100», «2,5», «-12 990»: no-break spaces between thousands and a
 * decimal comma, as `Intl.NumberFormat('ru-RU', { maximumFractionDigits })` writes it
 * (number-format.test.ts holds the two equal). Written out because a browser's first Intl number
 * formatter loads the locale's data, 20 ms here and four times that on a slow phone, inside the
 * start of every catalogue page (prices, filter ranges).
 */
export function formatNumber(n: number, maximumFractionDigits = 0): string {
  const [whole = '', fraction = ''] = Math.abs(n).toFixed(maximumFractionDigits).split('.');
  const decimals = fraction.replace(/0+$/, '');
  const sign = n < 0 && (/[1-9]/.test(whole) || decimals) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, NBSP)}${decimals ? `,${decimals}` : ''}`;
}

