import { eq } from 'drizzle-orm';
import { branchShopForFile } from '../../../tests/helpers/file-app.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartWith as cartWithLines, readProduct, setProduct, validOrderBody } from '../../../tests/helpers/customers.ts';
import { setBranchPickup, setBranchStock } from '../../../tests/helpers/branch-stock.ts';
import { sellFromBranch } from '../db/product-stock.ts';
import { cartItems, orderItems, productStock } from '../db/schema.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';
import type { AdminOrderDetail, AdminOrderSummary, Order } from '#shared/types.ts';
import { expectFieldErrors, expectSomeFieldErrors } from '../../../tests/helpers/field-errors.ts';

const shop = branchShopForFile();
let admin: string;
beforeAll(async () => {
  admin = await shop.ctx.login();
});

const db = () => shop.ctx.database.db;

const cartWith = (lines: Array<[number, number]>) => cartWithLines(shop.ctx, lines);

const order = (body: Record<string, unknown>, city?: string) =>
  shop.ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: body,
    headers: { cookie: city ? `${shop.customer.cookie}; city=${city}` : shop.customer.cookie },
  });

/** A pickup order's body: no address at all, only the branch. */
const pickupBody = (cartId: string, pickupBranchId: unknown) => {
  const { address: _a, city: _c, postalCode: _p, ...rest } = validOrderBody(cartId);
  return { ...rest, deliveryMethod: 'pickup', pickupBranchId };
};

/** The product's quantity in each branch that holds any, by slug. */
async function stockBySlug(productId: number): Promise<Record<string, number>> {
  const rows = await db().select().from(productStock).where(eq(productStock.productId, productId));
  const slugOf = (id: number) => Object.values(shop.branch).find((b) => b.id === id)!.slug;
  return Object.fromEntries(rows.filter((r) => r.quantity > 0).map((r) => [slugOf(r.branchId), r.quantity]));
}

const lineBranches = async (orderId: number) =>
  (await db().select({ productId: orderItems.productId, branchId: orderItems.stockBranchId }).from(orderItems).where(eq(orderItems.orderId, orderId))).map(
    (r) => [r.productId, r.branchId],
  );

describe('GET /api/cart/{cartId}/pickup', () => {
  it('lists every branch: those holding the whole cart can hand it out, the others say why not; totals without delivery', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 5, 'rostov-na-donu': 2, 'sankt-peterburg': 1, mariupol: 3 });
    await setBranchStock(db(), shop.saw.id, { volgograd: 1, 'rostov-na-donu': 1, mariupol: 1 });
    await setBranchPickup(db(), ['mariupol'], false);
    try {
      const cartId = await cartWith([[shop.drill.id, 2], [shop.saw.id, 1]]);
      const res = await shop.ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}/pickup` });
      expect(res.statusCode).toBe(200);
      const pickup = res.json() as CartPickup;
      expect(pickup.branches.map((b) => [b.city, b.available, b.reason])).toEqual([
        ['Волгоград', true, null],
        ['Ростов-на-Дону', true, null],
        ['Санкт-Петербург', false, `Нет всех товаров: «${shop.drill.name}»: в наличии 1 шт.; «${shop.saw.name}» нет в наличии`],
        ['Новороссийск', false, 'Товаров заказа нет в наличии'],
        ['Мариуполь', false, 'Не выдаёт заказы'],
      ]);
      expect(pickup.branches[0]).toMatchObject({ id: shop.branch.volgograd!.id, address: shop.branch.volgograd!.address, workingHours: shop.branch.volgograd!.workingHours });
      // 4 000 ₽ of goods: delivery would cost 500 ₽, pickup is free.
      expect(pickup).toMatchObject({ subtotal: 4000, vat: 800, delivery: 0, total: 4800 });
    } finally {
      await setBranchPickup(db(), ['mariupol'], true);
    }
  });
});

describe('POST /api/orders with pickup', () => {
  it('places a pickup order: no address needed, free, stock taken from the chosen branch only, the branch in the answer and the e-mails', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 5, 'rostov-na-donu': 2 });
    const cartId = await cartWith([[shop.drill.id, 2]]);
    shop.ctx.mails.length = 0;

    const res = await order({ ...pickupBody(cartId, shop.branch['rostov-na-donu']!.id), expectedTotal: 2400 });
    expect(res.statusCode).toBe(201);
    const placed = res.json() as Order;
    expect(placed).toMatchObject({
      deliveryMethod: 'pickup',
      pickupBranch: {
        id: shop.branch['rostov-na-donu']!.id,
        city: 'Ростов-на-Дону',
        address: shop.branch['rostov-na-donu']!.address,
        phone: shop.branch['rostov-na-donu']!.phone,
        workingHours: shop.branch['rostov-na-donu']!.workingHours,
      },
      address: '',
      postalCode: '',
      subtotal: 2000,
      vat: 400,
      delivery: { method: 'pickup', price: 0 },
      totalAmount: 2400,
    });
    expect(placed.items[0]).toMatchObject({ productId: shop.drill.id, quantity: 2, stockBranch: 'Ростов-на-Дону' });
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 5 });
    expect((await readProduct(db(), shop.drill.id)).stock).toBe(5);
    expect(await lineBranches(placed.id)).toEqual([[shop.drill.id, shop.branch['rostov-na-donu']!.id]]);

    const [confirmation, notice] = shop.ctx.mails;
    for (const mail of [confirmation!, notice!]) {
      expect(mail.text).toContain(`Самовывоз из филиала: Ростов-на-Дону, ${shop.branch['rostov-na-donu']!.address}`);
      expect(mail.text).toContain(`Часы работы филиала: ${shop.branch['rostov-na-donu']!.workingHours}`);
      expect(mail.text).toContain('Самовывоз: бесплатно');
      expect(mail.text).not.toContain('Адрес доставки');
    }
    expect(confirmation!.text).toContain('Мы сообщим, когда заказ будет готов к выдаче.');
  });

  it('refuses a missing, unknown, closed or short branch with a 400 on pickupBranchId, and changes nothing', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 5, 'rostov-na-donu': 1 });
    const cartId = await cartWith([[shop.drill.id, 2]]);
    const cases: Array<[unknown, string]> = [
      [undefined, 'Выберите филиал, из которого заберёте заказ'],
      ['ростов', 'Выберите филиал, из которого заберёте заказ'],
      [999_999, 'Филиал не найден. Выберите филиал из списка.'],
      [shop.branch['rostov-na-donu']!.id, `В филиале в Ростове-на-Дону нет всех товаров заказа («${shop.drill.name}»: в наличии 1 шт.). Выберите другой филиал или доставку.`],
      [shop.branch.novorossiysk!.id, `В филиале в Новороссийске нет всех товаров заказа («${shop.drill.name}» нет в наличии). Выберите другой филиал или доставку.`],
    ];
    await setBranchPickup(db(), ['sankt-peterburg'], false);
    cases.push([shop.branch['sankt-peterburg']!.id, 'Этот филиал не выдаёт заказы. Выберите другой филиал или доставку.']);
    try {
      for (const [pickupBranchId, message] of cases) {
        const res = await order(pickupBody(cartId, pickupBranchId));
        expect(res.statusCode, String(pickupBranchId)).toBe(400);
        expect(res.json()).toMatchObject({ message, errors: { pickupBranchId: [message] } });
      }
    } finally {
      await setBranchPickup(db(), ['sankt-peterburg'], true);
    }
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 5, 'rostov-na-donu': 1 });
    expect(await db().select().from(cartItems).where(eq(cartItems.cartId, cartId))).toHaveLength(1);
  });

  it('still asks for the address when the order is delivered', async () => {
    const cartId = await cartWith([[shop.drill.id, 1]]);
    const res = await order({ ...validOrderBody(cartId), address: '', postalCode: '' });
    expectSomeFieldErrors(res, {
      address: ['Адрес должен быть не менее 5 символов'],
      postalCode: ['Почтовый индекс должен быть не менее 5 символов'],
    });
  });
});

describe('POST /api/orders with delivery: where the stock comes from', () => {
  it("takes each line from the customer's city branch when it holds the whole quantity, otherwise from Volgograd", async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 5, 'rostov-na-donu': 3 });
    await setBranchStock(db(), shop.saw.id, { volgograd: 4, 'rostov-na-donu': 1 });
    const cartId = await cartWith([[shop.drill.id, 3], [shop.saw.id, 2]]);

    const res = await order(validOrderBody(cartId, { city: 'Ростов-на-Дону' }), 'rostov-na-donu');
    expect(res.statusCode).toBe(201);
    const placed = res.json() as Order;
    expect(placed).toMatchObject({ deliveryMethod: 'delivery', pickupBranch: null, delivery: { method: 'delivery', price: 500 } });
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 5 });
    expect(await stockBySlug(shop.saw.id)).toEqual({ volgograd: 2, 'rostov-na-donu': 1 });
    expect((await readProduct(db(), shop.saw.id)).stock).toBe(3);
    expect(placed.items.map((i) => [i.productId, i.stockBranch])).toEqual([
      [shop.drill.id, 'Ростов-на-Дону'],
      [shop.saw.id, 'Волгоград'],
    ]);
  });

  it('without a city cookie takes from Volgograd; when Volgograd lacks it too, from the first branch in display order holding it all', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 1, 'sankt-peterburg': 1, novorossiysk: 4, mariupol: 9 });
    const cartId = await cartWith([[shop.drill.id, 2]]);
    const res = await order(validOrderBody(cartId));
    expect(res.statusCode).toBe(201);
    expect((res.json() as Order).items[0]!.stockBranch).toBe('Новороссийск');
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 1, 'sankt-peterburg': 1, novorossiysk: 2, mariupol: 9 });
  });

  it('an unknown city cookie counts as Volgograd', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 2, 'rostov-na-donu': 2 });
    const cartId = await cartWith([[shop.drill.id, 1]]);
    const res = await order(validOrderBody(cartId), 'atlantida');
    expect(res.statusCode).toBe(201);
    expect((res.json() as Order).items[0]!.stockBranch).toBe('Волгоград');
  });

  it('never splits a line between branches: 409 naming the product when no branch holds the whole quantity', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 2, 'rostov-na-donu': 2 });
    const cartId = await cartWith([[shop.drill.id, 3]]);
    const res = await order(validOrderBody(cartId));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Товар «${shop.drill.name}» есть только частями в разных филиалах: в одном филиале не больше 2 шт. Уменьшите количество или оформите остальное отдельным заказом.`,
    );
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 2, 'rostov-na-donu': 2 });
  });
});

describe('cancelling returns the stock to the branch it came from', () => {
  const changeStatus = (id: number, status: string) =>
    shop.ctx.app.inject({ method: 'PATCH', url: `/api/orders/${id}/status`, payload: { status }, headers: { cookie: admin } });

  it('cancel puts each line back in its branch, un-cancel takes it there again', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 4, 'rostov-na-donu': 2 });
    await setBranchStock(db(), shop.saw.id, { volgograd: 3 });
    const cartId = await cartWith([[shop.drill.id, 2], [shop.saw.id, 1]]);
    const placed = (await order(validOrderBody(cartId), 'rostov-na-donu')).json() as Order;
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 4 });
    expect(await stockBySlug(shop.saw.id)).toEqual({ volgograd: 2 });

    expect((await changeStatus(placed.id, 'cancelled')).statusCode).toBe(200);
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 4, 'rostov-na-donu': 2 });
    expect(await stockBySlug(shop.saw.id)).toEqual({ volgograd: 3 });
    expect((await readProduct(db(), shop.drill.id)).stock).toBe(6);

    expect((await changeStatus(placed.id, 'pending')).statusCode).toBe(200);
    expect(await stockBySlug(shop.drill.id)).toEqual({ volgograd: 4 });
    expect((await readProduct(db(), shop.drill.id)).stock).toBe(4);
  });

  it("refuses to un-cancel when the line's own branch is short, even if another branch has it", async () => {
    await setBranchStock(db(), shop.drill.id, { 'rostov-na-donu': 1 });
    const cartId = await cartWith([[shop.drill.id, 1]]);
    const placed = (await order(pickupBody(cartId, shop.branch['rostov-na-donu']!.id))).json() as Order;
    expect((await changeStatus(placed.id, 'cancelled')).statusCode).toBe(200);
    await setBranchStock(db(), shop.drill.id, { volgograd: 10 });
    const res = await changeStatus(placed.id, 'processing');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Недостаточно товара «${shop.drill.name}» в филиале в Ростове-на-Дону: нужно 1 шт., в наличии 0 шт. Статус заказа не изменён.`);
  });
});

describe('the back office', () => {
  it('shows the pickup branch in the order detail and filters the list by branch (collected there or stock from there)', async () => {
    await setBranchStock(db(), shop.drill.id, { volgograd: 5, novorossiysk: 5 });
    const pickupCart = await cartWith([[shop.drill.id, 1]]);
    const pickupOrder = (await order(pickupBody(pickupCart, shop.branch.novorossiysk!.id))).json() as Order;
    const deliveryCart = await cartWith([[shop.drill.id, 1]]);
    const deliveryOrder = (await order(validOrderBody(deliveryCart), 'novorossiysk')).json() as Order;
    const elsewhereCart = await cartWith([[shop.drill.id, 1]]);
    const elsewhere = (await order(validOrderBody(elsewhereCart))).json() as Order;

    const detail = await shop.ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${pickupOrder.id}`, headers: { cookie: admin } });
    expect(detail.json() as AdminOrderDetail).toMatchObject({
      deliveryMethod: 'pickup',
      city: 'Новороссийск',
      pickupBranch: { city: 'Новороссийск', address: shop.branch.novorossiysk!.address, workingHours: shop.branch.novorossiysk!.workingHours },
    });

    const list = await shop.ctx.app.inject({ method: 'GET', url: `/api/orders?branchId=${shop.branch.novorossiysk!.id}&limit=100`, headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    const found = (list.json().orders as AdminOrderSummary[]).map((o) => [o.id, o.deliveryMethod]);
    expect(found).toContainEqual([pickupOrder.id, 'pickup']);
    expect(found).toContainEqual([deliveryOrder.id, 'delivery']);
    expect(found.map(([id]) => id)).not.toContain(elsewhere.id);

    const bad = await shop.ctx.app.inject({ method: 'GET', url: '/api/orders?branchId=abc', headers: { cookie: admin } });
    expectFieldErrors(bad, { branchId: ['Некорректный филиал'] });
  });
});

describe('a product taken off sale while it is being sold', () => {
  it('is not sold to a customer once its row is locked, and its units stay in the branch; staff restoring an order still may', async () => {
    await setBranchStock(db(), shop.saw.id, { volgograd: 4 });
    await setProduct(db(), shop.saw.id, { isActive: false });
    const move = { productId: shop.saw.id, branchId: shop.branch.volgograd!.id, quantity: 1 };
    const now = new Date();
    // The customer's sale aborts its transaction on 'off-sale', which puts the unit back.
    const customerSale = await db()
      .transaction(async (tx) => {
        const result = await sellFromBranch(tx, move, now, { activeOnly: true });
        if (result !== 'sold') throw new Error(result);
        return result;
      })
      .catch((error: Error) => error.message);
    expect(customerSale).toBe('off-sale');
    expect(await stockBySlug(shop.saw.id)).toEqual({ volgograd: 4 });
    expect(await db().transaction((tx) => sellFromBranch(tx, move, now, { activeOnly: false }))).toBe('sold');
    expect(await stockBySlug(shop.saw.id)).toEqual({ volgograd: 3 });
    expect((await readProduct(db(), shop.saw.id)).stock).toBe(3);
    await setProduct(db(), shop.saw.id, { isActive: true });
  });
});
