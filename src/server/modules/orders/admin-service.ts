/**
 * The back office's side of orders: the staff list with its filters, one order with its lines
 * and status history, and status changes (cancelling returns the stock, un-cancelling takes it
 * again, in one transaction).
 */
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { escapeLike, type Db, type Tx } from '../../db/connection.ts';
import { orderItems, orderStatusHistory, orders, products, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import { kopecksToRub } from '#shared/money.ts';
import { shopDayEnd, shopDayStart } from '#shared/dates.ts';
import { toOrderDto } from './service.ts';
import type { AdminOrderListQuery, OrderStatusChange } from '#shared/schemas/admin-order.ts';
import type { AdminOrderDetail, AdminOrderSummary, OrderHistoryEntry } from '#shared/types.ts';



/** Text search over the order number, the customer's name, e-mail and phone. */
function textCondition(query: string): SQL | undefined {
  const text = query.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const conditions: SQL[] = [
    ilike(orders.customerName, pattern),
    ilike(orders.customerEmail, pattern),
    ilike(orders.customerPhone, pattern),
  ];
  // '123', '№123', '#123' and 'заказ 123' find order 123.
  const number = /^(?:заказ\s*)?[№#]?\s*(\d{1,9})$/i.exec(text)?.[1];
  if (number) conditions.push(eq(orders.id, Number(number)));
  // A phone typed another way: '+7 (900) 123' finds '8 900 123-45-67' by its digits.
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 3 && /^[\d\s()+\-.]+$/.test(text)) {
    const tail = digits.length > 10 ? digits.slice(-10) : digits;
    conditions.push(sql`regexp_replace(${orders.customerPhone}, '\\D', '', 'g') like ${`%${tail}%`}`);
  }
  return or(...conditions);
}

const itemCountSql = sql<number>`coalesce((select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${orders.id}), 0)::int`;

const summaryColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  city: orders.city,
  totalKopecks: orders.totalKopecks,
  userId: orders.userId,
  itemCount: itemCountSql,
};

/** GET /api/orders for staff: newest first, filtered, one page and the total. */
export async function listOrdersForStaff(db: Db, query: AdminOrderListQuery): Promise<{ orders: AdminOrderSummary[]; total: number }> {
  const conditions: (SQL | undefined)[] = [textCondition(query.query ?? '')];
  if (query.status !== 'all') conditions.push(eq(orders.status, query.status));
  if (query.startDate) conditions.push(gte(orders.createdAt, shopDayStart(query.startDate)));
  if (query.endDate) conditions.push(lt(orders.createdAt, shopDayEnd(query.endDate)));
  const where = and(...conditions);

  const [rows, [{ total }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const summaries = rows.map(
    ({ totalKopecks, createdAt, ...row }): AdminOrderSummary => ({
      ...row,
      createdAt: createdAt.toISOString(),
      status: row.status as AdminOrderSummary['status'],
      paymentMethod: row.paymentMethod as AdminOrderSummary['paymentMethod'],
      paymentStatus: row.paymentStatus as AdminOrderSummary['paymentStatus'],
      totalAmount: kopecksToRub(totalKopecks),
      itemCount: Number(row.itemCount),
    }),
  );
  return { orders: summaries, total: Number(total) };
}

/** One order for staff: customer, address, payment, lines with snapshot prices, totals, history. */
export async function getOrderForStaff(db: Db, id: number): Promise<AdminOrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw notFound('Заказ не найден');
  const changer = alias(users, 'changer');
  const [items, history] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id)),
    db
      .select({
        id: orderStatusHistory.id,
        field: orderStatusHistory.field,
        fromValue: orderStatusHistory.fromValue,
        toValue: orderStatusHistory.toValue,
        changedAt: orderStatusHistory.changedAt,
        changedById: orderStatusHistory.changedBy,
        changedByName: changer.username,
      })
      .from(orderStatusHistory)
      .leftJoin(changer, eq(changer.id, orderStatusHistory.changedBy))
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id)),
  ]);
  return {
    ...toOrderDto(order, items),
    updatedAt: order.updatedAt.toISOString(),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    history: history.map(
      (h): OrderHistoryEntry => ({
        id: h.id,
        field: h.field === 'payment' ? 'payment' : 'status',
        fromValue: h.fromValue,
        toValue: h.toValue,
        changedAt: h.changedAt.toISOString(),
        changedBy: h.changedById !== null && h.changedByName !== null ? { id: h.changedById, username: h.changedByName } : null,
      }),
    ),
  };
}

/** Units per product of an order (lines of products since deleted from the catalogue have none). */
async function orderQuantities(tx: Tx, orderId: number): Promise<{ productId: number; quantity: number; name: string }[]> {
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity, name: orderItems.productName })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const byProduct = new Map<number, { productId: number; quantity: number; name: string }>();
  for (const row of rows) {
    if (row.productId === null) continue;
    const entry = byProduct.get(row.productId);
    if (entry) entry.quantity += row.quantity;
    else byProduct.set(row.productId, { productId: row.productId, quantity: row.quantity, name: row.name });
  }
  // Always in the same order, so two transactions never wait for each other in a circle.
  return [...byProduct.values()].sort((a, b) => a.productId - b.productId);
}

/** Cancelling: the order's units go back on the shelf. */
async function returnStock(tx: Tx, orderId: number, now: Date) {
  for (const line of await orderQuantities(tx, orderId)) {
    await tx
      .update(products)
      .set({
        stock: sql`coalesce(${products.stock}, 0) + ${line.quantity}`,
        salesCount: sql`greatest(${products.salesCount} - ${line.quantity}, 0)`,
        updatedAt: now,
      })
      .where(eq(products.id, line.productId));
  }
}

/** Un-cancelling: the units are taken again, or nothing changes when a product is short. */
async function takeStock(tx: Tx, orderId: number, now: Date) {
  const lines = await orderQuantities(tx, orderId);
  for (const line of lines) {
    const taken = await tx
      .update(products)
      .set({
        stock: sql`${products.stock} - ${line.quantity}`,
        salesCount: sql`${products.salesCount} + ${line.quantity}`,
        updatedAt: now,
      })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ id: products.id });
    if (taken.length === 0) {
      const [product] = await tx.select({ name: products.name, stock: products.stock }).from(products).where(eq(products.id, line.productId));
      const available = Math.max(product?.stock ?? 0, 0);
      throw conflict(
        `Недостаточно товара «${product?.name ?? line.name}» на складе: нужно ${line.quantity} шт., в наличии ${available} шт. Статус заказа не изменён.`,
      );
    }
  }
}

/**
 * Staff change an order's status and/or payment status. One transaction: the order row is locked,
 * the stock follows a cancellation (or its undoing), and each change is written to the history
 * with who and when. Setting the value it already has changes nothing.
 */
export async function changeOrderStatus(
  db: Db,
  orderId: number,
  change: OrderStatusChange,
  actorId: number,
  now: Date,
): Promise<AdminOrderDetail> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw notFound('Заказ не найден');

    const history: (typeof orderStatusHistory.$inferInsert)[] = [];
    const set: Partial<typeof orders.$inferInsert> = {};
    if (change.status && change.status !== order.status) {
      if (change.status === 'cancelled') await returnStock(tx, orderId, now);
      else if (order.status === 'cancelled') await takeStock(tx, orderId, now);
      set.status = change.status;
      history.push({ orderId, field: 'status', fromValue: order.status, toValue: change.status, changedBy: actorId, changedAt: now });
    }
    if (change.paymentStatus && change.paymentStatus !== order.paymentStatus) {
      set.paymentStatus = change.paymentStatus;
      history.push({
        orderId,
        field: 'payment',
        fromValue: order.paymentStatus,
        toValue: change.paymentStatus,
        changedBy: actorId,
        changedAt: now,
      });
    }
    if (history.length === 0) return;
    await tx.update(orders).set({ ...set, updatedAt: now }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values(history);
  });
  return getOrderForStaff(db, orderId);
}
