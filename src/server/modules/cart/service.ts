import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { cartItems, carts, products } from '../../db/schema.ts';
import { HttpError, conflict, notFound } from '../../core/http-errors.ts';
import { atCustomerPrices, groupOfCustomer } from '../customer-groups/prices.ts';
import { enforce, type RateRule, type RequestMeta } from '../rate-limits/service.ts';
import { getSettings } from '../settings/service.ts';
import { cartTotals, lineTotalKopecks, summaryInRoubles } from './totals.ts';
import { CART_QUANTITY_MAX, SHORT_TEXT_FALLBACK_LENGTH } from '#shared/constants.ts';
import { hasPrice, kopecksToRub } from '#shared/money.ts';
import type { AddCartItemInput, UpdateCartItemInput } from '#shared/schemas/cart.ts';
import { truncate } from '#shared/text.ts';
import type { Cart } from '#shared/types.ts';

/** A transaction handle or the database: the service functions work in both. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export const ITEM_NOT_IN_CART = 'Товар не найден в корзине';
const MAX_LINE_MESSAGE = `В корзине не может быть больше ${CART_QUANTITY_MAX} шт. одного товара`;

const shortText = (short: string, description: string) => short.trim() || truncate(description, SHORT_TEXT_FALLBACK_LENGTH);

/** A cart's line with what the cart shows of its product. */
const CART_LINE_COLUMNS = {
  id: cartItems.id,
  quantity: cartItems.quantity,
  productId: products.id,
  name: products.name,
  priceKopecks: products.priceKopecks,
  slug: products.slug,
  imageUrl: products.imageUrl,
  shortDescription: products.shortDescription,
  description: products.description,
  stock: products.stock,
  isActive: products.isActive,
};

/**
 * The cart with current catalogue data and its totals; a cart that was never written answers
 * empty. Its prices are the customer's (`userId`: their group's prices; none: retail), so the
 * totals are the order's; the answer is private.
 */
export async function getCart(db: Db, cartId: string, userId?: number): Promise<Cart> {
  const [[cart], shop, group] = await Promise.all([
    db.select({ generation: carts.generation }).from(carts).where(eq(carts.id, cartId)),
    getSettings(db, 'shop'),
    groupOfCustomer(db, userId),
  ]);
  const catalogRows = cart
    ? await db
        .select(CART_LINE_COLUMNS)
        .from(cartItems)
        .innerJoin(products, eq(products.id, cartItems.productId))
        .where(eq(cartItems.cartId, cartId))
        .orderBy(asc(cartItems.id))
    : [];
  const rows = await atCustomerPrices(db, group, catalogRows);
  const items = rows.map((r) => ({
    id: r.id,
    quantity: r.quantity,
    product: {
      id: r.productId,
      name: r.name,
      price: r.priceKopecks === null ? null : kopecksToRub(r.priceKopecks),
      retailPrice: r.retailKopecks === null || r.retailKopecks === r.priceKopecks ? null : kopecksToRub(r.retailKopecks),
      slug: r.slug,
      imageUrl: r.imageUrl,
      shortDescription: shortText(r.shortDescription, r.description),
      stock: r.stock,
      isActive: r.isActive,
    },
    totalPrice: kopecksToRub(lineTotalKopecks(r)),
  }));
  const totals = cartTotals(rows, shop);
  return {
    cartId,
    generation: cart?.generation ?? 0,
    items,
    itemCount: rows.reduce((sum, r) => sum + r.quantity, 0),
    ...summaryInRoubles(totals, shop),
    toFreeDelivery: kopecksToRub(totals.toFreeDelivery),
  };
}

type ProductForCart = { name: string; priceKopecks: number | null; stock: number | null; isActive: boolean };

/** Why this product cannot be bought at all, or null when it can. */
export const offSaleMessage = (name: string) => `Товар «${name}» снят с продажи`;

export function unavailableReason(p: ProductForCart): string | null {
  if (!p.isActive) return offSaleMessage(p.name);
  if (!hasPrice(p.priceKopecks)) return `Цена товара «${p.name}» по запросу: его нельзя заказать на сайте, свяжитесь с нами`;
  if ((p.stock ?? 0) <= 0) return `Товара «${p.name}» нет в наличии`;
  return null;
}

export const notEnoughStockMessage = (name: string, stock: number) =>
  `Недостаточно товара «${name}» на складе: доступно ${stock} шт.`;

/** Creates the cart row if needed and locks it: every change of one cart runs one at a time. */
export async function lockCart(tx: Executor, cartId: string, now: Date) {
  await tx
    .insert(carts)
    .values({ id: cartId, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: carts.id, set: { updatedAt: now } });
}

/** Locks an existing cart row; false when the cart does not exist. */
async function lockExistingCart(tx: Executor, cartId: string, now: Date): Promise<boolean> {
  const rows = await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId)).returning({ id: carts.id });
  return rows.length > 0;
}

/**
 * New carts per address. A cart is one small row, and one address is often many customers (a
 * mobile carrier's CGNAT, an office): the limit only stops a flood of rows, far above what a busy
 * shared address opens in an hour.
 */
export const NEW_CART_LIMIT: RateRule = { limit: 2000, windowMs: 60 * 60 * 1000, message: 'Слишком много новых корзин.' };

/**
 * Adds a product; a product already in the cart gets its quantity raised. The first addition
 * creates the cart, and counts against the address's new carts.
 */
export async function addCartItem(db: Db, input: AddCartItemInput, meta: RequestMeta): Promise<void> {
  const { now } = meta;
  const [known] = await db.select({ id: carts.id }).from(carts).where(eq(carts.id, input.cartId));
  if (!known) await enforce(db, `cart:address:${meta.ip}`, NEW_CART_LIMIT, now, meta.rateLimitFactor);
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, name: products.name, priceKopecks: products.priceKopecks, stock: products.stock, isActive: products.isActive })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product) throw notFound('Товар не найден');
    const reason = unavailableReason(product);
    if (reason) throw conflict(reason);

    await lockCart(tx, input.cartId, now);
    const [existing] = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, input.cartId), eq(cartItems.productId, input.productId)));
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    if (quantity > CART_QUANTITY_MAX) throw new HttpError(400, MAX_LINE_MESSAGE);
    const stock = product.stock ?? 0;
    if (quantity > stock) {
      throw conflict(
        existing
          ? `${notEnoughStockMessage(product.name, stock)}, в корзине уже ${existing.quantity} шт.`
          : notEnoughStockMessage(product.name, stock),
      );
    }
    if (existing) await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, existing.id));
    else await tx.insert(cartItems).values({ cartId: input.cartId, productId: input.productId, quantity, createdAt: now });
  });
}

/**
 * Sets a line's quantity. Never above the stock; a line that is already above the stock (the
 * stock fell after it was added) may still be lowered step by step.
 */
export async function updateCartItem(db: Db, itemId: number, input: UpdateCartItemInput, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockExistingCart(tx, input.cartId, now))) throw notFound(ITEM_NOT_IN_CART);
    const [line] = await tx
      .select({ quantity: cartItems.quantity, name: products.name, priceKopecks: products.priceKopecks, stock: products.stock, isActive: products.isActive })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, input.cartId)));
    if (!line) throw notFound(ITEM_NOT_IN_CART);
    if (input.quantity > line.quantity) {
      const reason = unavailableReason(line);
      if (reason) throw conflict(reason);
      if (input.quantity > (line.stock ?? 0)) throw conflict(notEnoughStockMessage(line.name, line.stock ?? 0));
    }
    await tx.update(cartItems).set({ quantity: input.quantity }).where(eq(cartItems.id, itemId));
  });
}

export async function removeCartItem(db: Db, itemId: number, cartId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockExistingCart(tx, cartId, now))) throw notFound(ITEM_NOT_IN_CART);
    const deleted = await tx
      .delete(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
      .returning({ id: cartItems.id });
    if (deleted.length === 0) throw notFound(ITEM_NOT_IN_CART);
  });
}

export async function clearCart(db: Db, cartId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (await lockExistingCart(tx, cartId, now)) await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
  });
}
