/**
 * What an order says about its online payment (OrderPayment, and for staff its refunds), read
 * for many orders at once. No API call here: refreshing from YooKassa is service.ts's.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { orders} from '../../db/schema.ts';
import { paymentRefunds, payments, users } from '../../db/schema.ts';
import { kopecksToRub } from '#shared/money.ts';
import type { PaymentView } from '../../modules/orders/payments-port.ts';
import { cancellationReasonText, type AdminOrderPayment, type OrderPaymentState, type RefundStatus } from '#shared/schemas/payments.ts';

type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof paymentRefunds.$inferSelect & { createdByName: string | null };

/** Whether the shop takes online payment (YooKassa credentials) and the time to judge the hold by: the orders module's. */
export type { PaymentView };

export const HOLD_PASSED_REASON = 'Время на оплату заказа истекло, заказ отменён';
const ORDER_CANCELLED_REASON = 'Заказ отменён';

/** The latest attempt of an order's payments (they come in attempt order). */
export const latestPayment = (rows: PaymentRow[]): PaymentRow | undefined => rows[rows.length - 1];

/** The kopecks an order may still refund: paid, less every refund not refused. */
export function refundableKopecks(paymentRows: PaymentRow[], refundRows: { status: string; amountKopecks: number }[]): number {
  const paid = paymentRows.filter((p) => p.status === 'succeeded').reduce((sum, p) => sum + p.amountKopecks, 0);
  const reserved = refundRows.filter((r) => r.status !== 'canceled').reduce((sum, r) => sum + r.amountKopecks, 0);
  return Math.max(0, paid - reserved);
}

export const holdPassed = (order: Pick<OrderRow, 'paymentHoldUntil'>, now: Date) =>
  order.paymentHoldUntil !== null && now.getTime() >= order.paymentHoldUntil.getTime();

function stateOf(order: OrderRow, latest: PaymentRow | undefined, refunded: number, view: PaymentView): OrderPaymentState {
  if (order.paymentStatus === 'refunded') return 'refunded';
  if (order.paymentStatus === 'paid') return refunded > 0 ? 'partially_refunded' : 'paid';
  if (!view.configured && !latest) return 'not_configured';
  if (order.status === 'cancelled' || order.paymentStatus === 'failed' || latest?.status === 'canceled') return 'canceled';
  if (latest?.status === 'waiting_for_capture') return 'waiting';
  return 'pending';
}

function paymentOf(order: OrderRow, rows: PaymentRow[], refunds: RefundRow[], view: PaymentView): AdminOrderPayment {
  const latest = latestPayment(rows);
  const paid = rows.filter((p) => p.status === 'succeeded').reduce((sum, p) => sum + p.amountKopecks, 0);
  const refunded = refunds.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountKopecks, 0);
  const state = stateOf(order, latest, refunded, view);
  const unpaid = (order.paymentStatus === 'pending' || order.paymentStatus === 'failed') && order.status !== 'cancelled';
  let cancellationReason: string | null = null;
  if (state === 'canceled') {
    if (order.status === 'cancelled') cancellationReason = holdPassed(order, order.updatedAt) ? HOLD_PASSED_REASON : ORDER_CANCELLED_REASON;
    else cancellationReason = cancellationReasonText(latest?.cancellationReason) ?? 'Оплата не прошла';
  }
  return {
    state,
    cancellationReason,
    canPay: view.configured && unpaid && latest?.status !== 'waiting_for_capture' && !holdPassed(order, view.now),
    paidAmount: kopecksToRub(paid),
    refundedAmount: kopecksToRub(refunded),
    holdUntil: unpaid && order.paymentHoldUntil ? order.paymentHoldUntil.toISOString() : null,
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: kopecksToRub(r.amountKopecks),
      status: r.status as RefundStatus,
      createdAt: r.createdAt.toISOString(),
      createdBy: r.createdByName,
      automatic: r.automatic,
      reason: r.reason,
    })),
    refundableAmount: kopecksToRub(order.paymentStatus === 'paid' ? refundableKopecks(rows, refunds) : 0),
  };
}

/** The payment of each online order among `rows`, by order id (cash and card orders have none). */
export async function paymentsOfOrders(db: Db, rows: OrderRow[], view: PaymentView): Promise<Map<number, AdminOrderPayment>> {
  const online = rows.filter((r) => r.paymentMethod === 'online');
  if (online.length === 0) return new Map();
  const ids = online.map((r) => r.id);
  const [paymentRows, refundRows] = await Promise.all([
    db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.attempt)),
    db
      .select({ refund: paymentRefunds, createdByName: users.username })
      .from(paymentRefunds)
      .leftJoin(users, eq(users.id, paymentRefunds.createdBy))
      .where(inArray(paymentRefunds.orderId, ids))
      .orderBy(asc(paymentRefunds.id)),
  ]);
  const result = new Map<number, AdminOrderPayment>();
  for (const order of online) {
    const own = paymentRows.filter((p) => p.orderId === order.id);
    const refunds = refundRows.filter((r) => r.refund.orderId === order.id).map((r) => ({ ...r.refund, createdByName: r.createdByName }));
    result.set(order.id, paymentOf(order, own, refunds, view));
  }
  return result;
}
