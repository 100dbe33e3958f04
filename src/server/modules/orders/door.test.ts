/**
 * The order's door (door.ts): every status and payment status change goes through changeOrder
 * and is announced once, after the commit, with its author; the payment integration hears a
 * cancellation made by anyone, 1C's exchange included, and cancels the open YooKassa payment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_LOGIN as LOGIN, enableExchange } from '../../../../tests/helpers/exchange-1c.ts';
import type { TestContext } from '../../../../tests/helpers/test-app.ts';
import { createYooKassaTestApp } from '../../../../tests/helpers/yookassa-app.ts';
import { cartWith, createCustomer, readProduct, setProduct, stockedProduct, type TestCustomer, validOrderBody } from '../../../../tests/helpers/customers.ts';
import type { YooKassaStandIn } from '../../../../tests/stand-ins/yookassa.ts';
import type { AdminOrderDetail, Order, PlacedOrder } from '#shared/types.ts';
import { onOrderChange, type OrderChangeEvent } from './door.ts';

const PASSWORD = 'Obmen-s-1C-2026';

let ctx: TestContext;
let yookassa: YooKassaStandIn;
let close: (() => Promise<void>) | undefined;
let admin: string;
let adminId: number;
let customer: TestCustomer;
let productId: number;
const events: OrderChangeEvent[] = [];

beforeAll(async () => {
  ({ ctx, yookassa, admin, close } = await createYooKassaTestApp());
  adminId = ((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: admin } })).json() as { id: number }).id;
  customer = await createCustomer(ctx);
  productId = await stockedProduct(ctx.database.db, { stock: 100, price: 1000 });
  onOrderChange(ctx.database.db, 'test: record', (event) => void events.push(event), { error: () => {} });
  await enableExchange(ctx, admin, PASSWORD);
});
afterAll(() => close?.());

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function placeOrder(paymentMethod: 'cash' | 'online', quantity = 2): Promise<PlacedOrder> {
  const cartId = await cartWith(ctx, [[productId, quantity]]);
  const res = await inject('POST', '/api/orders', customer.cookie, validOrderBody(cartId, { paymentMethod }));
  expect(res.statusCode).toBe(201);
  return res.json() as PlacedOrder;
}
const readOrder = async (id: number) => (await inject('GET', `/api/orders/${id}`, customer.cookie)).json() as Order;
const readAdmin = async (id: number) => (await inject('GET', `/api/admin/orders/${id}`, admin)).json() as AdminOrderDetail;
const eventsOf = (orderId: number) => events.filter((e) => e.orderId === orderId).map(({ field, from, to, author }) => ({ field, from, to, author }));

/** 1C's order exchange as 1C plays it: checkauth, init, then one file with a document cancelling the order. */
async function cancelFrom1c(orderId: number): Promise<string> {
  const call = (mode: string, headers: Record<string, string>, extra: Record<string, string> = {}, body?: Buffer) =>
    ctx.app.inject({
      method: body ? 'POST' : 'GET',
      url: `/api/1c/exchange?${new URLSearchParams({ type: 'sale', mode, ...extra })}`,
      headers: { ...headers, ...(body ? { 'content-type': 'application/octet-stream' } : {}) },
      ...(body ? { payload: body } : {}),
    });
  const auth = await call('checkauth', { authorization: `Basic ${Buffer.from(`${LOGIN}:${PASSWORD}`).toString('base64')}` });
  const [status, name, value] = auth.body.split('\n');
  expect(status).toBe('success');
  const cookie = { cookie: `${name}=${value}` };
  expect((await call('init', cookie)).body).toMatch(/^zip=no/);
  const document = `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.08" ДатаФормирования="2026-11-26T10:15:32">
  <Документ>
    <Ид>${orderId}</Ид>
    <Номер>${orderId}</Номер>
    <Дата>2026-11-26</Дата>
    <ХозОперация>Заказ товара</ХозОперация>
    <Роль>Продавец</Роль>
    <ЗначенияРеквизитов>
      <ЗначениеРеквизита><Наименование>Проведен</Наименование><Значение>false</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Отменен</Наименование><Значение>true</Значение></ЗначениеРеквизита>
    </ЗначенияРеквизитов>
  </Документ>
</КоммерческаяИнформация>`;
  return (await call('file', cookie, { filename: `cancel-${orderId}.xml` }, Buffer.from(document))).body;
}

describe('a cancellation from 1C', () => {
  it('cancels the open YooKassa payment waiting for capture; customer and staff see the payment cancelled', async () => {
    const order = await placeOrder('online', 3);
    const paymentId = order.confirmationUrl!.split('/').pop()!;
    const stockBefore = (await readProduct(ctx.database.db, productId)).stock!;
    // The bank has authorised the payment: YooKassa holds it for capture and tells the shop.
    await yookassa.setPaymentStatus(paymentId, 'waiting_for_capture', { notify: true });
    expect((await readOrder(order.id)).payment).toMatchObject({ state: 'waiting', canPay: false });
    events.length = 0;

    expect(await cancelFrom1c(order.id)).toBe('success');

    // YooKassa was asked to cancel it, with the attempt's key, and says it is cancelled.
    const cancels = yookassa.requests.filter((r) => r.method === 'POST' && r.path === `/payments/${paymentId}/cancel`);
    const created = yookassa.requests.find((r) => r.path === '/payments' && (r.body as { metadata: { orderId: string } }).metadata.orderId === String(order.id))!;
    expect(cancels.map((r) => r.idempotenceKey)).toEqual([`${created.idempotenceKey}-cancel`]);
    expect(yookassa.payments.get(paymentId)).toMatchObject({ status: 'canceled', cancellation_details: { party: 'merchant', reason: 'canceled_by_merchant' } });

    const seen = await readOrder(order.id);
    expect(seen).toMatchObject({ status: 'cancelled', paymentStatus: 'failed' });
    expect(seen.payment).toMatchObject({ state: 'canceled', canPay: false, cancellationReason: 'Заказ отменён', paidAmount: 0 });
    const staff = await readAdmin(order.id);
    expect(staff.payment).toMatchObject({ state: 'canceled', canPay: false, refundableAmount: 0 });
    expect(staff.history.map((h) => [h.field, h.fromValue, h.toValue, h.changedBy, h.source])).toEqual([
      ['status', null, 'pending', { id: customer.id, username: customer.username }, null],
      ['status', 'pending', 'cancelled', null, '1c'],
      ['payment', 'pending', 'failed', null, 'yookassa'],
    ]);
    expect((await readProduct(ctx.database.db, productId)).stock).toBe(stockBefore + 3);
    // Each change announced once, with its author: 1C cancelled, YooKassa's answer failed the payment.
    expect(eventsOf(order.id)).toEqual([
      { field: 'status', from: 'pending', to: 'cancelled', author: { kind: '1c' } },
      { field: 'payment', from: 'pending', to: 'failed', author: { kind: 'yookassa' } },
    ]);
    // No «Оплата не прошла» letter for a payment the shop cancelled itself.
    expect(ctx.mails.some((m) => m.subject.startsWith(`Оплата не прошла: заказ № ${order.id}`))).toBe(false);
  });
});

describe('the order change event', () => {
  it('fires once per changed field, after the commit, with the author; a value it already has announces nothing', async () => {
    const order = await placeOrder('cash');
    events.length = 0;
    const patch = (payload: object) => inject('PATCH', `/api/orders/${order.id}/status`, admin, payload);
    expect((await patch({ status: 'processing' })).statusCode).toBe(200);
    expect((await patch({ status: 'processing' })).statusCode).toBe(200);
    expect((await patch({ status: 'shipped', paymentStatus: 'paid' })).statusCode).toBe(200);
    const staff = { kind: 'staff', userId: adminId };
    expect(eventsOf(order.id)).toEqual([
      { field: 'status', from: 'pending', to: 'processing', author: staff },
      { field: 'status', from: 'processing', to: 'shipped', author: staff },
      { field: 'payment', from: 'pending', to: 'paid', author: staff },
    ]);
    expect((await readAdmin(order.id)).history).toHaveLength(4);
  });

  it('a YooKassa notification is authored by YooKassa; a failing listener is logged and breaks nothing', async () => {
    const logged: unknown[] = [];
    const stop = onOrderChange(
      ctx.database.db,
      'test: broken',
      () => {
        throw new Error('listener broke');
      },
      { error: (...args: unknown[]) => void logged.push(args) },
    );
    try {
      const order = await placeOrder('online', 1);
      events.length = 0;
      await yookassa.setPaymentStatus(order.confirmationUrl!.split('/').pop()!, 'succeeded', { notify: true });
      expect(eventsOf(order.id)).toEqual([{ field: 'payment', from: 'pending', to: 'paid', author: { kind: 'yookassa' } }]);
      expect((await readOrder(order.id)).paymentStatus).toBe('paid');
      expect(logged).toHaveLength(1);
      expect(logged[0]).toEqual([expect.objectContaining({ orderId: order.id, listener: 'test: broken' }), 'order change listener failed']);
    } finally {
      stop();
    }
  });

  it('a refused change (un-cancelling without stock) writes and announces nothing', async () => {
    const order = await placeOrder('cash', 1);
    expect((await inject('PATCH', `/api/orders/${order.id}/status`, admin, { status: 'cancelled' })).statusCode).toBe(200);
    await setProduct(ctx.database.db, productId, { stock: 0 });
    events.length = 0;
    const res = await inject('PATCH', `/api/orders/${order.id}/status`, admin, { status: 'pending' });
    expect(res.statusCode).toBe(409);
    expect(eventsOf(order.id)).toEqual([]);
    expect((await readAdmin(order.id)).status).toBe('cancelled');
    await setProduct(ctx.database.db, productId, { stock: 100 });
  });
});
