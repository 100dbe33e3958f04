import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { cartItems, products, productStock } from '../../db/schema.ts';
import { listBranches } from '../branches/service.ts';
import { customerLinePrices } from '../customer-groups/prices.ts';
import { getSettings } from '../settings/service.ts';
import { cartTotals, summaryInRoubles } from './totals.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';

export const NO_PICKUP_REASON = 'Не выдаёт заказы';
const NOTHING_REASON = 'Товаров заказа нет в наличии';

/** What a branch lacks of one line: «Дрель» нет в наличии / «Дрель»: в наличии 1 шт. */
export const shortageText = (name: string, have: number) => (have > 0 ? `«${name}»: в наличии ${have} шт.` : `«${name}» нет в наличии`);

/** The field error of a pickup at a branch that cannot hand out the whole order. */
export const pickupShortMessage = (branch: Pick<Branch, 'cityIn'>, shortage: string) =>
  `В филиале в ${branch.cityIn} нет всех товаров заказа (${shortage}). Выберите другой филиал или доставку.`;

/** Quantity per `${productId}:${branchId}` of the given products. */
async function quantitiesOf(db: Db, productIds: number[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productStock.productId, branchId: productStock.branchId, quantity: productStock.quantity })
    .from(productStock)
    .where(inArray(productStock.productId, productIds));
  return new Map(rows.map((r) => [`${r.productId}:${r.branchId}`, r.quantity]));
}

/** The branch of the customer's city (a branch slug) first, the others in display order. */
const cityFirst = (branches: Branch[], citySlug: string | undefined) => [...branches].sort((a, b) => Number(b.slug === citySlug) - Number(a.slug === citySlug));

/**
 * GET /api/cart/{cartId}/pickup: every branch, the customer's city's first (`citySlug`, the city
 * cookie), then in display order, with whether it can hand out this cart (it hands out orders
 * and holds every line in full) and the cart's totals without delivery, at the customer's prices
 * (`userId`). Checkout refuses any other choice with the same reasons.
 */
/** The cart's lines at the customer's prices (`userId`, their group's), in the cart's order: pickup's and delivery's totals start here. */
export async function pricedCartLines(db: Db, cartId: string, userId: number | undefined) {
  const lines = await db
    .select({ productId: products.id, name: products.name, priceKopecks: products.priceKopecks, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
  return userId ? customerLinePrices(db, userId, lines) : lines;
}

export async function cartPickup(db: Db, cartId: string, citySlug: string | undefined, userId?: number): Promise<CartPickup> {
  const [lines, branchList, shop] = await Promise.all([pricedCartLines(db, cartId, userId), listBranches(db), getSettings(db, 'shop')]);
  const quantities = await quantitiesOf(db, lines.map((l) => l.productId));
  const totals = cartTotals(lines, shop, 'pickup');
  return {
    branches: cityFirst(branchList, citySlug).map((branch) => {
      const held = lines.map((line) => ({ line, have: quantities.get(`${line.productId}:${branch.id}`) ?? 0 }));
      const shortages = held.filter(({ line, have }) => have < line.quantity).map(({ line, have }) => shortageText(line.name, have));
      const reason = !branch.pickup
        ? NO_PICKUP_REASON
        : held.every(({ have }) => have === 0)
          ? NOTHING_REASON
          : shortages.length > 0
            ? `Нет всех товаров: ${shortages.join('; ')}`
            : null;
      return {
        id: branch.id,
        city: branch.city,
        address: branch.address,
        phone: branch.phone,
        workingHours: branch.workingHours,
        available: reason === null && lines.length > 0,
        reason,
      };
    }),
    ...summaryInRoubles(totals, shop),
  };
}
