import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { cartWith as cartWithLines, createCustomer, pickProducts, readProduct, setProduct, validOrderBody, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { cartItems, carts, consents, orderItems, orderStatusHistory, orders, settings } from '../../db/schema.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import type { Cart, Order } from '#shared/types.ts';

let ctx: TestContext;
let customer: TestCustomer;
let p1: { id: number; name: string; price: number };
let p2: { id: number; name: string; price: number };

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await createCustomer(ctx);
  const [a, b] = await pickProducts(ctx.database.db, 2);
  p1 = { id: a!.id, name: a!.name, price: 1200 };
  p2 = { id: b!.id, name: b!.name, price: 2500 };
  await setProduct(ctx.database.db, p1.id, { stock: 50, price: p1.price });
  await setProduct(ctx.database.db, p2.id, { stock: 50, price: p2.price });
});
afterAll(() => ctx.close());

const cartWith = (lines: Array<[number, number]>) => cartWithLines(ctx, lines);

const order = (body: Record<string, unknown>, cookie: string | null = customer.cookie) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers: cookie ? { cookie } : {} });

const setShop = (patch: Record<string, unknown>) =>
  ctx.database.db
    .update(settings)
    .set({ value: { ...DEFAULT_SHOP_SETTINGS, ...patch } })
    .where(eq(settings.key, 'shop'));

describe('POST /api/orders', () => {
  it('needs a logged-in customer', async () => {
    const cartId = await cartWith([[p1.id, 1]]);
    const res = await order(validOrderBody(cartId), null);
    expect(res.statusCode).toBe(401);
  });

  it('places the order: server prices and totals, snapshots, stock, history, consent, empty cart, mails', async () => {
    const before1 = await readProduct(ctx.database.db, p1.id);
    const before2 = await readProduct(ctx.database.db, p2.id);
    const cartId = await cartWith([[p1.id, 2], [p2.id, 1]]);
    ctx.mails.length = 0;
    // The public catalogue answer (cached by the catalogue) is read before the order...
    const shownBefore = await ctx.app.inject({ method: 'GET', url: `/api/products/${before1.slug}` });
    expect(shownBefore.json().stock).toBe(before1.stock);

    const res = await order(validOrderBody(cartId, { paymentMethod: 'online' }));
    expect(res.statusCode).toBe(201);
    const placed = res.json() as Order;
    // 2 × 1200 + 2500 = 4900; VAT 980; delivery 500 (below 7500)
    expect(placed).toMatchObject({
      userId: customer.id,
      status: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'online',
      customerName: 'Иван Петров',
      city: 'Волгоград',
      postalCode: '400005',
      notes: 'Позвонить за час',
      subtotal: 4900,
      vat: 980,
      delivery: { method: 'delivery', price: 500, daysMin: null, daysMax: null, point: null, trackNumber: null },
      totalAmount: 6380,
    });
    expect(placed.items).toEqual([
      expect.objectContaining({ productId: p1.id, productName: p1.name, productPrice: 1200, quantity: 2, totalPrice: 2400, productSku: before1.sku, productSlug: before1.slug }),
      expect.objectContaining({ productId: p2.id, productName: p2.name, productPrice: 2500, quantity: 1, totalPrice: 2500 }),
    ]);

    const after1 = await readProduct(ctx.database.db, p1.id);
    const after2 = await readProduct(ctx.database.db, p2.id);
    expect(after1.stock).toBe(before1.stock! - 2);
    expect(after2.stock).toBe(before2.stock! - 1);
    expect(after1.salesCount).toBe(before1.salesCount + 2);
    // ...and shows the new stock right after it.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${before1.slug}` })).json().stock).toBe(before1.stock! - 2);
    expect(after2.salesCount).toBe(before2.salesCount + 1);

    const cart = (await ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}` })).json() as Cart;
    expect(cart.items).toEqual([]);
    expect(cart.generation).toBe(1);

    const history = await ctx.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.id));
    expect(history).toEqual([expect.objectContaining({ field: 'status', fromValue: null, toValue: 'pending', changedBy: customer.id })]);
    const consentRows = await ctx.database.db.select().from(consents).where(eq(consents.userId, customer.id));
    expect(consentRows.some((c) => c.purpose === 'order' && c.email === 'ivan.petrov@example.ru')).toBe(true);

    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row).toMatchObject({ cartId, cartGeneration: 0, subtotalKopecks: 490000, totalKopecks: 638000 });

    expect(ctx.mails.map((m) => m.to)).toEqual(['ivan.petrov@example.ru', DEFAULT_SHOP_SETTINGS.contactEmail]);
    expect(ctx.mails[0]!.subject).toContain(`Заказ № ${placed.id} оформлен`);
    expect(ctx.mails[0]!.text).toContain(p1.name);
    expect(ctx.mails[0]!.text).toContain('Ссылку на оплату мы пришлём отдельным письмом');
    expect(ctx.mails[1]!.subject).toContain(`Новый заказ № ${placed.id}`);
  });

  it('ships free from the shop threshold (inclusive)', async () => {
    await setShop({ freeDeliveryThreshold: 4900 });
    const cartId = await cartWith([[p1.id, 2], [p2.id, 1]]);
    const placed = (await order(validOrderBody(cartId))).json() as Order;
    expect(placed).toMatchObject({ subtotal: 4900, vat: 980, delivery: { price: 0 }, totalAmount: 5880 });
    await setShop({});
  });

  it('never trusts prices from the request', async () => {
    const cartId = await cartWith([[p1.id, 1]]);
    const res = await order({ ...validOrderBody(cartId), price: 1, totalAmount: 1, subtotal: 1, items: [{ productId: p1.id, price: 1 }] });
    expect(res.statusCode).toBe(201);
    expect((res.json() as Order).items[0]!.productPrice).toBe(1200);
    expect((res.json() as Order).totalAmount).toBe(1200 + 240 + 500);
  });

  it('uses the current price when it changed after adding to the cart, and refuses a total the customer did not see', async () => {
    const cartId = await cartWith([[p2.id, 1]]);
    await setProduct(ctx.database.db, p2.id, { price: 3000 });
    const cart = (await ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}` })).json() as Cart;
    expect(cart.subtotal).toBe(3000);
    // The cart answers the total the order will have: the customer confirms exactly that sum.
    expect(cart).toMatchObject({ vat: 600, delivery: 500, total: 4100 });

    const stale = await order(validOrderBody(cartId, { expectedTotal: 2500 + 500 + 500 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Цены или состав корзины изменились. Проверьте новую сумму заказа и подтвердите заказ ещё раз.');

    const res = await order(validOrderBody(cartId, { expectedTotal: 3000 + 600 + 500 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ subtotal: 3000, totalAmount: 4100, items: [expect.objectContaining({ productPrice: 3000 })] });
    await setProduct(ctx.database.db, p2.id, { price: p2.price });
  });

  it('validates the form with the spec messages (Reading A) and the consent', async () => {
    const cartId = await cartWith([[p1.id, 1]]);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ customerName: 'И' }, 'customerName', 'Имя должно быть не менее 2 символов'],
      [{ customerEmail: 'not-an-email' }, 'customerEmail', 'Пожалуйста, введите корректный email'],
      [{ customerPhone: '123' }, 'customerPhone', 'Пожалуйста, введите корректный номер телефона'],
      [{ address: 'ул.' }, 'address', 'Адрес должен быть не менее 5 символов'],
      [{ city: 'В' }, 'city', 'Пожалуйста, введите название города'],
      [{ postalCode: '4000' }, 'postalCode', 'Почтовый индекс должен быть не менее 5 символов'],
      [{ paymentMethod: 'bitcoin' }, 'paymentMethod', 'Пожалуйста, выберите способ оплаты'],
      [{ consent: false }, 'consent', 'Необходимо согласие на обработку персональных данных'],
      [{ consent: undefined }, 'consent', 'Необходимо согласие на обработку персональных данных'],
      [{ cartId: 'x' }, 'cartId', 'Некорректный идентификатор корзины'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await order(validOrderBody(cartId, patch));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const cart = (await ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}` })).json() as Cart;
    expect(cart.items).toHaveLength(1);
  });

  it('refuses an empty cart and an unknown cart', async () => {
    for (const cartId of [randomUUID(), await cartWith([])]) {
      const res = await order(validOrderBody(cartId));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Корзина пуста. Добавьте товары в корзину перед оформлением заказа');
    }
  });

  it('refuses a line that is out of stock, naming the product, and changes nothing', async () => {
    const cartId = await cartWith([[p1.id, 1], [p2.id, 3]]);
    await setProduct(ctx.database.db, p2.id, { stock: 2 });
    const stock1 = (await readProduct(ctx.database.db, p1.id)).stock;
    const ordersBefore = (await ctx.database.db.select().from(orders)).length;

    const res = await order(validOrderBody(cartId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Недостаточно товара «${p2.name}» на складе: доступно 2 шт.`);

    await setProduct(ctx.database.db, p2.id, { stock: 0 });
    const none = await order(validOrderBody(cartId));
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(`Товара «${p2.name}» нет в наличии`);

    await setProduct(ctx.database.db, p2.id, { stock: 50, isActive: false });
    const inactive = await order(validOrderBody(cartId));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(`Товар «${p2.name}» снят с продажи`);
    await setProduct(ctx.database.db, p2.id, { isActive: true });

    expect((await readProduct(ctx.database.db, p1.id)).stock).toBe(stock1);
    expect((await ctx.database.db.select().from(orders)).length).toBe(ordersBefore);
    expect(await ctx.database.db.select().from(cartItems).where(eq(cartItems.cartId, cartId))).toHaveLength(2);
  });

  it('the same cart submitted twice yields one order', async () => {
    const cartId = await cartWith([[p1.id, 1]]);
    const { generation } = (await ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}` })).json() as Cart;
    const first = await order(validOrderBody(cartId, { cartGeneration: generation }));
    expect(first.statusCode).toBe(201);
    const stock = (await readProduct(ctx.database.db, p1.id)).stock;
    ctx.mails.length = 0;

    const second = await order(validOrderBody(cartId, { cartGeneration: generation }));
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect((await readProduct(ctx.database.db, p1.id)).stock).toBe(stock);
    expect(ctx.mails).toHaveLength(0);
    const rows = await ctx.database.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(rows).toHaveLength(1);

    // Without the generation the repeat finds the cart empty: still one order.
    const third = await order(validOrderBody(cartId));
    expect(third.statusCode).toBe(409);

    // The next purchase from the same cart is a new order.
    await ctx.app.inject({ method: 'POST', url: '/api/cart/items', payload: { cartId, productId: p2.id } });
    const next = await order(validOrderBody(cartId, { cartGeneration: generation + 1 }));
    expect(next.statusCode).toBe(201);
    expect(next.json().id).not.toBe(first.json().id);
    const [cartRow] = await ctx.database.db.select().from(carts).where(eq(carts.id, cartId));
    expect(cartRow!.generation).toBe(2);
  });

  it("another customer's repeat of an ordered cart generation gets no order", async () => {
    const cartId = await cartWith([[p1.id, 1]]);
    const first = await order(validOrderBody(cartId, { cartGeneration: 0 }));
    expect(first.statusCode).toBe(201);
    const other = await createCustomer(ctx);
    const res = await order(validOrderBody(cartId, { cartGeneration: 0 }), other.cookie);
    expect(res.statusCode).toBe(409);
    expect(JSON.stringify(res.json())).not.toContain(String(first.json().id));
  });

  it('refuses with 403 while ordering is switched off', async () => {
    await setShop({ enableCheckout: false });
    const cartId = await cartWith([[p1.id, 1]]);
    const res = await order(validOrderBody(cartId));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Приём заказов на сайте временно приостановлен. Позвоните нам или напишите на e-mail — мы примем заказ.');
    const invalid = await order({ cartId });
    expect(invalid.statusCode).toBe(403);
    await setShop({});
    expect((await ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}` })).json().items).toHaveLength(1);
  });
});

describe('GET /api/orders/{id} and /api/orders/my-orders', () => {
  let mine: Order;
  let owner: TestCustomer;

  beforeAll(async () => {
    owner = await createCustomer(ctx);
    const cartId = await cartWith([[p1.id, 1], [p2.id, 2]]);
    mine = (await order(validOrderBody(cartId), owner.cookie)).json() as Order;
  });

  const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('shows the order to its owner, with items and totals, privately', async () => {
    const res = await get(`/api/orders/${mine.id}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ id: mine.id, subtotal: 6200, vat: 1240, delivery: { price: 500 }, totalAmount: 7940 });
    expect(res.json().items).toHaveLength(2);
  });

  it("answers 404 for another customer's order, an unknown order and a bad id; 401 without login", async () => {
    const stranger = await createCustomer(ctx);
    const res = await get(`/api/orders/${mine.id}`, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Заказ не найден');
    expect((await get('/api/orders/99999999', owner.cookie)).statusCode).toBe(404);
    expect((await get('/api/orders/abc', owner.cookie)).statusCode).toBe(404);
    expect((await get(`/api/orders/${mine.id}`)).statusCode).toBe(401);
  });

  it('shows any order to staff', async () => {
    const manager = await createCustomer(ctx, 'manager');
    expect((await get(`/api/orders/${mine.id}`, manager.cookie)).json().id).toBe(mine.id);
    const admin = await ctx.login();
    expect((await get(`/api/orders/${mine.id}`, admin)).statusCode).toBe(200);
  });

  it('lists only the customer’s own orders, newest first, with items', async () => {
    const cartId = await cartWith([[p2.id, 1]]);
    ctx.clock.advance(60_000);
    const newer = (await order(validOrderBody(cartId), owner.cookie)).json() as Order;
    const res = await get('/api/orders/my-orders', owner.cookie);
    expect(res.statusCode).toBe(200);
    const { orders: list } = res.json() as { orders: Order[] };
    expect(list.map((o) => o.id)).toEqual([newer.id, mine.id]);
    expect(list[1]!.items.map((i) => i.quantity)).toEqual([1, 2]);

    const stranger = await createCustomer(ctx);
    expect((await get('/api/orders/my-orders', stranger.cookie)).json()).toEqual({ orders: [] });
    expect((await get('/api/orders/my-orders')).statusCode).toBe(401);
  });

  it('keeps the snapshot when the catalogue changes later', async () => {
    await setProduct(ctx.database.db, p1.id, { price: 9999 });
    const res = await get(`/api/orders/${mine.id}`, owner.cookie);
    expect(res.json().items[0]).toMatchObject({ productName: p1.name, productPrice: 1200 });
    const items = await ctx.database.db.select().from(orderItems).where(eq(orderItems.orderId, mine.id));
    expect(items).toHaveLength(2);
    await setProduct(ctx.database.db, p1.id, { price: p1.price });
  });
});

describe('order limits', () => {
  const attempt = (customerCookie: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload: validOrderBody(randomUUID()), headers: { cookie: customerCookie }, remoteAddress });
  const LIMITED = { message: 'Слишком много заказов. Попробуйте через 60 минут.' };

  it('takes 20 order attempts an hour from one customer, then 429; another customer is not affected', async () => {
    const buyer = await createCustomer(ctx);
    for (let i = 0; i < 20; i++) expect((await attempt(buyer.cookie, '10.232.0.1')).statusCode).toBe(409);
    const refused = await attempt(buyer.cookie, '10.232.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(LIMITED);
    const other = await createCustomer(ctx);
    expect((await attempt(other.cookie, '10.232.0.1')).statusCode).toBe(409);
  });

  it('takes 50 order attempts an hour from one address, whichever customers make them', async () => {
    const buyers = [await createCustomer(ctx), await createCustomer(ctx), await createCustomer(ctx)];
    for (let i = 0; i < 50; i++) expect((await attempt(buyers[i % 3]!.cookie, '10.232.1.1')).statusCode).toBe(409);
    const refused = await attempt(buyers[0]!.cookie, '10.232.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(LIMITED);
    expect((await attempt(buyers[0]!.cookie, '10.232.1.2')).statusCode).toBe(409);
  });
});
