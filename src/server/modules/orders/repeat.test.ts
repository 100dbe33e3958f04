import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { cartWith, createCustomer, pickProducts, setProduct, validOrderBody, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { orderItems } from '../../db/schema.ts';
import type { CartLinesResult } from '#shared/schemas/sku-list.ts';
import type { Order } from '#shared/types.ts';

let ctx: TestContext;
let owner: TestCustomer;
let stranger: TestCustomer;
let order: Order;
let p: Array<{ id: number; name: string }>;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createCustomer(ctx);
  stranger = await createCustomer(ctx);
  p = (await pickProducts(ctx.database.db, 4)).map(({ id, name }) => ({ id, name }));
  for (const product of p) await setProduct(ctx.database.db, product.id, { stock: 20, price: 1000 });
  const cartId = await cartWith(ctx, [
    [p[0]!.id, 2],
    [p[1]!.id, 3],
    [p[2]!.id, 1],
    [p[3]!.id, 4],
  ]);
  const placed = await ctx.app.inject({ method: 'POST', url: '/api/orders', payload: validOrderBody(cartId), headers: { cookie: owner.cookie } });
  expect(placed.statusCode, placed.body).toBe(201);
  order = placed.json() as Order;
});
afterAll(() => ctx.close());

const repeat = (id: number | string, cookie: string | null, cartId: string = randomUUID()) =>
  ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/repeat`, payload: { cartId }, headers: cookie ? { cookie } : {} });

describe('POST /api/orders/{id}/repeat', () => {
  it('puts the order’s lines back in the cart at today’s prices', async () => {
    await setProduct(ctx.database.db, p[0]!.id, { price: 1234.5 });
    const res = await repeat(order.id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as CartLinesResult;
    expect(result.notAdded).toEqual([]);
    expect(result.added.map((l) => [l.productId, l.quantity])).toEqual([
      [p[0]!.id, 2],
      [p[1]!.id, 3],
      [p[2]!.id, 1],
      [p[3]!.id, 4],
    ]);
    expect(result.cart.items[0]).toMatchObject({ product: { id: p[0]!.id, price: 1234.5 }, quantity: 2, totalPrice: 2469 });
  });

  it('says what is no longer sold (deleted, hidden, out of stock) and caps quantities by the stock', async () => {
    await setProduct(ctx.database.db, p[0]!.id, { isActive: false });
    await setProduct(ctx.database.db, p[1]!.id, { stock: 0 });
    await setProduct(ctx.database.db, p[2]!.id, { stock: 20 });
    await setProduct(ctx.database.db, p[3]!.id, { stock: 1 });
    // A product deleted since: the line keeps its name, its product is gone.
    await ctx.database.db.update(orderItems).set({ productId: null }).where(eq(orderItems.productId, p[2]!.id));
    const result = (await repeat(order.id, owner.cookie)).json() as CartLinesResult;
    expect(result.added).toEqual([{ productId: p[3]!.id, name: p[3]!.name, quantity: 1, requested: 4 }]);
    expect(result.notAdded).toEqual([
      { productId: p[0]!.id, name: p[0]!.name, reason: 'off_sale' },
      { productId: p[1]!.id, name: p[1]!.name, reason: 'out_of_stock' },
      { productId: null, name: p[2]!.name, reason: 'off_sale' },
    ]);
    expect(result.cart.items.map((i) => [i.product.id, i.quantity])).toEqual([[p[3]!.id, 1]]);
  });

  it('is the owner’s only: another customer and staff learn nothing, a visitor must log in', async () => {
    const other = await repeat(order.id, stranger.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Заказ не найден');
    const staff = await repeat(order.id, await ctx.login());
    expect(staff.statusCode).toBe(404);
    expect((await repeat(order.id, null)).statusCode).toBe(401);
    expect((await repeat('abc', owner.cookie)).statusCode).toBe(404);
    expect((await repeat(order.id, owner.cookie, 'not-a-cart')).statusCode).toBe(400);
  });
});
