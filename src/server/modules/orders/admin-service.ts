/**
 * The back office's side of orders: the staff list with its filters, one order with its lines
 * and status history, and status changes (cancelling returns the stock to the branch each line
 * took it from, un-cancelling takes it there again, in one transaction).
 */
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { escapeLike, type Db, type Tx } from '../../db/connection.ts';
import { branchQuantities, returnToBranch, sellFromBranch, type BranchMove } from '../../db/product-stock.ts';
import { branches, orderItems, orderStatusHistory, orders, products, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import { kopecksToRub } from '#shared/money.ts';
import { shopDayEnd, shopDayStart } from '#shared/dates.ts';
import { HEAD_BRANCH_SLUG } from '#shared/schemas/branches.ts';
import { branchesById, toOrderDto } from './service.ts';
import { paymentsOfOrders, type PaymentView } from '../../integrations/yookassa/view.ts';
import type { AdminOrderListQuery, OrderStatusChange } from '#shared/schemas/admin-order.ts';
import { ORDER_HISTORY_SOURCES, type AdminOrderDetail, type AdminOrderSummary, type OrderHistoryEntry } from '#shared/types.ts';

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

/** Orders a branch deals with: collected there, or with a line whose stock it gave. */
function branchCondition(branchId: number): SQL {
  const gaveStock = sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.stockBranchId} = ${branchId})`;
  return or(eq(orders.pickupBranchId, branchId), gaveStock)!;
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
  deliveryMethod: orders.deliveryMethod,
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
  if (query.branchId) conditions.push(branchCondition(query.branchId));
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
      deliveryMethod: row.deliveryMethod as AdminOrderSummary['deliveryMethod'],
      totalAmount: kopecksToRub(totalKopecks),
      itemCount: Number(row.itemCount),
    }),
  );
  return { orders: summaries, total: Number(total) };
}

/** One order for staff: customer, address, payment, lines with snapshot prices, totals, history. */
export async function getOrderForStaff(db: Db, id: number, view: PaymentView): Promise<AdminOrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw notFound('Заказ не найден');
  const changer = alias(users, 'changer');
  const [items, history, branchMap, paymentsById] = await Promise.all([
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
        source: orderStatusHistory.source,
      })
      .from(orderStatusHistory)
      .leftJoin(changer, eq(changer.id, orderStatusHistory.changedBy))
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id)),
    branchesById(db),
    paymentsOfOrders(db, [order], view),
  ]);
  return {
    ...toOrderDto(order, items, branchMap),
    payment: paymentsById.get(id) ?? null,
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
        source: ORDER_HISTORY_SOURCES.find((source) => source === h.source) ?? null,
      }),
    ),
  };
}

type OrderMove = BranchMove & { name: string };

/**
 * An order's units per product and branch. Lines from before branches existed have no branch:
 * their stock was the head office's (migration 0006 moved it there).
 */
async function orderMoves(tx: Tx, orderId: number): Promise<OrderMove[]> {
  const [head] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.slug, HEAD_BRANCH_SLUG));
  const rows = await tx
    .select({ productId: orderItems.productId, branchId: orderItems.stockBranchId, quantity: orderItems.quantity, name: orderItems.productName })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const moves = new Map<string, OrderMove>();
  for (const row of rows) {
    // Products since deleted from the catalogue have no stock to move.
    if (row.productId === null) continue;
    const branchId = row.branchId ?? head!.id;
    const key = `${row.productId}:${branchId}`;
    const entry = moves.get(key);
    if (entry) entry.quantity += row.quantity;
    else moves.set(key, { productId: row.productId, branchId, quantity: row.quantity, name: row.name });
  }
  // Always in the same order, so two transactions never wait for each other in a circle.
  return [...moves.values()].sort((a, b) => a.productId - b.productId || a.branchId - b.branchId);
}

/** Cancelling: the order's units go back on the shelf of the branch they came from. */
async function returnStock(tx: Tx, orderId: number, now: Date) {
  for (const move of await orderMoves(tx, orderId)) await returnToBranch(tx, move, now);
}

/** Un-cancelling: the units are taken again from the same branches, or nothing changes when one is short. */
async function takeStock(tx: Tx, orderId: number, now: Date) {
  for (const move of await orderMoves(tx, orderId)) {
    // Staff restore an order as it was, even of a product taken off sale since.
    if ((await sellFromBranch(tx, move, now, { activeOnly: false })) === 'sold') continue;
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, move.productId));
    const [branch] = await tx.select({ cityIn: branches.cityIn }).from(branches).where(eq(branches.id, move.branchId));
    const available = (await branchQuantities(tx, move.productId)).find((q) => q.branchId === move.branchId)?.quantity ?? 0;
    throw conflict(
      `Недостаточно товара «${product?.name ?? move.name}» в филиале в ${branch?.cityIn ?? ''}: нужно ${move.quantity} шт., в наличии ${available} шт. Статус заказа не изменён.`,
    );
  }
}

/**
 * Who changed an order: a staff member (null: the shop itself, as when an unpaid order's hold
 * passes), or the exchange with 1C (no person; the history says «1С»).
 */
export type OrderChangeAuthor = { userId: number | null } | { source: '1c' };

/**
/**
 * An order's status and/or payment status change. One transaction: the order row is locked, the
 * stock follows a cancellation (or its undoing), and each change is written to the history with
 * its author and time. Setting the value it already has changes nothing. The shop's own changes
 * (an unpaid order's hold passing) pass a `guard` that re-checks the order under the lock.
 * Answers whether anything changed.
 */
export async function applyOrderChange(
  db: Db,
  orderId: number,
  change: OrderStatusChange,
  author: OrderChangeAuthor,
  now: Date,
  guard?: (order: { status: string; paymentStatus: string }) => boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (!order) throw notFound('Заказ не найден');
    if (guard && !guard(order)) return false;

    const by = 'userId' in author ? { changedBy: author.userId } : { source: author.source };
    const history: (typeof orderStatusHistory.$inferInsert)[] = [];
    const set: Partial<typeof orders.$inferInsert> = {};
    if (change.status && change.status !== order.status) {
      if (change.status === 'cancelled') await returnStock(tx, orderId, now);
      else if (order.status === 'cancelled') await takeStock(tx, orderId, now);
      set.status = change.status;
      history.push({ orderId, field: 'status', fromValue: order.status, toValue: change.status, ...by, changedAt: now });
    }
    if (change.paymentStatus && change.paymentStatus !== order.paymentStatus) {
      set.paymentStatus = change.paymentStatus;
      history.push({ orderId, field: 'payment', fromValue: order.paymentStatus, toValue: change.paymentStatus, ...by, changedAt: now });
    }
    if (history.length === 0) return false;
    await tx.update(orders).set({ ...set, updatedAt: now }).where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values(history);
    return true;
  });
}

/** Staff (or, with no actor, the shop itself) change an order's status and/or payment status; the answer is the order as staff see it. */
export async function changeOrderStatus(
  db: Db,
  orderId: number,
  change: OrderStatusChange,
  actorId: number | null,
  view: PaymentView,
  guard?: (order: { status: string; paymentStatus: string }) => boolean,
): Promise<AdminOrderDetail> {
  await applyOrderChange(db, orderId, change, { userId: actorId }, view.now, guard);
  return getOrderForStaff(db, orderId, view);
}
