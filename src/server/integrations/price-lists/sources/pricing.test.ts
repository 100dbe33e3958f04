import { describe, expect, it } from 'vitest';
import { retailPrice, withEnding } from './pricing.ts';

const record = (fields: { priceKopecks?: number | null; purchasePriceKopecks?: number | null }) => ({ rowNumber: 5, ...fields });

describe('retailPrice', () => {
  it('takes the list price as it is in retail mode, kopecks included', () => {
    const rule = { mode: 'retail', markupPercent: 30, ending: 90 } as const;
    expect(retailPrice(record({ priceKopecks: 1_299_050, purchasePriceKopecks: 100 }), rule)).toEqual({ priceKopecks: 1_299_050 });
    expect(retailPrice(record({ priceKopecks: null }), rule)).toEqual({ priceKopecks: null });
    expect(retailPrice(record({}), rule)).toEqual({ priceKopecks: null });
  });

  it('adds the markup to the purchase price and rounds to whole roubles', () => {
    const rule = { mode: 'markup', markupPercent: 30, ending: null } as const;
    expect(retailPrice(record({ purchasePriceKopecks: 1_000_000 }), rule)).toEqual({ priceKopecks: 1_300_000 });
    // 949,50 ₽ × 1,3 = 1 234,35 ₽ → 1 234 ₽
    expect(retailPrice(record({ purchasePriceKopecks: 94_950 }), rule)).toEqual({ priceKopecks: 123_400 });
    // 950,00 ₽ × 1,3 = 1 235 ₽; 950,40 ₽ × 1,3 = 1 235,52 ₽ → 1 236 ₽
    expect(retailPrice(record({ purchasePriceKopecks: 95_040 }), rule)).toEqual({ priceKopecks: 123_600 });
    expect(retailPrice(record({ purchasePriceKopecks: 95_000 }), { ...rule, markupPercent: 0 })).toEqual({ priceKopecks: 95_000 });
  });

  it('raises the price to the chosen ending', () => {
    const rule = { mode: 'markup', markupPercent: 30, ending: 90 } as const;
    // 1 234 ₽ → 1 290 ₽
    expect(retailPrice(record({ purchasePriceKopecks: 94_950 }), rule)).toEqual({ priceKopecks: 129_000 });
    // 996,20 ₽ × 1,3 = 1 295,06 ₽ → 1 295 ₽ → 1 390 ₽
    expect(retailPrice(record({ purchasePriceKopecks: 99_620 }), rule)).toEqual({ priceKopecks: 139_000 });
  });

  it('explains why no price can be computed', () => {
    const rule = { mode: 'markup', markupPercent: 30, ending: 90 } as const;
    const noPurchase = { error: 'Нет закупочной цены: розничную цену не из чего посчитать' };
    expect(retailPrice(record({ priceKopecks: 100_000 }), rule)).toEqual(noPurchase);
    expect(retailPrice(record({ purchasePriceKopecks: null }), rule)).toEqual(noPurchase);
    expect(retailPrice(record({ purchasePriceKopecks: 0 }), rule)).toEqual(noPurchase);
    expect(retailPrice(record({ purchasePriceKopecks: 100 }), { ...rule, markupPercent: null })).toEqual({ error: 'Наценка не задана: укажите её в процентах (0 или больше)' });
    expect(retailPrice(record({ purchasePriceKopecks: 100 }), { ...rule, markupPercent: -5 })).toEqual({ error: 'Наценка не задана: укажите её в процентах (0 или больше)' });
    expect(retailPrice(record({ purchasePriceKopecks: 100 }), { ...rule, ending: 100 })).toEqual({ error: 'Окончание цены — целое число рублей от 0 до 99' });
    expect(retailPrice(record({ purchasePriceKopecks: 1_900_000_000 }), rule)).toEqual({ error: 'Розничная цена с наценкой больше 20 000 000 ₽' });
  });
});

describe('withEnding', () => {
  it.each([
    [1234, 90, 1290],
    [1295, 90, 1390],
    [1290, 90, 1290],
    [50, 90, 90],
    [1234, 0, 1300],
    [1200, 0, 1200],
    [1234, 99, 1299],
    [1299, 99, 1299],
    [1300, 99, 1399],
  ])('%i ₽ ending in %i → %i ₽', (roubles, ending, expected) => {
    expect(withEnding(roubles, ending)).toBe(expected);
  });
});
