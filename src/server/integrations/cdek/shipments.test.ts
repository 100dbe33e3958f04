import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { cartWith, createCustomer, placeOrderAs, stockedProduct, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { startCdek, type CdekStandIn } from '../../../../tests/stand-ins/cdek.ts';
import { orders, staffActions } from '../../db/schema.ts';
import { CDEK_NOT_CONFIGURED } from './shipments.ts';
import { CDEK_WEBHOOK_PATH, type CdekShipmentView } from '#shared/cdek.ts';
import type { AdminOrderDetail, Order } from '#shared/types.ts';

/** The parts of the body of `POST /v2/orders` the tests read. */
type SentOrder = { to_location?: unknown; delivery_point?: string; delivery_recipient_cost?: { value: number }; packages: { items: unknown[] }[] };

type Shop = { ctx: TestContext; admin: string; customer: TestCustomer; productId: number };

async function openShop(env: Record<string, string>): Promise<Shop> {
  const ctx = await createTestApp(env);
  const admin = await ctx.login();
  const customer = await createCustomer(ctx);
  const productId = await stockedProduct(ctx.database.db, { stock: 100, price: 2500 });
  return { ctx, admin, customer, productId };
}

/** A СДЭК order of two units placed by the customer; to a pickup point unless an address is given. */
async function cdekOrder(shop: Shop, way: 'cdek-point' | 'cdek-door' = 'cdek-point'): Promise<Order> {
  const cartId = await cartWith(shop.ctx, [[shop.productId, 2]]);
  const extra =
    way === 'cdek-point'
      ? { deliveryMethod: 'cdek-point', city: 'Москва', address: '', postalCode: '', deliveryPointCode: 'MSK456' }
      : { deliveryMethod: 'cdek-door', city: 'Санкт-Петербург', address: 'Невский пр-т, 1, кв. 2', postalCode: '191186' };
  return placeOrderAs(shop.ctx, shop.customer.cookie, cartId, extra);
}

const setStatus = (shop: Shop, id: number, status: string) =>
  shop.ctx.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, headers: { cookie: shop.admin }, payload: { status } });
const customerOrder = async (shop: Shop, id: number) => (await shop.ctx.app.inject({ url: `/api/orders/${id}`, headers: { cookie: shop.customer.cookie } })).json<Order>();
const staffOrder = async (shop: Shop, id: number) => (await shop.ctx.app.inject({ url: `/api/admin/orders/${id}`, headers: { cookie: shop.admin } })).json<AdminOrderDetail>();
const shipment = async (shop: Shop, id: number) => {
  const res = await shop.ctx.app.inject({ url: `/api/admin/orders/${id}/cdek`, headers: { cookie: shop.admin } });
  expect(res.statusCode).toBe(200);
  return res.json<CdekShipmentView>();
};
const retry = (shop: Shop, id: number, cookie = shop.admin) => shop.ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/cdek`, headers: { cookie } });
const webhook = (shop: Shop, body: unknown, headers: Record<string, string> = {}) =>
  shop.ctx.app.inject({ method: 'POST', url: CDEK_WEBHOOK_PATH, payload: body as Record<string, unknown>, headers });

describe('СДЭК orders (stand-in)', () => {
  let cdek: CdekStandIn;
  let shop: Shop;
  beforeAll(async () => {
    // The stand-in posts its status events into the app (the test's app listens on no port).
    const receiver: { shop?: Shop } = {};
    cdek = await startCdek({
      deliver: async (url, event) => {
        expect(url).toBe(`http://shop.test${CDEK_WEBHOOK_PATH}`);
        return (await webhook(receiver.shop!, event)).statusCode;
      },
    });
    shop = await openShop({ CDEK_CLIENT_ID: cdek.clientId, CDEK_CLIENT_SECRET: cdek.clientSecret, CDEK_API_URL: cdek.apiUrl });
    receiver.shop = shop;
  });
  afterAll(async () => {
    await shop.ctx.close();
    await cdek.stop();
  });
  beforeEach(() => {
    cdek.requests.length = 0;
    cdek.closedPoints.clear();
  });

  const orderCalls = () => cdek.requests.filter((r) => r.method === 'POST' && r.path === '/v2/orders');

  it('subscribes to ORDER_STATUS events at the shop’s address once, at start-up', async () => {
    await vi.waitFor(() => expect(cdek.webhooks).toEqual([{ uuid: expect.any(String), type: 'ORDER_STATUS', url: `http://shop.test${CDEK_WEBHOOK_PATH}` }]));
    // A second start finds the subscription and makes no other (the first one's calls, which may
    // have come after the test began, are set aside).
    cdek.requests.length = 0;
    const again = await createTestApp({ CDEK_CLIENT_ID: cdek.clientId, CDEK_CLIENT_SECRET: cdek.clientSecret, CDEK_API_URL: cdek.apiUrl });
    await vi.waitFor(() => expect(cdek.requests.some((r) => r.method === 'GET' && r.path === '/v2/webhooks')).toBe(true));
    await again.close();
    expect(cdek.webhooks).toHaveLength(1);
    expect(cdek.requests.filter((r) => r.method === 'POST' && r.path === '/v2/webhooks')).toEqual([]);
  });

  it('registers a pickup-point order when staff confirm it, and the customer sees the track number', async () => {
    const placed = await cdekOrder(shop);
    expect(orderCalls()).toEqual([]); // nothing before staff confirm
    expect((await setStatus(shop, placed.id, 'processing')).statusCode).toBe(200);

    const [call] = orderCalls();
    const body = call!.body as SentOrder;
    expect(body).toMatchObject({
      type: 1,
      number: String(placed.id),
      tariff_code: 136,
      delivery_point: 'MSK456',
      from_location: { code: 426 }, // Volgograd: the head office gave the stock
      recipient: { name: 'Иван Петров', email: 'ivan.petrov@example.ru', phones: [{ number: '+79001234567' }] },
    });
    expect(body.to_location).toBeUndefined();
    expect(body.packages).toHaveLength(1);
    // Paid in cash on receipt: СДЭК collects what the customer pays for each unit (VAT included) and the delivery.
    const unit = (placed.totalAmount - placed.delivery.price) / 2;
    expect(body.packages[0].items).toEqual([{ name: placed.items[0]!.productName, ware_key: expect.any(String), payment: { value: unit }, cost: unit, weight: expect.any(Number), amount: 2 }]);
    expect(body.delivery_recipient_cost).toEqual({ value: placed.delivery.price });

    const track = cdek.orders.get([...cdek.orders.keys()].at(-1)!)!.cdekNumber;
    expect((await customerOrder(shop, placed.id)).delivery.trackNumber).toBe(track);
    expect(await shipment(shop, placed.id)).toEqual({ configured: true, state: 'registered', trackNumber: track, error: null, status: 'Создан', canRegister: false });
    // Registered once: a second registration is refused.
    const again = await retry(shop, placed.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Заказ уже зарегистрирован в СДЭК или регистрируется сейчас');
  });


  it('sends an order already paid as prepaid: СДЭК collects nothing', async () => {
    const placed = await cdekOrder(shop, 'cdek-door');
    const paid = await shop.ctx.app.inject({ method: 'PATCH', url: `/api/orders/${placed.id}/status`, headers: { cookie: shop.admin }, payload: { paymentStatus: 'paid' } });
    expect(paid.statusCode).toBe(200);
    expect((await setStatus(shop, placed.id, 'processing')).statusCode).toBe(200);
    const body = orderCalls().at(-1)!.body as SentOrder;
    const unit = (placed.totalAmount - placed.delivery.price) / 2;
    expect(body.packages[0].items).toEqual([expect.objectContaining({ payment: { value: 0 }, cost: unit, amount: 2 })]);
    expect(body.delivery_recipient_cost).toBeUndefined();
    expect(body.to_location).toMatchObject({ code: 137, postal_code: '191186', address: 'Невский пр-т, 1, кв. 2' });
  });
  it('sends a door order to the customer’s address', async () => {
    const placed = await cdekOrder(shop, 'cdek-door');
    await setStatus(shop, placed.id, 'processing');
    const body = orderCalls()[0]!.body as SentOrder;
    expect(body.to_location).toEqual({ code: 137, postal_code: '191186', address: 'Невский пр-т, 1, кв. 2' });
    expect(body.delivery_point).toBeUndefined();
    expect((await customerOrder(shop, placed.id)).delivery.trackNumber).toMatch(/^\d{10}$/);
  });

  it('shows why СДЭК refused the order, in Russian, and a retry registers it', async () => {
    const placed = await cdekOrder(shop);
    cdek.closedPoints.add('MSK456');
    expect((await setStatus(shop, placed.id, 'processing')).statusCode).toBe(200);
    const failed = await shipment(shop, placed.id);
    expect(failed).toEqual({
      configured: true,
      state: 'failed',
      trackNumber: null,
      error: 'СДЭК не принял заказ: Пункт выдачи MSK456 временно не принимает отправления',
      status: null,
      canRegister: true,
    });
    expect((await customerOrder(shop, placed.id)).delivery.trackNumber).toBeNull();

    cdek.closedPoints.delete('MSK456');
    const res = await retry(shop, placed.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<CdekShipmentView>()).toMatchObject({ state: 'registered', error: null, trackNumber: expect.stringMatching(/^\d{10}$/), canRegister: false });
    expect((await customerOrder(shop, placed.id)).delivery.trackNumber).toBe(res.json<CdekShipmentView>().trackNumber);
    const [logged] = await shop.ctx.database.db.select().from(staffActions).where(eq(staffActions.kind, 'order.cdek-register'));
    expect(logged?.objectId).toBe(String(placed.id));
  });

  it('says СДЭК did not answer when it fails, and a retry later succeeds', async () => {
    const placed = await cdekOrder(shop);
    cdek.failNext(500, 1);
    await setStatus(shop, placed.id, 'processing');
    expect(await shipment(shop, placed.id)).toMatchObject({ state: 'failed', error: 'СДЭК сейчас не отвечает. Зарегистрируйте заказ повторно позже.', canRegister: true });
    expect((await retry(shop, placed.id)).json<CdekShipmentView>().state).toBe('registered');
  });

  it('refuses a retry for staff only, for a СДЭК order only, once confirmed', async () => {
    const placed = await cdekOrder(shop);
    const early = await retry(shop, placed.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Зарегистрировать в СДЭК можно подтверждённый заказ (статус «В обработке»)');
    expect((await retry(shop, placed.id, shop.customer.cookie)).statusCode).toBe(403);
    const own = await placeOrderAs(shop.ctx, shop.customer.cookie, await cartWith(shop.ctx, [[shop.productId, 1]]));
    await setStatus(shop, own.id, 'processing');
    expect(orderCalls()).toEqual([]);
    const notCdek = await retry(shop, own.id);
    expect(notCdek.statusCode).toBe(409);
    expect(notCdek.json().message).toBe('Этот заказ доставляет не СДЭК');
  });

  it('uses one token for all the calls and renews a revoked one once', async () => {
    const first = await cdekOrder(shop);
    const second = await cdekOrder(shop);
    cdek.requests.length = 0;
    await setStatus(shop, first.id, 'processing');
    await setStatus(shop, second.id, 'processing');
    const tokens = () => cdek.requests.filter((r) => r.path === '/v2/oauth/token').length;
    expect(tokens()).toBe(0);
    expect(new Set(cdek.requests.map((r) => r.authorization)).size).toBe(1);

    cdek.revokeTokens();
    const third = await cdekOrder(shop);
    cdek.requests.length = 0;
    await setStatus(shop, third.id, 'processing');
    expect(tokens()).toBe(1);
    expect((await shipment(shop, third.id)).state).toBe('registered');
  });

  it('moves the order to «Отправлен» and «Доставлен» on СДЭК’s events, with history by «СДЭК»', async () => {
    const placed = await cdekOrder(shop);
    await setStatus(shop, placed.id, 'processing');
    const uuid = [...cdek.orders.values()].find((o) => o.body.number === String(placed.id))!.uuid;

    expect(await cdek.moveOrder(uuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE')).toEqual([200]);
    expect((await customerOrder(shop, placed.id)).status).toBe('shipped');
    expect(await cdek.moveOrder(uuid, 'ACCEPTED_AT_PICK_UP_POINT')).toEqual([200]);
    expect(await cdek.moveOrder(uuid, 'DELIVERED')).toEqual([200]);
    expect((await customerOrder(shop, placed.id)).status).toBe('delivered');

    const detail = await staffOrder(shop, placed.id);
    const moves = detail.history.filter((h) => h.field === 'status').map((h) => [h.fromValue, h.toValue, h.source]);
    expect(moves).toEqual([
      [null, 'pending', null],
      ['pending', 'processing', null],
      ['processing', 'shipped', 'cdek'],
      ['shipped', 'delivered', 'cdek'],
    ]);
    expect((await shipment(shop, placed.id)).status).toBe('Вручён');
  });

  it('deletes a cancelled order at СДЭК while no cargo has moved; when it has, staff read why', async () => {
    const early = await cdekOrder(shop);
    await setStatus(shop, early.id, 'processing');
    const earlyUuid = [...cdek.orders.values()].find((o) => o.body.number === String(early.id))!.uuid;
    expect((await setStatus(shop, early.id, 'cancelled')).statusCode).toBe(200);
    expect(cdek.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/v2/orders/${earlyUuid}`]);
    expect(await shipment(shop, early.id)).toMatchObject({ state: 'cancelled', error: null, canRegister: false });

    const late = await cdekOrder(shop);
    await setStatus(shop, late.id, 'processing');
    const lateUuid = [...cdek.orders.values()].find((o) => o.body.number === String(late.id))!.uuid;
    expect(await cdek.moveOrder(lateUuid, 'RECEIVED_AT_SHIPMENT_WAREHOUSE')).toEqual([200]);
    expect((await setStatus(shop, late.id, 'cancelled')).statusCode).toBe(200);
    expect((await customerOrder(shop, late.id)).status).toBe('cancelled');
    expect(await shipment(shop, late.id)).toMatchObject({
      state: 'registered',
      error: 'Заказ отменён, но СДЭК не удалил отправление: Удаление заказа невозможно: по заказу уже есть движение груза на складе СДЭК. Отмените его в личном кабинете СДЭК.',
    });
  });

  it('believes no event: a forged «DELIVERED» is checked with СДЭК and changes nothing', async () => {
    const placed = await cdekOrder(shop);
    await setStatus(shop, placed.id, 'processing');
    const order = [...cdek.orders.values()].find((o) => o.body.number === String(placed.id))!;
    const forged = { type: 'ORDER_STATUS', date_time: new Date().toISOString(), uuid: order.uuid, attributes: { code: 'DELIVERED', status_code: 'DELIVERED', cdek_number: order.cdekNumber } };
    cdek.requests.length = 0;
    // From another site's origin too: the route is no browser's, the event is checked anyway.
    const res = await webhook(shop, forged, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(200);
    expect(cdek.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v2/orders/${order.uuid}`]);
    expect((await customerOrder(shop, placed.id)).status).toBe('processing');
    expect((await staffOrder(shop, placed.id)).history.some((h) => h.source === 'cdek')).toBe(false);

    // An order СДЭК does not know is acknowledged and ignored; a body without the uuid is refused.
    expect((await webhook(shop, { ...forged, uuid: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(200);
    expect((await webhook(shop, { type: 'ORDER_STATUS' })).statusCode).toBe(400);
    expect((await customerOrder(shop, placed.id)).status).toBe('processing');
  });

  it('asks СДЭК to repeat an event it cannot check now', async () => {
    const placed = await cdekOrder(shop);
    await setStatus(shop, placed.id, 'processing');
    const order = [...cdek.orders.values()].find((o) => o.body.number === String(placed.id))!;
    cdek.failNext(0, 2);
    const res = await webhook(shop, { type: 'ORDER_STATUS', uuid: order.uuid, attributes: { code: 'DELIVERED' } });
    expect(res.statusCode).toBe(503);
    expect((await customerOrder(shop, placed.id)).status).toBe('processing');
  });
});

describe('СДЭК orders without credentials', () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await openShop({});
  });
  afterAll(() => shop.ctx.close());

  it('registers nothing and tells staff СДЭК is not configured', async () => {
    // A СДЭК order from before the credentials were removed.
    const placed = await placeOrderAs(shop.ctx, shop.customer.cookie, await cartWith(shop.ctx, [[shop.productId, 1]]));
    await shop.ctx.database.db.update(orders).set({ deliveryMethod: 'cdek-point', deliveryTariffCode: 136 }).where(eq(orders.id, placed.id));
    expect((await setStatus(shop, placed.id, 'processing')).statusCode).toBe(200);
    expect(await shipment(shop, placed.id)).toEqual({ configured: false, state: 'failed', trackNumber: null, error: CDEK_NOT_CONFIGURED, status: null, canRegister: false });
    expect((await customerOrder(shop, placed.id)).delivery.trackNumber).toBeNull();
    const again = await retry(shop, placed.id);
    expect(again.json<CdekShipmentView>()).toMatchObject({ state: 'failed', error: CDEK_NOT_CONFIGURED });
    // The webhook ignores what it cannot check.
    expect((await webhook(shop, { type: 'ORDER_STATUS', uuid: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(200);
  });
});
