/**
 * The back office's side of orders: the staff list with its filters, one order with its lines
 * and status history, and staff status changes (through the order's door, door.ts).
 */
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { escapeLike, type Db } from '../../db/connection.ts';
import { orderComments, orderItems, orderStatusHistory, orders, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import type { Mailer } from '../../mail/transport.ts';
import { getSettings } from '../settings/service.ts';
import { paymentLinkMail } from './mails.ts';
import { kopecksToRub } from '#shared/money.ts';
import { shopDayEnd, shopDayStart } from '#shared/dates.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '#shared/constants.ts';
import { branchesById, findOrder, toOrderDto } from './service.ts';
import { changeOrder } from './door.ts';
import { paymentsOf, type PaymentView } from './payments-port.ts';
import type { AdminOrderListQuery, OrderEdit, OrderStatusChange } from '#shared/schemas/admin-order.ts';
import {
  ORDER_HISTORY_FIELDS,
  ORDER_HISTORY_SOURCES,
  type AdminOrderDetail,
  type AdminOrderSummary,
  type CustomerOrders,
  type OrderComment,
  type OrderHistoryEntry,
} from '#shared/types.ts';
import { pageOf } from '../../core/paging.ts';

/** Text search over the order number, the customer's name, e-mail and phone. */
function textCondition(query: string): SQL | undefined {
  const text = query.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const conditions: SQL[] = [
    ilike(orders.customerName, pattern),
    ilike(orders.customerEmail, pattern),
    ilike(orders.customerPhone, pattern),
    // A company order is found by its organisation's name or ИНН too.
    sql`${orders.buyer}->>'name' ilike ${pattern}`,
    sql`${orders.buyer}->>'inn' like ${pattern}`,
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
  buyer: orders.buyer,
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

  const [rows, total] = await Promise.all([
    pageOf(db.select(summaryColumns).from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).$dynamic(), query),
    db.$count(orders, where),
  ]);
  return { orders: rows.map(toSummary), total };
}

type SummaryRow = { [K in keyof typeof summaryColumns]: K extends 'itemCount' ? number : (typeof orders.$inferSelect)[K & keyof typeof orders.$inferSelect] };

const toSummary = ({ totalKopecks, createdAt, buyer, ...row }: SummaryRow): AdminOrderSummary => ({
  ...row,
  organizationName: buyer?.name ?? null,
  createdAt: createdAt.toISOString(),
  status: row.status as AdminOrderSummary['status'],
  paymentMethod: row.paymentMethod as AdminOrderSummary['paymentMethod'],
  paymentStatus: row.paymentStatus as AdminOrderSummary['paymentStatus'],
  deliveryMethod: row.deliveryMethod as AdminOrderSummary['deliveryMethod'],
  totalAmount: kopecksToRub(totalKopecks),
  itemCount: Number(row.itemCount),
});

/** How many of a customer's latest orders their card lists. */
export const CUSTOMER_CARD_ORDERS = 10;

/** A customer's orders for their card: the latest, the count and the sum of those not cancelled. */
export async function customerOrdersForStaff(db: Db, userId: number): Promise<CustomerOrders> {
  const [latest, [figures]] = await Promise.all([
    db.select(summaryColumns).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(CUSTOMER_CARD_ORDERS),
    db
      .select({
        count: count(),
        totalKopecks: sql<string>`coalesce(sum(${orders.totalKopecks}) filter (where ${orders.status} <> 'cancelled'), 0)`,
      })
      .from(orders)
      .where(eq(orders.userId, userId)),
  ]);
  return { latest: latest.map(toSummary), count: Number(figures!.count), totalAmount: kopecksToRub(Number(figures!.totalKopecks)) };
}

/** One order for staff: customer, address, payment, lines with snapshot prices, totals, history. */
export async function getOrderForStaff(db: Db, id: number, view: PaymentView): Promise<AdminOrderDetail> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) throw notFound('Заказ не найден');
  const changer = alias(users, 'changer');
  const [items, history, branchMap, paymentsById, comments] = await Promise.all([
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
        note: orderStatusHistory.note,
      })
      .from(orderStatusHistory)
      .leftJoin(changer, eq(changer.id, orderStatusHistory.changedBy))
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.changedAt), asc(orderStatusHistory.id)),
    branchesById(db),
    paymentsOf(db, [order], view),
    db.select().from(orderComments).where(eq(orderComments.orderId, id)).orderBy(asc(orderComments.createdAt), asc(orderComments.id)),
  ]);
  return {
    ...toOrderDto(order, items, branchMap),
    payment: paymentsById.get(id) ?? null,
    updatedAt: order.updatedAt.toISOString(),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    history: history.map(
      (h): OrderHistoryEntry => ({
        id: h.id,
        field: ORDER_HISTORY_FIELDS.find((field) => field === h.field) ?? 'status',
        fromValue: h.fromValue,
        toValue: h.toValue,
        changedAt: h.changedAt.toISOString(),
        changedBy: h.changedById !== null && h.changedByName !== null ? { id: h.changedById, username: h.changedByName } : null,
        source: ORDER_HISTORY_SOURCES.find((source) => source === h.source) ?? null,
        note: h.note,
      }),
    ),
    comments: comments.map(toComment),
  };
}

const toComment = (row: typeof orderComments.$inferSelect): OrderComment => ({
  id: row.id,
  text: row.text,
  authorName: row.authorName,
  createdAt: row.createdAt.toISOString(),
});

/** Staff edit the lines and the delivery price through the door; the answer is the order as staff see it. */
export async function editOrder(db: Db, orderId: number, edit: OrderEdit, actorId: number, view: PaymentView): Promise<AdminOrderDetail> {
  await changeOrder(db, orderId, { kind: 'staff', userId: actorId }, { edit }, view.now);
  return getOrderForStaff(db, orderId, view);
}

/** A staff-only note on the order (never in the customer's answers or letters). */
export async function addOrderComment(db: Db, orderId: number, text: string, author: { id: number; username: string }, now: Date): Promise<OrderComment> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Заказ не найден');
  const [row] = await db.insert(orderComments).values({ orderId, authorId: author.id, authorName: author.username, text, createdAt: now }).returning();
  return toComment(row!);
}

export const PAYMENT_LINK_NOT_ONLINE = 'Ссылку на оплату отправляют только для заказов с онлайн-оплатой';
export const PAYMENT_LINK_PAID = 'Заказ уже оплачен';
export const PAYMENT_LINK_CLOSED = 'Заказ отменён или уже получен: оплачивать нечего';

/**
 * Sends the customer the order page, where «Оплатить» starts the payment (no payment is made
 * here), and notes it among the order's comments for the other staff.
 */
export async function sendPaymentLink(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  orderId: number,
  author: { id: number; username: string },
  view: PaymentView,
): Promise<{ sentTo: string }> {
  const order = await findOrder(deps.db, orderId, view);
  if (!order) throw notFound('Заказ не найден');
  if (order.paymentMethod !== 'online') throw conflict(PAYMENT_LINK_NOT_ONLINE);
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') throw conflict(PAYMENT_LINK_PAID);
  if (order.status === 'cancelled' || order.status === 'delivered') throw conflict(PAYMENT_LINK_CLOSED);
  const shop = await getSettings(deps.db, 'shop');
  await deps.mailer.send(paymentLinkMail(shop, order, deps.publicUrl));
  await addOrderComment(deps.db, orderId, `Отправлена ссылка на оплату на ${order.customerEmail}`, author, view.now);
  return { sentTo: order.customerEmail };
}

/** Staff change an order's status and/or payment status through the door; the answer is the order as staff see it. */
export const NO_TRANSFER_MESSAGE = 'В этом заказе нет товара, который везут из другого филиала.';

/**
 * «Товар прибыл в филиал»: the lines brought from other branches are at the pickup branch, the
 * order becomes «Готов к выдаче» (through the order's door, with the history's note). Only an
 * order waiting for a transfer: one already ready, handed out or cancelled is refused.
 */
export async function markTransferArrived(db: Db, orderId: number, actorId: number, view: PaymentView): Promise<AdminOrderDetail> {
  await changeOrder(
    db,
    orderId,
    { kind: 'staff', userId: actorId },
    (order) => {
      if (order.readyBy === null) throw conflict(NO_TRANSFER_MESSAGE);
      if (order.status !== 'pending' && order.status !== 'processing') {
        throw conflict(`Заказ уже в статусе «${ORDER_STATUS_LABELS[order.status as OrderStatus]}»: отметить прибытие товара нельзя.`);
      }
      return { status: 'ready', note: 'Товар прибыл в филиал' };
    },
    view.now,
  );
  return getOrderForStaff(db, orderId, view);
}

export async function changeOrderStatus(db: Db, orderId: number, change: OrderStatusChange, actorId: number, view: PaymentView): Promise<AdminOrderDetail> {
  await changeOrder(db, orderId, { kind: 'staff', userId: actorId }, change, view.now);
  return getOrderForStaff(db, orderId, view);
}
