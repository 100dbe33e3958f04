import { ORDER_STATUSES, PAYMENT_STATUSES } from '../constants.ts';
import { adminPageFields, PERIOD_ORDER_ERROR, periodFields, periodIsOrdered } from './admin-list-query.ts';
import { z } from './z.ts';

export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;

/**
 * GET /api/orders for staff: query, status ('all' = no filter), startDate, endDate, branchId
 * (orders collected at the branch or taking stock from it), page, limit.
 */
export const AdminOrderListQuerySchema = z
  .object({
    query: z.string().trim().max(200, 'Запрос не длиннее 200 символов').optional(),
    status: z.enum(ORDER_STATUS_FILTERS, { error: 'Некорректный статус заказа' }).default('all'),
    ...periodFields,
    branchId: z.coerce.number({ error: 'Некорректный филиал' }).int('Некорректный филиал').positive('Некорректный филиал').optional(),
    ...adminPageFields,
  })
  .refine(periodIsOrdered, PERIOD_ORDER_ERROR);
export type AdminOrderListQuery = z.output<typeof AdminOrderListQuerySchema>;

/** PATCH /api/orders/{id}/status: the order status, the payment status, or both at once. */
export const OrderStatusChangeSchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: 'Выберите статус заказа' }).optional(),
    paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Выберите статус оплаты' }).optional(),
  })
  .refine((b) => b.status !== undefined || b.paymentStatus !== undefined, {
    message: 'Укажите новый статус заказа или оплаты',
    path: ['status'],
  });
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

/** Most units of one line staff may set. */
export const ORDER_LINE_MAX = 9999;
const quantity = z
  .number({ error: 'Укажите количество' })
  .int('Количество — целое число')
  .min(0, 'Количество не может быть отрицательным')
  .max(ORDER_LINE_MAX, `Количество — не больше ${ORDER_LINE_MAX}`);
const id = (message: string) => z.number({ error: message }).int(message).positive(message);

/**
 * PUT /api/admin/orders/{id}/lines: new quantities of the lines named (0 removes a line; lines
 * not named stay), products to add, and the delivery price in roubles (delivered orders only).
 */
export const OrderEditSchema = z.object({
  lines: z.array(z.object({ itemId: id('Некорректная позиция заказа'), quantity })).max(200, 'Слишком много позиций').default([]),
  add: z
    .array(z.object({ productId: id('Выберите товар'), quantity: quantity.min(1, 'Количество — от 1') }))
    .max(50, 'Слишком много товаров за раз')
    .default([]),
  delivery: z
    .number({ error: 'Укажите стоимость доставки' })
    .min(0, 'Стоимость доставки не может быть отрицательной')
    .max(1_000_000, 'Слишком большая стоимость доставки')
    .optional(),
});
export type OrderEdit = z.output<typeof OrderEditSchema>;

export const ORDER_COMMENT_MAX = 2000;
/** POST /api/admin/orders/{id}/comments: a staff-only note on the order. */
export const OrderCommentSchema = z.object({
  text: z
    .string({ error: 'Напишите комментарий' })
    .trim()
    .min(1, 'Напишите комментарий')
    .max(ORDER_COMMENT_MAX, `Комментарий — не длиннее ${ORDER_COMMENT_MAX} символов`),
});
