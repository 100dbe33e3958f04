import { isCarrierMethod, type DeliveryMethod } from '#shared/delivery.ts';
import { hasPrice, kopecksToRub, vatOnTopKopecks } from '#shared/money.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';

/** A cart line as far as money goes: the product's current price and the quantity. */
export type PricedLine = { priceKopecks: number | null; quantity: number };

/**
 * The order summary of spec 9, in kopecks. `vat` is what is added on top of catalogue prices
 * without VAT (the 'НДС (N%)' line; 0 when they include it); `vatInTotal` is the VAT the total
 * contains, goods and delivery alike («в т. ч. НДС (N%)»): what the receipt and 1C carry.
 */
export type TotalsKopecks = { subtotal: number; vat: number; vatInTotal: number; delivery: number; total: number; toFreeDelivery: number };

/** What a line costs; a line "on request" costs nothing here and cannot be ordered anyway. */
export const lineTotalKopecks = (line: PricedLine) => (hasPrice(line.priceKopecks) ? line.priceKopecks * line.quantity : 0);

/** The VAT an amount that includes it contains, to the kopeck (what a receipt line at `rate` carries). */
export const vatInsideKopecks = (kopecks: number, rate: number) => Math.round((kopecks * rate) / (100 + rate));

/**
 * The one computation of a cart's money, for the cart answer and for the order placed from it.
 * Catalogue prices «без НДС»: VAT at the shop's rate on top of the subtotal, in whole roubles;
 * «с НДС»: nothing on top. The shop's own delivery costs the settings' `deliveryCost` (500 ₽ by
 * default; VAT included: it is a taxable service, the way the receipt carries it) below the shop's
 * free-delivery threshold (inclusive, decisions.md); a carrier's delivery costs what its quote
 * said (`carrierKopecks`, the margin and free amount already applied); none for an empty cart or
 * a pickup at a branch. Everything in the total is taxed at the one rate, so the
 * VAT it contains is the total's share (docs/decisions/030).
 */
export function cartTotals(
  lines: readonly PricedLine[],
  shop: Pick<ShopSettings, 'freeDeliveryThreshold' | 'deliveryCost' | 'vatRate' | 'catalogPrices'>,
  method: DeliveryMethod = 'delivery',
  carrierKopecks = 0,
): TotalsKopecks {
  const subtotal = lines.reduce((sum, line) => sum + lineTotalKopecks(line), 0);
  const vat = shop.catalogPrices === 'with_vat' ? 0 : vatOnTopKopecks(subtotal, shop.vatRate);
  const ownDelivery = lines.length > 0 && method === 'delivery';
  const toFreeDelivery = ownDelivery ? Math.max(0, shop.freeDeliveryThreshold * 100 - subtotal) : 0;
  const delivery = ownDelivery ? (toFreeDelivery > 0 ? shop.deliveryCost * 100 : 0) : lines.length > 0 && isCarrierMethod(method) ? carrierKopecks : 0;
  const total = subtotal + vat + delivery;
  return { subtotal, vat, vatInTotal: vatInsideKopecks(total, shop.vatRate), delivery, total, toFreeDelivery };
}

/**
 * The order summary as the cart and pickup answers show it: the amounts in roubles, with the rate
 * and whether catalogue prices include VAT, so the screens say «НДС (N%)» or «в т. ч. НДС (N%)».
 */
export const summaryInRoubles = (totals: TotalsKopecks, shop: Pick<ShopSettings, 'vatRate' | 'catalogPrices'>) => ({
  subtotal: kopecksToRub(totals.subtotal),
  vat: kopecksToRub(totals.vat),
  vatInTotal: kopecksToRub(totals.vatInTotal),
  vatRate: shop.vatRate,
  pricesIncludeVat: shop.catalogPrices === 'with_vat',
  delivery: kopecksToRub(totals.delivery),
  total: kopecksToRub(totals.total),
});
