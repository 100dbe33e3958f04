import type { FastifyRequest } from 'fastify';
import { z } from '#shared/schemas/z.ts';
import { CreateOrderSchema } from '#shared/schemas/checkout.ts';
import { CITY_COOKIE } from '#shared/schemas/branches.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { App } from '../../core/app-types.ts';
import { notFound } from '../../core/http-errors.ts';
import { checkoutSettings, placeOrder } from '../../flows/checkout.ts';
import { ORDER_NOT_FOUND, getOrderForViewer, listUserOrders } from './service.ts';

const tags = ['Заказы'];

/** The shop settings read for a POST /api/orders before validation, kept for its handler. */
const settingsOfOrder = new WeakMap<FastifyRequest, ShopSettings>();

/**
 * The customer's side of orders (spec 7): placing one (login required), reading one (owner or
 * staff) and the customer's own list. Staff list and status changes live with the admin.
 */
export default async function orderRoutes(app: App) {
  app.post(
    '/orders',
    {
      config: { access: 'user' },
      // Ordering switched off is a 403 before the body is even looked at.
      preValidation: async (request) => {
        settingsOfOrder.set(request, await checkoutSettings(app.deps.db));
      },
      schema: { tags, summary: 'Оформить заказ из корзины', body: CreateOrderSchema },
    },
    async (request, reply) => {
      const { order, created } = await placeOrder(
        { db: app.deps.db, mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl, log: request.log },
        {
          user: request.user!,
          input: request.body,
          ip: request.ip,
          now: app.deps.clock(),
          rateLimitFactor: app.deps.config.rateLimitFactor,
          shop: settingsOfOrder.get(request)!,
          citySlug: request.cookies[CITY_COOKIE],
        },
      );
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/orders/my-orders',
    { config: { access: 'user' }, schema: { tags, summary: 'Заказы текущего покупателя с товарами' } },
    async (request) => ({ orders: await listUserOrders(app.deps.db, request.user!.id) }),
  );

  app.get(
    '/orders/:id',
    { config: { access: 'user' }, schema: { tags, summary: 'Заказ (владельцу и сотрудникам)', params: z.object({ id: z.string() }) } },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      if (id <= 0) throw notFound(ORDER_NOT_FOUND);
      return getOrderForViewer(app.deps.db, id, request.user!);
    },
  );
}
