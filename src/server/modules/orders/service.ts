import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { notFound } from '../../core/http-errors.ts';
import { isStaff } from '#shared/constants.ts';
import { kopecksToRub } from '#shared/money.ts';
import type { Order, OrderItem, PublicUser } from '#shared/types.ts';

type Executor = Pick<Db, 'select'>;
type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export const ORDER_NOT_FOUND = 'Заказ не найден';

export const toOrderItemDto = (row: OrderItemRow): OrderItem => ({
  id: row.id,
  productId: row.productId,
  productName: row.productName,
  productSku: row.productSku,
  productSlug: row.productSlug,
  productPrice: kopecksToRub(row.unitPriceKopecks),
  quantity: row.quantity,
  totalPrice: kopecksToRub(row.totalKopecks),
});

/** The API shape of an order (roubles), from its row and its item rows. */
export const toOrderDto = (row: OrderRow, items: OrderItemRow[]): Order => ({
  id: row.id,
  userId: row.userId,
  status: row.status as Order['status'],
  createdAt: row.createdAt.toISOString(),
  paymentMethod: row.paymentMethod as Order['paymentMethod'],
  paymentStatus: row.paymentStatus as Order['paymentStatus'],
  customerName: row.customerName,
  customerEmail: row.customerEmail,
  customerPhone: row.customerPhone,
  address: row.address,
  city: row.city,
  postalCode: row.postalCode,
  notes: row.notes,
  subtotal: kopecksToRub(row.subtotalKopecks),
  vat: kopecksToRub(row.vatKopecks),
  delivery: kopecksToRub(row.deliveryKopecks),
  totalAmount: kopecksToRub(row.totalKopecks),
  items: items.map(toOrderItemDto),
});

/** Orders with their items, in the order of `rows` (one query for all the items). */
export async function withItems(db: Executor, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
    .orderBy(asc(orderItems.id));
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return rows.map((row) => toOrderDto(row, byOrder.get(row.id) ?? []));
}

export async function findOrder(db: Executor, id: number): Promise<Order | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return null;
  const [order] = await withItems(db, [row]);
  return order ?? null;
}

/** An order for its owner or for staff; anyone else learns nothing, not even that it exists. */
export async function getOrderForViewer(db: Db, id: number, viewer: PublicUser): Promise<Order> {
  const order = await findOrder(db, id);
  if (!order || (order.userId !== viewer.id && !isStaff(viewer.role))) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** The customer's own orders, newest first, each with its items. */
export async function listUserOrders(db: Db, userId: number): Promise<Order[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return withItems(db, rows);
}
