import { eq } from 'drizzle-orm';
import { branchShopForFile } from '../../../../tests/helpers/file-app.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartWith, createCustomer, placeOrderAs, setProduct, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { setBranchStock } from '../../../../tests/helpers/branch-stock.ts';
import { orders, productStock } from '../../db/schema.ts';
import type { AdminOrderDetail, Order } from '#shared/types.ts';
import { EDIT_CANCELLED, EDIT_HANDED_OVER, EDIT_PAID_ONLINE, EDIT_PICKUP_DELIVERY, EDIT_TOO_MUCH } from './line-edit.ts';

const shop = branchShopForFile();
let manager: TestCustomer;
beforeAll(async () => {
  manager = await createCustomer(shop.ctx, 'manager');
});

const db = () => shop.ctx.database.db;
const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  shop.ctx.app.inject({ method, url, payload, headers: { cookie: manager.cookie } });

async function place(lines: Array<[number, number]>, extra: Record<string, unknown> = {}): Promise<Order> {
  return placeOrderAs(shop.ctx, shop.customer.cookie, await cartWith(shop.ctx, lines), extra);
}

async function stockAt(productId: number, slug: string) {
  const rows = await db().select().from(productStock).where(eq(productStock.productId, productId));
  return rows.find((r) => r.branchId === shop.branch[slug]!.id)?.quantity ?? 0;
}

const detail = async (id: number) => (await staff('GET', `/api/admin/orders/${id}`)).json<AdminOrderDetail>();

describe('«Готов к выдаче»: a real status of pickup orders', () => {
  it('staff set it on a pickup order, the customer reads it and gets a letter; a delivery cannot take it, a pickup cannot be shipped', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 10 });
    const pickup = await place([[shop.drill.id, 1]], { deliveryMethod: 'pickup', pickupBranchId: shop.branch.volgograd!.id, address: '', city: '', postalCode: '' });
    const shipped = await staff('PATCH', `/api/orders/${pickup.id}/status`, { status: 'shipped' });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().message).toBe('Заказ с самовывозом не отправляют: выберите статус «Готов к выдаче», когда заказ ждёт покупателя в филиале');

    shop.ctx.mails.length = 0;
    const ready = await staff('PATCH', `/api/orders/${pickup.id}/status`, { status: 'ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().status).toBe('ready');
    const letter = shop.ctx.mails.find((m) => m.to === pickup.customerEmail && m.subject.startsWith(`Заказ № ${pickup.id} готов к выдаче`));
    expect(letter?.text).toContain(`Самовывоз из филиала: ${shop.branch.volgograd!.city}`);
    const seen = (await shop.ctx.app.inject({ url: `/api/orders/${pickup.id}`, headers: { cookie: shop.customer.cookie } })).json<Order>();
    expect(seen.status).toBe('ready');

    const delivery = await place([[shop.drill.id, 1]]);
    const wrong = await staff('PATCH', `/api/orders/${delivery.id}/status`, { status: 'ready' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('Статус «Готов к выдаче» — для заказов с самовывозом; заказ с доставкой отмечают «Отправлен»');
  });
});

describe('staff edit an order before it ships', () => {
  it("changes quantities, removes and adds lines, sets the delivery price: stock follows each line's branch, totals are computed again, the history says what changed", async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 10 });
    await setBranchStock(db(), shop.saw.id, { volgograd: 10 });
    const placed = await place([[shop.drill.id, 2]]);
    expect(await stockAt(shop.drill.id, 'volgograd')).toBe(8);
    const [line] = (await detail(placed.id)).items;

    const more = await staff('PUT', `/api/admin/orders/${placed.id}/lines`, { lines: [{ itemId: line!.id, quantity: 3 }], add: [{ productId: shop.saw.id, quantity: 1 }], delivery: 300 });
    expect(more.statusCode, more.body).toBe(200);
    const edited = more.json<AdminOrderDetail>();
    expect(edited.items.map((i) => [i.productName, i.quantity])).toEqual([
      [shop.drill.name, 3],
      [shop.saw.name, 1],
    ]);
    expect(await stockAt(shop.drill.id, 'volgograd')).toBe(7);
    expect(await stockAt(shop.saw.id, 'volgograd')).toBe(9);
    // 3 × 1000 + 2000 = 5000, VAT 20 % = 1000, delivery 300.
    expect([edited.subtotal, edited.vat, edited.delivery.price, edited.totalAmount]).toEqual([5000, 1000, 300, 6300]);
    const history = edited.history.filter((h) => h.field !== 'status' && h.field !== 'payment').map((h) => [h.field, h.fromValue, h.toValue]);
    expect(history).toEqual([
      ['lines', `«${shop.drill.name}»: 2 шт.`, `«${shop.drill.name}»: 3 шт.`],
      ['lines', null, `«${shop.saw.name}»: 1 шт.`],
      ['delivery', expect.stringMatching(/^\d+\s₽$/), '300\u00a0₽'],
      ['total', expect.stringMatching(/₽$/), '6\u00a0300\u00a0₽'],
    ]);
    expect(edited.history.at(-1)!.changedBy?.username).toBe(manager.username);

    const removed = await staff('PUT', `/api/admin/orders/${placed.id}/lines`, { lines: [{ itemId: line!.id, quantity: 0 }] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<AdminOrderDetail>().items.map((i) => i.productName)).toEqual([shop.saw.name]);
    expect(await stockAt(shop.drill.id, 'volgograd')).toBe(10);

    const short = await staff('PUT', `/api/admin/orders/${placed.id}/lines`, { lines: [], add: [{ productId: shop.drill.id, quantity: 50 }] });
    expect(short.statusCode).toBe(409);
    expect(await stockAt(shop.drill.id, 'volgograd')).toBe(10);
    const empty = await staff('PUT', `/api/admin/orders/${placed.id}/lines`, { lines: [{ itemId: (await detail(placed.id)).items[0]!.id, quantity: 0 }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.lines).toEqual(['В заказе должна остаться хотя бы одна позиция']);
  });

  it('is refused once the order is handed over, cancelled or paid online, and a pickup has no delivery price', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 10 });
    const placed = await place([[shop.drill.id, 1]]);
    const itemId = (await detail(placed.id)).items[0]!.id;
    const editTo = (id: number, body: object = { lines: [{ itemId, quantity: 2 }] }) => staff('PUT', `/api/admin/orders/${id}/lines`, body);

    // A sum the 32-bit kopeck columns cannot hold is refused, nothing changed.
    await setProduct(db(), shop.saw.id, { price: 1_000_000 });
    await setBranchStock(db(), shop.saw.id, { volgograd: 9999 });
    const huge = await editTo(placed.id, { add: [{ productId: shop.saw.id, quantity: 9999 }] });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(EDIT_TOO_MUCH);
    expect(await stockAt(shop.saw.id, 'volgograd')).toBe(9999);
    await setProduct(db(), shop.saw.id, { price: 2000 });

    for (const [set, message] of [
      [{ status: 'shipped' }, EDIT_HANDED_OVER],
      [{ status: 'cancelled' }, EDIT_CANCELLED],
      [{ status: 'processing', paymentMethod: 'online', paymentStatus: 'paid' }, EDIT_PAID_ONLINE],
    ] as const) {
      await db().update(orders).set(set).where(eq(orders.id, placed.id));
      const res = await editTo(placed.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const pickup = await place([[shop.drill.id, 1]], { deliveryMethod: 'pickup', pickupBranchId: shop.branch.volgograd!.id, address: '', city: '', postalCode: '' });
    const res = await editTo(pickup.id, { lines: [], add: [{ productId: shop.saw.id, quantity: 1 }], delivery: 500 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(EDIT_PICKUP_DELIVERY);
    expect((await shop.ctx.app.inject({ method: 'PUT', url: `/api/admin/orders/${pickup.id}/lines`, payload: { lines: [], add: [{ productId: shop.saw.id, quantity: 1 }] }, headers: { cookie: shop.customer.cookie } })).statusCode).toBe(403);
  });
});

describe('internal comments and the payment link', () => {
  it('comments are for staff only: in the staff detail, never in the customer answer', async () => {
    const placed = await place([[shop.drill.id, 1]]);
    const added = await staff('POST', `/api/admin/orders/${placed.id}/comments`, { text: 'Покупатель просил позвонить после 18:00' });
    expect(added.statusCode, added.body).toBe(201);
    expect((await detail(placed.id)).comments).toEqual([expect.objectContaining({ text: 'Покупатель просил позвонить после 18:00', authorName: manager.username })]);
    const own = await shop.ctx.app.inject({ url: `/api/orders/${placed.id}`, headers: { cookie: shop.customer.cookie } });
    expect(own.body).not.toContain('после 18:00');
    const list = await shop.ctx.app.inject({ url: '/api/orders', headers: { cookie: shop.customer.cookie } });
    expect(list.body).not.toContain('после 18:00');
    const blank = await staff('POST', `/api/admin/orders/${placed.id}/comments`, { text: '   ' });
    expect(blank.json().errors.text).toEqual(['Напишите комментарий']);
  });

  it('a payment link goes to the customer of an unpaid online order only: the order page, where «Оплатить» works', async () => {
    const cash = await place([[shop.drill.id, 1]]);
    expect((await staff('POST', `/api/admin/orders/${cash.id}/payment-link`)).json().message).toBe('Ссылку на оплату отправляют только для заказов с онлайн-оплатой');

    const online = await place([[shop.drill.id, 1]]);
    await db().update(orders).set({ paymentMethod: 'online' }).where(eq(orders.id, online.id));
    shop.ctx.mails.length = 0;
    const sent = await staff('POST', `/api/admin/orders/${online.id}/payment-link`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ sentTo: online.customerEmail });
    const letter = shop.ctx.mails.find((m) => m.subject.startsWith(`Оплата заказа № ${online.id}`));
    expect(letter?.to).toBe(online.customerEmail);
    expect(letter?.text).toContain(`/order-complete/${online.id}`);
    expect(letter?.text).toContain('«Оплатить»');
    expect((await detail(online.id)).comments.at(-1)?.text).toBe(`Отправлена ссылка на оплату на ${online.customerEmail}`);

    await db().update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, online.id));
    expect((await staff('POST', `/api/admin/orders/${online.id}/payment-link`)).json().message).toBe('Заказ уже оплачен');
  });
});
