import { describe, expect, it } from 'vitest';
import type { OrderPayment } from '#shared/schemas/payments.ts';
import { holdText, paymentStateText, paymentUnsettled } from './order-payment.tsx';

const payment = (over: Partial<OrderPayment>): OrderPayment => ({
  state: 'pending',
  cancellationReason: null,
  canPay: true,
  paidAmount: 0,
  refundedAmount: 0,
  holdUntil: null,
  ...over,
});
/** Intl's spaces in money are no-break ones: compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the payment state in the customer\'s words', () => {
  it('names each state, the reason of a cancellation and the refunded part', () => {
    expect(paymentStateText(payment({ state: 'paid', paidAmount: 12990 }))).toBe('Оплачен');
    expect(paymentStateText(payment({ state: 'pending' }))).toBe('Ожидает оплаты');
    expect(paymentStateText(payment({ state: 'not_configured' }))).toBe('Ожидает оплаты');
    expect(paymentStateText(payment({ state: 'waiting' }))).toBe('Оплата подтверждается');
    expect(paymentStateText(payment({ state: 'canceled', cancellationReason: 'Недостаточно средств' }))).toBe('Оплата отменена: Недостаточно средств');
    expect(paymentStateText(payment({ state: 'canceled' }))).toBe('Оплата отменена');
    expect(paymentStateText(payment({ state: 'refunded', refundedAmount: 12990 }))).toBe('Возвращён');
    expect(plain(paymentStateText(payment({ state: 'partially_refunded', refundedAmount: 1500 })))).toBe('Частично возвращён: 1 500 ₽');
  });

  it('keeps the return page asking only while the bank may still answer', () => {
    expect(paymentUnsettled(payment({ state: 'pending' }))).toBe(true);
    expect(paymentUnsettled(payment({ state: 'waiting' }))).toBe(true);
    expect(paymentUnsettled(payment({ state: 'paid' }))).toBe(false);
    expect(paymentUnsettled(payment({ state: 'canceled' }))).toBe(false);
    expect(paymentUnsettled(null)).toBe(false);
  });
});

describe('until when the order waits for its payment (shop time, Moscow)', () => {
  it('gives the time alone on the day the order was placed', () => {
    expect(holdText('2026-11-26T11:05:00Z', '2026-11-26T10:05:00Z')).toBe('Заказ ждёт оплаты до 14:05');
  });
  it('adds the date when the hold ends on another day', () => {
    expect(holdText('2026-11-27T10:05:00Z', '2026-11-26T10:05:00Z')).toBe('Заказ ждёт оплаты до 27 ноября 2026 г., 13:05');
  });
});
