import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import type { TestContext } from '../../../../tests/helpers/test-app.ts';
import { type ImporterShop, importerShop, RETAIL_PRICING, writeFileIn } from '../../../../tests/helpers/supplier-import.ts';

/**
 * A price list's weight and size columns (issue 28): «Вес» in the unit its header or cell names
 * (kilograms by default), «Габариты» as «длина×ширина×высота» in centimetres unless said.
 */

let ctx: TestContext;
let api: ImporterShop['api'];
let dataDir: string;
importerShop('shop-import-size-', (shop) => ({ ctx, api, dataDir } = shop));

const retail = RETAIL_PRICING;

const csvFile = (name: string, lines: string[]) => writeFileIn(dataDir, name, `${lines.join('\n')}\n`);

const sizeOf = async (sku: string) =>
  (await ctx.database.db.select({ weightGrams: products.weightGrams, lengthMm: products.lengthMm, widthMm: products.widthMm, heightMm: products.heightMm }).from(products).where(eq(products.sku, sku)))[0];

describe('a CSV with weight and size columns', () => {
  it('guesses «Вес, г» and «Габариты» as weight and size, refuses a cell it cannot read, and writes the rest', async () => {
    const supplierId = (await api.createSupplier('VESGAB', 'Весогабарит')).id;
    const lines = [
      'Артикул;Наименование;Цена;Вес, г;Габариты',
      'VG-1;Перфоратор DCK KZC05-26 (тест веса);16990;2400;38x31x11 см',
      'VG-2;Дрель DCK KJZ02-13 (тест веса);5990;;',
      'VG-3;Болгарка DCK KSM06-125 (тест веса);4990;тяжёлая;30×20×10',
    ];
    const imp = await api.upload(supplierId, csvFile('vesgab-1.csv', lines));
    expect(imp.preview.guessedMapping).toMatchObject({ sku: 0, name: 1, price: 2, weight: 3, dimensions: 4 });
    const { detail } = await api.check(imp.id, { read: imp.options.read, mapping: imp.preview.guessedMapping, pricing: retail });
    expect(detail.counts).toMatchObject({ create: 2, error: 1 });
    const rows = await api.rows(imp.id);
    expect(rows.rows.find((r) => r.action === 'error')).toMatchObject({
      rowNumber: 4,
      column: 'Вес, г',
      message: 'Не удалось прочитать вес «тяжёлая»: напишите, например, «2,4 кг» или «2400 г»',
    });
    await api.apply(imp.id, { absent: 'leave', newProducts: 'active' });
    expect(await sizeOf('VG-1')).toEqual({ weightGrams: 2400, lengthMm: 380, widthMm: 310, heightMm: 110 });
    expect(await sizeOf('VG-2')).toEqual({ weightGrams: null, lengthMm: null, widthMm: null, heightMm: null });

    // The same prices with a weight for the drill now: written, though nothing the report compares changed.
    const again = await api.upload(supplierId, csvFile('vesgab-2.csv', [lines[0]!, lines[1]!, 'VG-2;Дрель DCK KJZ02-13 (тест веса);5990;1800;']));
    const checked = await api.check(again.id, { read: again.options.read, mapping: again.preview.guessedMapping, pricing: retail });
    expect(checked.detail.counts).toMatchObject({ update: 0, unchanged: 2, error: 0 });
    await api.apply(again.id, { absent: 'leave', newProducts: 'active' });
    expect(await sizeOf('VG-2')).toEqual({ weightGrams: 1800, lengthMm: null, widthMm: null, heightMm: null });
    expect(await sizeOf('VG-1')).toEqual({ weightGrams: 2400, lengthMm: 380, widthMm: 310, heightMm: 110 });
  });
});
