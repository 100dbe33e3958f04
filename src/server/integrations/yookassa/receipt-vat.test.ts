import { describe, expect, it } from 'vitest';
import { yooKassaShopForFile } from '../../../../tests/helpers/file-app.ts';
import { saveShopSettings } from '../../../../tests/helpers/shop-settings.ts';
import { cartWith, validOrderBody } from '../../../../tests/helpers/customers.ts';
import type { PlacedOrder } from '#shared/types.ts';

// A price whose 20 % is not whole roubles: 1 234,50 ₽.
const shop = yooKassaShopForFile(1234.5);

const saveShop = (patch: Record<string, unknown>) => saveShopSettings(shop.ctx, shop.admin, patch);

/** Places an online order of `quantity` units and gives it with its receipt's lines as YooKassa got them. */
async function placeOnline(quantity: number) {
  const cartId = await cartWith(shop.ctx, [[shop.productId, quantity]]);
  const res = await shop.ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: shop.customer.cookie }, payload: validOrderBody(cartId, { paymentMethod: 'online' }) });
  expect(res.statusCode).toBe(201);
  const order = res.json() as PlacedOrder;
  const receipt = shop.yookassa.receipts.get(order.confirmationUrl!.split('/').pop()!)!;
  const lines = receipt.items.map((i) => ({ quantity: Number(i.quantity), amount: Number(i.amount.value), vatCode: i.vat_code }));
  return { order, lines };
}

const kopecks = (roubles: number) => Math.round(roubles * 100);
/** What the receipt adds up to, and the VAT it carries at 20/120 per line (as the fiscal register works it out), in kopecks. */
const paidOf = (lines: { quantity: number; amount: number }[]) => lines.reduce((sum, l) => sum + kopecks(l.quantity * l.amount), 0);
const vatOf = (lines: { quantity: number; amount: number }[]) => lines.reduce((sum, l) => sum + Math.round(kopecks(l.quantity * l.amount) / 6), 0);

describe('the receipt and the order agree on what is paid and on its VAT', () => {
  it('«без НДС»: the goods lines carry the VAT added on top, delivery is taxed, and the order\'s «в т. ч. НДС» is the receipt\'s VAT', async () => {
    // 3 × 1 234,50 = 3 703,50 ₽ + 741 ₽ VAT (whole roubles) + 500 ₽ delivery = 4 944,50 ₽.
    const { order, lines } = await placeOnline(3);
    expect(order).toMatchObject({ subtotal: 3703.5, vat: 741, delivery: { price: 500 }, totalAmount: 4944.5, pricesIncludeVat: false });
    expect(paidOf(lines)).toBe(kopecks(order.totalAmount));
    // 20/120 of a prepayment on every line, the delivery's included.
    expect(lines.map((l) => l.vatCode)).toEqual(lines.map(() => 6));
    expect(lines.at(-1)).toMatchObject({ quantity: 1, amount: 500 });
    expect(Math.abs(vatOf(lines) - kopecks(order.vatInTotal))).toBeLessThanOrEqual(lines.length);
    expect(order.vatInTotal).toBe(824.08);
  });

  it('«с НДС»: the lines are the catalogue prices and the delivery, nothing on top, and the same VAT', async () => {
    expect((await saveShop({ catalogPrices: 'with_vat' })).statusCode).toBe(200);
    const { order, lines } = await placeOnline(3);
    expect(order).toMatchObject({ subtotal: 3703.5, vat: 0, delivery: { price: 500 }, totalAmount: 4203.5, pricesIncludeVat: true });
    expect(lines).toEqual([
      { quantity: 3, amount: 1234.5, vatCode: 6 },
      { quantity: 1, amount: 500, vatCode: 6 },
    ]);
    expect(paidOf(lines)).toBe(kopecks(order.totalAmount));
    // 4 203,50 × 20/120 = 700,58 ₽.
    expect(order.vatInTotal).toBe(700.58);
    expect(Math.abs(vatOf(lines) - kopecks(order.vatInTotal))).toBeLessThanOrEqual(lines.length);
  });
});
