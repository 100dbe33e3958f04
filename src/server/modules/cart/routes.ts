import { z } from '#shared/schemas/z.ts';
import { AddCartItemSchema, CartIdSchema, CartPickupSchema, CartSchema, UpdateCartItemSchema } from '#shared/schemas/cart.ts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../core/app-types.ts';
import { notFound } from '../../core/http-errors.ts';
import { namedPlugin } from '../../core/named-plugin.ts';
import { requestMeta } from '../rate-limits/service.ts';
import { cartPickup } from './pickup.ts';
import { CITY_COOKIE } from '#shared/schemas/branches.ts';
import skuListRoutes from './sku-list-routes.ts';
import { ITEM_NOT_IN_CART, addCartItem, clearCart, getCart, removeCartItem, updateCartItem } from './service.ts';

const tags = ['Корзина'];
const config = { access: 'public' } as const;
/** Every cart call answers with the whole cart, its totals computed here (spec 9). */
const response = { 200: CartSchema };

/** An item id from the path; anything but a positive integer is an item that is not there. */
const itemIdOf = (raw: string) => {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) throw notFound(ITEM_NOT_IN_CART);
  return id;
};

/**
 * The cart of spec 7, keyed by the browser's UUID v4. No login needed; a line call must name
 * the cart its item belongs to. Its prices are the signed-in customer's (their group's), so
 * answers are private: `Cache-Control: no-store`.
 */
export default async function cartRoutes(app: App) {
  const { db } = app.deps;
  const cartOf = (request: FastifyRequest, cartId: string) => getCart(db, cartId, request.user?.id);

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/cart/:cartId',
    { config, schema: { tags, summary: 'Корзина с текущими ценами, остатками и суммами', params: z.object({ cartId: CartIdSchema }), response } },
    async (request) => cartOf(request, request.params.cartId),
  );

  app.get(
    '/cart/:cartId/pickup',
    {
      config,
      schema: {
        tags,
        summary: 'Самовывоз: какие филиалы могут выдать эту корзину (и почему нет), с перемещением из других филиалов — к какому дню; филиал города покупателя (cookie city) первым; суммы без доставки',
        params: z.object({ cartId: CartIdSchema }),
        response: { 200: CartPickupSchema },
      },
    },
    async (request) => cartPickup(db, request.params.cartId, request.cookies[CITY_COOKIE], app.deps.clock(), request.user?.id),
  );

  app.post(
    '/cart/items',
    { config, schema: { tags, summary: 'Добавить товар (повторное добавление увеличивает количество)', body: AddCartItemSchema, response: { 201: CartSchema } } },
    async (request, reply) => {
      await addCartItem(db, request.body, requestMeta(app, request));
      return reply.status(201).send(await cartOf(request, request.body.cartId));
    },
  );

  app.patch(
    '/cart/items/:itemId',
    {
      config,
      schema: { tags, summary: 'Изменить количество', params: z.object({ itemId: z.string() }), body: UpdateCartItemSchema, response },
    },
    async (request) => {
      await updateCartItem(db, itemIdOf(request.params.itemId), request.body, app.deps.clock());
      return cartOf(request, request.body.cartId);
    },
  );

  app.delete(
    '/cart/items/:itemId',
    {
      config,
      schema: { tags, summary: 'Удалить строку', params: z.object({ itemId: z.string() }), querystring: z.object({ cartId: CartIdSchema }), response },
    },
    async (request) => {
      await removeCartItem(db, itemIdOf(request.params.itemId), request.query.cartId, app.deps.clock());
      return cartOf(request, request.query.cartId);
    },
  );

  app.delete(
    '/cart/:cartId',
    { config, schema: { tags, summary: 'Очистить корзину', params: z.object({ cartId: CartIdSchema }), response } },
    async (request) => {
      await clearCart(db, request.params.cartId, app.deps.clock());
      return cartOf(request, request.params.cartId);
    },
  );

  await app.register(namedPlugin(skuListRoutes));
}
