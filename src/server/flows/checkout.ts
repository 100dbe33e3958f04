import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import { cartItems, carts, consents, orderItems, orderStatusHistory, orders, products } from '../db/schema.ts';
import { conflict, forbidden } from '../core/http-errors.ts';
import { maskEmail } from '../core/log.ts';
import type { Mailer } from '../mail/transport.ts';
import { saveOrderAddress } from '../modules/addresses/service.ts';
import { customerLinePrices } from '../modules/customer-groups/prices.ts';
import { listBranches } from '../modules/branches/service.ts';
import { notEnoughStockMessage, unavailableReason } from '../modules/cart/service.ts';
import { cartTotals, lineTotalKopecks } from '../modules/cart/totals.ts';
import { invoiceHoldUntil } from '../modules/invoices/document.ts';
import { invoiceForMail } from '../modules/invoices/service.ts';
import { newOrderNoticeMail, orderConfirmationMail } from '../modules/orders/mails.ts';
import { findOrder } from '../modules/orders/service.ts';
import type { PaymentView } from '../modules/orders/payments-port.ts';
import { catalogStockChanged } from '../modules/products/catalog-events.ts';
import { enforce, type RateRule } from '../modules/rate-limits/service.ts';
import { getSettings } from '../modules/settings/service.ts';
import { rememberContactDetails } from '../modules/users/service.ts';
import { companyBuyerOf } from './order-buyer.ts';
import { pickupBranchOf, pickupChoice, pickupWaitDays, takeOrderStock } from './order-stock.ts';
import { listTransfers } from '../modules/branches/transfers.ts';
import { shopDayAfter } from '#shared/dates.ts';
import { deliverySources } from '../modules/delivery/sources.ts';
import { carrierDeliveryForOrder, deliveryPointForOrder } from '../modules/delivery/options.ts';
import { pricedCartLines } from '../modules/cart/pickup.ts';
import type { CarrierQuote } from '../modules/delivery/carrier-port.ts';
import { isCarrierMethod, type OrderDeliveryPoint } from '#shared/delivery.ts';
import { PRIVACY_POLICY_VERSION, type PaymentMethod } from '#shared/constants.ts';
import { rubToKopecks } from '#shared/money.ts';
import type { CreateOrderInput } from '#shared/schemas/checkout.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { Order, PublicUser } from '#shared/types.ts';

export const CHECKOUT_DISABLED_MESSAGE =
  'Приём заказов на сайте временно приостановлен. Позвоните нам или напишите на e-mail — мы примем заказ.';
export const EMPTY_CART_MESSAGE = 'Корзина пуста. Добавьте товары в корзину перед оформлением заказа';
export const PRICES_CHANGED_MESSAGE =
  'Цены или состав корзины изменились. Проверьте новую сумму заказа и подтвердите заказ ещё раз.';
const CART_CHANGED_MESSAGE = 'Корзина изменилась с момента открытия страницы. Обновите страницу и проверьте заказ.';

/** `paymentView`: whether online payment is configured, for the order's payment as answered and mailed. */
export type PlaceOrderDeps = { db: Db; mailer: Mailer; publicUrl: string; log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>; paymentView: PaymentView };
/**
 * `shop`: the settings of checkoutSettings, read for this order; `rateLimitFactor` scales
 * ORDER_LIMITS; `citySlug`: the customer's city (the city cookie), whose branch a delivery
 * takes stock from first.
 */
export type PlaceOrderParams = {
  user: PublicUser;
  input: CreateOrderInput;
  ip: string;
  now: Date;
  rateLimitFactor: number;
  shop: ShopSettings;
  citySlug?: string;
  /** How long an online order holds its stock unpaid; null when online payment is not configured. */
  paymentHoldMinutes: number | null;
  /** How many banking days an invoice is valid (the settings' «Реквизиты»); null when no invoice can be issued. */
  invoiceValidDays: number | null;
};
export type PlaceOrderResult = { order: Order; created: boolean };

/** An unpaid order keeps its stock until then: an online one for the payment's minutes, one paid by invoice to the end of the invoice's last day. */
function paymentHoldUntil(method: PaymentMethod, now: Date, params: PlaceOrderParams): Date | null {
  if (method === 'online' && params.paymentHoldMinutes !== null) return new Date(now.getTime() + params.paymentHoldMinutes * 60_000);
  if (method === 'invoice' && params.invoiceValidDays !== null) return invoiceHoldUntil(now, params.invoiceValidDays);
  return null;
}

/**
 * The shop's settings, read once per order: the route reads them before the body is validated
 * and hands them to placeOrder. 403 when the shop has switched ordering off (enableCheckout).
 */
export async function checkoutSettings(db: Db): Promise<ShopSettings> {
  const shop = await getSettings(db, 'shop');
  if (!shop.enableCheckout) throw forbidden(CHECKOUT_DISABLED_MESSAGE);
  return shop;
}

const ORDERS_MESSAGE = 'Слишком много заказов.';
/** Order attempts per customer and per address: every order takes stock and sends two letters. */
export const ORDER_LIMITS = {
  account: { limit: 20, windowMs: 60 * 60 * 1000, message: ORDERS_MESSAGE },
  address: { limit: 50, windowMs: 60 * 60 * 1000, message: ORDERS_MESSAGE },
} satisfies Record<string, RateRule>;

/** A carrier's delivery as quoted for the cart's lines just before the order's transaction. */
type CarrierChoice = { quote: CarrierQuote; point: OrderDeliveryPoint | null; lines: string };

/** The lines a quote was made for, to see inside the transaction that the cart is still the same. */
const linesKey = (lines: readonly { productId: number; quantity: number }[]) => lines.map((l) => `${l.productId}x${l.quantity}`).join(',');

/**
 * The carrier's price, days and point for the order, asked of the carrier again (never the
 * browser's price) before the transaction: a call out must not hold the cart's lock.
 */
async function carrierChoice(deps: PlaceOrderDeps, params: PlaceOrderParams): Promise<CarrierChoice | null> {
  const { input, shop, user } = params;
  if (!isCarrierMethod(input.deliveryMethod)) return null;
  const lines = await pricedCartLines(deps.db, input.cartId, user.id);
  if (lines.length === 0) throw conflict(EMPTY_CART_MESSAGE);
  const point =
    input.deliveryMethod === 'cdek-point' ? await deliveryPointForOrder(deps.db, input.city, input.deliveryPointCode ?? undefined, deps.log) : null;
  const quote = await carrierDeliveryForOrder(deps.db, {
    method: input.deliveryMethod,
    lines,
    city: input.city,
    citySlug: params.citySlug,
    subtotalKopecks: cartTotals(lines, shop).subtotal,
    shop,
    log: deps.log,
  });
  return { quote, point: point && { code: point.code, address: point.address, workingHours: point.workingHours }, lines: linesKey(lines) };
}

class OrderExists extends Error {
  constructor(readonly orderId: number) {
    super('order exists');
  }
}

/**
 * Places the order of a cart in ONE transaction:
 * - locks the cart row (every cart change and every checkout of this cart wait for each other);
 * - a cart generation already ordered answers with that order (double click, retry) — the unique
 *   (cart_id, cart_generation) of orders makes a second order of one generation impossible;
 * - reads prices and stock from the database, refuses what cannot be sold (409 naming the product);
 * - takes each line's stock from one branch (order-stock.ts) with `quantity = quantity - q WHERE
 *   quantity >= q` (never below zero in any branch, whoever races), recording the branch per line;
 * - snapshots products, prices and the address (or the pickup branch), computes the totals
 *   (no delivery cost for a pickup), records the first status and
 *   the consent, bumps the cart generation and empties the cart;
 * - saves the delivery address to the customer's addresses when asked (`saveAddress`), and
 *   fills the customer's profile name and phone from the order where it has none;
 * - copies the organisation of a company order into it (order-buyer.ts).
 * The e-mails go out after the commit.
 */
export async function placeOrder(deps: PlaceOrderDeps, params: PlaceOrderParams): Promise<PlaceOrderResult> {
  const { db } = deps;
  const { user, input, ip, now, shop } = params;
  if (!shop.enableCheckout) throw forbidden(CHECKOUT_DISABLED_MESSAGE);
  await enforce(db, `order:account:${user.id}`, ORDER_LIMITS.account, now, params.rateLimitFactor);
  await enforce(db, `order:address:${ip}`, ORDER_LIMITS.address, now, params.rateLimitFactor);

  const carrier = await carrierChoice(deps, params);
  let placed: { orderId: number; productIds: number[] };
  try {
    placed = await db.transaction(async (tx) => {
      const [cart] = await tx
        .select({ generation: carts.generation })
        .from(carts)
        .where(eq(carts.id, input.cartId))
        .for('update');
      if (!cart) throw conflict(EMPTY_CART_MESSAGE);

      const generation = input.cartGeneration ?? cart.generation;
      if (generation > cart.generation) throw conflict(CART_CHANGED_MESSAGE);
      if (generation < cart.generation) {
        const [previous] = await tx
          .select({ id: orders.id, userId: orders.userId })
          .from(orders)
          .where(and(eq(orders.cartId, input.cartId), eq(orders.cartGeneration, generation)));
        if (previous && previous.userId === user.id) throw new OrderExists(previous.id);
        throw conflict(CART_CHANGED_MESSAGE);
      }

      const cartLines = await tx
        .select({
          quantity: cartItems.quantity,
          productId: products.id,
          name: products.name,
          sku: products.sku,
          slug: products.slug,
          priceKopecks: products.priceKopecks,
          stock: products.stock,
          isActive: products.isActive,
        })
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.cartId, input.cartId))
        .orderBy(asc(cartItems.id));
      // The order's lines take the customer's prices (their group's), as the cart showed them.
      const lines = await customerLinePrices(tx, user.id, cartLines);
      if (lines.length === 0) throw conflict(EMPTY_CART_MESSAGE);

      for (const line of lines) {
        const reason = unavailableReason(line);
        if (reason) throw conflict(reason);
        if (line.quantity > (line.stock ?? 0)) throw conflict(notEnoughStockMessage(line.name, line.stock ?? 0));
      }

      const branches = await listBranches(tx);
      const pickup = input.deliveryMethod === 'pickup' ? pickupBranchOf(branches, input.pickupBranchId) : null;
      if (carrier && carrier.lines !== linesKey(lines)) throw conflict(CART_CHANGED_MESSAGE);
      const totals = cartTotals(lines, shop, input.deliveryMethod, carrier?.quote.priceKopecks);
      if (input.expectedTotal !== undefined && rubToKopecks(input.expectedTotal) !== totals.total) {
        throw conflict(PRICES_CHANGED_MESSAGE);
      }

      const company = await companyBuyerOf(tx, user.id, input.buyer);
      if (!pickup && !carrier?.point && input.saveAddress) {
        const { customerName: recipientName, customerPhone: phone, address, city, postalCode } = input;
        await saveOrderAddress(tx, user.id, { recipientName, phone, address, city, postalCode }, now);
      }
      await rememberContactDetails(tx, user.id, { fullName: input.customerName, phone: input.customerPhone });

      // A pickup's lines the branch lacks come from branches with a route to it; the day they are
      // there is the server's, from the stock actually taken (the browser sends no date or source).
      const pickupFrom = pickup && pickupChoice(pickup, branches, await listTransfers(tx));
      const stockBranch = await takeOrderStock(tx, lines, pickupFrom ?? { sources: deliverySources(branches, params.citySlug) }, now);
      const waitDays = pickupFrom ? pickupWaitDays(pickupFrom, stockBranch) : 0;

      const [order] = await tx
        .insert(orders)
        .values({
          userId: user.id,
          cartId: input.cartId,
          cartGeneration: cart.generation,
          status: 'pending',
          paymentMethod: input.paymentMethod,
          paymentStatus: 'pending',
          customerName: input.customerName,
          customerEmail: input.customerEmail,
          customerPhone: input.customerPhone,
          // A pickup order has no address of its own; its city is the branch's (the staff list shows it).
          // A carrier's pickup point stands for the address (letters, 1C, the staff list show it).
          address: pickup ? '' : (carrier?.point?.address ?? input.address),
          city: pickup ? pickup.city : input.city,
          postalCode: pickup || carrier?.point ? '' : input.postalCode,
          notes: input.notes ? input.notes : null,
          deliveryMethod: input.deliveryMethod,
          pickupBranchId: pickup?.id ?? null,
          readyBy: waitDays > 0 ? shopDayAfter(now, waitDays) : null,
          deliveryDaysMin: carrier?.quote.daysMin ?? null,
          deliveryDaysMax: carrier?.quote.daysMax ?? null,
          deliveryTariffCode: carrier?.quote.tariffCode ?? null,
          deliveryPoint: carrier?.point ?? null,
          buyer: company,
          organizationId: company?.organizationId ?? null,
          subtotalKopecks: totals.subtotal,
          vatKopecks: totals.vat,
          vatInTotalKopecks: totals.vatInTotal,
          vatRate: shop.vatRate,
          pricesIncludeVat: shop.catalogPrices === 'with_vat',
          deliveryKopecks: totals.delivery,
          totalKopecks: totals.total,
          paymentHoldUntil: paymentHoldUntil(input.paymentMethod, now, params),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      const id = order!.id;

      await tx.insert(orderItems).values(
        lines.map((l) => ({
          orderId: id,
          productId: l.productId,
          productName: l.name,
          productSku: l.sku,
          productSlug: l.slug,
          unitPriceKopecks: l.priceKopecks!,
          quantity: l.quantity,
          totalKopecks: lineTotalKopecks(l),
          stockBranchId: stockBranch.get(l.productId)!,
        })),
      );
      await tx
        .insert(orderStatusHistory)
        .values({ orderId: id, field: 'status', fromValue: null, toValue: 'pending', changedBy: user.id, changedAt: now });
      await tx.insert(consents).values({
        purpose: 'order',
        userId: user.id,
        email: input.customerEmail,
        ip,
        policyVersion: PRIVACY_POLICY_VERSION,
        createdAt: now,
      });
      await tx
        .update(carts)
        .set({ generation: cart.generation + 1, updatedAt: now })
        .where(eq(carts.id, input.cartId));
      await tx.delete(cartItems).where(eq(cartItems.cartId, input.cartId));
      return { orderId: id, productIds: [...stockBranch.keys()] };
    });
  } catch (error) {
    if (error instanceof OrderExists) return { order: (await findOrder(db, error.orderId, deps.paymentView))!, created: false };
    throw error;
  }

  // The ordered products' stock and sales counts changed: the cached public catalogue answers
  // showing their stock must not show the old one.
  catalogStockChanged(placed.productIds);
  const order = (await findOrder(db, placed.orderId, deps.paymentView))!;
  await sendOrderMails(deps, shop, order);
  return { order, created: true };
}

/** The customer's confirmation (with the invoice of an order paid by invoice) and the shop's notice; a mail failure never undoes an order. */
async function sendOrderMails(deps: PlaceOrderDeps, shop: ShopSettings, order: Order) {
  const invoice = order.paymentMethod === 'invoice' ? await invoiceForMail(deps.db, order.id, deps.log) : null;
  for (const message of [orderConfirmationMail(shop, order, deps.publicUrl, invoice), newOrderNoticeMail(shop, order, deps.publicUrl)]) {
    try {
      await deps.mailer.send(message);
    } catch (error) {
      deps.log.error({ err: error, orderId: order.id, to: maskEmail(message.to) }, 'order mail failed');
    }
  }
}
