import { z } from '#shared/schemas/z.ts';
import { CartIdSchema } from '#shared/schemas/cart.ts';
import { CITY_COOKIE } from '#shared/schemas/branches.ts';
import { DeliveryOptionSchema, DeliveryPointSchema } from '#shared/schemas/delivery.ts';
import type { App } from '../../core/app-types.ts';
import { deliveryOptions, deliveryPoints } from './options.ts';

const tags = ['Доставка'];
const config = { access: 'public' } as const;
const city = z.string().trim().max(100, 'Название города не длиннее 100 символов').default('');

/** Delivery's prices and dates for a cart, and the carrier's pickup points (issue 28). */
export default async function deliveryRoutes(app: App) {
  const { db } = app.deps;

  app.get(
    '/cart/:cartId/delivery',
    {
      config,
      schema: {
        tags,
        summary: 'Способы доставки корзины в город: доставка магазина и СДЭК (до двери, до пункта выдачи) с ценой и сроком',
        params: z.object({ cartId: CartIdSchema }),
        querystring: z.object({ city }),
        response: { 200: z.array(DeliveryOptionSchema) },
      },
    },
    async (request, reply) => {
      // The customer's prices and cart: private.
      reply.header('cache-control', 'no-store');
      return deliveryOptions(db, {
        cartId: request.params.cartId,
        city: request.query.city,
        citySlug: request.cookies[CITY_COOKIE],
        userId: request.user?.id,
        log: request.log,
      });
    },
  );

  app.get(
    '/delivery/points',
    {
      config,
      schema: { tags, summary: 'Пункты выдачи СДЭК в городе', querystring: z.object({ city }), response: { 200: z.array(DeliveryPointSchema) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=600');
      return deliveryPoints(db, request.query.city, request.log);
    },
  );
}
