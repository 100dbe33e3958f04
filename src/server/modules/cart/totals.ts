import { DELIVERY_COST_RUB } from '#shared/constants.ts';
import type { DeliveryMethod } from '#shared/delivery.ts';
import { hasPrice } from '#shared/money.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';

/** A cart line as far as money goes: the product's current price and the quantity. */
export type PricedLine = { priceKopecks: number | null; quantity: number };

/** The order summary of spec 9, in kopecks. */
export type TotalsKopecks = { subtotal: number; vat: number; delivery: number; total: number; toFreeDelivery: number };

const wholeRoubles = (kopecks: number) => Math.round(kopecks / 100) * 100;

/** What a line costs; a line "on request" costs nothing here and cannot be ordered anyway. */
export const lineTotalKopecks = (line: PricedLine) => (hasPrice(line.priceKopecks) ? line.priceKopecks * line.quantity : 0);

/**
 * The one computation of a cart's money, for the cart answer and for the order placed from it:
 * VAT at the shop's rate on top of the subtotal, delivery 500 ₽ below the shop's free-delivery
 * threshold (inclusive, decisions.md) and none for an empty cart or a pickup at a branch, VAT and
 * delivery in whole roubles.
 */
export function cartTotals(
  lines: readonly PricedLine[],
  shop: Pick<ShopSettings, 'freeDeliveryThreshold' | 'vatRate'>,
  method: DeliveryMethod = 'delivery',
): TotalsKopecks {
  const subtotal = lines.reduce((sum, line) => sum + lineTotalKopecks(line), 0);
  const vat = wholeRoubles((subtotal * shop.vatRate) / 100);
  const toFreeDelivery = lines.length === 0 || method === 'pickup' ? 0 : Math.max(0, shop.freeDeliveryThreshold * 100 - subtotal);
  const delivery = toFreeDelivery > 0 ? DELIVERY_COST_RUB * 100 : 0;
  return { subtotal, vat, delivery, total: subtotal + vat + delivery, toFreeDelivery };
}
