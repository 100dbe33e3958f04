import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKind, type TestContext } from '../../../tests/helpers/test-app.ts';
import { createCustomer, pickProducts, readProduct, setProduct, validOrderBody, type TestCustomer } from '../../../tests/helpers/customers.ts';
import { branchesBySlug, setBranchStock } from '../../../tests/helpers/branch-stock.ts';
import { orderItems, orders, products, productStock } from '../db/schema.ts';
import type { Cart, Order } from '#shared/types.ts';

/**
 * Proof that nothing is oversold, on a PostgreSQL server with real concurrent connections
 * (PGlite has one connection, so it cannot race). Only the postgres project of vitest
 * (TEST_DATABASE_URL) includes `*.race.test.ts` files; a run on PGlite alone fails here.
 */
describe('checkout under concurrency (PostgreSQL)', () => {
  it('runs on a PostgreSQL server', () => expect(dbKind).toBe('postgres'));

  let ctx: TestContext;
  let customers: TestCustomer[];
  let product: { id: number; name: string };

  beforeAll(async () => {
    // A thousand carts and orders from one address: the per-address limits are not the subject.
    ctx = await createTestApp({ RATE_LIMIT_FACTOR: '1000' });
    customers = [];
    for (let i = 0; i < 50; i++) customers.push(await createCustomer(ctx));
    const [p] = await pickProducts(ctx.database.db, 1);
    product = { id: p!.id, name: p!.name };
  }, 120_000);
  afterAll(() => ctx?.close());

  const addToCart = async (cartId: string, productId: number, quantity = 1) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/cart/items', payload: { cartId, productId, quantity } });
    expect(res.statusCode).toBe(201);
    return res.json() as Cart;
  };
  const submit = (cookie: string, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers: { cookie } });
  const ordersOf = async (productId: number) =>
    (await ctx.database.db.select({ id: orderItems.orderId }).from(orderItems).where(eq(orderItems.productId, productId))).length;

  it('50 customers buying the last unit at the same moment, 20 times over: one order each time, stock never below zero', async () => {
    for (let round = 0; round < 20; round++) {
      await setProduct(ctx.database.db, product.id, { stock: 50 });
      const carts = await Promise.all(customers.map(async () => {
        const cartId = randomUUID();
        await addToCart(cartId, product.id);
        return cartId;
      }));
      await setProduct(ctx.database.db, product.id, { stock: 1 });
      const before = await ordersOf(product.id);

      const results = await Promise.all(customers.map((c, i) => submit(c.cookie, validOrderBody(carts[i]!))));

      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const r of results.filter((r) => r.statusCode === 409)) {
        expect(r.json().message).toBe(`Товара «${product.name}» нет в наличии`);
      }
      expect((await readProduct(ctx.database.db, product.id)).stock).toBe(0);
      expect(await ordersOf(product.id)).toBe(before + 1);
      const negative = await ctx.database.db.select({ id: products.id }).from(products).where(lt(products.stock, 0));
      expect(negative).toEqual([]);
    }
  }, 300_000);

  /** One cart per customer holding one unit of the product. */
  const cartsOfOne = async (productId: number, count: number) =>
    Promise.all(
      customers.slice(0, count).map(async () => {
        const cartId = randomUUID();
        await addToCart(cartId, productId);
        return cartId;
      }),
    );
  const branchStock = async (productId: number) =>
    Object.fromEntries(
      (await ctx.database.db.select().from(productStock).where(eq(productStock.productId, productId))).map((r) => [r.branchId, r.quantity]),
    );

  it('a branch with one unit left, 30 customers collecting it there at once, 10 times over: one order each time, the other branches untouched', async () => {
    const branch = await branchesBySlug(ctx.database.db);
    const rostov = branch['rostov-na-donu']!.id;
    const volgograd = branch.volgograd!.id;
    for (let round = 0; round < 10; round++) {
      await setBranchStock(ctx.database.db, product.id, { volgograd: 40 });
      const carts = await cartsOfOne(product.id, 30);
      await setBranchStock(ctx.database.db, product.id, { volgograd: 7, 'rostov-na-donu': 1 });
      const before = await ordersOf(product.id);

      const results = await Promise.all(
        carts.map((cartId, i) =>
          submit(customers[i]!.cookie, { ...validOrderBody(cartId), deliveryMethod: 'pickup', pickupBranchId: rostov, address: '', city: '', postalCode: '' }),
        ),
      );

      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      const refused = results.filter((r) => r.statusCode !== 201);
      expect(refused.map((r) => r.statusCode)).toEqual(Array(29).fill(400));
      const message = `В филиале в Ростове-на-Дону нет всех товаров заказа («${product.name}» нет в наличии). Выберите другой филиал или доставку.`;
      for (const r of refused) expect(r.json()).toMatchObject({ message, errors: { pickupBranchId: [message] } });
      expect(await branchStock(product.id)).toMatchObject({ [rostov]: 0, [volgograd]: 7 });
      expect((await readProduct(ctx.database.db, product.id)).stock).toBe(7);
      expect(await ordersOf(product.id)).toBe(before + 1);
    }
  }, 300_000);

  it("30 customers in Rostov ordering delivery at once: the city's last unit goes to one, Volgograd's 5 to five more, the rest are refused", async () => {
    const branch = await branchesBySlug(ctx.database.db);
    const rostov = branch['rostov-na-donu']!.id;
    const volgograd = branch.volgograd!.id;
    await setBranchStock(ctx.database.db, product.id, { volgograd: 40 });
    const carts = await cartsOfOne(product.id, 30);
    await setBranchStock(ctx.database.db, product.id, { volgograd: 5, 'rostov-na-donu': 1 });

    const results = await Promise.all(
      carts.map((cartId, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: validOrderBody(cartId),
          headers: { cookie: `${customers[i]!.cookie}; city=rostov-na-donu` },
        }),
      ),
    );

    const placed = results.filter((r) => r.statusCode === 201).map((r) => r.json() as Order);
    expect(placed).toHaveLength(6);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(24);
    expect(placed.map((o) => o.items[0]!.stockBranch).sort()).toEqual(['Волгоград', 'Волгоград', 'Волгоград', 'Волгоград', 'Волгоград', 'Ростов-на-Дону']);
    expect(await branchStock(product.id)).toMatchObject({ [rostov]: 0, [volgograd]: 0 });
    expect((await readProduct(ctx.database.db, product.id)).stock).toBe(0);
    const negative = await ctx.database.db.select().from(productStock).where(lt(productStock.quantity, 0));
    expect(negative).toEqual([]);
  }, 120_000);

  it('20 parallel submits of one cart make exactly one order', async () => {
    await setProduct(ctx.database.db, product.id, { stock: 10 });
    const [, second] = await pickProducts(ctx.database.db, 2);
    await setProduct(ctx.database.db, second!.id, { stock: 10 });
    const buyer = customers[0]!;
    const cartId = randomUUID();
    await addToCart(cartId, product.id, 2);
    const cart = await addToCart(cartId, second!.id, 1);

    const results = await Promise.all(
      Array.from({ length: 20 }, () => submit(buyer.cookie, validOrderBody(cartId, { cartGeneration: cart.generation }))),
    );
    const ids = new Set(results.map((r) => (r.json() as Order).id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(19);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
    expect((await readProduct(ctx.database.db, product.id)).stock).toBe(8);
    expect((await readProduct(ctx.database.db, second!.id)).stock).toBe(9);

    // A client that does not send the generation: the repeats find the cart empty, still one order.
    const cart2 = await addToCart(cartId, product.id, 1);
    expect(cart2.generation).toBe(1);
    const plain = await Promise.all(Array.from({ length: 20 }, () => submit(buyer.cookie, validOrderBody(cartId))));
    expect(plain.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(plain.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await ctx.database.db.select().from(orders).where(and(eq(orders.cartId, cartId), eq(orders.cartGeneration, 1)))).toHaveLength(1);
    expect((await readProduct(ctx.database.db, product.id)).stock).toBe(7);
  }, 60_000);

  it('a price changed between adding to the cart and checkout: the order uses the current price', async () => {
    await setProduct(ctx.database.db, product.id, { stock: 5, price: 1000 });
    const cartId = randomUUID();
    const added = await addToCart(cartId, product.id, 2);
    expect(added.subtotal).toBe(2000);
    await setProduct(ctx.database.db, product.id, { price: 1500 });

    const shown = (await ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}` })).json() as Cart;
    expect(shown.subtotal).toBe(3000);
    const res = await submit(customers[1]!.cookie, validOrderBody(cartId, { expectedTotal: 3000 + 600 + 500 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subtotal: 3000, vat: 600, delivery: { price: 500 }, totalAmount: 4100 });
    expect((res.json() as Order).items[0]).toMatchObject({ productPrice: 1500, quantity: 2, totalPrice: 3000 });
  });
});
