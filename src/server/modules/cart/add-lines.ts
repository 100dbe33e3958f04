import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { cartItems, carts, products } from '../../db/schema.ts';
import { enforce, type RequestMeta } from '../rate-limits/service.ts';
import { NEW_CART_LIMIT, getCart, lockCart } from './service.ts';
import { CART_QUANTITY_MAX } from '#shared/constants.ts';
import { hasPrice } from '#shared/money.ts';
import type { CartLinesResult, NotAddedReason } from '#shared/schemas/sku-list.ts';

/** A line to put in the cart; `productId` null is a product deleted since (an old order's line), `name` names it then. */
export type WantedLine = { productId: number | null; name: string; quantity: number };

type Product = { id: number; name: string; priceKopecks: number | null; stock: number | null; isActive: boolean };

/** Why a product cannot go in the cart at all, or null. */
function refusal(product: Product | undefined): NotAddedReason | null {
  if (!product || !product.isActive) return 'off_sale';
  if (!hasPrice(product.priceKopecks)) return 'on_request';
  if ((product.stock ?? 0) <= 0) return 'out_of_stock';
  return null;
}

/** The same product on several lines is one line of their sum. */
function merged(lines: readonly WantedLine[]): WantedLine[] {
  const byProduct = new Map<number, WantedLine>();
  const gone: WantedLine[] = [];
  for (const line of lines) {
    if (line.productId === null) gone.push(line);
    else {
      const seen = byProduct.get(line.productId);
      byProduct.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
    }
  }
  return [...byProduct.values(), ...gone];
}

/**
 * Puts many lines in the cart in one transaction (the SKU list, a repeated order) under the
 * rules of one addition: a product on sale with a price and stock, at most the stock and 999
 * a line counting what the cart already holds. A line over that goes in with what is left; the
 * answer says what went in and, for the rest, why not, with the cart at the customer's prices.
 */
export async function addLinesToCart(db: Db, cartId: string, lines: readonly WantedLine[], meta: RequestMeta, userId?: number): Promise<CartLinesResult> {
  const wanted = merged(lines);
  const [known] = await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId));
  if (!known) await enforce(db, `cart:address:${meta.ip}`, NEW_CART_LIMIT, meta.now, meta.rateLimitFactor);
  const added: CartLinesResult['added'] = [];
  const notAdded: CartLinesResult['notAdded'] = [];
  await db.transaction(async (tx) => {
    await lockCart(tx, cartId, meta.now);
    const ids = wanted.flatMap((line) => (line.productId === null ? [] : [line.productId]));
    const [rows, inCart] = ids.length
      ? await Promise.all([
          tx
            .select({ id: products.id, name: products.name, priceKopecks: products.priceKopecks, stock: products.stock, isActive: products.isActive })
            .from(products)
            .where(inArray(products.id, ids)),
          tx
            .select({ id: cartItems.id, productId: cartItems.productId, quantity: cartItems.quantity })
            .from(cartItems)
            .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.productId, ids))),
        ])
      : [[], []];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const lineOf = new Map(inCart.map((row) => [row.productId, row]));
    for (const line of wanted) {
      const product = line.productId === null ? undefined : byId.get(line.productId);
      const reason = refusal(product);
      if (reason || !product) {
        notAdded.push({ productId: product?.id ?? null, name: product?.name ?? line.name, reason: reason ?? 'off_sale' });
        continue;
      }
      const existing = lineOf.get(product.id);
      const room = Math.min(product.stock ?? 0, CART_QUANTITY_MAX) - (existing?.quantity ?? 0);
      if (room <= 0) {
        notAdded.push({ productId: product.id, name: product.name, reason: 'cart_full' });
        continue;
      }
      const quantity = Math.min(line.quantity, room);
      if (existing) await tx.update(cartItems).set({ quantity: existing.quantity + quantity }).where(eq(cartItems.id, existing.id));
      else await tx.insert(cartItems).values({ cartId, productId: product.id, quantity, createdAt: meta.now });
      added.push({ productId: product.id, name: product.name, quantity, requested: line.quantity });
    }
  });
  return { cart: await getCart(db, cartId, userId), added, notAdded };
}
