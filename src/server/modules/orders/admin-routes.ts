import { idParams } from '#shared/schemas/z.ts';
import { AdminOrderListQuerySchema, OrderCommentSchema, OrderEditSchema, OrderStatusChangeSchema } from '#shared/schemas/admin-order.ts';
import type { App } from '../../core/app-types.ts';
import { getSettings } from '../settings/service.ts';
import { addOrderComment, changeOrderStatus, editOrder, getOrderForStaff, listOrdersForStaff, markTransferArrived, sendPaymentLink } from './admin-service.ts';
import { onOrderChange } from './door.ts';
import { readyForPickupMail } from './mails.ts';
import { findOrder } from './service.ts';

const OrderParams = idParams('Некорректный номер заказа');

/** The back office's order calls: staff (administrators and managers) only. */
export default async function orderAdminRoutes(app: App) {
  const paymentView = () => ({ configured: app.deps.config.yookassa !== null, now: app.deps.clock() });
  const TAGS = ['Заказы (персонал)'];

  // The confirmation promised pickup customers a letter when their order waits at the branch.
  const stop = onOrderChange(
    app.deps.db,
    'orders: ready for pickup letter',
    async (event) => {
      if (event.field !== 'status' || event.to !== 'ready') return;
      const order = await findOrder(app.deps.db, event.orderId, paymentView());
      if (!order) return;
      await app.deps.mailer.send(readyForPickupMail(await getSettings(app.deps.db, 'shop'), order, app.deps.config.publicUrl));
    },
    app.log,
  );
  app.addHook('onClose', async () => stop());

  app.put(
    '/admin/orders/:id/lines',
    {
      config: { access: 'staff', staffLog: 'order.edit' },
      schema: {
        tags: TAGS,
        summary: 'Изменить позиции, количество и стоимость доставки (до отправки; остаток следует за позициями)',
        params: OrderParams,
        body: OrderEditSchema,
      },
    },
    async (request) => editOrder(app.deps.db, request.params.id, request.body, request.user!.id, paymentView()),
  );

  app.post(
    '/admin/orders/:id/comments',
    {
      config: { access: 'staff', staffLog: 'order.comment' },
      schema: { tags: TAGS, summary: 'Внутренний комментарий к заказу (покупатель его не видит)', params: OrderParams, body: OrderCommentSchema },
    },
    async (request, reply) =>
      reply.status(201).send(await addOrderComment(app.deps.db, request.params.id, request.body.text, request.user!, app.deps.clock())),
  );

  app.post(
    '/admin/orders/:id/payment-link',
    {
      config: { access: 'staff', staffLog: 'order.payment-link' },
      schema: { tags: TAGS, summary: 'Отправить покупателю ссылку на оплату неоплаченного онлайн-заказа', params: OrderParams },
    },
    async (request) =>
      sendPaymentLink({ db: app.deps.db, mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl }, request.params.id, request.user!, paymentView()),
  );
  app.get(
    '/orders',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['Заказы (персонал)'],
        summary: 'Заказы с фильтрами: текст (номер, имя, email, телефон), статус, даты; страница и всего',
        querystring: AdminOrderListQuerySchema,
      },
    },
    async (request) => listOrdersForStaff(app.deps.db, request.query),
  );

  app.get(
    '/admin/orders/:id',
    {
      config: { access: 'staff' },
      schema: { tags: ['Заказы (персонал)'], summary: 'Заказ с позициями и историей статусов', params: OrderParams },
    },
    async (request) => getOrderForStaff(app.deps.db, request.params.id, paymentView()),
  );

  app.post(
    '/admin/orders/:id/transfer-arrived',
    {
      config: { access: 'staff', staffLog: 'order.status' },
      schema: {
        tags: ['Заказы (персонал)'],
        summary: 'Товар, который везли из других филиалов, прибыл в филиал самовывоза: заказ «Готов к выдаче»',
        params: OrderParams,
      },
    },
    async (request) => markTransferArrived(app.deps.db, request.params.id, request.user!.id, paymentView()),
  );

  app.patch(
    '/orders/:id/status',
    {
      config: { access: 'staff', staffLog: 'order.status' },
      schema: {
        tags: ['Заказы (персонал)'],
        summary: 'Сменить статус заказа и/или оплаты; отмена возвращает товар на склад',
        params: OrderParams,
        body: OrderStatusChangeSchema,
      },
    },
    // Through the order's door: the payment integration hears a cancellation and cancels what it can.
    async (request) => changeOrderStatus(app.deps.db, request.params.id, request.body, request.user!.id, paymentView()),
  );
}
