import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import type { TestContext } from '../../../../tests/helpers/test-app.ts';
import { type ImporterShop, importerShop, writeFileIn } from '../../../../tests/helpers/supplier-import.ts';

/**
 * What the importer tells staff: a file that is no price list says so and names the formats,
 * a bad row names its product, and a price with kopecks keeps them.
 */

let ctx: TestContext;
let api: ImporterShop['api'];
let dataDir: string;
importerShop('shop-import-messages-', (shop) => ({ ctx, api, dataDir } = shop));

const storedFiles = () => (fs.existsSync(path.join(dataDir, 'imports')) ? fs.readdirSync(path.join(dataDir, 'imports')) : []);

const writeFile = (name: string, content: Buffer | string) => writeFileIn(dataDir, name, content);

/** A 1×1 PNG, as a phone's photo of the product starts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01', 'latin1'), Buffer.alloc(200, 0x20)]);

describe('a file that is not a price list', () => {
  it('a picture or any binary renamed .csv is refused as no price list, with the formats that are read', async () => {
    const supplierId = (await api.supplier('DCK')).id;
    const before = storedFiles().length;
    const cases: [string, Buffer | string, string][] = [
      ['фото.csv', PNG, 'изображение PNG'],
      ['снимок.csv', JPEG, 'изображение JPEG'],
      ['логотип.csv', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n', 'изображение SVG'],
      ['счёт.csv', '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'документ PDF'],
      ['данные.csv', Buffer.from([0x00, 0x01, 0x02, 0x41, 0x42, 0x03, 0x04, 0x10, 0x7f, 0x00]), 'двоичный файл (не таблица)'],
    ];
    for (const [name, content, kind] of cases) {
      const res = await api.uploadRaw(supplierId, writeFile(name, content));
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({ message: `Файл «${name}» — не прайс-лист, а ${kind}. Загрузите прайс-лист в формате CSV, XLSX, YML или XML` });
    }
    expect(storedFiles()).toHaveLength(before);
  });
});

describe('rows', () => {
  it('an error row shows its SKU and name; a price with kopecks keeps them through the dry run, applying and the API', async () => {
    const supplier = await api.createSupplier('KOPEK', 'Метизы оптом');
    const file = writeFile('metizy.csv', [
      'Артикул;Наименование;Цена;Остаток',
      'SH-35;Саморез по металлу 4,2×35 (упаковка);35,50;120',
      'SH-40;Саморез по дереву 4,2×40 (упаковка);сорок;10',
      'SH-45;Дюбель 6×40 (упаковка);12,00;много штук',
      '',
    ].join('\n'));
    const imp = await api.upload(supplier.id, file);
    const { detail } = await api.check(imp.id, { read: imp.options.read, mapping: { sku: 0, name: 1, price: 2, stock: 3 }, pricing: { mode: 'retail', markupPercent: null, ending: null } });
    expect(detail.counts).toMatchObject({ create: 1, error: 2 });

    const errors = await api.rows(imp.id, '?action=error');
    expect(errors.rows.map(({ rowNumber, sku, name, column, message }) => ({ rowNumber, sku, name, column, message }))).toEqual([
      { rowNumber: 3, sku: 'SH-40', name: 'Саморез по дереву 4,2×40 (упаковка)', column: 'Цена', message: 'Не удалось прочитать цену «сорок»' },
      { rowNumber: 4, sku: 'SH-45', name: 'Дюбель 6×40 (упаковка)', column: 'Остаток', message: 'Не удалось прочитать остаток «много штук»' },
    ]);
    const created = await api.rows(imp.id, '?action=create');
    expect(created.rows[0]).toMatchObject({ sku: 'SH-35', after: { priceKopecks: 3550 } });

    await api.apply(imp.id, { absent: 'leave', newProducts: 'active' });
    const [screw] = await ctx.database.db.select().from(products).where(eq(products.sku, 'SH-35'));
    expect(screw!.priceKopecks).toBe(3550);
    const res = await api.inject('GET', `/api/products/${screw!.id}`);
    expect(res.json().price).toBe(35.5);
  });
});
