import type { FastifyRequest } from 'fastify';
import { idParams, z } from '#shared/schemas/z.ts';
import { RefundRequestSchema, type PaymentStart } from '#shared/schemas/payments.ts';
import type { App } from '../../core/app-types.ts';
import { enforce, type RateRule } from '../../modules/rate-limits/service.ts';
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

/**
 * Notifications come from YooKassa's few servers: a generous limit per address that a flood
 * from elsewhere still meets (each notification costs one API call).
 */
const NOTIFICATION_LIMIT: RateRule = { limit: 600, windowMs: 60_000, message: 'Слишком много уведомлений.' };

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

  // Server to server: no session, no browser; the body is only a pointer to what the API says.
  app.post(
    '/payments/yookassa',
    {
      config: { access: 'public' },
      schema: { tags: ['Оплата'], summary: 'Уведомления ЮKassa (payment.succeeded, payment.canceled, refund.succeeded)', body: NotificationSchema },
    },
    async (request, reply) => {
      const now = app.deps.clock();
      await enforce(app.deps.db, `yookassa-notification:${request.ip}`, NOTIFICATION_LIMIT, now, app.deps.config.rateLimitFactor);
      try {
        const outcome = await handleNotification(paymentDeps(app, request), request.body.event, request.body.object.id);
        request.log.info({ event: request.body.event, outcome }, 'YooKassa notification');
      } catch (error) {
        if (!(error instanceof YooKassaError)) throw error;
        // Not acknowledged: YooKassa repeats the notification until the API can be asked.
        request.log.error({ err: error }, 'YooKassa notification could not be checked');
        return reply.status(503).send({ message: 'Платёжный сервис недоступен, повторите уведомление позже' });
      }
      return reply.status(200).send({});
    },
  );

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
