/**
 * The ways a cart can be delivered to a city and what each costs (issue 28): the shop's own
 * delivery (its settings' price and free threshold) and the carrier's ways, priced by the
 * carrier for the cart's parcels from the branch that will ship it, plus the shop's margin, free
 * from the shop's amount. Checkout asks the same functions again when the order is placed: a
 * price the browser sends is never believed.
 */
import type { Db } from '../../db/connection.ts';
import { badRequest, conflict } from '../../core/http-errors.ts';
import { listBranches } from '../branches/service.ts';
import { cartTotals, type TotalsKopecks } from '../cart/totals.ts';
import { pricedCartLines } from '../cart/pickup.ts';
import { getSettings } from '../settings/service.ts';
import { carrierOf, type CarrierLog, type CarrierQuote } from './carrier-port.ts';
import { parcelsOf } from './parcels.ts';
import { deliverySources, shippingBranch } from './sources.ts';
import { DELIVERY_METHOD_LABELS, type CarrierMethod, type DeliveryOption, type DeliveryPoint } from '#shared/delivery.ts';
import { kopecksToRub } from '#shared/money.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';

export const OWN_DELIVERY_TITLE = 'Курьером или транспортной компанией';
export const CARRIER_UNAVAILABLE = 'СДЭК сейчас не доставляет этот заказ в указанный город. Выберите другой способ получения.';
export const POINT_MESSAGE = 'Выберите пункт выдачи СДЭК из списка';

type Line = { productId: number; quantity: number };

/** The carrier's price as the customer pays it, kopecks: the margin added and rounded up to a rouble; nothing from the shop's free amount. */
export function carrierPriceKopecks(quote: Pick<CarrierQuote, 'priceKopecks'>, subtotalKopecks: number, shop: Pick<ShopSettings, 'carrierMarginPercent' | 'carrierFreeFrom'>): number {
  if (shop.carrierFreeFrom > 0 && subtotalKopecks >= shop.carrierFreeFrom * 100) return 0;
  return Math.ceil((quote.priceKopecks * (100 + shop.carrierMarginPercent)) / 100 / 100) * 100;
}

/** The carrier's quotes for these lines to `city`; none without a carrier, a city or lines, or when the carrier fails (it logs why). */
export async function carrierQuotes(db: Db, lines: readonly Line[], city: string, citySlug: string | undefined, log: CarrierLog): Promise<CarrierQuote[]> {
  const carrier = carrierOf(db);
  if (!carrier || city.trim() === '' || lines.length === 0) return [];
  const from = await shippingBranch(db, deliverySources(await listBranches(db), citySlug), lines);
  return carrier.quote(from.city, city.trim(), await parcelsOf(db, lines), log);
}

/**
 * GET /api/cart/{cartId}/delivery?city=: the shop's own delivery first, then the carrier's ways
 * the carrier offers for this cart to `city` (cheapest tariff of each). Pickup at the branches
 * stays at /pickup. Empty for an empty cart.
 */
export async function deliveryOptions(
  db: Db,
  params: { cartId: string; city: string; citySlug: string | undefined; userId: number | undefined; log: CarrierLog },
): Promise<DeliveryOption[]> {
  const [lines, shop] = await Promise.all([pricedCartLines(db, params.cartId, params.userId), getSettings(db, 'shop')]);
  if (lines.length === 0) return [];
  const own = cartTotals(lines, shop, 'delivery');
  const quotes = await carrierQuotes(db, lines, params.city, params.citySlug, params.log);
  const option = (method: DeliveryOption['method'], totals: TotalsKopecks, days: Pick<DeliveryOption, 'daysMin' | 'daysMax'>): DeliveryOption => ({
    method,
    title: method === 'delivery' ? OWN_DELIVERY_TITLE : DELIVERY_METHOD_LABELS[method],
    price: kopecksToRub(totals.delivery),
    ...days,
    total: kopecksToRub(totals.total),
    vatInTotal: kopecksToRub(totals.vatInTotal),
  });
  return [
    option('delivery', own, { daysMin: null, daysMax: null }),
    ...quotes.map((q) => option(q.method, cartTotals(lines, shop, q.method, carrierPriceKopecks(q, own.subtotal, shop)), q)),
  ];
}

/** What a carrier's way costs an order being placed, kopecks, with its tariff and days; 409 when the carrier does not offer it now. */
export async function carrierDeliveryForOrder(
  db: Db,
  params: { method: CarrierMethod; lines: readonly Line[]; city: string; citySlug: string | undefined; subtotalKopecks: number; shop: ShopSettings; log: CarrierLog },
): Promise<CarrierQuote> {
  const quotes = await carrierQuotes(db, params.lines, params.city, params.citySlug, params.log);
  const quote = quotes.find((q) => q.method === params.method);
  if (!quote) throw conflict(CARRIER_UNAVAILABLE);
  return { ...quote, priceKopecks: carrierPriceKopecks(quote, params.subtotalKopecks, params.shop) };
}

/** GET /api/delivery/points?city=: the carrier's pickup points there; none without a carrier or a city. */
export async function deliveryPoints(db: Db, city: string, log: CarrierLog): Promise<DeliveryPoint[]> {
  const carrier = carrierOf(db);
  if (!carrier || city.trim() === '') return [];
  return carrier.points(city.trim(), log);
}

/** The pickup point an order names, as the carrier lists it now in the order's city; 400 on the field otherwise. */
export async function deliveryPointForOrder(db: Db, city: string, code: string | undefined, log: CarrierLog): Promise<DeliveryPoint> {
  const point = code ? (await deliveryPoints(db, city, log)).find((p) => p.code === code) : undefined;
  if (!point) throw badRequest(POINT_MESSAGE, { deliveryPointCode: [POINT_MESSAGE] });
  return point;
}
