import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { pickProducts, setProduct } from '../../../../tests/helpers/customers.ts';
import { products, rateLimits, settings } from '../../db/schema.ts';
import { NEW_CART_LIMIT } from './service.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import type { Cart } from '#shared/types.ts';

let ctx: TestContext;
let a: { id: number; name: string; price: number };
let b: { id: number; name: string; price: number };

beforeAll(async () => {
  ctx = await createTestApp();
  const [p1, p2] = await pickProducts(ctx.database.db, 2);
  a = { id: p1!.id, name: p1!.name, price: p1!.priceKopecks! / 100 };
  b = { id: p2!.id, name: p2!.name, price: p2!.priceKopecks! / 100 };
  await setProduct(ctx.database.db, a.id, { stock: 10 });
  await setProduct(ctx.database.db, b.id, { stock: 3 });
});
afterAll(() => ctx.close());

const getCart = (cartId: string) => ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}` });
const add = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/cart/items', payload });
const patch = (itemId: number | string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/cart/items/${itemId}`, payload });
const remove = (itemId: number | string, cartId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/cart/items/${itemId}?cartId=${cartId}` });

describe('cart', () => {
  it('answers an unknown cart as empty, privately', async () => {
    const res = await getCart(randomUUID());
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ items: [], itemCount: 0, subtotal: 0, generation: 0 });
  });

  it('refuses a cart id that is not a UUID v4', async () => {
    for (const bad of ['123', 'not-a-uuid', '6ba7b810-9dad-11d1-80b4-00c04fd430c8' /* v1 */]) {
      const res = await getCart(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Некорректный идентификатор корзины');
    }
    const res = await add({ cartId: 'abc', productId: a.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Некорректный идентификатор корзины');
  });

  it('adds a product with quantity 1 by default, and raises the quantity when added again', async () => {
    const cartId = randomUUID();
    const first = await add({ cartId, productId: a.id });
    expect(first.statusCode).toBe(201);
    const cart1 = first.json() as Cart;
    expect(cart1.items).toHaveLength(1);
    expect(cart1.items[0]).toMatchObject({ quantity: 1, product: { id: a.id, name: a.name, price: a.price, stock: 10 } });
    expect(cart1.items[0]!.product.slug).toBeTruthy();

    const second = await add({ cartId, productId: a.id, quantity: 2 });
    const cart2 = second.json() as Cart;
    expect(cart2.items).toHaveLength(1);
    expect(cart2.items[0]!.quantity).toBe(3);
    expect(cart2.items[0]!.id).toBe(cart1.items[0]!.id);

    await add({ cartId, productId: b.id, quantity: 2 });
    const cart = (await getCart(cartId)).json() as Cart;
    expect(cart.itemCount).toBe(5);
    expect(cart.subtotal).toBe(a.price * 3 + b.price * 2);
    expect(cart.items.map((i) => i.product.id)).toEqual([a.id, b.id]);
  });

  it('refuses quantities that are not whole numbers within 1..999', async () => {
    const cartId = randomUUID();
    for (const quantity of [0, -1, 1.5, 1000, '2']) {
      const res = await add({ cartId, productId: a.id, quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Количество должно быть целым числом от 1 до 999');
    }
    expect((await getCart(cartId)).json().items).toEqual([]);
  });

  it('never goes above the stock, counting what is already in the cart', async () => {
    const cartId = randomUUID();
    const over = await add({ cartId, productId: b.id, quantity: 4 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(`Недостаточно товара «${b.name}» на складе: доступно 3 шт.`);

    expect((await add({ cartId, productId: b.id, quantity: 2 })).statusCode).toBe(201);
    const again = await add({ cartId, productId: b.id, quantity: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('в корзине уже 2 шт.');
    expect(((await getCart(cartId)).json() as Cart).items[0]!.quantity).toBe(2);
  });

  it('refuses inactive, price-on-request, out-of-stock and unknown products', async () => {
    const [, , p3, p4, p5] = await pickProducts(ctx.database.db, 5);
    await setProduct(ctx.database.db, p3!.id, { isActive: false, stock: 5 });
    await setProduct(ctx.database.db, p4!.id, { price: null, stock: 5 });
    await setProduct(ctx.database.db, p5!.id, { stock: 0 });
    const cartId = randomUUID();

    const inactive = await add({ cartId, productId: p3!.id });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(`Товар «${p3!.name}» снят с продажи`);

    const onRequest = await add({ cartId, productId: p4!.id });
    expect(onRequest.statusCode).toBe(409);
    expect(onRequest.json().message).toContain(`Цена товара «${p4!.name}» по запросу`);

    const outOfStock = await add({ cartId, productId: p5!.id });
    expect(outOfStock.statusCode).toBe(409);
    expect(outOfStock.json().message).toBe(`Товара «${p5!.name}» нет в наличии`);

    await setProduct(ctx.database.db, p5!.id, { stock: null });
    expect((await add({ cartId, productId: p5!.id })).json().message).toBe(`Товара «${p5!.name}» нет в наличии`);

    const unknown = await add({ cartId, productId: 99_999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Товар не найден');

    expect((await getCart(cartId)).json().items).toEqual([]);
  });

  it('changes a quantity within 1..999 and the stock; a line above a fallen stock can still be lowered', async () => {
    const cartId = randomUUID();
    const cart = (await add({ cartId, productId: a.id, quantity: 2 })).json() as Cart;
    const itemId = cart.items[0]!.id;

    const up = await patch(itemId, { cartId, quantity: 5 });
    expect(up.statusCode).toBe(200);
    expect((up.json() as Cart).items[0]!.quantity).toBe(5);

    const tooMany = await patch(itemId, { cartId, quantity: 11 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe(`Недостаточно товара «${a.name}» на складе: доступно 10 шт.`);

    for (const quantity of [0, 2.5, 1000]) {
      const bad = await patch(itemId, { cartId, quantity });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Количество должно быть целым числом от 1 до 999');
    }

    await setProduct(ctx.database.db, a.id, { stock: 3 });
    const lower = await patch(itemId, { cartId, quantity: 4 });
    expect(lower.statusCode).toBe(200);
    expect((lower.json() as Cart).items[0]).toMatchObject({ quantity: 4, product: { stock: 3 } });
    expect((await patch(itemId, { cartId, quantity: 5 })).statusCode).toBe(409);
    await setProduct(ctx.database.db, a.id, { stock: 10 });
  });

  it('an item of another cart answers 404 and stays untouched', async () => {
    const mine = randomUUID();
    const theirs = randomUUID();
    const theirCart = (await add({ cartId: theirs, productId: a.id, quantity: 2 })).json() as Cart;
    await add({ cartId: mine, productId: b.id });
    const theirItem = theirCart.items[0]!.id;

    const patched = await patch(theirItem, { cartId: mine, quantity: 1 });
    expect(patched.statusCode).toBe(404);
    expect(patched.json().message).toBe('Товар не найден в корзине');
    const removed = await remove(theirItem, mine);
    expect(removed.statusCode).toBe(404);
    expect((await patch(theirItem, { cartId: randomUUID(), quantity: 1 })).statusCode).toBe(404);
    expect((await patch('abc', { cartId: mine, quantity: 1 })).statusCode).toBe(404);

    const after = (await getCart(theirs)).json() as Cart;
    expect(after.items).toHaveLength(1);
    expect(after.items[0]!.quantity).toBe(2);
  });

  it('PATCH and DELETE of a line need the cart id', async () => {
    const cartId = randomUUID();
    const cart = (await add({ cartId, productId: a.id })).json() as Cart;
    const itemId = cart.items[0]!.id;
    expect((await patch(itemId, { quantity: 2 })).statusCode).toBe(400);
    const noCart = await ctx.app.inject({ method: 'DELETE', url: `/api/cart/items/${itemId}` });
    expect(noCart.statusCode).toBe(400);
    expect(noCart.json().message).toBe('Некорректный идентификатор корзины');
  });

  it('removes a line and clears the cart', async () => {
    const cartId = randomUUID();
    await add({ cartId, productId: a.id });
    const cart = (await add({ cartId, productId: b.id })).json() as Cart;
    const removed = await remove(cart.items[0]!.id, cartId);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Cart).items.map((i) => i.product.id)).toEqual([b.id]);
    expect((await remove(cart.items[0]!.id, cartId)).statusCode).toBe(404);

    const cleared = await ctx.app.inject({ method: 'DELETE', url: `/api/cart/${cartId}` });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ items: [], itemCount: 0, subtotal: 0 });
    expect((await getCart(cartId)).json().items).toEqual([]);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/cart/nope' })).statusCode).toBe(400);
  });

  it('shows current prices and stock, and products that went unavailable', async () => {
    const cartId = randomUUID();
    await add({ cartId, productId: a.id, quantity: 2 });
    await setProduct(ctx.database.db, a.id, { price: a.price + 100 });
    const cart = (await getCart(cartId)).json() as Cart;
    expect(cart.items[0]!.product.price).toBe(a.price + 100);
    expect(cart.subtotal).toBe((a.price + 100) * 2);
    await setProduct(ctx.database.db, a.id, { price: a.price, isActive: false });
    expect(((await getCart(cartId)).json() as Cart).items[0]!.product.isActive).toBe(false);
    await setProduct(ctx.database.db, a.id, { isActive: true });
  });
});

describe('cart totals (spec 9), computed by the server', () => {
  let p: Array<{ id: number }>;
  beforeAll(async () => {
    const picked = await pickProducts(ctx.database.db, 8);
    p = picked.slice(5).map((r) => ({ id: r.id }));
    for (const [i, price] of [1200, 2500, 999].entries()) await setProduct(ctx.database.db, p[i]!.id, { price, stock: 20 });
  });

  const setThreshold = (freeDeliveryThreshold: number) =>
    ctx.database.db.update(settings).set({ value: { ...DEFAULT_SHOP_SETTINGS, freeDeliveryThreshold } }).where(eq(settings.key, 'shop'));

  it('answers the line totals, the subtotal, VAT 20 % on top, the delivery and the total', async () => {
    const cartId = randomUUID();
    await add({ cartId, productId: p[0]!.id, quantity: 2 });
    const cart = (await add({ cartId, productId: p[1]!.id })).json() as Cart;
    expect(cart.items.map((i) => i.totalPrice)).toEqual([2400, 2500]);
    // 2 × 1200 + 2500 = 4900; VAT 980; delivery 500 below the default 7500; 2600 more ships free.
    expect(cart).toMatchObject({ itemCount: 3, subtotal: 4900, vat: 980, delivery: 500, total: 6380, toFreeDelivery: 2600 });
  });

  it('ships free from the shop threshold (inclusive), and an empty cart has nothing to deliver', async () => {
    const cartId = randomUUID();
    await add({ cartId, productId: p[0]!.id, quantity: 2 });
    await add({ cartId, productId: p[1]!.id });
    await setThreshold(4900);
    try {
      expect((await getCart(cartId)).json()).toMatchObject({ subtotal: 4900, vat: 980, delivery: 0, total: 5880, toFreeDelivery: 0 });
    } finally {
      await setThreshold(DEFAULT_SHOP_SETTINGS.freeDeliveryThreshold);
    }
    expect((await getCart(randomUUID())).json()).toMatchObject({ items: [], subtotal: 0, vat: 0, delivery: 0, total: 0, toFreeDelivery: 0 });
  });

  it('a product whose price became zero or none counts nothing, and reads its price as the catalogue does', async () => {
    const cartId = randomUUID();
    await add({ cartId, productId: p[0]!.id });
    await add({ cartId, productId: p[1]!.id, quantity: 2 });
    await add({ cartId, productId: p[2]!.id });
    await setProduct(ctx.database.db, p[1]!.id, { price: 0 });
    await setProduct(ctx.database.db, p[2]!.id, { price: null });
    try {
      const cart = (await getCart(cartId)).json() as Cart;
      expect(cart.items.map((i) => [i.product.price, i.totalPrice])).toEqual([[1200, 1200], [0, 0], [null, 0]]);
      expect(cart).toMatchObject({ itemCount: 4, subtotal: 1200, vat: 240, delivery: 500, total: 1940 });
      const [zero] = await ctx.database.db.select({ slug: products.slug }).from(products).where(eq(products.id, p[1]!.id));
      expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${zero!.slug}` })).json().price).toBe(0);
    } finally {
      await setProduct(ctx.database.db, p[1]!.id, { price: 2500 });
      await setProduct(ctx.database.db, p[2]!.id, { price: 999 });
    }
  });

  it('counts a discounted product at its price, never at the old one', async () => {
    await ctx.database.db.update(products).set({ priceKopecks: 80_000, originalPriceKopecks: 100_000 }).where(eq(products.id, p[0]!.id));
    try {
      const cartId = randomUUID();
      const cart = (await add({ cartId, productId: p[0]!.id, quantity: 3 })).json() as Cart;
      expect(cart.items[0]).toMatchObject({ product: { price: 800 }, totalPrice: 2400 });
      expect(cart).toMatchObject({ subtotal: 2400, vat: 480, delivery: 500, total: 3380, toFreeDelivery: 5100 });
    } finally {
      await ctx.database.db.update(products).set({ priceKopecks: 120_000, originalPriceKopecks: null }).where(eq(products.id, p[0]!.id));
    }
  });
});

describe('new carts per address', () => {
  const addFrom = (remoteAddress: string, cartId: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/cart/items', payload: { cartId, productId: a.id }, remoteAddress });

  it('lets a busy shared address (CGNAT, an office) open a hundred carts an hour and more; a flood of rows is still refused', async () => {
    const opened: string[] = [];
    for (let i = 0; i < 100; i++) {
      const cartId = randomUUID();
      expect((await addFrom('10.231.0.1', cartId)).statusCode).toBe(201);
      opened.push(cartId);
    }
    // The flood: the address's counter at the limit (2 000 an hour), as a script opening carts would leave it.
    await ctx.database.db.update(rateLimits).set({ count: NEW_CART_LIMIT.limit }).where(eq(rateLimits.key, 'cart:address:10.231.0.1'));
    const refused = await addFrom('10.231.0.1', randomUUID());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Слишком много новых корзин. Попробуйте через 60 минут.' });
    expect((await addFrom('10.231.0.1', opened[0]!)).statusCode).toBe(201);
    expect((await addFrom('10.231.0.2', randomUUID())).statusCode).toBe(201);
  });
});
