import { idParams } from '#shared/schemas/z.ts';
import { AdminOrderListQuerySchema, OrderStatusChangeSchema } from '#shared/schemas/admin-order.ts';
import type { App } from '../../core/app-types.ts';
import { changeOrderStatus, getOrderForStaff, listOrdersForStaff } from './admin-service.ts';
import { paymentDeps } from '../../integrations/yookassa/routes.ts';
import { cancelOpenPayments } from '../../integrations/yookassa/service.ts';

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
    async (request) => {
      const detail = await changeOrderStatus(app.deps.db, request.params.id, request.body, request.user!.id, paymentView());
      // A cancelled order must not be paid afterwards on a YooKassa page left open.
      if (request.body.status === 'cancelled' && detail.paymentMethod === 'online' && (detail.paymentStatus === 'pending' || detail.paymentStatus === 'failed')) {
        await cancelOpenPayments(paymentDeps(app, request), detail.id);
        return getOrderForStaff(app.deps.db, detail.id, paymentView());
      }
      return detail;
    },
  );
}
