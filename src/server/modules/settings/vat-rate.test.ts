import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pricedShopForFile } from '../../../../tests/helpers/file-app.ts';
import { createCustomer, validOrderBody } from '../../../../tests/helpers/customers.ts';
import type { PublicSettings, ShopSettings } from '#shared/schemas/settings.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import { settings } from '../../db/schema.ts';
import type { CartPickup } from '#shared/schemas/cart.ts';
import type { AdminOrderDetail, Cart, Order } from '#shared/types.ts';

const shop = pricedShopForFile();
const { saveShop, get, cartOfThree, placeOrder } = shop;

describe('VAT rate setting', () => {
  it('is 20 % by default: the storefront is told so and the cart adds 20 % of the goods', async () => {
    expect((await get<ShopSettings>('/api/admin/settings/shop', shop.admin)).vatRate).toBe(20);
    expect((await get<PublicSettings>('/api/settings/public')).shop.vatRate).toBe(20);
    const cart = await get<Cart>(`/api/cart/${await cartOfThree()}`);
    expect(cart).toMatchObject({ subtotal: 3000, vat: 600, vatRate: 20, delivery: 500, total: 4100 });
  });

  it('reads 20 % for a shop whose saved settings predate the rate', async () => {
    const { vatRate: _, ...older } = DEFAULT_SHOP_SETTINGS;
    await shop.ctx.database.db.update(settings).set({ value: { ...older, shopName: 'Старый магазин' } }).where(eq(settings.key, 'shop'));
    expect((await get<PublicSettings>('/api/settings/public')).shop).toMatchObject({ shopName: 'Старый магазин', vatRate: 20 });
  });

  it('refuses a rate the law does not have, with a Russian field error, and keeps the old one', async () => {
    for (const vatRate of [18, '20', null]) {
      const res = await saveShop({ vatRate });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.vatRate).toEqual(['Выберите ставку НДС: 20 %, 22 %, 10 % или «Без НДС»']);
    }
    expect((await get<PublicSettings>('/api/settings/public')).shop.vatRate).toBe(20);
  });

  it('only administrators change it', async () => {
    const manager = await createCustomer(shop.ctx, 'manager');
    expect((await saveShop({ vatRate: 22 }, manager.cookie)).statusCode).toBe(403);
    expect((await saveShop({ vatRate: 22 }, shop.customer.cookie)).statusCode).toBe(403);
    expect((await saveShop({ vatRate: 22 }, '')).statusCode).toBe(401);
    expect((await get<PublicSettings>('/api/settings/public')).shop.vatRate).toBe(20);
  });

  it('at 22 %: new totals and new orders use it, an order placed before keeps its 20 %', async () => {
    const older = await placeOrder(await cartOfThree(), 4100);
    expect(older).toMatchObject({ vat: 600, vatRate: 20, totalAmount: 4100 });

    expect((await saveShop({ vatRate: 22 })).json()).toMatchObject({ vatRate: 22 });
    expect((await get<PublicSettings>('/api/settings/public')).shop.vatRate).toBe(22);

    const cartId = await cartOfThree();
    expect(await get<Cart>(`/api/cart/${cartId}`)).toMatchObject({ subtotal: 3000, vat: 660, vatRate: 22, delivery: 500, total: 4160 });
    expect(await get<CartPickup>(`/api/cart/${cartId}/pickup`)).toMatchObject({ vat: 660, vatRate: 22, delivery: 0, total: 3660 });

    // A total computed at the old rate is one the customer did not see.
    const stale = await shop.ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: shop.customer.cookie }, payload: validOrderBody(cartId, { expectedTotal: 4100 }) });
    expect(stale.statusCode).toBe(409);

    const placed = await placeOrder(cartId, 4160);
    expect(placed).toMatchObject({ subtotal: 3000, vat: 660, vatRate: 22, delivery: { price: 500 }, totalAmount: 4160 });
    expect(shop.ctx.mails[0]!.text).toContain('НДС (22%): 660');

    expect(await get<Order>(`/api/orders/${older.id}`, shop.customer.cookie)).toMatchObject({ vat: 600, vatRate: 20 });
    expect(await get<AdminOrderDetail>(`/api/admin/orders/${older.id}`, shop.admin)).toMatchObject({ vat: 600, vatRate: 20, totalAmount: 4100 });
    expect(await get<AdminOrderDetail>(`/api/admin/orders/${placed.id}`, shop.admin)).toMatchObject({ vat: 660, vatRate: 22 });
  });

  it('«Без НДС»: no VAT in the totals, the order or its e-mail', async () => {
    expect((await saveShop({ vatRate: 0 })).statusCode).toBe(200);
    const cartId = await cartOfThree();
    expect(await get<Cart>(`/api/cart/${cartId}`)).toMatchObject({ subtotal: 3000, vat: 0, vatRate: 0, delivery: 500, total: 3500 });
    const placed = await placeOrder(cartId, 3500);
    expect(placed).toMatchObject({ vat: 0, vatRate: 0, totalAmount: 3500 });
    expect(shop.ctx.mails[0]!.text).toContain('Итого: 3');
    expect(shop.ctx.mails[0]!.text).not.toContain('НДС');
  });

  it('a change is in the staff action log, before and after', async () => {
    expect((await saveShop({ vatRate: 10 })).statusCode).toBe(200);
    const log = await get<{ actions: { kind: string; before: unknown; after: unknown }[] }>('/api/admin/staff-actions?limit=1', shop.admin);
    expect(log.actions[0]).toMatchObject({ kind: 'settings.shop', before: { vatRate: 0 }, after: { vatRate: 10 } });
  });
});
