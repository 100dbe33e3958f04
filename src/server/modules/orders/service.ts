import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { notFound } from '../../core/http-errors.ts';
import { listBranches } from '../branches/service.ts';
import { customerPayment, paymentsOf, type PaymentView } from './payments-port.ts';
import { isStaff } from '#shared/constants.ts';
import type { DeliveryMethod } from '#shared/delivery.ts';
import { kopecksToRub } from '#shared/money.ts';
import type { Branch } from '#shared/schemas/branches.ts';
import type { OrderPayment } from '#shared/schemas/payments.ts';
import type { Order, OrderItem, PublicUser } from '#shared/types.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export const ORDER_NOT_FOUND = 'Заказ не найден';

/** Branches by id: orders name their pickup branch and the branch each line's stock came from. */
export type BranchesById = ReadonlyMap<number, Branch>;

export const branchesById = async (db: Db): Promise<BranchesById> =>
  new Map((await listBranches(db)).map((b) => [b.id, b]));

export const toOrderItemDto = (row: OrderItemRow, branches: BranchesById): OrderItem => ({
  id: row.id,
  productId: row.productId,
  productName: row.productName,
  productSku: row.productSku,
  productSlug: row.productSlug,
  productPrice: kopecksToRub(row.unitPriceKopecks),
  quantity: row.quantity,
  totalPrice: kopecksToRub(row.totalKopecks),
  stockBranch: row.stockBranchId === null ? null : (branches.get(row.stockBranchId)?.city ?? null),
  stockBranchId: row.stockBranchId,
});

function pickupBranchDto(row: OrderRow, branches: BranchesById): Order['pickupBranch'] {
  const branch = row.pickupBranchId === null ? undefined : branches.get(row.pickupBranchId);
  return branch ? { id: branch.id, city: branch.city, address: branch.address, phone: branch.phone, workingHours: branch.workingHours } : null;
}

/** The API shape of an order (roubles), from its row and its item rows. */
export const toOrderDto = (row: OrderRow, items: OrderItemRow[], branches: BranchesById, payment: OrderPayment | null = null): Order => ({
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
  deliveryMethod: row.deliveryMethod as DeliveryMethod,
  pickupBranch: pickupBranchDto(row, branches),
  readyBy: row.readyBy,
  buyer: row.buyer ? { type: 'company', ...row.buyer } : { type: 'person' },
  subtotal: kopecksToRub(row.subtotalKopecks),
  vat: kopecksToRub(row.vatKopecks),
  vatInTotal: kopecksToRub(row.vatInTotalKopecks),
  vatRate: row.vatRate,
  pricesIncludeVat: row.pricesIncludeVat,
  delivery: {
    method: row.deliveryMethod as DeliveryMethod,
    price: kopecksToRub(row.deliveryKopecks),
    daysMin: row.deliveryDaysMin,
    daysMax: row.deliveryDaysMax,
    point: row.deliveryPoint,
    trackNumber: row.trackNumber,
  },
  totalAmount: kopecksToRub(row.totalKopecks),
  items: items.map((item) => toOrderItemDto(item, branches)),
  payment,
});

/** Orders with their items and payments, in the order of `rows` (one query for all the items). */
export async function withItems(db: Db, rows: OrderRow[], view: PaymentView): Promise<Order[]> {
  if (rows.length === 0) return [];
  const [items, branches, paymentsById] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, rows.map((r) => r.id)))
      .orderBy(asc(orderItems.id)),
    branchesById(db),
    paymentsOf(db, rows, view),
  ]);
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return rows.map((row) => {
    const payment = paymentsById.get(row.id);
    return toOrderDto(row, byOrder.get(row.id) ?? [], branches, payment ? customerPayment(payment) : null);
  });
}

export async function findOrder(db: Db, id: number, view: PaymentView): Promise<Order | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return null;
  const [order] = await withItems(db, [row], view);
  return order ?? null;
}

/** An order for its owner or for staff; anyone else learns nothing, not even that it exists. */
export async function getOrderForViewer(db: Db, id: number, viewer: PublicUser, view: PaymentView): Promise<Order> {
  const order = await findOrder(db, id, view);
  if (!order || (order.userId !== viewer.id && !isStaff(viewer.role))) throw notFound(ORDER_NOT_FOUND);
  return order;
}

/** The customer's own orders, newest first, each with its items. */
export async function listUserOrders(db: Db, userId: number, view: PaymentView): Promise<Order[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
  return withItems(db, rows, view);
}
