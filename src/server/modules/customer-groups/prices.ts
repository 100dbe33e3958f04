import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { customerGroups, productPrices, products, users } from '../../db/schema.ts';
import { hasPrice, kopecksToRub } from '#shared/money.ts';
import type { MyPrices } from '#shared/schemas/customer-groups.ts';

/**
 * A customer's own prices (wholesale prices, issue 27). The public catalogue and its cached answers
 * know only the retail price; a customer of a group gets theirs from the cart, the order and the
 * private GET /api/prices/mine, never from a shared answer.
 */

export type GroupPricing = { name: string; priceTypeId: string | null; discountPercent: number | null };

/** The customer's group; null for a guest and for «Розница». */
export async function groupOfCustomer(db: DbOrTx, userId: number | null | undefined): Promise<GroupPricing | null> {
  if (!userId) return null;
  const [row] = await db
    .select({ name: customerGroups.name, priceTypeId: customerGroups.priceTypeId, discountPercent: customerGroups.discountPercent })
    .from(users)
    .innerJoin(customerGroups, eq(customerGroups.id, users.customerGroupId))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The group's price of one product. A price on request stays on request whatever the group; a
 * group by price type takes the product's price of that type, the retail price where it has none.
 */
export function groupPriceKopecks(group: GroupPricing, retailKopecks: number | null, typedKopecks: number | undefined): number | null {
  if (!hasPrice(retailKopecks)) return retailKopecks;
  if (group.priceTypeId !== null) return hasPrice(typedKopecks) ? typedKopecks : retailKopecks;
  return Math.round((retailKopecks * (100 - (group.discountPercent ?? 0))) / 100);
}

/** The products' prices of one price type. */
async function typedPrices(db: DbOrTx, priceTypeId: string, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productPrices.productId, priceKopecks: productPrices.priceKopecks })
    .from(productPrices)
    .where(and(eq(productPrices.priceTypeId, priceTypeId), inArray(productPrices.productId, productIds)));
  return new Map(rows.map((r) => [r.productId, r.priceKopecks]));
}

/** A line at the customer's price, with the retail price it replaced. */
export type CustomerPriced<L> = L & { retailKopecks: number | null };

/** Lines (cart lines, order lines) at the group's prices; at retail for a guest and for «Розница». */
export async function atCustomerPrices<L extends { productId: number; priceKopecks: number | null }>(
  db: DbOrTx,
  group: GroupPricing | null,
  lines: L[],
): Promise<CustomerPriced<L>[]> {
  if (!group) return lines.map((line) => ({ ...line, retailKopecks: line.priceKopecks }));
  const typed = group.priceTypeId === null ? new Map<number, number>() : await typedPrices(db, group.priceTypeId, lines.map((l) => l.productId));
  return lines.map((line) => ({
    ...line,
    priceKopecks: groupPriceKopecks(group, line.priceKopecks, typed.get(line.productId)),
    retailKopecks: line.priceKopecks,
  }));
}

/** The customer's lines at their prices: checkout's order lines take these. */
export async function customerLinePrices<L extends { productId: number; priceKopecks: number | null }>(
  db: DbOrTx,
  userId: number,
  lines: L[],
): Promise<CustomerPriced<L>[]> {
  return atCustomerPrices(db, await groupOfCustomer(db, userId), lines);
}

/** GET /api/prices/mine: the customer's prices of the products that differ from retail. */
export async function myPrices(db: DbOrTx, userId: number | null | undefined, productIds: number[]): Promise<MyPrices> {
  const group = await groupOfCustomer(db, userId);
  if (!group || productIds.length === 0) return { prices: {}, group: group && { name: group.name } };
  const rows = await db
    .select({ productId: products.id, priceKopecks: products.priceKopecks })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.isActive, true)));
  const prices: MyPrices['prices'] = {};
  for (const line of await atCustomerPrices(db, group, rows)) {
    if (!hasPrice(line.priceKopecks) || line.priceKopecks === line.retailKopecks) continue;
    prices[line.productId] = { price: kopecksToRub(line.priceKopecks), retailPrice: kopecksToRub(line.retailKopecks!) };
  }
  return { prices, group: { name: group.name } };
}
