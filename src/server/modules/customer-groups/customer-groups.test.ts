import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, type Call } from '../../../../tests/helpers/accounts.ts';
import { createCustomer, cartWith, pickProducts, setProduct, validOrderBody, readProduct, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { priceTypes, productPrices } from '../../db/schema.ts';
import { catalogChanged } from '../products/catalog-events.ts';
import {
  DISCOUNT_MESSAGE,
  GROUP_NAME_REQUIRED,
  GROUP_NAME_RESERVED,
  GROUP_NAME_TAKEN,
  PRICE_TYPE_REQUIRED,
  PRICE_TYPE_UNKNOWN,
  type CustomerGroup,
  type CustomerGroupList,
} from '#shared/schemas/customer-groups.ts';
import type { Cart } from '#shared/types.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let admin: string;
const DEALER_TYPE = 'dealer-type-0000-11e8-80c2-00155d0a6402';

const as = (cookie: string | null, call: Call) => callAs(ctx, cookie, call);
const groupsList = async () => (await as(admin, { method: 'GET', url: '/api/admin/customer-groups' })).json() as CustomerGroupList;
const createGroup = async (payload: object) => {
  const res = await as(admin, { method: 'POST', url: '/api/admin/customer-groups', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CustomerGroup;
};
const putInGroup = async (userId: number, groupId: number | null) => {
  const res = await as(admin, { method: 'PUT', url: `/api/admin/users/${userId}/customer-group`, payload: { groupId } });
  expect(res.statusCode, res.body).toBe(200);
};
const getCart = async (cartId: string, cookie: string | null) => (await as(cookie, { method: 'GET', url: `/api/cart/${cartId}` })).json() as Cart;
const myPrices = (ids: number[], cookie: string | null) => as(cookie, { method: 'GET', url: `/api/prices/mine?ids=${ids.join(',')}` });

let wholesale: CustomerGroup;
let dealer: CustomerGroup;
let retailBuyer: TestCustomer;
let wholesaleBuyer: TestCustomer;
let dealerBuyer: TestCustomer;
/** Retail 10 000 ₽ with a dealer price of 7 500 ₽; retail 2 000 ₽ with no dealer price; on request. */
let typed: { id: number; slug: string };
let untyped: { id: number };
let onRequest: { id: number };

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  const db = ctx.database.db;
  const [a, b, c] = await pickProducts(db, 3);
  typed = { id: a!.id, slug: (await readProduct(db, a!.id)).slug };
  untyped = { id: b!.id };
  onRequest = { id: c!.id };
  await setProduct(db, typed.id, { price: 10_000, stock: 50 });
  await setProduct(db, untyped.id, { price: 2_000, stock: 50 });
  await setProduct(db, onRequest.id, { price: null, stock: 50 });
  await db.insert(priceTypes).values({ id: DEALER_TYPE, name: 'Дилерская' });
  await db.insert(productPrices).values([
    { productId: typed.id, priceTypeId: DEALER_TYPE, priceKopecks: 750_000 },
    { productId: onRequest.id, priceTypeId: DEALER_TYPE, priceKopecks: 100_000 },
  ]);
  // Written past the catalogue's door: announced as the door would, so the index and the cached answers take them in.
  catalogChanged();
  [retailBuyer, wholesaleBuyer, dealerBuyer] = await Promise.all([createCustomer(ctx), createCustomer(ctx), createCustomer(ctx)]);
});
afterAll(() => ctx.close());

describe('«Группы покупателей» in the back office', () => {
  it('are for administrators only', async () => {
    const manager = await createCustomer(ctx, 'manager');
    expect((await as(null, { method: 'GET', url: '/api/admin/customer-groups' })).statusCode).toBe(401);
    expect((await as(manager.cookie, { method: 'GET', url: '/api/admin/customer-groups' })).statusCode).toBe(403);
    expect((await as(retailBuyer.cookie, { method: 'POST', url: '/api/admin/customer-groups', payload: { name: 'Свои', pricing: 'discount', discountPercent: 50 } })).statusCode).toBe(403);
    expect((await as(manager.cookie, { method: 'PUT', url: `/api/admin/users/${retailBuyer.id}/customer-group`, payload: { groupId: null } })).statusCode).toBe(403);
  });

  it('start with the demo «Опт» at 10 % off, nobody in it, and list the price types 1C sent', async () => {
    const list = await groupsList();
    expect(list.groups).toEqual([{ id: expect.any(Number), name: 'Опт', pricing: 'discount', priceTypeId: null, priceTypeName: null, discountPercent: 10, customers: 0 }]);
    expect(list.priceTypes).toEqual([{ id: DEALER_TYPE, name: 'Дилерская' }]);
    wholesale = list.groups[0]!;
  });

  it('refuse a bad group with Russian messages on its fields', async () => {
    const refused = async (payload: object, status = 400) => {
      const res = await as(admin, { method: 'POST', url: '/api/admin/customer-groups', payload });
      expect(res.statusCode, res.body).toBe(status);
      return res.json().errors as Record<string, string[]>;
    };
    expect(await refused({ name: '  ', pricing: 'discount', discountPercent: 5 })).toMatchObject({ name: [GROUP_NAME_REQUIRED] });
    expect(await refused({ name: 'розница', pricing: 'discount', discountPercent: 5 })).toMatchObject({ name: [GROUP_NAME_RESERVED] });
    expect(await refused({ name: 'Крупный опт', pricing: 'discount', discountPercent: 91 })).toEqual({ discountPercent: [DISCOUNT_MESSAGE] });
    expect(await refused({ name: 'Крупный опт', pricing: 'discount', discountPercent: 12.5 })).toEqual({ discountPercent: [DISCOUNT_MESSAGE] });
    expect(await refused({ name: 'Крупный опт', pricing: 'discount' })).toEqual({ discountPercent: [DISCOUNT_MESSAGE] });
    expect(await refused({ name: 'Дилер', pricing: 'price_type' })).toEqual({ priceTypeId: [PRICE_TYPE_REQUIRED] });
    expect(await refused({ name: 'Дилер', pricing: 'price_type', priceTypeId: 'no-such-type' })).toEqual({ priceTypeId: [PRICE_TYPE_UNKNOWN] });
    expect(await refused({ name: 'опт', pricing: 'discount', discountPercent: 15 }, 409)).toEqual({ name: [GROUP_NAME_TAKEN] });
    expect((await groupsList()).groups.map((g) => g.name)).toEqual(['Опт']);
  });

  it('create, edit and put customers in groups; the staff log keeps each change', async () => {
    dealer = await createGroup({ name: 'Дилер', pricing: 'price_type', priceTypeId: DEALER_TYPE, discountPercent: 30 });
    expect(dealer).toMatchObject({ name: 'Дилер', pricing: 'price_type', priceTypeId: DEALER_TYPE, priceTypeName: 'Дилерская', discountPercent: null, customers: 0 });
    const temporary = await createGroup({ name: 'Временная', pricing: 'discount', discountPercent: 0 });
    const edited = await as(admin, { method: 'PUT', url: `/api/admin/customer-groups/${temporary.id}`, payload: { name: 'Сезонная', pricing: 'discount', discountPercent: 5 } });
    expect(edited.json()).toMatchObject({ name: 'Сезонная', pricing: 'discount', discountPercent: 5 });
    await putInGroup(wholesaleBuyer.id, wholesale.id);
    await putInGroup(dealerBuyer.id, dealer.id);
    const counts = Object.fromEntries((await groupsList()).groups.map((g) => [g.name, g.customers]));
    expect(counts).toEqual({ Дилер: 1, Опт: 1, Сезонная: 0 });

    const unknown = await as(admin, { method: 'PUT', url: `/api/admin/users/${retailBuyer.id}/customer-group`, payload: { groupId: 999_999 } });
    expectFieldErrors(unknown, { groupId: ['Группа покупателей не найдена'] });

    const log = (await as(admin, { method: 'GET', url: '/api/admin/staff-actions?limit=10' })).json().actions as { kind: string; objectName: string | null; before: object | null; after: object | null }[];
    expect(log.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['customer-group.create', 'customer-group.update', 'user.customer-group']),
    );
    expect(log.find((e) => e.kind === 'customer-group.update')).toMatchObject({ objectName: 'Сезонная', before: { name: 'Временная', discountPercent: 0 }, after: { name: 'Сезонная', discountPercent: 5 } });
    expect(log.find((e) => e.kind === 'user.customer-group' && e.objectName === dealerBuyer.username)).toMatchObject({ before: { customerGroup: null }, after: { customerGroup: 'Дилер' } });

    const removed = await as(admin, { method: 'DELETE', url: `/api/admin/customer-groups/${temporary.id}` });
    expect(removed.statusCode).toBe(204);
  });

  it('refuse to delete a group in use, saying how many customers are in it', async () => {
    const res = await as(admin, { method: 'DELETE', url: `/api/admin/customer-groups/${wholesale.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('В группе «Опт» 1 покупатель: переведите его в другую группу, затем удалите группу');
    expect((await groupsList()).groups.map((g) => g.name)).toContain('Опт');
  });
});

describe('the customer’s prices', () => {
  it('GET /api/prices/mine: a group by discount, a group by price type with retail where it has none, nothing for guests and «Розница»', async () => {
    const ids = [typed.id, untyped.id, onRequest.id];
    const wholesaleRes = await myPrices(ids, wholesaleBuyer.cookie);
    expect(wholesaleRes.headers['cache-control']).toBe('private, no-store');
    expect(wholesaleRes.json()).toEqual({
      prices: { [typed.id]: { price: 9_000, retailPrice: 10_000 }, [untyped.id]: { price: 1_800, retailPrice: 2_000 } },
      group: { name: 'Опт' },
    });
    // The dealer price where there is one; the retail price (nothing personal) for the other; on request stays on request.
    expect((await myPrices(ids, dealerBuyer.cookie)).json()).toEqual({ prices: { [typed.id]: { price: 7_500, retailPrice: 10_000 } }, group: { name: 'Дилер' } });
    for (const cookie of [null, retailBuyer.cookie]) {
      const res = await myPrices(ids, cookie);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toEqual({ prices: {}, group: null });
    }
    const bad = await myPrices([], wholesaleBuyer.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('the public catalogue answers the same body and headers to a group customer and to guests, retail only', async () => {
    const listedPrice = async (cookie: string | null) => {
      const page = (await as(cookie, { method: 'GET', url: '/api/products?priceMin=10000&priceMax=10000&limit=48' })).json();
      return (page.products as { id: number; price: number }[]).find((p) => p.id === typed.id)?.price;
    };
    for (const url of [`/api/products/${typed.slug}`, `/api/products/${typed.id}`, '/api/products?priceMin=10000&priceMax=10000&limit=48']) {
      const first = await as(null, { method: 'GET', url });
      const customer = await as(wholesaleBuyer.cookie, { method: 'GET', url });
      const dealerAnswer = await as(dealerBuyer.cookie, { method: 'GET', url });
      const after = await as(null, { method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      for (const res of [customer, dealerAnswer, after]) {
        expect(res.body, url).toBe(first.body);
        for (const header of ['cache-control', 'etag', 'vary', 'content-type']) expect(res.headers[header], `${url} ${header}`).toBe(first.headers[header]);
      }
      expect(first.headers['cache-control']).toMatch(/max-age/);
      expect(first.headers['cache-control']).not.toMatch(/private/);
    }
    const product = (await as(wholesaleBuyer.cookie, { method: 'GET', url: `/api/products/${typed.id}` })).json();
    expect(product.price).toBe(10_000);
    expect(await listedPrice(dealerBuyer.cookie)).toBe(10_000);
  });

  it('the cart and the order are at the group’s price, computed by the server', async () => {
    const cartId = await cartWith(ctx, [
      [typed.id, 2],
      [untyped.id, 1],
    ]);
    const guestCart = await getCart(cartId, null);
    expect(guestCart.items.map((i) => [i.product.price, i.product.retailPrice, i.totalPrice])).toEqual([
      [10_000, null, 20_000],
      [2_000, null, 2_000],
    ]);
    expect(guestCart.subtotal).toBe(22_000);

    const mine = await getCart(cartId, wholesaleBuyer.cookie);
    expect(mine.items.map((i) => [i.product.price, i.product.retailPrice, i.totalPrice])).toEqual([
      [9_000, 10_000, 18_000],
      [1_800, 2_000, 1_800],
    ]);
    expect(mine.subtotal).toBe(19_800);
    const pickup = (await as(wholesaleBuyer.cookie, { method: 'GET', url: `/api/cart/${cartId}/pickup` })).json();
    expect(pickup.subtotal).toBe(19_800);

    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: wholesaleBuyer.cookie },
      payload: validOrderBody(cartId, { expectedTotal: mine.total }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order.items.map((i: { productPrice: number; quantity: number; totalPrice: number }) => [i.productPrice, i.quantity, i.totalPrice])).toEqual([
      [9_000, 2, 18_000],
      [1_800, 1, 1_800],
    ]);
    expect(order.subtotal).toBe(19_800);
    expect(order.totalAmount).toBe(mine.total);
  });

  it('an order expecting the retail total of a group customer’s cart is refused: the price changed', async () => {
    const cartId = await cartWith(ctx, [[typed.id, 1]]);
    const guestTotal = (await getCart(cartId, null)).total;
    const dealerCart = await getCart(cartId, dealerBuyer.cookie);
    expect(dealerCart.items[0]!.product).toMatchObject({ price: 7_500, retailPrice: 10_000 });
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: dealerBuyer.cookie }, payload: validOrderBody(cartId, { expectedTotal: guestTotal }) });
    expect(refused.statusCode).toBe(409);
    const placed = await ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: dealerBuyer.cookie }, payload: validOrderBody(cartId, { expectedTotal: dealerCart.total }) });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().items[0]).toMatchObject({ productPrice: 7_500, totalPrice: 7_500 });
  });

  it('a customer put back in «Розница» pays retail again', async () => {
    await putInGroup(dealerBuyer.id, null);
    const cartId = await cartWith(ctx, [[typed.id, 1]]);
    expect((await getCart(cartId, dealerBuyer.cookie)).items[0]!.product).toMatchObject({ price: 10_000, retailPrice: null });
    expect((await myPrices([typed.id], dealerBuyer.cookie)).json()).toEqual({ prices: {}, group: null });
  });
});
