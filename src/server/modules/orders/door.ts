/**
 * The order's door (docs/decisions/025, «The order's door»): the ONE function that changes an
 * order's status or payment status. Staff, the customer, the shop itself (an unpaid order's hold),
 * YooKassa and the exchange with 1C all come through `changeOrder`; nobody else writes
 * `orders.status`, `orders.payment_status` or `order_status_history` (checkout's first insert of
 * a new order excepted). One transaction: the order row is locked, the caller may decide under
 * that lock (and write its own tables in the same transaction), the stock follows a cancellation
 * or its undoing, and every change is written to the history with its author. After the commit
 * each change is announced to the listeners of the order's database (an in-process bus, one per
 * database handle so that several apps in one process never hear each other); a listener's
 * failure is logged and never undoes or breaks the change. Stock moved by a cancellation, its
 * undoing or an edit of the lines is announced to the catalogue (its cached answers that show
 * those products go, here and in the other processes).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/connection.ts';
import { branchQuantities, returnToBranch, sellFromBranch, type BranchMove } from '../../db/product-stock.ts';
import { branches, orderItems, orderStatusHistory, orders, products } from '../../db/schema.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import { HEAD_BRANCH_SLUG } from '#shared/schemas/branches.ts';
import type { OrderStatus, PaymentStatus } from '#shared/constants.ts';
import { statusMismatch, type DeliveryMethod } from '#shared/delivery.ts';
import type { OrderEdit } from '#shared/schemas/admin-order.ts';
import { catalogStockChanged } from '../products/catalog-events.ts';
import { editOrderLines } from './line-edit.ts';

/**
 * Who changes an order. `customer` and `staff` are people (the history names them); `system` is
 * the shop itself (an unpaid order's hold passing; the history names nobody, shown as «покупатель
 * или система»); `yookassa`, `1c` and `cdek` are the outside systems (history `source`, shown as
 * «ЮKassa», «1С (обмен)» and «СДЭК»).
 */
export type OrderChangeAuthor =
  | { kind: 'customer'; userId: number }
  | { kind: 'staff'; userId: number }
  | { kind: 'system' }
  | { kind: 'yookassa' }
  | { kind: '1c' }
  | { kind: 'cdek' };

/**
 * What a change sets. `paymentHoldUntil` and `trackNumber` (the carrier's number of the shipment)
 * are no status: they are written without history or event.
 * `note` says why in staff's words, once, on the change's first history entry (when the values alone do not).
 * `edit`: staff change the lines and the delivery price (line-edit.ts: stock per line at its
 * branch, totals again, each change in the history); refused once the order is handed over,
 * cancelled or paid online.
 */
export type OrderChange = { status?: OrderStatus; paymentStatus?: PaymentStatus; paymentHoldUntil?: Date; trackNumber?: string; note?: string; edit?: OrderEdit };

/** One change of one field, announced after the commit. */
export type OrderChangeEvent = {
  orderId: number;
  field: 'status' | 'payment';
  from: string;
  to: string;
  author: OrderChangeAuthor;
  at: Date;
};

export type OrderRow = typeof orders.$inferSelect;

/**
 * The change to make, decided under the order's row lock: a fixed change, or a function of the
 * locked order (it may read and write the caller's own tables with `tx`; null changes nothing;
 * throwing rolls everything back).
 */
export type OrderChangeRequest = OrderChange | ((order: OrderRow, tx: Tx) => Promise<OrderChange | null> | OrderChange | null);

export type OrderChangeResult = {
  /** Whether a status or payment status changed. */
  changed: boolean;
  /** The order as it was locked, before the change. */
  before: OrderRow;
  events: OrderChangeEvent[];
};

type Listener = { name: string; run: (event: OrderChangeEvent) => Promise<void> | void; log: Pick<FastifyBaseLogger, 'error'> };

const listenersByDb = new WeakMap<Db, Listener[]>();

/**
 * Listens to every order change made through the door on this database; answers the way to stop.
 * Listeners run one after another after the commit, in the order they were added; the door waits
 * for them (so the answer of the request that made the change already shows what they did).
 * Changes a listener makes are told after the event it heard, to every listener.
 */
export function onOrderChange(db: Db, name: string, run: Listener['run'], log: Listener['log']): () => void {
  const list = listenersByDb.get(db) ?? [];
  const listener: Listener = { name, run, log };
  list.push(listener);
  listenersByDb.set(db, list);
  return () => {
    const at = list.indexOf(listener);
    if (at >= 0) list.splice(at, 1);
  };
}

/**
 * The events still to be told in the delivery this code runs in. A listener that changes an order
 * itself (YooKassa failing the payment of an order it heard cancelled) has its events told after
 * the event it is hearing has reached every listener, so each listener hears an order's changes in
 * the order they were made.
 */
const delivery = new AsyncLocalStorage<OrderChangeEvent[]>();

async function announce(db: Db, events: OrderChangeEvent[]): Promise<void> {
  const list = listenersByDb.get(db);
  if (!list || events.length === 0) return;
  const pending = delivery.getStore();
  if (pending) {
    pending.push(...events);
    return;
  }
  const queue = [...events];
  await delivery.run(queue, async () => {
    for (let event = queue.shift(); event; event = queue.shift()) {
      for (const listener of [...list]) {
        try {
          await listener.run(event);
        } catch (error) {
          listener.log.error({ err: error, orderId: event.orderId, field: event.field, to: event.to, listener: listener.name }, 'order change listener failed');
        }
      }
    }
  });
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

/** The products of an order's lines still in the catalogue. */
async function orderProductIds(tx: Tx, orderId: number): Promise<number[]> {
  const rows = await tx.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return rows.flatMap((row) => (row.productId === null ? [] : [row.productId]));
}

/** Cancelling: the order's units go back on the shelf of the branch they came from. Answers the moves. */
async function returnStock(tx: Tx, orderId: number, now: Date): Promise<OrderMove[]> {
  const moves = await orderMoves(tx, orderId);
  for (const move of moves) await returnToBranch(tx, move, now);
  return moves;
}

/**
 * Whether un-cancelling the order now would find every line's units at the branch it came from
 * (a line whose product has left the catalogue cannot be given again). Read under the order's
 * lock, before deciding to restore it; the taking itself still checks each branch.
 */
export async function orderStockAvailable(tx: Tx, orderId: number): Promise<boolean> {
  const lines = await tx.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId));
  if (lines.some((line) => line.productId === null)) return false;
  for (const move of await orderMoves(tx, orderId)) {
    const available = (await branchQuantities(tx, move.productId)).find((q) => q.branchId === move.branchId)?.quantity ?? 0;
    if (available < move.quantity) return false;
  }
  return true;
}

/** Un-cancelling: the units are taken again from the same branches, or nothing changes when one is short. Answers the moves. */
async function takeStock(tx: Tx, orderId: number, now: Date): Promise<OrderMove[]> {
  const moves = await orderMoves(tx, orderId);
  for (const move of moves) {
    // Staff restore an order as it was, even of a product taken off sale since.
    if ((await sellFromBranch(tx, move, now, { activeOnly: false })) === 'sold') continue;
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, move.productId));
    const [branch] = await tx.select({ cityIn: branches.cityIn }).from(branches).where(eq(branches.id, move.branchId));
    const available = (await branchQuantities(tx, move.productId)).find((q) => q.branchId === move.branchId)?.quantity ?? 0;
    throw conflict(
      `Недостаточно товара «${product?.name ?? move.name}» в филиале в ${branch?.cityIn ?? ''}: нужно ${move.quantity} шт., в наличии ${available} шт. Статус заказа не изменён.`,
    );
  }
  return moves;
}

/**
 * The order's last cancellation: the status it left and whether the shop itself made it (an
 * unpaid order's hold passing, no person and no outside system). Null when it was never cancelled.
 */
export async function lastCancellation(tx: Tx, orderId: number): Promise<{ from: OrderStatus; bySystem: boolean } | null> {
  const [entry] = await tx
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.field, 'status'), eq(orderStatusHistory.toValue, 'cancelled')))
    .orderBy(desc(orderStatusHistory.changedAt), desc(orderStatusHistory.id))
    .limit(1);
  if (!entry?.fromValue) return null;
  return { from: entry.fromValue as OrderStatus, bySystem: entry.changedBy === null && entry.source === null };
}

/** The history columns of an author: a person's id, an outside system's name, or neither. */
function historyAuthor(author: OrderChangeAuthor): Pick<typeof orderStatusHistory.$inferInsert, 'changedBy' | 'source'> {
  switch (author.kind) {
    case 'customer':
    case 'staff':
      return { changedBy: author.userId, source: null };
    case 'yookassa':
    case '1c':
    case 'cdek':
      return { changedBy: null, source: author.kind };
    case 'system':
      return { changedBy: null, source: null };
  }
}

/**
 * Changes an order's status and/or payment status (see the file's head). Setting the value it
 * already has changes nothing and announces nothing. Cancelling returns each line's units to its
 * branch; leaving `cancelled` takes them again (409 naming the product when a branch is short,
 * nothing changed). 404 for an unknown order.
 */
export async function changeOrder(
  db: Db,
  orderId: number,
  author: OrderChangeAuthor,
  request: OrderChangeRequest,
  now: Date,
): Promise<OrderChangeResult> {
  /** Products whose stock this change moved, announced once it is committed. */
  const stockMoved = new Set<number>();
  const result = await db.transaction(async (tx): Promise<OrderChangeResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Заказ не найден');
    const change = typeof request === 'function' ? await request(order, tx) : request;
    const events: OrderChangeEvent[] = [];
    if (!change) return { changed: false, before: order, events };

    const set: Partial<typeof orders.$inferInsert> = {};
    if (change.status && change.status !== order.status) {
      const mismatch = statusMismatch(change.status, order.deliveryMethod as DeliveryMethod);
      if (mismatch) throw conflict(mismatch);
      const moved = change.status === 'cancelled' ? await returnStock(tx, orderId, now) : order.status === 'cancelled' ? await takeStock(tx, orderId, now) : [];
      for (const move of moved) stockMoved.add(move.productId);
      set.status = change.status;
      events.push({ orderId, field: 'status', from: order.status, to: change.status, author, at: now });
    }
    if (change.paymentStatus && change.paymentStatus !== order.paymentStatus) {
      set.paymentStatus = change.paymentStatus;
      events.push({ orderId, field: 'payment', from: order.paymentStatus, to: change.paymentStatus, author, at: now });
    }
    if (change.paymentHoldUntil && change.paymentHoldUntil.getTime() !== order.paymentHoldUntil?.getTime()) set.paymentHoldUntil = change.paymentHoldUntil;
    if (change.trackNumber && change.trackNumber !== order.trackNumber) set.trackNumber = change.trackNumber;
    // An edit moves the stock of the lines it changes, removes or adds: the order's products before and after it.
    if (change.edit) for (const id of await orderProductIds(tx, orderId)) stockMoved.add(id);
    const edited = change.edit ? await editOrderLines(tx, order, change.edit, now) : null;
    if (edited) for (const id of await orderProductIds(tx, orderId)) stockMoved.add(id);
    if (edited) Object.assign(set, edited.totals);
    const written = [...events.map((e) => ({ field: e.field, from: e.from, to: e.to })), ...(edited?.history ?? [])];
    if (Object.keys(set).length === 0 && written.length === 0) return { changed: false, before: order, events };

    await tx.update(orders).set({ ...set, updatedAt: now }).where(eq(orders.id, orderId));
    if (written.length > 0) {
      const by = historyAuthor(author);
      await tx
        .insert(orderStatusHistory)
        .values(written.map((e, i) => ({ orderId, field: e.field, fromValue: e.from, toValue: e.to, ...by, note: i === 0 ? (change.note ?? null) : null, changedAt: now })));
    }
    return { changed: written.length > 0, before: order, events };
  });
  if (stockMoved.size > 0) catalogStockChanged([...stockMoved]);
  await announce(db, result.events);
  return result;
}
