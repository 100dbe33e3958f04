import { ADMIN_PAGE_SIZE, ORDER_STATUSES, PAYMENT_STATUSES } from '../constants.ts';
import { isValidDay } from '../dates.ts';
import { z } from './z.ts';

const day = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isValidDay(v), message)
    .optional();

export const ORDER_STATUS_FILTERS = ['all', ...ORDER_STATUSES] as const;

/**
 * GET /api/orders for staff: query, status ('all' = no filter), startDate, endDate, branchId
 * (orders collected at the branch or taking stock from it), page, limit.
 */
export const AdminOrderListQuerySchema = z
  .object({
    query: z.string().trim().max(200, 'Запрос не длиннее 200 символов').optional(),
    status: z.enum(ORDER_STATUS_FILTERS, { error: 'Некорректный статус заказа' }).default('all'),
    startDate: day('Некорректная дата начала'),
    endDate: day('Некорректная дата окончания'),
    branchId: z.coerce.number({ error: 'Некорректный филиал' }).int('Некорректный филиал').positive('Некорректный филиал').optional(),
    page: z.coerce.number().int().min(1, 'Номер страницы начинается с 1').default(1),
    limit: z.coerce.number().int().min(1).max(100, 'Не больше 100 на странице').default(ADMIN_PAGE_SIZE),
    t: z.string().optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'Дата начала позже даты окончания',
    path: ['endDate'],
  });
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
