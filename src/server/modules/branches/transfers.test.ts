import { eq } from 'drizzle-orm';
import { branchShopForFile } from '../../../../tests/helpers/file-app.ts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartWith as cartWithLines, validOrderBody } from '../../../../tests/helpers/customers.ts';
import { setBranchStock } from '../../../../tests/helpers/branch-stock.ts';
import { orderItems, orders, productStock, staffActions } from '../../db/schema.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';
import type { AdminOrderDetail, Order } from '#shared/types.ts';
import type { BranchTransfer } from '#shared/transfers.ts';

// 21:30 UTC on 30 November is already 1 December in Moscow: the shop's day counts, not UTC's.
const NOW = new Date('2026-11-30T21:30:00Z');

const shop = branchShopForFile(NOW);
let admin: string;
beforeAll(async () => {
  admin = await shop.ctx.login();
});
beforeEach(() => shop.ctx.clock.set(NOW));

const db = () => shop.ctx.database.db;
const id = (slug: string) => shop.branch[slug]!.id;

const saveTransfers = (routes: unknown, cookie = admin) =>
  shop.ctx.app.inject({ method: 'PUT', url: '/api/admin/branch-transfers', payload: { routes }, headers: { cookie } });

/** Volgograd → Rostov in 2 days, Saint Petersburg → Rostov in 5, Volgograd → Novorossiysk in 3. */
const ROUTES = () => [
  { fromBranchId: id('volgograd'), toBranchId: id('rostov-na-donu'), days: 2 },
  { fromBranchId: id('sankt-peterburg'), toBranchId: id('rostov-na-donu'), days: 5 },
  { fromBranchId: id('volgograd'), toBranchId: id('novorossiysk'), days: 3 },
];

const pickupOf = async (cartId: string) => (await shop.ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}/pickup` })).json() as CartPickup;

const order = (body: Record<string, unknown>) =>
  shop.ctx.app.inject({ method: 'POST', url: '/api/orders', payload: body, headers: { cookie: shop.customer.cookie } });

const pickupBody = (cartId: string, pickupBranchId: number, extra: Record<string, unknown> = {}) => {
  const { address: _a, city: _c, postalCode: _p, ...rest } = validOrderBody(cartId);
  return { ...rest, deliveryMethod: 'pickup', pickupBranchId, ...extra };
};

async function stockBySlug(productId: number): Promise<Record<string, number>> {
  const rows = await db().select().from(productStock).where(eq(productStock.productId, productId));
  const slugOf = (branchId: number) => Object.values(shop.branch).find((b) => b.id === branchId)!.slug;
  return Object.fromEntries(rows.filter((r) => r.quantity > 0).map((r) => [slugOf(r.branchId), r.quantity]));
}

describe('the transfer days table (settings, «Филиалы»)', () => {
  it('staff save the whole table; it reads back, publicly too, and the staff log names the change', async () => {
    const res = await saveTransfers(ROUTES());
    expect(res.statusCode).toBe(200);
    const expected = [...ROUTES()].sort((a, b) => a.fromBranchId - b.fromBranchId || a.toBranchId - b.toBranchId);
    expect(res.json()).toEqual(expected);
    const read = await shop.ctx.app.inject({ method: 'GET', url: '/api/admin/branch-transfers', headers: { cookie: admin } });
    expect(read.json()).toEqual(expected);
    expect((await shop.ctx.app.inject({ method: 'GET', url: '/api/branches/transfers' })).json()).toEqual(expected);
    const [entry] = await db().select().from(staffActions).where(eq(staffActions.kind, 'branch.transfers'));
    expect(entry).toMatchObject({ objectName: 'Сроки перемещений' });
    expect(JSON.stringify(entry!.details)).toContain('"days":5');
  });

  it.each([
    [0, 'Срок перемещения — целое число дней от 1 до 30'],
    [31, 'Срок перемещения — целое число дней от 1 до 30'],
    [1.5, 'Срок перемещения — целое число дней от 1 до 30'],
    ['2', 'Срок перемещения — целое число дней от 1 до 30'],
  ])('refuses %s days with a Russian message and keeps the table', async (days, message) => {
    await saveTransfers(ROUTES());
    const res = await saveTransfers([{ fromBranchId: id('volgograd'), toBranchId: id('mariupol'), days }]);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(((await shop.ctx.app.inject({ method: 'GET', url: '/api/branches/transfers' })).json() as BranchTransfer[]).length).toBe(3);
  });

  it('refuses a route to the same branch, a route given twice and an unknown branch', async () => {
    const same = await saveTransfers([{ fromBranchId: id('volgograd'), toBranchId: id('volgograd'), days: 1 }]);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Перемещение из филиала в Волгограде в него же не нужно: оставьте эту клетку пустой.');
    const twice = await saveTransfers([ROUTES()[0], ROUTES()[0]]);
    expect(twice.json().message).toBe('Маршрут Волгоград → Ростов-на-Дону указан дважды.');
    const unknown = await saveTransfers([{ fromBranchId: 999_999, toBranchId: id('volgograd'), days: 1 }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Филиал не найден. Обновите страницу: список филиалов изменился.');
  });

  it('only staff may save it', async () => {
    expect((await saveTransfers(ROUTES(), shop.customer.cookie)).statusCode).toBe(403);
    expect((await shop.ctx.app.inject({ method: 'PUT', url: '/api/admin/branch-transfers', payload: { routes: [] } })).statusCode).toBe(401);
  });
});

describe('pickup with a transfer', () => {
  beforeAll(async () => {
    expect((await saveTransfers(ROUTES())).statusCode).toBe(200);
  });

  it('offers a branch that lacks a line another branch holds, with the day (shop time + the longest route needed)', async () => {
    await setBranchStock(db(), shop.drill.id, { 'rostov-na-donu': 2, volgograd: 5 });
    await setBranchStock(db(), shop.saw.id, { volgograd: 1 });
    const pickup = await pickupOf(await cartWithLines(shop.ctx, [[shop.drill.id, 2], [shop.saw.id, 1]]));
    const rostov = pickup.branches.find((b) => b.id === id('rostov-na-donu'))!;
    expect(rostov).toMatchObject({ available: true, reason: null, transfer: true, readyBy: '2026-12-03' });
    // Volgograd holds all: no transfer. Novorossiysk holds nothing but Volgograd sends in 3 days.
    expect(pickup.branches.find((b) => b.id === id('volgograd'))).toMatchObject({ available: true, transfer: false, readyBy: null });
    expect(pickup.branches.find((b) => b.id === id('novorossiysk'))).toMatchObject({ available: true, transfer: true, readyBy: '2026-12-04' });
    // Saint Petersburg has no route from anywhere.
    expect(pickup.branches.find((b) => b.id === id('sankt-peterburg'))).toMatchObject({ available: false, readyBy: null, reason: 'Товаров заказа нет в наличии' });
  });

  it('a short quantity also comes by transfer, from the branch that brings it soonest', async () => {
    await setBranchStock(db(), shop.drill.id, { 'rostov-na-donu': 1, volgograd: 3, 'sankt-peterburg': 3 });
    const pickup = await pickupOf(await cartWithLines(shop.ctx, [[shop.drill.id, 3]]));
    expect(pickup.branches.find((b) => b.id === id('rostov-na-donu'))).toMatchObject({ available: true, readyBy: '2026-12-03' });
    await setBranchStock(db(), shop.drill.id, { 'rostov-na-donu': 1, 'sankt-peterburg': 3 });
    const slower = await pickupOf(await cartWithLines(shop.ctx, [[shop.drill.id, 3]]));
    expect(slower.branches.find((b) => b.id === id('rostov-na-donu'))).toMatchObject({ available: true, readyBy: '2026-12-06' });
  });

  it('the order records each line’s source branch and the day, takes stock there, and cancelling returns it there', async () => {
    await setBranchStock(db(), shop.drill.id, { 'rostov-na-donu': 2, volgograd: 5 });
    await setBranchStock(db(), shop.saw.id, { volgograd: 1, 'sankt-peterburg': 4 });
    const cartId = await cartWithLines(shop.ctx, [[shop.drill.id, 2], [shop.saw.id, 1]]);
    // A date and sources forged by the browser are not the order's: the server computes them.
    shop.ctx.mails.length = 0;
    const res = await order(pickupBody(cartId, id('rostov-na-donu'), { readyBy: '2026-12-01', expectedTotal: 4800 }));
    expect(res.statusCode).toBe(201);
    const placed = res.json() as Order;
    expect(placed.readyBy).toBe('2026-12-03');
    // The customer's confirmation and the shop's notice both name the day.
    expect(shop.ctx.mails.map((m) => m.text.includes('Привезём в филиал Ростов-на-Дону к 3 декабря'))).toEqual([true, true]);
    expect(placed.items.map((i) => [i.productId, i.stockBranch])).toEqual([
      [shop.drill.id, 'Ростов-на-Дону'],
      [shop.saw.id, 'Волгоград'],
    ]);
    const [row] = await db().select({ readyBy: orders.readyBy }).from(orders).where(eq(orders.id, placed.id));
    expect(row!.readyBy).toBe('2026-12-03');
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 5 });
    expect(await stockBySlug(shop.saw.id)).toEqual({ 'sankt-peterburg': 4 });

    const seen = await shop.ctx.app.inject({ method: 'GET', url: `/api/orders/${placed.id}`, headers: { cookie: shop.customer.cookie } });
    expect((seen.json() as Order).readyBy).toBe('2026-12-03');

    const cancel = await shop.ctx.app.inject({ method: 'PATCH', url: `/api/orders/${placed.id}/status`, payload: { status: 'cancelled' }, headers: { cookie: admin } });
    expect(cancel.statusCode).toBe(200);
    expect(await stockBySlug(shop.drill.id)).toEqual({ 'rostov-na-donu': 2, volgograd: 5 });
    expect(await stockBySlug(shop.saw.id)).toEqual({ volgograd: 1, 'sankt-peterburg': 4 });
  });

  it('«Товар прибыл в филиал» makes the order «Готов к выдаче» with the history note; refused for an order without a transfer', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 5 });
    const placed = (await order(pickupBody(await cartWithLines(shop.ctx, [[shop.drill.id, 1]]), id('rostov-na-donu')))).json() as Order;
    expect(placed.readyBy).toBe('2026-12-03');
    const arrive = (orderId: number) =>
      shop.ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/transfer-arrived`, headers: { cookie: admin } });
    const res = await arrive(placed.id);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as AdminOrderDetail;
    expect(detail.status).toBe('ready');
    expect(detail.history.at(-1)).toMatchObject({ field: 'status', fromValue: 'pending', toValue: 'ready', note: 'Товар прибыл в филиал' });
    const again = await arrive(placed.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Заказ уже в статусе «Готов к выдаче»: отметить прибытие товара нельзя.');

    await setBranchStock(db(), shop.drill.id, { 'rostov-na-donu': 1 });
    const local = (await order(pickupBody(await cartWithLines(shop.ctx, [[shop.drill.id, 1]]), id('rostov-na-donu')))).json() as Order;
    const refused = await arrive(local.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('В этом заказе нет товара, который везут из другого филиала.');
    expect((await shop.ctx.app.inject({ method: 'POST', url: `/api/admin/orders/${local.id}/transfer-arrived`, headers: { cookie: shop.customer.cookie } })).statusCode).toBe(403);
  });

  it('an order whose lines are all at the pickup branch has no date and takes nothing elsewhere', async () => {
    await setBranchStock(db(), shop.drill.id, { 'rostov-na-donu': 2, volgograd: 5 });
    const cartId = await cartWithLines(shop.ctx, [[shop.drill.id, 2]]);
    const placed = (await order(pickupBody(cartId, id('rostov-na-donu')))).json() as Order;
    expect(placed.readyBy).toBeNull();
    expect(placed.items[0]!.stockBranch).toBe('Ростов-на-Дону');
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 5 });
  });

  it('refuses a pickup branch no route reaches with the shortage, taking nothing; a forged branch id is refused', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 5 });
    const cartId = await cartWithLines(shop.ctx, [[shop.drill.id, 2]]);
    const res = await order(pickupBody(cartId, id('sankt-peterburg')));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.pickupBranchId[0]).toBe(
      `В филиале в Санкт-Петербурге нет всех товаров заказа («${shop.drill.name}» нет в наличии). Выберите другой филиал или доставку.`,
    );
    const forged = await order(pickupBody(cartId, 999_999));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors.pickupBranchId[0]).toBe('Филиал не найден. Выберите филиал из списка.');
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 5 });
    const lines = await db().select().from(orderItems).where(eq(orderItems.productId, shop.drill.id));
    expect(lines.every((l) => l.stockBranchId !== id('sankt-peterburg'))).toBe(true);
  });

  it('a route removed from the table is no longer offered', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 5 });
    expect((await saveTransfers([])).statusCode).toBe(200);
    try {
      const pickup = await pickupOf(await cartWithLines(shop.ctx, [[shop.drill.id, 1]]));
      expect(pickup.branches.find((b) => b.id === id('rostov-na-donu'))).toMatchObject({ available: false, readyBy: null });
    } finally {
      await saveTransfers(ROUTES());
    }
  });
});
