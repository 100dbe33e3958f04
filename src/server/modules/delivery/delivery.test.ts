import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { cartWith, createCustomer, pickProducts, setProduct, validOrderBody, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { startCdek, type CdekStandIn } from '../../../../tests/stand-ins/cdek.ts';
import { categories, orders, products } from '../../db/schema.ts';
import { CARRIER_UNAVAILABLE, OWN_DELIVERY_TITLE } from './options.ts';
import { DELIVERY_POINT_MESSAGE } from '#shared/schemas/checkout.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import type { DeliveryOption, DeliveryPoint } from '#shared/delivery.ts';
import type { ShopSettings } from '#shared/schemas/settings.ts';
import type { Order } from '#shared/types.ts';

type Product = { id: number; categoryId: number };

async function twoProducts(ctx: TestContext): Promise<[Product, Product]> {
  const [a, b] = await pickProducts(ctx.database.db, 2);
  for (const p of [a!, b!]) await setProduct(ctx.database.db, p.id, { price: 1000, stock: 50 });
  const rows = await ctx.database.db.select({ id: products.id, categoryId: products.categoryId }).from(products);
  const of = (id: number) => ({ id, categoryId: rows.find((r) => r.id === id)!.categoryId! });
  return [of(a!.id), of(b!.id)];
}

const saveShop = (ctx: TestContext, admin: string, patch: Partial<ShopSettings>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/settings/shop', headers: { cookie: admin }, payload: { ...DEFAULT_SHOP_SETTINGS, ...patch } });

describe('delivery without СДЭК credentials', () => {
  let ctx: TestContext;
  let admin: string;
  let cartId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.login();
    const [a] = await twoProducts(ctx);
    cartId = await cartWith(ctx, [[a.id, 2]]);
  });
  afterAll(() => ctx.close());

  it('offers the shop’s own delivery only, at the settings’ price, and no pickup points', async () => {
    const options = (await ctx.app.inject({ url: `/api/cart/${cartId}/delivery?city=Москва` })).json<DeliveryOption[]>();
    expect(options).toEqual([{ method: 'delivery', title: OWN_DELIVERY_TITLE, price: 500, daysMin: null, daysMax: null, total: 2900, vatInTotal: 483.33 }]);
    expect((await ctx.app.inject({ url: '/api/delivery/points?city=Москва' })).json()).toEqual([]);

    expect((await saveShop(ctx, admin, { deliveryCost: 390, freeDeliveryThreshold: 10000 })).statusCode).toBe(200);
    const cheaper = (await ctx.app.inject({ url: `/api/cart/${cartId}/delivery?city=Москва` })).json<DeliveryOption[]>();
    expect(cheaper.map((o) => [o.method, o.price])).toEqual([['delivery', 390]]);
    const cart = (await ctx.app.inject({ url: `/api/cart/${cartId}` })).json<{ delivery: number }>();
    expect(cart.delivery).toBe(390);
  });

  it('refuses a СДЭК order with the carrier’s own message', async () => {
    const customer = await createCustomer(ctx);
    const [, b] = await twoProducts(ctx);
    const cart = await cartWith(ctx, [[b.id, 1]]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: customer.cookie },
      payload: validOrderBody(cart, { deliveryMethod: 'cdek-door', city: 'Москва' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CARRIER_UNAVAILABLE);
  });
});

describe('delivery with СДЭК (stand-in)', () => {
  let cdek: CdekStandIn;
  let ctx: TestContext;
  let admin: string;
  let customer: TestCustomer;
  let drill: Product;
  let saw: Product;
  beforeAll(async () => {
    cdek = await startCdek();
    ctx = await createTestApp({ CDEK_CLIENT_ID: cdek.clientId, CDEK_CLIENT_SECRET: cdek.clientSecret, CDEK_API_URL: cdek.apiUrl });
    admin = await ctx.login();
    customer = await createCustomer(ctx);
    [drill, saw] = await twoProducts(ctx);
    // The drill is weighed and measured; the saw has nothing of its own and takes its category's figures.
    await ctx.database.db.update(categories).set({ defaultWeightGrams: 4200, defaultLengthMm: 500, defaultWidthMm: 300, defaultHeightMm: 150 }).where(eq(categories.id, saw.categoryId));
    await ctx.database.db.update(products).set({ weightGrams: 2300, lengthMm: 380, widthMm: 310, heightMm: 110 }).where(eq(products.id, drill.id));
  });
  afterAll(async () => {
    await ctx.close();
    await cdek.stop();
  });
  beforeEach(() => {
    cdek.requests.length = 0;
  });

  const options = async (cartId: string, city: string) => {
    const res = await ctx.app.inject({ url: `/api/cart/${cartId}/delivery?city=${encodeURIComponent(city)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json<DeliveryOption[]>();
  };
  const tokenCalls = () => cdek.requests.filter((r) => r.path === '/v2/oauth/token').length;
  const order = (cartId: string, extra: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: customer.cookie }, payload: validOrderBody(cartId, extra) });

  it('prices a multi-item cart by СДЭК’s tariffs for its parcels, door and pickup point, with days', async () => {
    const cartId = await cartWith(ctx, [[drill.id, 2], [saw.id, 1]]);
    const list = await options(cartId, 'Санкт-Петербург');
    expect(list.map((o) => [o.method, o.title])).toEqual([
      ['delivery', OWN_DELIVERY_TITLE],
      ['cdek-door', 'СДЭК до двери'],
      ['cdek-point', 'СДЭК до пункта выдачи'],
    ]);
    const tariffCall = cdek.requests.find((r) => r.path === '/v2/calculator/tarifflist')!;
    const body = tariffCall.body as { from_location: { code: number }; to_location: { code: number }; packages: unknown[] };
    // From Volgograd (the head office holds the stock) to Saint Petersburg; grams and whole centimetres, units stacked.
    expect(body.from_location.code).toBe(426);
    expect(body.to_location.code).toBe(137);
    expect(body.packages).toEqual([
      { weight: 4600, length: 38, width: 31, height: 22 },
      { weight: 4200, length: 50, width: 30, height: 15 },
    ]);
    for (const o of list.slice(1)) {
      expect(o.price).toBeGreaterThan(0);
      expect(o.daysMin).toBeGreaterThan(0);
      expect(o.daysMax).toBeGreaterThanOrEqual(o.daysMin!);
    }
    // The cheapest of СДЭК's door tariffs (137 склад-дверь is cheaper than 139 дверь-дверь).
    const door = list.find((o) => o.method === 'cdek-door')!;
    const point = list.find((o) => o.method === 'cdek-point')!;
    expect(point.price).toBeLessThan(door.price);
  });

  it('asks for a token once and reuses it, and asks again when СДЭК refuses it', async () => {
    const cartId = await cartWith(ctx, [[drill.id, 1]]);
    await options(cartId, 'Москва');
    await ctx.app.inject({ url: '/api/delivery/points?city=Москва' });
    expect(tokenCalls()).toBe(0); // the token of the earlier test is still good
    cdek.revokeTokens();
    const again = await options(cartId, 'Краснодар');
    expect(again.map((o) => o.method)).toEqual(['delivery', 'cdek-door', 'cdek-point']);
    expect(tokenCalls()).toBe(1);
  });

  it('lists a city’s pickup points nearest its centre first, with address, hours and place; none for a city СДЭК does not know', async () => {
    const points = (await ctx.app.inject({ url: '/api/delivery/points?city=Москва' })).json<DeliveryPoint[]>();
    expect(points).toEqual([
      { code: 'MSK123', address: 'ул. Тверская, 7', workingHours: 'Пн-Пт 09:00-21:00, Сб-Вс 10:00-18:00', latitude: 55.7575, longitude: 37.6129, distanceKm: 0.3 },
      { code: 'MSK456', address: 'Ленинградский пр-т, 39, стр. 14', workingHours: 'Пн-Вс 10:00-22:00', latitude: 55.7904, longitude: 37.5355, distanceKm: 6.4 },
    ]);
    expect((await ctx.app.inject({ url: '/api/delivery/points?city=Урюпинск' })).json()).toEqual([]);
  });

  it('a city СДЭК does not serve, or СДЭК failing, leaves the shop’s own delivery', async () => {
    const cartId = await cartWith(ctx, [[saw.id, 1]]);
    expect((await options(cartId, 'Урюпинск')).map((o) => o.method)).toEqual(['delivery']);
    cdek.failNext(500);
    expect((await options(cartId, 'Новосибирск')).map((o) => o.method)).toEqual(['delivery']);
  });

  it('places a pickup-point order at the price the server computes, ignoring one the browser sends', async () => {
    expect((await saveShop(ctx, admin, { carrierMarginPercent: 10 })).statusCode).toBe(200);
    const cartId = await cartWith(ctx, [[drill.id, 1]]);
    const point = (await options(cartId, 'Москва')).find((o) => o.method === 'cdek-point')!;
    const res = await order(cartId, { deliveryMethod: 'cdek-point', city: 'Москва', address: '', postalCode: '', deliveryPointCode: 'MSK456', delivery: 1, deliveryPrice: 1 });
    expect(res.statusCode).toBe(201);
    const placed = res.json<Order>();
    expect(placed.deliveryMethod).toBe('cdek-point');
    expect(placed.delivery).toEqual({ method: 'cdek-point', price: point.price, daysMin: point.daysMin, daysMax: point.daysMax, point: { code: 'MSK456', address: 'Ленинградский пр-т, 39, стр. 14', workingHours: 'Пн-Вс 10:00-22:00' }, trackNumber: null });
    expect(placed.totalAmount).toBe(placed.subtotal + placed.vat + point.price);
    expect(placed.address).toBe('Ленинградский пр-т, 39, стр. 14');
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.deliveryPoint).toEqual({ code: 'MSK456', address: 'Ленинградский пр-т, 39, стр. 14', workingHours: 'Пн-Вс 10:00-22:00' });
    expect([row!.deliveryDaysMin, row!.deliveryDaysMax]).toEqual([point.daysMin, point.daysMax]);
    expect(row!.deliveryTariffCode).toBe(136);
    expect((await saveShop(ctx, admin, { carrierMarginPercent: 0 })).statusCode).toBe(200);
  });

  it('adds the margin to СДЭК’s price and makes it free from the shop’s amount', async () => {
    const cartId = await cartWith(ctx, [[saw.id, 2]]);
    const plain = (await options(cartId, 'Ростов-на-Дону')).find((o) => o.method === 'cdek-door')!;
    await saveShop(ctx, admin, { carrierMarginPercent: 20 });
    const marked = (await options(cartId, 'Ростов-на-Дону')).find((o) => o.method === 'cdek-door')!;
    expect(marked.price).toBe(Math.ceil(plain.price * 1.2));
    await saveShop(ctx, admin, { carrierMarginPercent: 20, carrierFreeFrom: 2000 });
    const free = (await options(cartId, 'Ростов-на-Дону')).find((o) => o.method === 'cdek-door')!;
    expect(free.price).toBe(0);
    await saveShop(ctx, admin, {});
  });

  it('refuses a point the city does not have, and a door order without an address, on their fields', async () => {
    const cartId = await cartWith(ctx, [[drill.id, 1]]);
    const wrongPoint = await order(cartId, { deliveryMethod: 'cdek-point', city: 'Москва', deliveryPointCode: 'SPB7' });
    expect(wrongPoint.statusCode).toBe(400);
    expect(wrongPoint.json().errors.deliveryPointCode).toEqual([DELIVERY_POINT_MESSAGE]);
    const noPoint = await order(cartId, { deliveryMethod: 'cdek-point', city: 'Москва' });
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json().errors.deliveryPointCode).toEqual([DELIVERY_POINT_MESSAGE]);
    const noAddress = await order(cartId, { deliveryMethod: 'cdek-door', city: 'Москва', address: '' });
    expect(noAddress.statusCode).toBe(400);
    expect(Object.keys(noAddress.json().errors)).toContain('address');
  });

  it('places a door order to the typed address with СДЭК’s price', async () => {
    const cartId = await cartWith(ctx, [[saw.id, 1]]);
    const door = (await options(cartId, 'Санкт-Петербург')).find((o) => o.method === 'cdek-door')!;
    const res = await order(cartId, { deliveryMethod: 'cdek-door', city: 'Санкт-Петербург', address: 'Невский пр-т, 1, кв. 2', postalCode: '191186', expectedTotal: undefined });
    expect(res.statusCode).toBe(201);
    const placed = res.json<Order>();
    expect([placed.delivery.price, placed.address, placed.postalCode]).toEqual([door.price, 'Невский пр-т, 1, кв. 2', '191186']);
  });
});
