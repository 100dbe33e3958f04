import { describe, expect, it } from 'vitest';
import { cartTotals } from './totals.ts';

const shop = { freeDeliveryThreshold: 7500, deliveryCost: 500, vatRate: 20, catalogPrices: 'without_vat' } as const;
const withVat = { ...shop, catalogPrices: 'with_vat' } as const;
const line = (roubles: number | null, quantity = 1) => ({ priceKopecks: roubles === null ? null : Math.round(roubles * 100), quantity });

describe('cart totals (spec 9), in kopecks', () => {
  it('adds 20 % VAT on top and 500 ₽ delivery below the threshold', () => {
    expect(cartTotals([line(1200, 2), line(2500)], shop)).toEqual({
      subtotal: 490_000,
      vat: 98_000,
      // Everything in 6 380 ₽ is taxed at 20 %, the delivery's 500 ₽ too: 6 380 × 20/120.
      vatInTotal: 106_333,
      delivery: 50_000,
      total: 638_000,
      toFreeDelivery: 260_000,
    });
  });

  it('ships free from the threshold, inclusive', () => {
    expect(cartTotals([line(7499)], shop).delivery).toBe(50_000);
    expect(cartTotals([line(7500)], shop)).toEqual({ subtotal: 750_000, vat: 150_000, vatInTotal: 150_000, delivery: 0, total: 900_000, toFreeDelivery: 0 });
  });

  it('keeps VAT in whole roubles', () => {
    // 20 % of 1 234,50 ₽ is 246,90 ₽: rounded to 247 ₽.
    expect(cartTotals([line(1234.5)], shop)).toEqual({ subtotal: 123_450, vat: 24_700, vatInTotal: 33_025, delivery: 50_000, total: 198_150, toFreeDelivery: 626_550 });
  });

  it('counts a price of zero or none as "on request": nothing in the sum', () => {
    expect(cartTotals([line(1000), line(0, 3), line(null, 2)], shop).subtotal).toBe(100_000);
  });

  it('charges no delivery for an empty cart', () => {
    expect(cartTotals([], shop)).toEqual({ subtotal: 0, vat: 0, vatInTotal: 0, delivery: 0, total: 0, toFreeDelivery: 0 });
  });

  it('adds VAT at the shop rate, and none «Без НДС»', () => {
    // 22 % of 1 234,50 ₽ is 271,59 ₽: rounded to 272 ₽.
    expect(cartTotals([line(1234.5)], { ...shop, vatRate: 22 })).toMatchObject({ subtotal: 123_450, vat: 27_200, total: 200_650 });
    expect(cartTotals([line(1000)], { ...shop, vatRate: 10 })).toMatchObject({ vat: 10_000, total: 160_000 });
    expect(cartTotals([line(1000)], { ...shop, vatRate: 0 })).toMatchObject({ vat: 0, vatInTotal: 0, total: 150_000 });
  });

  it('charges no delivery for a pickup at a branch', () => {
    expect(cartTotals([line(1200, 2)], shop, 'pickup')).toEqual({ subtotal: 240_000, vat: 48_000, vatInTotal: 48_000, delivery: 0, total: 288_000, toFreeDelivery: 0 });
  });

  it('with catalogue prices «с НДС» adds nothing: the total is goods and delivery, and contains their VAT', () => {
    // 4 900 + 500 = 5 400 ₽, of which 20/120 is VAT: 900 ₽.
    expect(cartTotals([line(1200, 2), line(2500)], withVat)).toEqual({
      subtotal: 490_000,
      vat: 0,
      vatInTotal: 90_000,
      delivery: 50_000,
      total: 540_000,
      toFreeDelivery: 260_000,
    });
    // 22/122 of 1 734,50 ₽ is 312,78 ₽, to the kopeck; pickup has no delivery.
    expect(cartTotals([line(1234.5)], { ...withVat, vatRate: 22 })).toMatchObject({ vat: 0, vatInTotal: 31_278, total: 173_450 });
    expect(cartTotals([line(1234.5)], { ...withVat, vatRate: 22 }, 'pickup')).toMatchObject({ vatInTotal: 22_261, total: 123_450 });
    expect(cartTotals([line(1000)], { ...withVat, vatRate: 0 })).toMatchObject({ vat: 0, vatInTotal: 0, total: 150_000 });
  });
});
