import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../../../tests/helpers/accounts.ts';
import { branchesBySlug, setBranchStock } from '../../../tests/helpers/branch-stock.ts';
import { cartWith, readProduct, stockedProduct, validOrderBody } from '../../../tests/helpers/customers.ts';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { ADDRESSES_MAX } from '#shared/schemas/address.ts';
import type { Address, PublicUser } from '#shared/types.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';

/** Issue 25, «Checkout forgets what it knows»: what the server keeps from an order and tells checkout. */
let ctx: TestContext;
let productId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  productId = await stockedProduct(ctx.database.db, { price: 1000, stock: 500 });
});
afterAll(() => ctx.close());

const order = async (cookie: string, extra: Record<string, unknown> = {}) => {
  const cartId = await cartWith(ctx, [[productId, 1]]);
  return ctx.app.inject({ method: 'POST', url: '/api/orders', payload: validOrderBody(cartId, extra), headers: { cookie } });
};
const addresses = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/addresses', headers: { cookie } })).json().addresses as Address[];
const me = async (cookie: string) => (await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json() as PublicUser;

const ADDRESS = { recipientName: 'Иван Петров', phone: '+7 900 123-45-67', address: 'ул. Мира, д. 5, кв. 12', city: 'Волгоград', postalCode: '400005' };

describe('POST /api/orders: «Сохранить адрес в личном кабинете»', () => {
  it('saves a delivered order’s address once, the first one as the default; without the checkbox or for pickup nothing is saved', async () => {
    const { cookie } = await registerCustomer(ctx);
    expect((await order(cookie)).statusCode).toBe(201);
    expect(await addresses(cookie)).toEqual([]);

    expect((await order(cookie, { saveAddress: true })).statusCode).toBe(201);
    expect(await addresses(cookie)).toEqual([expect.objectContaining({ ...ADDRESS, label: '', isDefault: true })]);
    // The same address again: still one.
    expect((await order(cookie, { saveAddress: true })).statusCode).toBe(201);
    expect(await addresses(cookie)).toHaveLength(1);

    // Another address joins the list, not as the default.
    expect((await order(cookie, { saveAddress: true, address: 'пр. Ленина, д. 100, офис 3', postalCode: '400066' })).statusCode).toBe(201);
    const saved = await addresses(cookie);
    expect(saved.map((a) => [a.address, a.isDefault])).toEqual([
      ['ул. Мира, д. 5, кв. 12', true],
      ['пр. Ленина, д. 100, офис 3', false],
    ]);

    // A pickup order has no address of its own to save.
    const volgograd = (await branchesBySlug(ctx.database.db)).volgograd!;
    expect((await order(cookie, { saveAddress: true, deliveryMethod: 'pickup', pickupBranchId: volgograd.id, address: 'ул. Другая, д. 1' })).statusCode).toBe(201);
    expect(await addresses(cookie)).toHaveLength(2);
  });

  it('refuses the order on the checkbox when the list is full, and takes no stock', async () => {
    const { cookie } = await registerCustomer(ctx);
    for (let i = 0; i < ADDRESSES_MAX; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers: { cookie }, payload: { ...ADDRESS, address: `ул. Мира, д. ${i + 1}` } });
      expect(res.statusCode).toBe(201);
    }
    const stock = (await readProduct(ctx.database.db, productId)).stock;
    const res = await order(cookie, { saveAddress: true, address: 'ул. Новая, д. 7' });
    expect(res.statusCode).toBe(400);
    const message = `Можно сохранить не более ${ADDRESSES_MAX} адресов. Удалите ненужный адрес.`;
    expect(res.json()).toMatchObject({ message, errors: { saveAddress: [message] } });
    expect((await readProduct(ctx.database.db, productId)).stock).toBe(stock);
    // Without the checkbox the same order goes through.
    expect((await order(cookie, { address: 'ул. Новая, д. 7' })).statusCode).toBe(201);
  });

  it('checks the checkbox’s value', async () => {
    const { cookie } = await registerCustomer(ctx);
    const res = await order(cookie, { saveAddress: 'да' });
    expect(res.statusCode).toBe(400);
    expect(await addresses(cookie)).toEqual([]);
  });
});

describe('POST /api/orders: the profile’s name and phone', () => {
  it('are filled from the first order when the profile has none, and kept after', async () => {
    const { cookie } = await registerCustomer(ctx);
    expect(await me(cookie)).toMatchObject({ fullName: null, phone: null });
    expect((await order(cookie, { customerName: 'Анна Кузнецова', customerPhone: '+7 900 777-11-22' })).statusCode).toBe(201);
    expect(await me(cookie)).toMatchObject({ fullName: 'Анна Кузнецова', phone: '+7 900 777-11-22' });
    // An order for someone else does not rename the customer.
    expect((await order(cookie, { customerName: 'Пётр Сидоров', customerPhone: '+7 900 555-12-34' })).statusCode).toBe(201);
    expect(await me(cookie)).toMatchObject({ fullName: 'Анна Кузнецова', phone: '+7 900 777-11-22' });
  });
});

describe('GET /api/cart/{cartId}/pickup', () => {
  it('lists the branch of the customer’s city (the city cookie) first, the others in display order', async () => {
    await setBranchStock(ctx.database.db, productId, { volgograd: 100, 'rostov-na-donu': 100 });
    const cartId = await cartWith(ctx, [[productId, 1]]);
    const cities = async (cookie?: string) =>
      ((await ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}/pickup`, headers: cookie ? { cookie } : {} })).json() as CartPickup).branches.map((b) => b.city);
    const displayOrder = await cities();
    expect(displayOrder[0]).toBe('Волгоград');
    expect(await cities('city=rostov-na-donu')).toEqual(['Ростов-на-Дону', ...displayOrder.filter((c) => c !== 'Ростов-на-Дону')]);
    expect(await cities('city=nowhere')).toEqual(displayOrder);
  });
});
