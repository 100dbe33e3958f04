import { DELIVERY_COST_RUB, VAT_RATE } from './constants.ts';

/** Amounts of an order in kopecks. */
export type OrderTotalsKopecks = { subtotal: number; vat: number; delivery: number; total: number };
/** The same amounts in roubles, as the API and the screens show them. */
export type OrderTotals = OrderTotalsKopecks & { freeDelivery: boolean };

const wholeRoubles = (kopecks: number) => Math.round(kopecks / 100) * 100;

/**
 * The one formula of spec 9, used by the server (orders) and the client (cart and checkout
 * summaries): VAT 20 % added on top of the subtotal, delivery 500 ₽ or free from the shop's
 * threshold (inclusive, decisions.md), VAT and delivery in whole roubles.
 */
export function computeOrderTotalsKopecks(subtotalKopecks: number, freeDeliveryThresholdRub: number): OrderTotalsKopecks {
  const subtotal = Math.max(0, Math.round(subtotalKopecks));
  const vat = wholeRoubles(subtotal * VAT_RATE);
  const delivery = subtotal >= freeDeliveryThresholdRub * 100 ? 0 : DELIVERY_COST_RUB * 100;
  return { subtotal, vat, delivery, total: subtotal + vat + delivery };
}

/** The formula for a subtotal in roubles (the cart's), answering in roubles. */
export function computeOrderTotals(subtotalRub: number, freeDeliveryThresholdRub: number): OrderTotals {
  const k = computeOrderTotalsKopecks(Math.round(subtotalRub * 100), freeDeliveryThresholdRub);
  return {
    subtotal: k.subtotal / 100,
    vat: k.vat / 100,
    delivery: k.delivery / 100,
    total: k.total / 100,
    freeDelivery: k.delivery === 0,
  };
}
