import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { cartItems, products, productStock } from '../../db/schema.ts';
import { listBranches } from '../branches/service.ts';
import { listTransfers } from '../branches/transfers.ts';
import { customerLinePrices } from '../customer-groups/prices.ts';
import { getSettings } from '../settings/service.ts';
import { cartTotals, summaryInRoubles } from './totals.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';
import { shopDayAfter } from '#shared/dates.ts';
import { lineSource, type BranchTransfer } from '#shared/transfers.ts';

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

/**
 * Where each line of a pickup at `branch` comes from (the branch itself, or a branch with a
 * route to it: `lineSource`) and in how many days the last arrives; `missing` are the lines no
 * branch can give, with what the pickup branch has of them.
 */
function pickupPlan(
  branch: Branch,
  lines: readonly { productId: number; name: string; quantity: number }[],
  branchIds: readonly number[],
  quantities: ReadonlyMap<string, number>,
  routes: readonly BranchTransfer[],
) {
  const sources = new Map<number, number>();
  const missing: { name: string; have: number }[] = [];
  let days = 0;
  for (const line of lines) {
    const candidates = branchIds.map((branchId) => ({ branchId, quantity: quantities.get(`${line.productId}:${branchId}`) ?? 0 }));
    const source = lineSource(branch.id, candidates, line.quantity, routes);
    if (!source) {
      missing.push({ name: line.name, have: quantities.get(`${line.productId}:${branch.id}`) ?? 0 });
      continue;
    }
    sources.set(line.productId, source.branchId);
    days = Math.max(days, source.days);
  }
  return { sources, missing, days };
}

/**
 * GET /api/cart/{cartId}/pickup: every branch, the customer's city's first (`citySlug`, the city
 * cookie), then in display order, with whether it can hand out this cart (it hands out orders,
 * and each line is there in full or can be brought from another branch that holds it in full) and,
 * when something is brought, the day it will be there (`now`'s shop day + the longest transfer),
 * and the cart's totals without delivery, at the customer's prices (`userId`). Checkout refuses
 * any other choice with the same reasons and takes the stock from the same branches.
 */
export async function cartPickup(db: Db, cartId: string, citySlug: string | undefined, now: Date, userId?: number): Promise<CartPickup> {
  const [lines, branchList, shop, routes] = await Promise.all([pricedCartLines(db, cartId, userId), listBranches(db), getSettings(db, 'shop'), listTransfers(db)]);
  const quantities = await quantitiesOf(db, lines.map((l) => l.productId));
  const totals = cartTotals(lines, shop, 'pickup');
  const branchIds = branchList.map((b) => b.id);
  return {
    branches: cityFirst(branchList, citySlug).map((branch) => {
      const plan = pickupPlan(branch, lines, branchIds, quantities, routes);
      const reason = !branch.pickup
        ? NO_PICKUP_REASON
        : plan.sources.size === 0 && lines.every((line) => (quantities.get(`${line.productId}:${branch.id}`) ?? 0) === 0)
          ? NOTHING_REASON
          : plan.missing.length > 0
            ? `Нет всех товаров: ${plan.missing.map(({ name, have }) => shortageText(name, have)).join('; ')}`
            : null;
      const transfer = reason === null && plan.days > 0;
      return {
        id: branch.id,
        city: branch.city,
        address: branch.address,
        phone: branch.phone,
        workingHours: branch.workingHours,
        available: reason === null && lines.length > 0,
        reason,
        transfer,
        readyBy: transfer ? shopDayAfter(now, plan.days) : null,
      };
    }),
    ...summaryInRoubles(totals, shop),
  };
}
