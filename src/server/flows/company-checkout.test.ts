/**
 * Buying as an organisation (issue 27): POST /api/orders with `buyer: { type: 'company' }` copies
 * the customer's own organisation into the order, and every answer about the order names it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminShopForFile } from '../../../tests/helpers/file-app.ts';
import { orders } from '../db/schema.ts';
import { INVOICE_FOR_PERSON_MESSAGE } from '#shared/schemas/checkout.ts';
import type { Organization } from '#shared/organizations.ts';
import type { AdminOrderDetail, AdminOrderSummary, Order } from '#shared/types.ts';
import { SBERBANK, addOrganization, setSellerRequisites } from '../../../tests/helpers/company-orders.ts';
import { cartWith, createCustomer, readProduct, stockedProduct, type TestCustomer, validOrderBody } from '../../../tests/helpers/customers.ts';
import { OWN_ORGANIZATION_MESSAGE } from './order-buyer.ts';
import { expectFieldErrors } from '../../../tests/helpers/field-errors.ts';

const shop = adminShopForFile();
let customer: TestCustomer;
let organization: Organization;
let productId: number;

beforeAll(async () => {
  await setSellerRequisites(shop.ctx, shop.admin);
  customer = await createCustomer(shop.ctx);
  organization = await addOrganization(shop.ctx, customer.cookie);
  productId = await stockedProduct(shop.ctx.database.db, { stock: 50, price: 1200 });
});

async function order(extra: Record<string, unknown>, cookie: string | null = customer.cookie) {
  const cartId = await cartWith(shop.ctx, [[productId, 2]]);
  const res = await shop.ctx.app.inject({ method: 'POST', url: '/api/orders', headers: cookie ? { cookie } : {}, payload: validOrderBody(cartId, extra) });
  return { res, cartId };
}

const get = async <T>(url: string, cookie: string) => (await shop.ctx.app.inject({ method: 'GET', url, headers: { cookie } })).json() as T;

const SBERBANK_TEXT = 'ПАО Сбербанк, ИНН 7707083893, КПП 773601001';

describe('an order for an organisation', () => {
  let placed: Order;

  it('is placed with the organisation copied into it, and paid by invoice', async () => {
    shop.ctx.mails.length = 0;
    const { res } = await order({ buyer: { type: 'company', organizationId: organization.id }, paymentMethod: 'invoice' });
    expect(res.statusCode).toBe(201);
    placed = res.json() as Order;
    const { id: _id, ...requisites } = organization;
    expect(placed).toMatchObject({ paymentMethod: 'invoice', buyer: { type: 'company', organizationId: organization.id, ...requisites } });
    expect(placed.buyer).toMatchObject({ name: 'ПАО Сбербанк', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', legalAddress: SBERBANK.legalAddress });

    const [row] = await shop.ctx.database.db.select({ buyer: orders.buyer, organizationId: orders.organizationId }).from(orders).where(eq(orders.id, placed.id));
    expect(row).toEqual({ buyer: { organizationId: organization.id, ...requisites }, organizationId: organization.id });

    // Both letters name the buyer.
    expect(shop.ctx.mails).toHaveLength(2);
    for (const mail of shop.ctx.mails) expect(mail.text).toContain(`Покупатель: ${SBERBANK_TEXT}`);
    expect(shop.ctx.mails[0]!.text).toContain('Способ оплаты: Оплата по счёту');
  });

  it('answers with the buyer to its customer and to staff', async () => {
    expect((await get<Order>(`/api/orders/${placed.id}`, customer.cookie)).buyer).toEqual(placed.buyer);
    const mine = await get<{ orders: Order[] }>('/api/orders/my-orders', customer.cookie);
    expect(mine.orders.find((o) => o.id === placed.id)!.buyer).toEqual(placed.buyer);
    expect((await get<AdminOrderDetail>(`/api/admin/orders/${placed.id}`, shop.admin)).buyer).toEqual(placed.buyer);

    // The staff list shows the organisation's name, and finds the order by it or by its ИНН.
    for (const query of ['Сбербанк', '7707083893']) {
      const list = await get<{ orders: AdminOrderSummary[] }>(`/api/orders?query=${encodeURIComponent(query)}`, shop.admin);
      expect(list.orders.map((o) => [o.id, o.organizationName])).toEqual([[placed.id, 'ПАО Сбербанк']]);
    }
  });

  it('keeps the organisation as it was when ordered after the organisation is edited or deleted', async () => {
    const edit = await shop.ctx.app.inject({
      method: 'PATCH',
      url: `/api/organizations/${organization.id}`,
      headers: { cookie: customer.cookie },
      payload: { name: 'ПАО «Сбер»', legalAddress: '117997, г. Москва, ул. Вавилова, д. 19' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await get<Order>(`/api/orders/${placed.id}`, customer.cookie)).buyer).toEqual(placed.buyer);

    const other = await addOrganization(shop.ctx, customer.cookie, { name: 'ООО Временная' });
    const { res } = await order({ buyer: { type: 'company', organizationId: other.id }, paymentMethod: 'cash' });
    const temporary = res.json() as Order;
    const removed = await shop.ctx.app.inject({ method: 'DELETE', url: `/api/organizations/${other.id}`, headers: { cookie: customer.cookie } });
    expect(removed.statusCode).toBe(204);
    expect((await get<Order>(`/api/orders/${temporary.id}`, customer.cookie)).buyer).toMatchObject({ type: 'company', name: 'ООО Временная' });
  });
});

describe('refusals', () => {
  it("refuses another customer's organisation with a field error and keeps the cart and the stock", async () => {
    const stranger = await createCustomer(shop.ctx);
    const before = (await readProduct(shop.ctx.database.db, productId)).stock;
    const { res, cartId } = await order({ buyer: { type: 'company', organizationId: organization.id } }, stranger.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: OWN_ORGANIZATION_MESSAGE, errors: { buyer: [OWN_ORGANIZATION_MESSAGE] } });
    expect((await readProduct(shop.ctx.database.db, productId)).stock).toBe(before);
    const cart = await shop.ctx.app.inject({ method: 'GET', url: `/api/cart/${cartId}` });
    expect(cart.json().items).toHaveLength(1);

    const missing = await order({ buyer: { type: 'company', organizationId: 999_999 } });
    expectFieldErrors(missing.res, { buyer: [OWN_ORGANIZATION_MESSAGE] });
  });

  it('refuses a guest', async () => {
    const { res } = await order({ buyer: { type: 'company', organizationId: organization.id }, paymentMethod: 'invoice' }, null);
    expect(res.statusCode).toBe(401);
  });

  it('refuses «Оплата по счёту» for a private person with a field error on the payment method', async () => {
    for (const buyer of [undefined, { type: 'person' }]) {
      const { res } = await order({ ...(buyer ? { buyer } : {}), paymentMethod: 'invoice' });
      expectFieldErrors(res, { paymentMethod: [INVOICE_FOR_PERSON_MESSAGE] });
    }
  });

  it('places a private person\'s order as before, with no organisation', async () => {
    const { res } = await order({ buyer: { type: 'person' } });
    expect(res.statusCode).toBe(201);
    const placed = res.json() as Order;
    expect(placed.buyer).toEqual({ type: 'person' });
    const list = await get<{ orders: AdminOrderSummary[] }>(`/api/orders?query=${encodeURIComponent(`№${placed.id}`)}`, shop.admin);
    expect(list.orders.map((o) => o.organizationName)).toEqual([null]);
  });
});
