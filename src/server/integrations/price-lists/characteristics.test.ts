import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import type { ProductAttribute } from '#shared/types.ts';
import type { TestContext } from '../../../../tests/helpers/test-app.ts';
import { type ImporterShop, importerShop, RETAIL_PRICING, writeFileIn } from '../../../../tests/helpers/supplier-import.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

/**
 * A price list's columns read as characteristics (docs/decisions/034): the header names the
 * attribute, the cell is its value, run through the catalogue adapter's unit rules.
 */

let ctx: TestContext;
let api: ImporterShop['api'];
let dataDir: string;
importerShop('shop-import-characteristics-', (shop) => ({ ctx, api, dataDir } = shop));

const retail = RETAIL_PRICING;
const LINES = [
  'Артикул;Наименование;Цена;Мощность, Вт;Патрон;;Примечание',
  'ELT-1;Дрель ударная Элитех ДУ 1100;5990;1100W;SDS-plus;x;',
  'ELT-2;Перфоратор Элитех П 800;8990;800 Вт;;y;',
];

const csvFile = (name: string, lines: string[]) => writeFileIn(dataDir, name, `${lines.join('\n')}\n`);

async function attributesOf(sku: string): Promise<ProductAttribute[]> {
  const [product] = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  const res = await api.inject('GET', `/api/products/${product!.id}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { attributes: ProductAttribute[] }).attributes;
}

describe('a CSV with characteristic columns', () => {
  let supplierId: number;

  it('refuses a characteristic column the file lacks, or a mapping of no column', async () => {
    supplierId = (await api.createSupplier('ELITECH', 'Элитех')).id;
    const imp = await api.upload(supplierId, csvFile('elitech.csv', LINES));
    // A column without a header takes its neighbour's name, as a merged header cell does.
    expect(imp.preview.headers.slice(3)).toEqual(['Мощность, Вт', 'Патрон', 'Патрон (2)', 'Примечание']);
    const check = (mapping: object) => api.inject('POST', `/api/admin/supplier-imports/${imp.id}/check`, { read: imp.options.read, mapping, pricing: retail });
    const missing = await check({ sku: 0, name: 1, price: 2, 'attr:40': 40 });
    expectFieldErrors(missing, { 'mapping.attr:40': ['В файле нет колонки № 41'] });
    const unknown = await check({ sku: 0, name: 1, price: 2, 'attr:мощность': 3 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors['mapping.attr:мощность']).toEqual(['Неверный ключ в record']);
  });

  it('an unchanged file re-imported with its characteristic columns mapped fills them, the unit rule applied', async () => {
    // First without the characteristics, as before issue 26.
    const first = await api.upload(supplierId, csvFile('elitech-1.csv', LINES));
    await api.check(first.id, { read: first.options.read, mapping: { sku: 0, name: 1, price: 2 }, pricing: retail });
    expect((await api.apply(first.id, { absent: 'leave', newProducts: 'active' })).detail.counts).toMatchObject({ create: 2 });
    expect(await attributesOf('ELT-1')).toEqual([]);

    const again = await api.upload(supplierId, csvFile('elitech-2.csv', LINES));
    const mapping = { sku: 0, name: 1, price: 2, 'attr:3': 3, 'attr:4': 4 };
    const { detail } = await api.check(again.id, { read: again.options.read, mapping, pricing: retail });
    // The prices are the same: the rows are unchanged, and still write their characteristics.
    expect(detail.counts).toMatchObject({ create: 0, update: 0, unchanged: 2, error: 0 });
    // The stored mapping keeps the characteristic columns: the screen shows them again.
    expect(detail.options.mapping).toEqual(mapping);
    expect((await api.supplier('ELITECH')).settings.mapping).toEqual(mapping);
    const rows = await api.rows(again.id);
    expect(rows.rows.map((r) => [r.sku, r.characteristics])).toEqual([
      [
        'ELT-1',
        [
          { name: 'Мощность, Вт', value: '1100W', unit: null },
          { name: 'Патрон', value: 'SDS-plus', unit: null },
        ],
      ],
      ['ELT-2', [{ name: 'Мощность, Вт', value: '800 Вт', unit: null }]],
    ]);
    await api.apply(again.id, { absent: 'leave', newProducts: 'active' });
    expect(await attributesOf('ELT-1')).toEqual([
      expect.objectContaining({ name: 'Мощность', value: '1100', unit: 'Вт' }),
      expect.objectContaining({ name: 'Патрон', value: 'SDS-plus' }),
    ]);
    expect(await attributesOf('ELT-2')).toEqual([expect.objectContaining({ name: 'Мощность', value: '800', unit: 'Вт' })]);

    // Once filled, the same file changes nothing: the products are not written again.
    const updatedAt = async () => (await ctx.database.db.select({ at: products.updatedAt }).from(products).where(eq(products.sku, 'ELT-1')))[0]!.at;
    const before = await updatedAt();
    const third = await api.upload(supplierId, csvFile('elitech-3.csv', LINES));
    await api.check(third.id, { read: third.options.read, mapping, pricing: retail });
    const applied = await api.apply(third.id, { absent: 'leave', newProducts: 'active' });
    expect(applied.detail.counts).toMatchObject({ unchanged: 2 });
    expect(await updatedAt()).toEqual(before);
  });

  it('a new value replaces only its own characteristic; values from elsewhere stay', async () => {
    const file = csvFile('elitech-4.csv', ['Артикул;Наименование;Цена;Мощность (Вт)', 'ELT-1;Дрель ударная Элитех ДУ 1100;5990;1 150 W']);
    const imp = await api.upload(supplierId, file);
    await api.check(imp.id, { read: imp.options.read, mapping: { sku: 0, name: 1, price: 2, 'attr:3': 3 }, pricing: retail });
    await api.apply(imp.id, { absent: 'leave', newProducts: 'active' });
    expect(await attributesOf('ELT-1')).toEqual([
      expect.objectContaining({ name: 'Мощность', value: '1150', unit: 'Вт' }),
      expect.objectContaining({ name: 'Патрон', value: 'SDS-plus' }),
    ]);
  });

  it('a number in another unit of the quantity is kept in the attribute’s unit, and the same file then changes nothing', async () => {
    const lines = ['Артикул;Наименование;Цена;Мощность, кВт', 'ELT-1;Дрель ударная Элитех ДУ 1100;5990;1,2', 'ELT-2;Перфоратор Элитех П 800;8990;950 Вт'];
    const mapping = { sku: 0, name: 1, price: 2, 'attr:3': 3 };
    const imp = await api.upload(supplierId, csvFile('elitech-5.csv', lines));
    expect((await api.check(imp.id, { read: imp.options.read, mapping, pricing: retail })).detail.counts).toMatchObject({ unchanged: 2 });
    await api.apply(imp.id, { absent: 'leave', newProducts: 'active' });
    expect(await attributesOf('ELT-1')).toContainEqual(expect.objectContaining({ name: 'Мощность', value: '1200', unit: 'Вт' }));
    expect(await attributesOf('ELT-2')).toEqual([expect.objectContaining({ name: 'Мощность', value: '950', unit: 'Вт' })]);
    // The dry run reads the values as apply writes them: nothing left to write.
    const again = await api.upload(supplierId, csvFile('elitech-6.csv', lines));
    await api.check(again.id, { read: again.options.read, mapping, pricing: retail });
    const [product] = await ctx.database.db.select({ at: products.updatedAt }).from(products).where(eq(products.sku, 'ELT-1'));
    await api.apply(again.id, { absent: 'leave', newProducts: 'active' });
    const [after] = await ctx.database.db.select({ at: products.updatedAt }).from(products).where(eq(products.sku, 'ELT-1'));
    expect(after!.at).toEqual(product!.at);
  });
});
