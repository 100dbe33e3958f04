/**
 * Online payment of orders through YooKassa (docs/decisions/022): starting or resuming a
 * payment, applying what the API says about a payment or a refund (notifications, the order
 * page, the orders' hold scan all use applyPayment/applyRefund), refunds, and cancelling open
 * payments. YooKassa's word is only ever taken from the API itself.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/connection.ts';
import { orderItems, orders, paymentRefunds, payments } from '../../db/schema.ts';
import { HttpError, badRequest, conflict, notFound } from '../../core/http-errors.ts';
import { maskEmail } from '../../core/log.ts';
import type { Mailer, MailMessage } from '../../mail/transport.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { getOrderForStaff } from '../../modules/orders/admin-service.ts';
import { changeOrder, lastCancellation, orderStockAvailable, type OrderChange, type OrderRow } from '../../modules/orders/door.ts';
import { cancellationReasonText, type RefundRequest } from '#shared/schemas/payments.ts';
import { formatRubExact, rubToKopecks } from '#shared/money.ts';
import type { AdminOrderDetail } from '#shared/types.ts';
import {
  paidAfterCancelRefundedMail,
  paidAfterCancelRestoredMail,
  paymentCanceledMail,
  paymentReceivedMail,
  refundMail,
} from './mails.ts';
import { orderReceipt, refundReceipt } from './receipt.ts';
import { holdPassed, refundableKopecks, type PaymentRow, type PaymentView } from './view.ts';
import {
  YooKassaError,
  kopecksOf,
  yooAmount,
  yookassaClient,
  type CreatePaymentBody,
  type YooKassaClient,
  type YooPayment,
  type YooRefund,
} from './yookassa.ts';

export type PaymentDeps = {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'yookassa'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  now: Date;
};

export const NOT_CONFIGURED_MESSAGE = 'Онлайн-оплата не настроена';
export const UNREACHABLE_MESSAGE = 'Платёжный сервис сейчас недоступен. Заказ сохранён, оплатить его можно позже на странице заказа.';
export const ALREADY_PAID_MESSAGE = 'Заказ уже оплачен';
export const ORDER_CANCELLED_MESSAGE = 'Заказ отменён, оплатить его нельзя';
export const HOLD_PASSED_MESSAGE = 'Время на оплату заказа истекло: заказ будет отменён, а товар вернётся в продажу';
export const NOT_ONLINE_MESSAGE = 'Этот заказ оплачивается при получении';
export const PAYMENT_IN_PROGRESS_MESSAGE = 'Оплата уже проходит подтверждение в банке. Обновите страницу через минуту.';
const REFUND_FAILED_MESSAGE = 'Платёжный сервис не выполнил возврат. Попробуйте ещё раз или проверьте возврат в личном кабинете ЮKassa.';
const ORDER_NOT_FOUND = 'Заказ не найден';
/** The history's words (staff's) for a payment that succeeded after its order was cancelled. */
export const PAID_AFTER_CANCEL_RESTORED_NOTE = 'Оплата пришла после отмены заказа по истечении срока оплаты; весь товар был в наличии, и заказ восстановлен автоматически';
export const PAID_AFTER_CANCEL_REFUND_NOTE = 'Оплата пришла после отмены заказа; деньги возвращаются покупателю автоматически, полностью, с чеком возврата';
export const PAID_AFTER_CANCEL_SHORT_NOTE =
  'Оплата пришла после отмены заказа по истечении срока оплаты; товара для восстановления заказа уже не хватает, деньги возвращаются покупателю автоматически, полностью, с чеком возврата';
export const AUTOMATIC_REFUND_NOTE = 'Автоматический возврат оплаты, пришедшей после отмены заказа';
const AUTOMATIC_REFUND_REASON = 'Оплата пришла после отмены заказа';

const viewOf = (deps: PaymentDeps): PaymentView => ({ configured: deps.config.yookassa !== null, now: deps.now });

/** Without credentials online payment is a state of the shop, not a failure: 409, not 5xx. */
function clientOf(deps: PaymentDeps) {
  if (!deps.config.yookassa) throw conflict(NOT_CONFIGURED_MESSAGE);
  return yookassaClient(deps.config.yookassa);
}

export const returnUrl = (publicUrl: string, orderId: number) => `${publicUrl}/order-complete/${orderId}?payment=return`;

async function sendMail(deps: PaymentDeps, message: MailMessage, orderId: number) {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log.error({ err: error, orderId, to: maskEmail(message.to) }, 'payment mail failed');
  }
}

/** The payment request of an order: the same order always gives the same body (so one key, one payment). */
async function paymentBody(deps: PaymentDeps, orderId: number): Promise<CreatePaymentBody> {
  const [[order], items, settings] = await Promise.all([
    deps.db.select().from(orders).where(eq(orders.id, orderId)),
    deps.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    getSettings(deps.db, 'payment'),
  ]);
  return {
    amount: yooAmount(order!.totalKopecks),
    capture: true,
    confirmation: { type: 'redirect', return_url: returnUrl(deps.config.publicUrl, orderId) },
    description: `Заказ № ${orderId}`,
    metadata: { orderId: String(orderId) },
    ...(settings.receiptsEnabled ? { receipt: orderReceipt(order!, items, settings) } : {}),
  };
}

/**
 * The attempt to pay with now: the latest one while it may still be paid, else a new one. Its row
 * (with its Idempotence-Key) is written under the order's lock before the API is asked, so
 * clicks and retries that race all send the same key.
 */
async function currentAttempt(deps: PaymentDeps, orderId: number, owner: number | null): Promise<PaymentRow> {
  const holdMinutes = (await getSettings(deps.db, 'payment')).holdMinutes;
  let attemptRow = null as PaymentRow | null;
  // Through the order's door: a failed payment status goes back to pending with its history.
  const author = owner === null ? ({ kind: 'system' } as const) : ({ kind: 'customer', userId: owner } as const);
  await changeOrder(
    deps.db,
    orderId,
    author,
    async (order, tx): Promise<OrderChange | null> => {
      if (owner !== null && order.userId !== owner) throw notFound(ORDER_NOT_FOUND);
      if (order.paymentMethod !== 'online') throw conflict(NOT_ONLINE_MESSAGE);
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded') throw conflict(ALREADY_PAID_MESSAGE);
      if (order.status === 'cancelled') throw conflict(ORDER_CANCELLED_MESSAGE);
      if (holdPassed(order, deps.now)) throw conflict(HOLD_PASSED_MESSAGE);
      clientOf(deps);
      const [latest] = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.attempt)).limit(1);
      if (latest?.status === 'pending') {
        attemptRow = latest;
        return null;
      }
      if (latest?.status === 'waiting_for_capture') throw conflict(PAYMENT_IN_PROGRESS_MESSAGE);
      if (latest?.status === 'succeeded') throw conflict(ALREADY_PAID_MESSAGE);
      const attempt = (latest?.attempt ?? 0) + 1;
      const [row] = await tx
        .insert(payments)
        .values({
          orderId,
          attempt,
          // Random, never derived from the order: the same order number recurs in another database or a restored backup.
          idempotenceKey: randomUUID(),
          amountKopecks: order.totalKopecks,
          createdAt: deps.now,
          updatedAt: deps.now,
        })
        .returning();
      attemptRow = row!;
      return {
        ...(order.paymentHoldUntil === null ? { paymentHoldUntil: new Date(deps.now.getTime() + holdMinutes * 60_000) } : {}),
        ...(order.paymentStatus === 'failed' ? { paymentStatus: 'pending' } : {}),
      };
    },
    deps.now,
  );
  return attemptRow!;
}

/**
 * Where to send the customer to pay the order: the current payment's page, or a new payment's
 * when the last one was cancelled. `owner`: the customer asking (null: the shop itself, at checkout).
 */
export async function startPayment(deps: PaymentDeps, orderId: number, owner: number | null): Promise<string> {
  // Two rounds at most: a payment found cancelled at YooKassa is replaced by a new attempt once.
  for (let round = 0; round < 2; round++) {
    const row = await currentAttempt(deps, orderId, owner);
    const client = clientOf(deps);
    try {
      if (row.yookassaId) {
        const payment = await client.getPayment(row.yookassaId);
        await applyPayment(deps, payment);
        if (payment.status === 'canceled') continue;
        if (payment.status !== 'pending') throw conflict(payment.status === 'succeeded' ? ALREADY_PAID_MESSAGE : PAYMENT_IN_PROGRESS_MESSAGE);
        if (payment.confirmation?.confirmation_url) return payment.confirmation.confirmation_url;
        if (row.confirmationUrl) return row.confirmationUrl;
        throw new YooKassaError('YooKassa: a pending payment without confirmation_url', null);
      }
      const payment = await client.createPayment(await paymentBody(deps, orderId), row.idempotenceKey);
      const url = payment.confirmation?.confirmation_url ?? null;
      await deps.db
        .update(payments)
        .set({ yookassaId: payment.id, status: 'pending', confirmationUrl: url, updatedAt: deps.now })
        .where(and(eq(payments.id, row.id), sql`${payments.yookassaId} is null`));
      if (!url) throw new YooKassaError('YooKassa: the new payment has no confirmation_url', null);
      return url;
    } catch (error) {
      if (!(error instanceof YooKassaError)) throw error;
      deps.log.error({ err: error, orderId }, 'YooKassa payment could not be started');
      throw new HttpError(502, UNREACHABLE_MESSAGE);
    }
  }
  throw new HttpError(502, UNREACHABLE_MESSAGE);
}

export type ApplyOutcome = 'unknown' | 'mismatch' | 'unchanged' | 'changed';

/**
 * Brings our records in line with a payment object fetched from the API (never a notification's
 * body). Checks it is ours: a known id, the order in its metadata, the amount and currency of
 * the attempt. Final states stay final: a repeated or late event changes nothing.
 */
export async function applyPayment(deps: PaymentDeps, payment: YooPayment): Promise<ApplyOutcome> {
  const [row] = await deps.db.select().from(payments).where(eq(payments.yookassaId, payment.id));
  if (!row) {
    deps.log.warn({ paymentId: payment.id }, 'YooKassa payment unknown to the shop');
    return 'unknown';
  }
  if (payment.metadata?.orderId !== String(row.orderId) || payment.amount?.currency !== 'RUB' || kopecksOf(payment.amount) !== row.amountKopecks) {
    deps.log.warn({ paymentId: payment.id, orderId: row.orderId }, 'YooKassa payment does not match its order');
    return 'mismatch';
  }
  let mail: (() => Promise<void>) | null = null;
  let outcome: ApplyOutcome = 'unchanged';
  // Through the order's door, YooKassa as the author: the payment row follows in the same transaction.
  await changeOrder(
    deps.db,
    row.orderId,
    { kind: 'yookassa' },
    async (order, tx): Promise<OrderChange | null> => {
      const [current] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
      if (!current) {
        outcome = 'unknown';
        return null;
      }
      if (current.status === 'succeeded' || current.status === 'canceled' || current.status === payment.status) return null;
      const reason = payment.cancellation_details?.reason ?? null;
      await tx
        .update(payments)
        .set({ status: payment.status, cancellationReason: payment.status === 'canceled' ? reason : null, updatedAt: deps.now })
        .where(eq(payments.id, row.id));
      outcome = 'changed';
      if (payment.status === 'succeeded' && (order.paymentStatus === 'pending' || order.paymentStatus === 'failed')) {
        if (order.status === 'cancelled') {
          const change = await paidAfterCancel(deps, tx, order, current);
          if (change.status) {
            mail = async () =>
              sendMail(deps, paidAfterCancelRestoredMail(await getSettings(deps.db, 'shop'), order, row.amountKopecks, deps.config.publicUrl), order.id);
          }
          return change;
        }
        mail = async () => sendMail(deps, paymentReceivedMail(await getSettings(deps.db, 'shop'), order, row.amountKopecks, deps.config.publicUrl), order.id);
        return { paymentStatus: 'paid' };
      }
      const [latest] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.attempt)).limit(1);
      if (payment.status === 'canceled' && latest?.id === row.id && order.paymentStatus === 'pending') {
        // Cancelled by the shop itself (the hold passing, the order cancelled) is told by the order's own letter, if any.
        if (order.status !== 'cancelled' && reason !== 'canceled_by_merchant') {
          const text = cancellationReasonText(reason) ?? 'оплата отклонена';
          const hold = holdPassed(order, deps.now) ? null : order.paymentHoldUntil;
          mail = async () =>
            sendMail(deps, paymentCanceledMail(await getSettings(deps.db, 'shop'), order, text.toLowerCase(), hold, deps.config.publicUrl), order.id);
        }
        return { paymentStatus: 'failed' };
      }
      return null;
    },
    deps.now,
  );
  if (mail) await (mail as () => Promise<void>)();
  // Also on a repeated event: an automatic refund whose request was lost is sent again (same key).
  if (payment.status === 'succeeded') await sendAutomaticRefunds(deps, row.orderId);
  return outcome;
}

/**
 * A payment succeeded for a cancelled order (the customer paid on a page left open). The order is
 * restored, stock taken again, when the shop itself cancelled it for the hold and every line's
 * units are still at their branch; otherwise (staff, the customer or 1C cancelled it, or stock is
 * short) the whole payment is refunded by the shop: the refund row is written here, under the
 * order's lock, and sent after the commit. Either way the order is paid and the history says why.
 */
async function paidAfterCancel(deps: PaymentDeps, tx: Tx, order: OrderRow, payment: PaymentRow): Promise<OrderChange> {
  const cancellation = await lastCancellation(tx, order.id);
  const byHold = cancellation?.bySystem === true;
  if (cancellation && byHold && (await orderStockAvailable(tx, order.id))) {
    return { status: cancellation.from, paymentStatus: 'paid', note: PAID_AFTER_CANCEL_RESTORED_NOTE };
  }
  await tx.insert(paymentRefunds).values({
    orderId: order.id,
    paymentId: payment.id,
    idempotenceKey: randomUUID(),
    amountKopecks: payment.amountKopecks,
    reason: AUTOMATIC_REFUND_REASON,
    automatic: true,
    createdAt: deps.now,
    updatedAt: deps.now,
  });
  return { paymentStatus: 'paid', note: byHold ? PAID_AFTER_CANCEL_SHORT_NOTE : PAID_AFTER_CANCEL_REFUND_NOTE };
}

/**
 * Sends the order's automatic refunds not yet answered. A refusal marks the refund refused (staff
 * see it among the order's refunds and refund by hand); a lost answer leaves it to be sent again,
 * with its key, on the payment's next event (the error is thrown: a notification is then repeated).
 */
async function sendAutomaticRefunds(deps: PaymentDeps, orderId: number): Promise<void> {
  if (!deps.config.yookassa) return;
  const due = await deps.db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.automatic, true), eq(paymentRefunds.status, 'pending'), isNull(paymentRefunds.yookassaId)));
  for (const refundRow of due) {
    try {
      await sendRefund(deps, yookassaClient(deps.config.yookassa), refundRow);
    } catch (error) {
      if (!(error instanceof YooKassaError)) throw error;
      deps.log.error({ err: error, orderId }, 'automatic refund of a payment after cancellation failed');
      if (error.status === null || error.status >= 500) throw error;
      await deps.db.update(paymentRefunds).set({ status: 'canceled', updatedAt: deps.now }).where(eq(paymentRefunds.id, refundRow.id));
    }
  }
}

type RefundRow = typeof paymentRefunds.$inferSelect;

/**
 * Asks YooKassa for a refund written beforehand (its amount, reason and key), with the receipt
 * when the settings say so, then applies the answer. One immediate repeat with the same key on a
 * lost answer or a 5xx: a lost answer is answered again, never refunded twice.
 */
async function sendRefund(deps: PaymentDeps, client: YooKassaClient, refundRow: RefundRow): Promise<void> {
  const [[order], items, [paid], settings] = await Promise.all([
    deps.db.select().from(orders).where(eq(orders.id, refundRow.orderId)),
    deps.db.select().from(orderItems).where(eq(orderItems.orderId, refundRow.orderId)).orderBy(asc(orderItems.id)),
    deps.db.select().from(payments).where(eq(payments.id, refundRow.paymentId)),
    getSettings(deps.db, 'payment'),
  ]);
  const body = {
    payment_id: paid!.yookassaId!,
    amount: yooAmount(refundRow.amountKopecks),
    ...(refundRow.reason ? { description: refundRow.reason } : {}),
    ...(settings.receiptsEnabled ? { receipt: refundReceipt(order!, items, settings, refundRow.amountKopecks) } : {}),
  };
  const key = refundRow.idempotenceKey;
  const refund = await client.createRefund(body, key).catch((error: unknown) => {
    if (error instanceof YooKassaError && (error.status === null || error.status >= 500)) return client.createRefund(body, key);
    throw error;
  });
  await deps.db.update(paymentRefunds).set({ yookassaId: refund.id, updatedAt: deps.now }).where(eq(paymentRefunds.id, refundRow.id));
  await applyRefund(deps, refund);
}

/** A refund fetched from the API: its row follows, and a fully refunded order becomes 'refunded'. */
export async function applyRefund(deps: PaymentDeps, refund: YooRefund): Promise<ApplyOutcome> {
  const [row] = await deps.db
    .select({ refund: paymentRefunds, paymentYookassaId: payments.yookassaId })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.yookassaId, refund.id));
  if (!row) {
    deps.log.warn({ refundId: refund.id }, 'YooKassa refund unknown to the shop');
    return 'unknown';
  }
  if (row.paymentYookassaId !== refund.payment_id || kopecksOf(refund.amount) !== row.refund.amountKopecks || refund.amount.currency !== 'RUB') {
    deps.log.warn({ refundId: refund.id }, 'YooKassa refund does not match its record');
    return 'mismatch';
  }
  const orderId = row.refund.orderId;
  let mailAmount = 0;
  let outcome: ApplyOutcome = 'unchanged';
  const automatic = row.refund.automatic;
  // The refund's author is the staff member who asked for it (the history names them).
  const author = row.refund.createdBy === null ? ({ kind: 'system' } as const) : ({ kind: 'staff', userId: row.refund.createdBy } as const);
  await changeOrder(
    deps.db,
    orderId,
    author,
    async (order, tx): Promise<OrderChange | null> => {
      const [current] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, row.refund.id)).for('update');
      if (!current || current.status !== 'pending' || refund.status === 'pending') return null;
      await tx.update(paymentRefunds).set({ status: refund.status, updatedAt: deps.now }).where(eq(paymentRefunds.id, current.id));
      outcome = 'changed';
      if (refund.status !== 'succeeded') return null;
      mailAmount = current.amountKopecks;
      const [paymentRows, refundRows] = await Promise.all([
        tx.select().from(payments).where(eq(payments.orderId, orderId)),
        tx.select().from(paymentRefunds).where(and(eq(paymentRefunds.orderId, orderId), eq(paymentRefunds.status, 'succeeded'))),
      ]);
      if (refundableKopecks(paymentRows, refundRows) !== 0 || order.paymentStatus !== 'paid') return null;
      return automatic ? { paymentStatus: 'refunded', note: AUTOMATIC_REFUND_NOTE } : { paymentStatus: 'refunded' };
    },
    deps.now,
  );
  if (mailAmount > 0) {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    const letter = automatic ? paidAfterCancelRefundedMail : refundMail;
    await sendMail(deps, letter(await getSettings(deps.db, 'shop'), order!, mailAmount, deps.config.publicUrl), orderId);
  }
  return outcome;
}

/** The events the shop listens to; others are acknowledged and ignored. */
const PAYMENT_EVENTS = new Set(['payment.succeeded', 'payment.canceled', 'payment.waiting_for_capture']);

/**
 * A notification: only the event's name and the object's id are read from it; the object itself
 * is fetched from the API. An API failure is thrown (the route answers 503 and YooKassa repeats
 * the notification later).
 */
export async function handleNotification(deps: PaymentDeps, event: string, objectId: string): Promise<ApplyOutcome> {
  if (!deps.config.yookassa) return 'unknown';
  const client = yookassaClient(deps.config.yookassa);
  const fetchOrUnknown = async <T>(fetchIt: () => Promise<T>): Promise<T | null> => {
    try {
      return await fetchIt();
    } catch (error) {
      if (error instanceof YooKassaError && error.status === 404) return null;
      throw error;
    }
  };
  if (PAYMENT_EVENTS.has(event)) {
    const payment = await fetchOrUnknown(() => client.getPayment(objectId));
    return payment ? applyPayment(deps, payment) : 'unknown';
  }
  if (event === 'refund.succeeded') {
    const refund = await fetchOrUnknown(() => client.getRefund(objectId));
    return refund ? applyRefund(deps, refund) : 'unknown';
  }
  deps.log.info({ event }, 'YooKassa notification ignored');
  return 'unchanged';
}

/**
 * How often reading an order may ask YooKassa about its payment: the return page reads it every
 * 2 s for 30 s, anyone may reload the order page at will, and YooKassa's notification comes anyway.
 */
export const PAYMENT_CHECK_INTERVAL_MS = 10_000;

/**
 * Claims the payment's next question to YooKassa: false when it was asked less than the interval
 * ago. In the database, so every process of the shop shares the limit.
 */
async function claimPaymentCheck(deps: PaymentDeps, paymentId: number): Promise<boolean> {
  const askedBefore = new Date(deps.now.getTime() - PAYMENT_CHECK_INTERVAL_MS);
  const claimed = await deps.db
    .update(payments)
    .set({ checkedAt: deps.now })
    .where(and(eq(payments.id, paymentId), or(isNull(payments.checkedAt), lte(payments.checkedAt, askedBefore))))
    .returning({ id: payments.id });
  return claimed.length > 0;
}

/**
 * Reading an order whose payment is not settled asks the API (so the return page shows the real
 * state before the notification arrives), at most once per PAYMENT_CHECK_INTERVAL_MS. A failure
 * leaves the order as it was.
 */
export async function refreshOrderPayment(deps: PaymentDeps, orderId: number): Promise<void> {
  if (!deps.config.yookassa) return;
  const [latest] = await deps.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.attempt)).limit(1);
  if (!latest?.yookassaId || latest.status === 'succeeded' || latest.status === 'canceled') return;
  if (!(await claimPaymentCheck(deps, latest.id))) return;
  try {
    await applyPayment(deps, await yookassaClient(deps.config.yookassa).getPayment(latest.yookassaId));
  } catch (error) {
    if (!(error instanceof YooKassaError)) throw error;
    deps.log.warn({ err: error, orderId }, 'YooKassa payment could not be refreshed');
  }
}

/** Staff refund all or part of a paid online order (POST /refunds, keyed by the refund row). */
export async function refundOrder(deps: PaymentDeps, orderId: number, input: RefundRequest, actorId: number): Promise<AdminOrderDetail> {
  const client = clientOf(deps);
  const amount = rubToKopecks(input.amount);
  const refundRow = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const paymentRows = await tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.attempt));
    const paid = paymentRows.find((p) => p.status === 'succeeded');
    if (order.paymentMethod !== 'online' || order.paymentStatus !== 'paid' || !paid?.yookassaId) {
      throw conflict(order.paymentStatus === 'refunded' ? 'Деньги за этот заказ уже возвращены полностью' : 'Заказ не оплачен онлайн: возвращать нечего');
    }
    const refunds = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
    const refundable = refundableKopecks(paymentRows, refunds);
    if (amount > refundable) {
      const message = `Вернуть можно не больше ${formatRubExact(refundable / 100)}`;
      throw badRequest(message, { amount: [message] });
    }
    const [created] = await tx
      .insert(paymentRefunds)
      .values({
        orderId,
        paymentId: paid.id,
        idempotenceKey: randomUUID(),
        amountKopecks: amount,
        reason: input.reason || null,
        createdBy: actorId,
        createdAt: deps.now,
        updatedAt: deps.now,
      })
      .returning();
    return created!;
  });
  try {
    await sendRefund(deps, client, refundRow);
  } catch (error) {
    if (!(error instanceof YooKassaError)) throw error;
    deps.log.error({ err: error, orderId }, 'YooKassa refund failed');
    await deps.db.update(paymentRefunds).set({ status: 'canceled', updatedAt: deps.now }).where(eq(paymentRefunds.id, refundRow.id));
    throw new HttpError(502, REFUND_FAILED_MESSAGE);
  }
  return getOrderForStaff(deps.db, orderId, viewOf(deps));
}

/**
 * Cancels what YooKassa lets the shop cancel of an order's open payments, after asking about each
 * once more (what changed meanwhile, a success included, is applied). YooKassa cancels through the
 * API only a payment `waiting_for_capture` (https://yookassa.ru/developers/api#cancel_payment); a
 * `pending` one cannot be cancelled by the shop: it stays until the customer pays or YooKassa lets
 * it expire, and its later notification is applied as any other (a success on a cancelled order
 * restores the order or is refunded: paidAfterCancel). False when the API could not be asked: the caller must not treat the
 * order as unpaid.
 */
export async function cancelOpenPayments(deps: PaymentDeps, orderId: number): Promise<boolean> {
  if (!deps.config.yookassa) return true;
  const client = yookassaClient(deps.config.yookassa);
  const open = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['pending', 'waiting_for_capture']), sql`${payments.yookassaId} is not null`));
  try {
    for (const row of open) {
      let payment = await client.getPayment(row.yookassaId!);
      if (payment.status === 'waiting_for_capture') {
        payment = await client.cancelPayment(row.yookassaId!, `${row.idempotenceKey}-cancel`);
      }
      await applyPayment(deps, payment);
    }
    return true;
  } catch (error) {
    if (!(error instanceof YooKassaError)) throw error;
    deps.log.warn({ err: error, orderId }, 'open YooKassa payments could not be cancelled');
    return false;
  }
}
