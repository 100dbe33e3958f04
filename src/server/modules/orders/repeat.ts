import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { notFound } from '../../core/http-errors.ts';
import { addLinesToCart } from '../cart/add-lines.ts';
import type { RequestMeta } from '../rate-limits/service.ts';
import { ORDER_NOT_FOUND } from './service.ts';
import type { CartLinesResult } from '#shared/schemas/sku-list.ts';

/**
 * «Повторить заказ»: the order's lines back in the cart at today's prices (the cart always shows
 * the catalogue's), as many as the stock allows; what is no longer sold is said. Only the
 * customer who placed it may: to anyone else the order does not exist.
 */
export async function repeatOrder(db: Db, orderId: number, userId: number, cartId: string, meta: RequestMeta): Promise<CartLinesResult> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.userId !== userId) throw notFound(ORDER_NOT_FOUND);
  const lines = await db
    .select({ productId: orderItems.productId, name: orderItems.productName, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return addLinesToCart(db, cartId, lines, meta, userId);
}
