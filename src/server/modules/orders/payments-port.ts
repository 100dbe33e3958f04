/**
 * What the orders module needs from online payment, without knowing who provides it: the
 * payment shown in the order answers, starting the payment of a just-placed order and asking
 * about an unsettled one before the order is read. The payment integration (YooKassa) provides
 * it for its database at start-up (`provideOrderPayments`); without a provider orders have no
 * payment and nothing is started. Modules never import integrations (lint-checked).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import type { orders } from '../../db/schema.ts';
import type { AdminOrderPayment, OrderPayment } from '#shared/schemas/payments.ts';

type OrderRow = typeof orders.$inferSelect;

/** Whether the shop takes online payment and the time to judge an unpaid order's hold by. */
export type PaymentView = { configured: boolean; now: Date };

export type PaymentLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type OrderPayments = {
  /** The payment of each online order among `rows`, by order id (cash and card orders have none). */
  ofOrders: (db: Db, rows: OrderRow[], view: PaymentView) => Promise<Map<number, AdminOrderPayment>>;
  /** The payment page's address for the order (current payment or a new one); throws HttpError when it cannot be had now. */
  start: (orderId: number, owner: number | null, log: PaymentLog) => Promise<string>;
  /** Asks the provider about the order's unsettled payment (the return page is right before any notification). */
  refresh: (orderId: number, log: PaymentLog) => Promise<void>;
  /**
   * Before the hold scan cancels an unpaid online order: the payment asked about once more and
   * what is still open cancelled. False when the provider could not be asked: the order waits.
   */
  settleBeforeHoldCancel: (orderId: number, log: PaymentLog) => Promise<boolean>;
};

const providers = new WeakMap<Db, OrderPayments>();

export function provideOrderPayments(db: Db, payments: OrderPayments): void {
  providers.set(db, payments);
}

export const orderPayments = (db: Db): OrderPayments | null => providers.get(db) ?? null;

/** The payments of `rows`, or none when no payment integration is there. */
export async function paymentsOf(db: Db, rows: OrderRow[], view: PaymentView): Promise<Map<number, AdminOrderPayment>> {
  const provider = orderPayments(db);
  return provider ? provider.ofOrders(db, rows, view) : new Map();
}

/** The customer's view: the staff view without the refunds. */
export const customerPayment = ({ refunds: _refunds, refundableAmount: _refundable, ...payment }: AdminOrderPayment): OrderPayment => payment;
