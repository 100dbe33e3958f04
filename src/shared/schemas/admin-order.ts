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
