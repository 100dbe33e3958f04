/**
 * Which orders 1C still has to receive. Every change of an order gives it a new
 * `exchange_version` (a trigger, migration 0013); `order_exchange_marks` keeps per order the
 * version the last query sent and the version 1C confirmed. Compared per order, so an order
 * committed late (its version drawn before another's) is never skipped, as a single «last
 * confirmed number» would skip it.
 */
import { asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { orderExchangeMarks, orderItems, orders, products } from '../../../db/schema.ts';
import { branchesById } from '../../../modules/orders/service.ts';
import type { SaleOrder } from './document.ts';

/** Orders per query: the rest follow in the next exchanges, oldest change first. */
export const SALE_QUERY_LIMIT = 500;

/** The orders new or changed since 1C last confirmed them, with their lines and pickup branch. */
export async function unconfirmedOrders(db: Db, limit = SALE_QUERY_LIMIT): Promise<SaleOrder[]> {
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .leftJoin(orderExchangeMarks, eq(orderExchangeMarks.orderId, orders.id))
    .where(sql`${orderExchangeMarks.confirmedVersion} is distinct from ${orders.exchangeVersion}`)
    .orderBy(asc(orders.exchangeVersion))
    .limit(limit);
  if (rows.length === 0) return [];
  const [items, branches] = await Promise.all([
    db
      .select({ item: orderItems, exchangeId: products.exchange1cId })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.order.id),
        ),
      )
      .orderBy(asc(orderItems.id)),
    branchesById(db),
  ]);
  const linesOf = new Map<number, SaleOrder['lines']>();
  for (const line of items) {
    const list = linesOf.get(line.item.orderId);
    if (list) list.push(line);
    else linesOf.set(line.item.orderId, [line]);
  }
  return rows.map(({ order }) => ({
    order,
    lines: linesOf.get(order.id) ?? [],
    pickupBranch: order.pickupBranchId === null ? null : (branches.get(order.pickupBranchId) ?? null),
  }));
}

/**
 * Remembers what this query sent: the versions of these orders, and only these (a query 1C
 * repeats replaces the one before, so `success` confirms what 1C last received).
 */
export async function markSent(db: Db, sent: { id: number; version: number }[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(orderExchangeMarks).set({ sentVersion: null }).where(isNotNull(orderExchangeMarks.sentVersion));
    if (sent.length === 0) return;
    await tx
      .insert(orderExchangeMarks)
      .values(sent.map((s) => ({ orderId: s.id, sentVersion: s.version })))
      .onConflictDoUpdate({ target: orderExchangeMarks.orderId, set: { sentVersion: sql`excluded.sent_version` } });
  });
}

/** 1C loaded what the last query sent: those versions are confirmed. Answers how many orders. */
export async function confirmSent(db: Db): Promise<number> {
  const confirmed = await db
    .update(orderExchangeMarks)
    .set({ confirmedVersion: sql`${orderExchangeMarks.sentVersion}`, sentVersion: null })
    .where(isNotNull(orderExchangeMarks.sentVersion))
    .returning({ orderId: orderExchangeMarks.orderId });
  return confirmed.length;
}
