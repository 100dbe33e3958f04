/**
 * Online payment through YooKassa (issue 17, docs/decisions/022): the back office's payment
 * settings, what an order says about its payment, and the refund form.
 */
import { labelledValues } from '../labelled-values.ts';
import { z } from './z.ts';

/**
 * Taxation systems of 54-FZ receipts (YooKassa's `tax_system_code`). Code 4, ЕНВД, was abolished
 * on 1 January 2021 and is not offered (a saved 4 was cleared by a migration).
 */
export const TAX_SYSTEM_CODES = [1, 2, 3, 5, 6] as const;
export type TaxSystemCode = (typeof TAX_SYSTEM_CODES)[number];
export const TAX_SYSTEM_LABELS: Record<TaxSystemCode, string> = {
  1: 'Общая система (ОСН)',
  2: 'Упрощённая, доходы (УСН доходы)',
  3: 'Упрощённая, доходы минус расходы (УСН доходы − расходы)',
  5: 'Единый сельскохозяйственный налог (ЕСХН)',
  6: 'Патентная система (ПСН)',
};

/** What is sold: YooKassa's `payment_subject` of a receipt line (the values a tool shop may need). */
export const { values: PAYMENT_SUBJECTS, labels: PAYMENT_SUBJECT_LABELS } = labelledValues({
  commodity: 'Товар',
  excise: 'Подакцизный товар',
  job: 'Работа',
  service: 'Услуга',
  payment: 'Платёж',
  composite: 'Составной предмет расчёта',
  another: 'Другое',
});
export type PaymentSubject = (typeof PAYMENT_SUBJECTS)[number];

/** How it is paid: YooKassa's `payment_mode` of a receipt line. */
export const { values: PAYMENT_MODES, labels: PAYMENT_MODE_LABELS } = labelledValues({
  full_prepayment: 'Полная предоплата',
  partial_prepayment: 'Частичная предоплата',
  advance: 'Аванс',
  full_payment: 'Полный расчёт',
  partial_payment: 'Частичный расчёт и кредит',
  credit: 'Передача в кредит',
  credit_payment: 'Оплата кредита',
});
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const HOLD_MINUTES_MIN = 10;
export const HOLD_MINUTES_MAX = 4320;
const HOLD_MESSAGE = `Укажите целое число минут от ${HOLD_MINUTES_MIN} до ${HOLD_MINUTES_MAX} (3 суток)`;

const subject = z.enum(PAYMENT_SUBJECTS, { error: 'Выберите предмет расчёта' });
const mode = z.enum(PAYMENT_MODES, { error: 'Выберите способ расчёта' });

/** Settings tab «Оплата» (administrators). The credentials are not here: they live in the environment. */
export const PaymentSettingsSchema = z.object({
  receiptsEnabled: z.boolean({ error: 'Укажите, отправлять ли чеки' }).default(true),
  taxSystemCode: z.literal(TAX_SYSTEM_CODES, { error: 'Выберите систему налогообложения' }).default(1),
  goodsPaymentSubject: subject.default('commodity'),
  goodsPaymentMode: mode.default('full_prepayment'),
  deliveryPaymentSubject: subject.default('service'),
  deliveryPaymentMode: mode.default('full_prepayment'),
  holdMinutes: z.coerce
    .number({ error: HOLD_MESSAGE })
    .int(HOLD_MESSAGE)
    .min(HOLD_MINUTES_MIN, HOLD_MESSAGE)
    .max(HOLD_MINUTES_MAX, HOLD_MESSAGE)
    .default(60),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

/** Where YooKassa's HTTP notifications come (the shop's public address in front). */
export const YOOKASSA_NOTIFICATION_PATH = '/api/payments/yookassa';

/** GET and PUT /api/admin/settings/payment. `notificationUrl`: what staff paste into YooKassa's account. */
export type PaymentSettingsAnswer = { settings: PaymentSettings; configured: boolean; notificationUrl: string };

/**
 * An online order's payment as the customer and staff see it:
 * - not_configured: the shop has no YooKassa credentials (a manager sends a payment link);
 * - pending: no payment yet or the customer has not finished paying;
 * - waiting: the money is authorised and waits for capture;
 * - paid, canceled (with YooKassa's reason in Russian), refunded, partially_refunded.
 */
export const { values: ORDER_PAYMENT_STATES, labels: ORDER_PAYMENT_STATE_LABELS } = labelledValues({
  not_configured: 'Ссылка на оплату придёт от менеджера',
  pending: 'Ожидает оплаты',
  waiting: 'Оплата подтверждается',
  paid: 'Оплачен',
  canceled: 'Оплата отменена',
  refunded: 'Деньги возвращены',
  partially_refunded: 'Деньги возвращены частично',
});
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

export const OrderPaymentSchema = z.object({
  state: z.enum(ORDER_PAYMENT_STATES),
  /** Why YooKassa cancelled the last payment, in Russian; null otherwise. */
  cancellationReason: z.string().nullable(),
  /** Whether «Оплатить» makes sense now: the order is unpaid, not cancelled, its hold not passed, the shop configured. */
  canPay: z.boolean(),
  paidAmount: z.number(),
  refundedAmount: z.number(),
  /** When the unpaid order's stock hold ends and it is cancelled (ISO); null when nothing is held. */
  holdUntil: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof OrderPaymentSchema>;

export const { values: REFUND_STATUSES, labels: REFUND_STATUS_LABELS } = labelledValues({ pending: 'Обрабатывается', succeeded: 'Выполнен', canceled: 'Отклонён' });
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const PaymentRefundSchema = z.object({
  id: z.number(),
  amount: z.number(),
  status: z.enum(REFUND_STATUSES),
  createdAt: z.string(),
  /** Who asked for it: the staff member's name, null when the account is gone or the shop made it. */
  createdBy: z.string().nullable(),
  /** Made by the shop itself: the payment came after the order was cancelled (decision 022). */
  automatic: z.boolean(),
  /** Why staff refunded, as typed in the refund dialog (the shop's own words for an automatic one). */
  reason: z.string().nullable(),
});
export type PaymentRefund = z.infer<typeof PaymentRefundSchema>;

/** The admin order detail's `payment`: the customer's view plus the refunds and what may still be refunded. */
export const AdminOrderPaymentSchema = OrderPaymentSchema.extend({
  refunds: z.array(PaymentRefundSchema),
  refundableAmount: z.number(),
});
export type AdminOrderPayment = z.infer<typeof AdminOrderPaymentSchema>;

export const REFUND_REASON_MAX = 250;
const AMOUNT_MESSAGE = 'Укажите сумму возврата в рублях';

/** POST /api/admin/orders/{id}/refunds. The upper bound (the refundable amount) is checked by the server against the order. */
export const RefundRequestSchema = z.object({
  amount: z.coerce
    .number({ error: AMOUNT_MESSAGE })
    .refine(Number.isFinite, AMOUNT_MESSAGE)
    .positive('Сумма возврата должна быть больше нуля')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Сумма указывается не точнее копеек'),
  reason: z.string().trim().max(REFUND_REASON_MAX, `Причина — не длиннее ${REFUND_REASON_MAX} символов`).optional(),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

/** POST /api/orders/{id}/payment. */
export type PaymentStart = { confirmationUrl: string };

/** YooKassa's `cancellation_details.reason` in the customer's words. */
export const CANCELLATION_REASON_LABELS: Record<string, string> = {
  '3d_secure_failed': 'Не пройдена проверка 3-D Secure',
  call_issuer: 'Банк отклонил оплату, обратитесь в банк, выпустивший карту',
  canceled_by_merchant: 'Платёж отменён магазином',
  card_expired: 'Истёк срок действия карты',
  country_forbidden: 'Оплата картой банка этой страны недоступна',
  deal_expired: 'Истёк срок сделки',
  expired_on_capture: 'Истёк срок подтверждения платежа',
  expired_on_confirmation: 'Время на оплату истекло',
  fraud_suspected: 'Платёж заблокирован из-за подозрения в мошенничестве',
  general_decline: 'Оплата отклонена',
  identification_required: 'Превышен лимит для неидентифицированного кошелька',
  insufficient_funds: 'Недостаточно средств',
  internal_timeout: 'Технический сбой на стороне платёжной системы',
  invalid_card_number: 'Неверный номер карты',
  invalid_csc: 'Неверный код CVV2/CVC2',
  issuer_unavailable: 'Банк, выпустивший карту, недоступен',
  payment_method_limit_exceeded: 'Превышен лимит платежей для этого способа оплаты',
  payment_method_restricted: 'Операции этим способом оплаты запрещены',
  permission_revoked: 'Разрешение на автоплатежи отозвано',
  unsupported_mobile_operator: 'Оплата с этого номера телефона недоступна',
};
export const cancellationReasonText = (reason: string | null | undefined): string | null =>
  reason ? (CANCELLATION_REASON_LABELS[reason] ?? 'Оплата отклонена') : null;
