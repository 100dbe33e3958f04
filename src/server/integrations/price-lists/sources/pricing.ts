import type { SupplierRecord } from './types.ts';
import { MAX_PRICE_KOPECKS } from '#shared/money.ts';
import type { PricingRule } from '#shared/schemas/supplier-import.ts';

/**
 * A supplier's pricing rule: the list's retail price as it is, or the purchase price with a
 * markup, rounded to whole roubles and, with `ending`, up to the next price ending in that many
 * roubles (90: 1 234 → 1 290, 1 295 → 1 390).
 */
export type { PricingRule };

/** Whole roubles raised to the nearest price whose last two digits are `ending` (0–99). */
export function withEnding(roubles: number, ending: number): number {
  const hundreds = Math.floor(roubles / 100) * 100;
  return hundreds + ending >= roubles ? hundreds + ending : hundreds + 100 + ending;
}

/** The shop's price of a record under the rule; null is «Цена по запросу» (no price in the list). */
export function retailPrice(record: SupplierRecord, rule: PricingRule): { priceKopecks: number | null } | { error: string } {
  if (rule.mode === 'retail') return { priceKopecks: record.priceKopecks ?? null };
  const { markupPercent, ending } = rule;
  if (markupPercent === null || !Number.isFinite(markupPercent) || markupPercent < 0) {
    return { error: 'Наценка не задана: укажите её в процентах (0 или больше)' };
  }
  if (ending !== null && !(Number.isInteger(ending) && ending >= 0 && ending <= 99)) {
    return { error: 'Окончание цены — целое число рублей от 0 до 99' };
  }
  const purchase = record.purchasePriceKopecks;
  if (!purchase) return { error: 'Нет закупочной цены: розничную цену не из чего посчитать' };
  const roubles = Math.round((purchase * (100 + markupPercent)) / 100 / 100);
  const priceKopecks = (ending === null ? roubles : withEnding(roubles, ending)) * 100;
  if (priceKopecks > MAX_PRICE_KOPECKS) return { error: 'Розничная цена с наценкой больше 20 000 000 ₽' };
  return { priceKopecks };
}
