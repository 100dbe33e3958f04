import type { FastifyRequest } from 'fastify';
import { idParams, z } from '#shared/schemas/z.ts';
import { RefundRequestSchema, type PaymentStart } from '#shared/schemas/payments.ts';
import type { App } from '../../core/app-types.ts';
import { notificationsRoute } from '../notifications.ts';
import { registerOrderHooks } from './order-hooks.ts';
import { handleNotification, refundOrder, startPayment, type PaymentDeps } from './service.ts';
import { YooKassaError } from './yookassa.ts';

export const paymentDeps = (app: App, request: FastifyRequest): PaymentDeps => ({
  db: app.deps.db,
  mailer: app.deps.mailer,
  config: app.deps.config,
  log: request.log,
  now: app.deps.clock(),
});

const NotificationSchema = z.object({
  event: z.string().max(100),
  object: z.object({ id: z.string().min(1).max(100) }),
});

const OrderParams = idParams('Некорректный номер заказа');

/** Online payment through YooKassa (docs/decisions/022). */
export default async function paymentRoutes(app: App) {
  registerOrderHooks(app);

  app.post(
    '/orders/:id/payment',
    {
      config: { access: 'user' },
      schema: { tags: ['Заказы'], summary: 'Оплатить заказ онлайн: адрес страницы оплаты ЮKassa (текущий платёж или новый)', params: OrderParams },
    },
    async (request): Promise<PaymentStart> => ({
      confirmationUrl: await startPayment(paymentDeps(app, request), request.params.id, request.user!.id),
    }),
  );

  notificationsRoute(app, {
    url: '/payments/yookassa',
    tags: ['Оплата'],
    summary: 'Уведомления ЮKassa (payment.succeeded, payment.canceled, refund.succeeded)',
    body: NotificationSchema,
    limitKey: 'yookassa-notification',
    name: 'YooKassa notification',
    failure: { error: YooKassaError, message: 'Платёжный сервис недоступен, повторите уведомление позже' },
    handle: async ({ event, object }, request) => ({ event, outcome: await handleNotification(paymentDeps(app, request), event, object.id) }),
  });

  app.post(
    '/admin/orders/:id/refunds',
    {
      config: { access: 'staff', staffLog: 'order.refund' },
      schema: {
        tags: ['Заказы (персонал)'],
        summary: 'Вернуть покупателю всю сумму или часть оплаты онлайн (ЮKassa)',
        params: OrderParams,
        body: RefundRequestSchema,
      },
    },
    async (request) => refundOrder(paymentDeps(app, request), request.params.id, request.body, request.user!.id),
  );
}
