import { idParams } from '#shared/schemas/z.ts';
import { AdminOrderListQuerySchema, OrderStatusChangeSchema } from '#shared/schemas/admin-order.ts';
import type { App } from '../../core/app-types.ts';
import { changeOrderStatus, getOrderForStaff, listOrdersForStaff } from './admin-service.ts';

const OrderParams = idParams('Некорректный номер заказа');

/** The back office's order calls: staff (administrators and managers) only. */
export default async function orderAdminRoutes(app: App) {
  const paymentView = () => ({ configured: app.deps.config.yookassa !== null, now: app.deps.clock() });
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
