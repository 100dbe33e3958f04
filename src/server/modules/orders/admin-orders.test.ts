import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderItems, orderStatusHistory, orders } from '#server/db/schema.ts';
import type { AdminOrderDetail, AdminOrderSummary, Order } from '#shared/types.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { createCustomer, pickProducts, readProduct, setProduct, type TestCustomer } from '../../../../tests/helpers/customers.ts';

let ctx: TestContext;
let admin: string;
let manager: TestCustomer;
let customer: TestCustomer;
let items: { id: number; name: string; priceKopecks: number | null }[];

type Seeded = { id: number; createdAt: Date };

/** An order written straight to the database, as checkout leaves it (stock already taken). */
async function insertOrder(o: {
  createdAt: Date;
  status?: string;
  customerName?: string;
  customerEmail?: string;
  customerPhone?: string;
  userId?: number | null;
  lines?: { productId: number; quantity: number; name: string; priceKopecks: number }[];
}): Promise<Seeded> {
  const lines = o.lines ?? [];
  const subtotal = lines.reduce((s, l) => s + l.priceKopecks * l.quantity, 0) || 100_000;
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      userId: o.userId ?? null,
      status: o.status ?? 'pending',
      paymentMethod: 'cash',
      paymentStatus: 'pending',
      customerName: o.customerName ?? 'Пётр Сидоров',
      customerEmail: o.customerEmail ?? 'petr@example.ru',
      customerPhone: o.customerPhone ?? '+7 903 000-00-00',
      address: 'ул. Ленина, д. 1',
      city: 'Волгоград',
      postalCode: '400001',
      subtotalKopecks: subtotal,
      vatKopecks: subtotal / 5,
      vatInTotalKopecks: Math.round((subtotal + subtotal / 5 + 50_000) / 6),
      deliveryKopecks: 50_000,
      totalKopecks: subtotal + subtotal / 5 + 50_000,
      createdAt: o.createdAt,
      updatedAt: o.createdAt,
    })
    .returning({ id: orders.id, createdAt: orders.createdAt });
  if (lines.length) {
    await ctx.database.db.insert(orderItems).values(
      lines.map((l) => ({
        orderId: row!.id,
        productId: l.productId,
        productName: l.name,
        productSku: 'SKU',
        productSlug: 'slug',
        unitPriceKopecks: l.priceKopecks,
        quantity: l.quantity,
        totalKopecks: l.priceKopecks * l.quantity,
      })),
    );
  }
  return row!;
}

const list = async (query: string, cookie = admin) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as { orders: AdminOrderSummary[]; total: number; message?: string; errors?: Record<string, string[]> } };
};

const changeStatus = (id: number, payload: Record<string, unknown>, cookie = admin) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, headers: { cookie }, payload });

const detail = async (id: number, cookie = admin) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as AdminOrderDetail & { message?: string } };
};

// A calendar day far in the past, so the rows are this file's alone (the seed has no orders).
const day = (d: number, hhmmUtc = '09:00') => new Date(`2024-03-${String(d).padStart(2, '0')}T${hhmmUtc}:00Z`);

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  manager = await createCustomer(ctx, 'manager');
  customer = await createCustomer(ctx, 'user');
  items = await pickProducts(ctx.database.db, 2);
  // 23 plain orders on 1..23 March 2024, every fifth one cancelled.
  for (let d = 1; d <= 23; d++) {
    await insertOrder({ createdAt: day(d), status: d % 5 === 0 ? 'cancelled' : 'pending', customerName: `Покупатель ${d}` });
  }
});
afterAll(() => ctx.close());

describe('GET /api/orders (staff list)', () => {
  it('is for staff only: 401 for visitors, 403 for customers, 200 for managers', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    const asCustomer = await list('', customer.cookie);
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.message).toBe('Доступ запрещён');
    const asManager = await list('startDate=2024-03-01&endDate=2024-03-31', manager.cookie);
    expect(asManager.status).toBe(200);
    expect(asManager.body.total).toBe(23);
  });

  it('pages by 10, newest first, with the total', async () => {
    const first = await list('startDate=2024-03-01&endDate=2024-03-31&page=1&limit=10');
    expect(first.body.total).toBe(23);
    expect(first.body.orders).toHaveLength(10);
    expect(first.body.orders[0]!.customerName).toBe('Покупатель 23');
    expect(first.body.orders[9]!.customerName).toBe('Покупатель 14');
    const third = await list('startDate=2024-03-01&endDate=2024-03-31&page=3&limit=10');
    expect(third.body.orders.map((o) => o.customerName)).toEqual(['Покупатель 3', 'Покупатель 2', 'Покупатель 1']);
    const beyond = await list('startDate=2024-03-01&endDate=2024-03-31&page=9');
    expect(beyond.body).toEqual({ orders: [], total: 23 });
  });

  it("filters by status, 'all' meaning no filter", async () => {
    const cancelled = await list('status=cancelled&startDate=2024-03-01&endDate=2024-03-31&limit=100');
    expect(cancelled.body.total).toBe(4);
    expect(cancelled.body.orders.every((o) => o.status === 'cancelled')).toBe(true);
    const all = await list('status=all&startDate=2024-03-01&endDate=2024-03-31');
    expect(all.body.total).toBe(23);
    const bad = await list('status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Некорректный статус заказа');
  });

  it('filters by start and end date as whole days of shop time (Moscow), both inclusive', async () => {
    const lateOn30th = await insertOrder({ createdAt: new Date('2024-04-30T20:59:00Z'), customerName: 'Поздний Вечер' }); // 23:59 MSK on the 30th
    const earlyOn1st = await insertOrder({ createdAt: new Date('2024-04-30T21:00:00Z'), customerName: 'Ранее Утро' }); // 00:00 MSK on 1 May
    const april = await list('startDate=2024-04-30&endDate=2024-04-30');
    expect(april.body.orders.map((o) => o.id)).toEqual([lateOn30th.id]);
    const may = await list('startDate=2024-05-01&endDate=2024-05-01');
    expect(may.body.orders.map((o) => o.id)).toEqual([earlyOn1st.id]);
    const week = await list('startDate=2024-03-05&endDate=2024-03-11');
    expect(week.body.total).toBe(7);
    const onlyEnd = await list('endDate=2024-03-02');
    expect(onlyEnd.body.orders.map((o) => o.customerName)).toEqual(['Покупатель 2', 'Покупатель 1']);
  });

  it('refuses impossible dates and a start after the end with Russian messages', async () => {
    const bad = await list('startDate=2024-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Некорректная дата начала');
    const reversed = await list('startDate=2024-03-10&endDate=2024-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors?.endDate).toEqual(['Дата начала позже даты окончания']);
  });

  it('searches the order number, the name, the e-mail and the phone', async () => {
    const target = await insertOrder({
      createdAt: day(25),
      customerName: 'Анна Кузнецова',
      customerEmail: 'Anna.K@Example.ru',
      customerPhone: '8 (917) 555-12-34',
    });
    const ids = async (q: string) => (await list(`query=${encodeURIComponent(q)}&limit=100`)).body.orders.map((o) => o.id);
    expect(await ids('кузнецова')).toEqual([target.id]);
    expect(await ids('anna.k@example')).toEqual([target.id]);
    expect(await ids('555-12-34')).toEqual([target.id]);
    expect(await ids('+7 917 555 12 34')).toEqual([target.id]);
    expect(await ids(`№${target.id}`)).toContain(target.id);
    expect(await ids(String(target.id))).toContain(target.id);
    expect(await ids('нет такого покупателя')).toEqual([]);
    // LIKE wildcards are plain characters.
    expect(await ids('%')).toEqual([]);
  });
});

describe('PATCH /api/orders/{id}/status', () => {
  it('cancelling returns the stock, un-cancelling takes it again, each change in the history with who and when', async () => {
    const [a, b] = items;
    await setProduct(ctx.database.db, a!.id, { stock: 10 });
    await setProduct(ctx.database.db, b!.id, { stock: 4 });
    const order = await insertOrder({
      createdAt: day(26),
      userId: customer.id,
      lines: [
        { productId: a!.id, quantity: 3, name: a!.name, priceKopecks: a!.priceKopecks! },
        { productId: b!.id, quantity: 2, name: b!.name, priceKopecks: b!.priceKopecks! },
      ],
    });

    const processing = await changeStatus(order.id, { status: 'processing' }, manager.cookie);
    expect(processing.statusCode).toBe(200);
    expect(processing.json().status).toBe('processing');
    expect((await readProduct(ctx.database.db, a!.id)).stock).toBe(10);

    ctx.clock.advance(60_000);
    const cancelled = await changeStatus(order.id, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect((await readProduct(ctx.database.db, a!.id)).stock).toBe(13);
    expect((await readProduct(ctx.database.db, b!.id)).stock).toBe(6);

    // Setting the same status again changes nothing (no double return).
    await changeStatus(order.id, { status: 'cancelled' });
    expect((await readProduct(ctx.database.db, a!.id)).stock).toBe(13);

    const restored = await changeStatus(order.id, { status: 'pending' });
    expect(restored.statusCode).toBe(200);
    expect((await readProduct(ctx.database.db, a!.id)).stock).toBe(10);
    expect((await readProduct(ctx.database.db, b!.id)).stock).toBe(4);

    const { body } = await detail(order.id);
    expect(body.status).toBe('pending');
    expect(body.history.map((h) => [h.field, h.fromValue, h.toValue, h.changedBy?.username])).toEqual([
      ['status', 'pending', 'processing', manager.username],
      ['status', 'processing', 'cancelled', 'admin'],
      ['status', 'cancelled', 'pending', 'admin'],
    ]);
    expect(new Date(body.history[1]!.changedAt).getTime()).toBeGreaterThan(new Date(body.history[0]!.changedAt).getTime());
  });

  it('refuses to un-cancel when the stock is short: 409 with the product named, nothing changed', async () => {
    const [a, b] = items;
    await setProduct(ctx.database.db, a!.id, { stock: 5 });
    await setProduct(ctx.database.db, b!.id, { stock: 1 });
    const order = await insertOrder({
      createdAt: day(27),
      status: 'cancelled',
      lines: [
        { productId: a!.id, quantity: 2, name: a!.name, priceKopecks: a!.priceKopecks! },
        { productId: b!.id, quantity: 3, name: b!.name, priceKopecks: b!.priceKopecks! },
      ],
    });
    const res = await changeStatus(order.id, { status: 'processing', paymentStatus: 'paid' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Недостаточно товара «${(await readProduct(ctx.database.db, b!.id)).name}» в филиале в Волгограде: нужно 3 шт., в наличии 1 шт. Статус заказа не изменён.`,
    );
    // The first line's stock was not taken either: one transaction.
    expect((await readProduct(ctx.database.db, a!.id)).stock).toBe(5);
    expect((await readProduct(ctx.database.db, b!.id)).stock).toBe(1);
    const { body } = await detail(order.id);
    expect(body.status).toBe('cancelled');
    expect(body.paymentStatus).toBe('pending');
    expect(body.history).toEqual([]);
  });

  it('sets the payment status and records it', async () => {
    const order = await insertOrder({ createdAt: day(28) });
    const res = await changeStatus(order.id, { paymentStatus: 'paid' }, manager.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    const history = await ctx.database.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history).toMatchObject([{ field: 'payment', fromValue: 'pending', toValue: 'paid', changedBy: manager.id }]);
  });

  it('the customer sees the new status in their own orders', async () => {
    const order = await insertOrder({ createdAt: day(29), userId: customer.id });
    await changeStatus(order.id, { status: 'shipped' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/orders/my-orders', headers: { cookie: customer.cookie } });
    expect(res.statusCode).toBe(200);
    const mine = (res.json() as { orders: Order[] }).orders.find((o) => o.id === order.id);
    expect(mine?.status).toBe('shipped');
  });

  it('validates the body and the order, and is for staff only', async () => {
    const order = await insertOrder({ createdAt: day(30) });
    const bad = await changeStatus(order.id, { status: 'lost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Выберите статус заказа');
    const empty = await changeStatus(order.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Укажите новый статус заказа или оплаты');
    const missing = await changeStatus(999_999, { status: 'shipped' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Заказ не найден');
    const asCustomer = await changeStatus(order.id, { status: 'shipped' }, customer.cookie);
    expect(asCustomer.statusCode).toBe(403);
    expect((await detail(order.id)).body.status).toBe('pending');
  });
});

describe('GET /api/admin/orders/{id}', () => {
  it('shows the customer, the address, payment, lines with snapshot prices and totals', async () => {
    const [a] = items;
    const order = await insertOrder({
      createdAt: day(31),
      customerName: 'Ольга Смирнова',
      lines: [{ productId: a!.id, quantity: 2, name: 'Название на момент заказа', priceKopecks: 123_400 }],
    });
    const { status, body } = await detail(order.id, manager.cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: order.id,
      customerName: 'Ольга Смирнова',
      address: 'ул. Ленина, д. 1',
      city: 'Волгоград',
      postalCode: '400001',
      paymentMethod: 'cash',
      paymentStatus: 'pending',
      subtotal: 2468,
      itemCount: 2,
      items: [{ productName: 'Название на момент заказа', productPrice: 1234, quantity: 2, totalPrice: 2468 }],
    });
    expect((await detail(order.id, customer.cookie)).status).toBe(403);
    const missing = await detail(424242);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Заказ не найден');
  });
});
