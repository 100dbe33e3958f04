import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { pricedShopForFile } from '../../../../tests/helpers/file-app.ts';
import { createCustomer, validOrderBody } from '../../../../tests/helpers/customers.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';
import type { AdminOrderDetail, Cart, Order } from '#shared/types.ts';

const shop = pricedShopForFile();
const { saveShop, get, cartOfThree, placeOrder } = shop;
let manager: string;
beforeAll(async () => {
  manager = (await createCustomer(shop.ctx, 'manager')).cookie;
});

/** The product's offer in the YML feed (the feed is cached for a minute: the clock moves past it). */
async function ymlOffer(): Promise<{ price: string }> {
  shop.ctx.clock.advance(61_000);
  const res = await shop.ctx.app.inject({ method: 'GET', url: '/yml.xml' });
  expect(res.statusCode).toBe(200);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(res.body);
  const offers = doc.yml_catalog.shop.offers.offer as { '@id': string; price: string }[];
  return offers.find((o) => o['@id'] === String(shop.productId))!;
}

describe('«Цены в каталоге»', () => {
  it('is «без НДС» by default, only an admin changes it, and anything but the two choices is refused', async () => {
    expect((await get<PublicSettings>('/api/settings/public')).shop.catalogPrices).toBe('without_vat');
    const bad = await saveShop({ catalogPrices: 'gross' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.catalogPrices).toEqual(['Выберите, как указаны цены в каталоге: без НДС или с НДС']);
    expect((await saveShop({ catalogPrices: 'with_vat' }, manager)).statusCode).toBe(403);
    expect((await get<PublicSettings>('/api/settings/public')).shop.catalogPrices).toBe('without_vat');
  });

  it('«без НДС»: VAT on top of the goods; the order keeps it and its VAT counts the delivery too, as the receipt does', async () => {
    const cartId = await cartOfThree();
    // 3 000 ₽ + 20 % (600 ₽) + 500 ₽ delivery = 4 100 ₽, which contain 4 100 × 20/120 = 683,33 ₽ of VAT.
    expect(await get<Cart>(`/api/cart/${cartId}`)).toMatchObject({ subtotal: 3000, vat: 600, vatInTotal: 683.33, pricesIncludeVat: false, delivery: 500, total: 4100 });
    expect(await get<CartPickup>(`/api/cart/${cartId}/pickup`)).toMatchObject({ vat: 600, vatInTotal: 600, pricesIncludeVat: false, total: 3600 });

    const order = await placeOrder(cartId, 4100);
    expect(order).toMatchObject({ subtotal: 3000, vat: 600, vatInTotal: 683.33, vatRate: 20, pricesIncludeVat: false, delivery: { price: 500 }, totalAmount: 4100 });
    expect(shop.ctx.mails[0]!.text).toContain('НДС (20%): 600');
    expect(shop.ctx.mails[0]!.text).toContain('в т. ч. НДС (20%): 683');
    expect(Number((await ymlOffer()).price)).toBe(1200);
  });

  it('«с НДС»: the total is goods and delivery, «в т. ч. НДС (20%)»; orders placed before keep what they were placed with', async () => {
    const older = await placeOrder(await cartOfThree(), 4100);
    expect((await saveShop({ catalogPrices: 'with_vat' })).json()).toMatchObject({ catalogPrices: 'with_vat' });
    expect((await get<PublicSettings>('/api/settings/public')).shop.catalogPrices).toBe('with_vat');

    const cartId = await cartOfThree();
    // 3 000 + 500 = 3 500 ₽, of which 20/120 is VAT: 583,33 ₽.
    expect(await get<Cart>(`/api/cart/${cartId}`)).toMatchObject({ subtotal: 3000, vat: 0, vatInTotal: 583.33, pricesIncludeVat: true, delivery: 500, total: 3500 });
    expect(await get<CartPickup>(`/api/cart/${cartId}/pickup`)).toMatchObject({ vat: 0, vatInTotal: 500, pricesIncludeVat: true, total: 3000 });

    // A total shown in the other mode is one the customer did not see.
    const stale = await shop.ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: shop.customer.cookie }, payload: validOrderBody(cartId, { expectedTotal: 4100 }) });
    expect(stale.statusCode).toBe(409);

    const placed = await placeOrder(cartId, 3500);
    expect(placed).toMatchObject({ subtotal: 3000, vat: 0, vatInTotal: 583.33, pricesIncludeVat: true, delivery: { price: 500 }, totalAmount: 3500 });
    expect(shop.ctx.mails[0]!.text).toContain('в т. ч. НДС (20%): 583');
    expect(shop.ctx.mails[0]!.text).not.toMatch(/^НДС \(20%\)/m);
    expect(await get<AdminOrderDetail>(`/api/admin/orders/${placed.id}`, shop.admin)).toMatchObject({ vat: 0, vatInTotal: 583.33, pricesIncludeVat: true, totalAmount: 3500 });
    expect(await get<Order>(`/api/orders/${older.id}`, shop.customer.cookie)).toMatchObject({ vat: 600, vatInTotal: 683.33, pricesIncludeVat: false, totalAmount: 4100 });

    // The feed's price is what the customer pays: the catalogue's, VAT included.
    expect(Number((await ymlOffer()).price)).toBe(1000);
  });

  it('at «Без НДС» no VAT in either mode', async () => {
    expect((await saveShop({ catalogPrices: 'with_vat', vatRate: 0 })).statusCode).toBe(200);
    const cartId = await cartOfThree();
    expect(await get<Cart>(`/api/cart/${cartId}`)).toMatchObject({ vat: 0, vatInTotal: 0, total: 3500 });
    const placed = await placeOrder(cartId, 3500);
    expect(placed).toMatchObject({ vat: 0, vatInTotal: 0, vatRate: 0 });
    expect(shop.ctx.mails[0]!.text).not.toContain('НДС');
    expect((await saveShop({})).statusCode).toBe(200);
  });
});
