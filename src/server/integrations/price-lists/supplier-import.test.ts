import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categoryRules, orderItems, products, supplierImports } from '#server/db/schema.ts';
import { DEFAULT_SUPPLIER_SETTINGS, type ImportDetail } from '#shared/schemas/supplier-import.ts';
import type { TestContext } from '../../../../tests/helpers/test-app.ts';
import { insertOrder } from '../../../../tests/helpers/orders.ts';
import { fixture, type ImporterShop, importerShop, RETAIL_PRICING, writeFileIn } from '../../../../tests/helpers/supplier-import.ts';
import { expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

/**
 * The importer through its API with the suppliers' real files: a Windows-1251 CSV, an XLSX and
 * a YML feed, from upload to rollback.
 */

let ctx: TestContext;
let api: ImporterShop['api'];
let dataDir: string;
importerShop('shop-import-flow-', (shop) => ({ ctx, api, dataDir } = shop));
beforeAll(async () => {
  // The adapter sends hammer drills to «Перфораторы» and jigsaws to «Пилы и лобзики»; the rest waits «Без категории».
  await ctx.database.db.insert(categoryRules).values([
    { kind: 'name_contains', pattern: 'Перфоратор', categoryId: 1 },
    { kind: 'category', pattern: 'Пилы / Лобзики', categoryId: 4 },
  ]);
});

const db = () => ctx.database.db;
const supplierProducts = (code: string) => db().select().from(products).where(eq(products.supplier, code));
const retail = RETAIL_PRICING;

/** A UTF-8 price list written for a test. */
const csvFile = (name: string, lines: string[]) => writeFileIn(dataDir, name, `${lines.join('\n')}\n`);

describe('suppliers', () => {
  it('lists the seeded suppliers with default settings and their products', async () => {
    const list = await api.suppliers();
    expect(list.map((s) => s.code)).toEqual(['DCK', 'P.I.T']);
    expect(list[0]).toMatchObject({ name: 'DCK', sourceUrl: null, scheduleTime: null, settings: DEFAULT_SUPPLIER_SETTINGS, productCount: 136, lastImport: null });
    expect(list[1]!.productCount).toBe(153);
  });

  it('adds a supplier once per code and changes its name, address, schedule and settings', async () => {
    const created = await api.createSupplier('ELITECH', 'Элитех');
    expect(created).toMatchObject({ code: 'ELITECH', name: 'Элитех', productCount: 0, settings: DEFAULT_SUPPLIER_SETTINGS });
    const again = await api.inject('POST', '/api/admin/suppliers', { code: 'elitech', name: 'Ещё раз' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Поставщик с таким кодом уже есть' });
    const noName = await api.inject('POST', '/api/admin/suppliers', { code: 'X1', name: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors.name).toEqual(['Укажите название поставщика']);

    const patched = await api.patchSupplier(created.id, {
      name: 'Элитех Инструмент',
      sourceUrl: 'https://elitech.example.ru/price.yml',
      scheduleTime: '06:30',
      settings: { flagPercent: 15, limits: { maxPriceChangePercent: 20, maxAbsentPercent: 5 } },
    });
    expect(patched).toMatchObject({
      name: 'Элитех Инструмент',
      sourceUrl: 'https://elitech.example.ru/price.yml',
      scheduleTime: '06:30',
      settings: { ...DEFAULT_SUPPLIER_SETTINGS, flagPercent: 15, limits: { maxPriceChangePercent: 20, maxAbsentPercent: 5 } },
    });
    const bad = await api.inject('PATCH', `/api/admin/suppliers/${created.id}`, { scheduleTime: '25:00', settings: { absent: 'burn' } });
    expectSomeFieldErrors(bad, { scheduleTime: ['Время — в виде ЧЧ:ММ, например 06:30'], 'settings.absent': ['Выберите, что делать с товарами, которых нет в прайс-листе'] });
    const cleared = await api.patchSupplier(created.id, { sourceUrl: '', scheduleTime: null });
    expect(cleared).toMatchObject({ sourceUrl: null, scheduleTime: null });
    const missing = await api.inject('PATCH', '/api/admin/suppliers/999999', { name: 'Нет такого' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('a Windows-1251 CSV from DCK: upload, dry run, apply, report, rollback', () => {
  let imp: ImportDetail;
  let dckId: number;

  it('is uploaded and previewed with its title row, encoding and delimiter detected and the columns guessed', async () => {
    dckId = (await api.supplier('DCK')).id;
    imp = await api.upload(dckId, fixture('dck-price-1251.csv'));
    expect(imp).toMatchObject({ status: 'uploaded', fileName: 'dck-price-1251.csv', createdByName: expect.any(String) });
    expect(imp.preview).toMatchObject({ format: 'csv', encoding: 'windows-1251', delimiter: ';', headerRow: 3 });
    expect(imp.preview.headers.slice(0, 3)).toEqual(['Код', 'Артикул', 'Наименование']);
    expect(imp.options).toMatchObject({ mapping: imp.preview.guessedMapping, pricing: retail, absent: 'leave', newProducts: 'hidden' });
    expect(imp.options.mapping).toMatchObject({ supplierSku: 0, sku: 1, name: 2, price: 5 });
  });

  it('refuses a dry run without a SKU or price column, or with a column the file lacks', async () => {
    const { sku: _sku, supplierSku: _supplierSku, ...noSku } = imp.options.mapping;
    const res1 = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/check`, { read: imp.options.read, mapping: noSku, pricing: retail });
    expect(res1.statusCode).toBe(400);
    expect(res1.json()).toMatchObject({ message: 'Не выбрана колонка с артикулом', errors: { 'mapping.sku': ['Не выбрана колонка с артикулом'] } });

    const { purchasePrice: _purchase, ...noPurchase } = imp.options.mapping;
    const markup = { mode: 'markup', markupPercent: 40, ending: 90 };
    const res2 = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/check`, { read: imp.options.read, mapping: noPurchase, pricing: markup });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().message).toBe('Не выбрана колонка с ценой');

    const res3 = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/check`, { read: imp.options.read, mapping: { ...imp.options.mapping, brand: 40 }, pricing: retail });
    expect(res3.statusCode).toBe(400);
    expect(res3.json().errors['mapping.brand']).toEqual(['В файле нет колонки № 41']);
    expect((await api.detail(imp.id)).status).toBe('uploaded');
  });

  it('the dry run classifies every row, names bad rows with their column and reason, and lists the absent products', async () => {
    const { detail } = await api.check(imp.id, { read: imp.options.read, mapping: imp.options.mapping, pricing: retail });
    expect(detail.status).toBe('previewed');
    expect(detail.counts).toEqual({ create: 36, update: 0, unchanged: 0, error: 5, absent: 136, flagged: 0, total: 41 });
    expect(await supplierProducts('DCK')).toHaveLength(136);

    const errors = await api.rows(imp.id, '?action=error');
    expect(errors.total).toBe(5);
    expect(errors.rows.map((r) => [r.rowNumber, r.column, r.message])).toEqual([
      [42, 'Цена, руб.', 'Цена не может быть отрицательной'],
      [43, 'Код', 'Не указан артикул'],
      [44, 'Код', 'Артикул «00-00010021» повторяется: он уже был в строке 8'],
      [45, 'Код', 'Артикул «00-00010021» повторяется: он уже был в строке 8'],
      [46, 'Остаток', 'Не удалось прочитать остаток «уточняйте»'],
    ]);
    const created = await api.rows(imp.id, '?action=create');
    expect(created).toMatchObject({ total: 36, totalPages: 1, page: 1 });
    expect(created.rows[0]).toMatchObject({
      rowNumber: 5,
      sku: 'KJS48-24',
      supplierSku: '00-00010000',
      name: 'Дрель-шуруповёрт аккумуляторная DCK KJS48-24',
      before: null,
      after: { priceKopecks: 1_249_000, oldPriceKopecks: null, stock: 100, isActive: false },
    });
    const hammer = created.rows.find((r) => r.sku === 'KJS28-26-C2')!;
    // In a category the adapter maps, and new products are created hidden by default.
    expect(hammer.after?.isActive).toBe(false);
    const absent = await api.rows(imp.id, '?action=absent&page=3');
    expect(absent).toMatchObject({ total: 136, totalPages: 3, page: 3 });
    expect(absent.rows).toHaveLength(36);
    expect(absent.rows[0]).toMatchObject({ rowNumber: null, productId: expect.any(Number), before: expect.any(Object) });

    // The mapping and read options are remembered for DCK's next file.
    const dck = await api.supplier('DCK');
    expect(dck.settings).toMatchObject({ mapping: imp.options.mapping, read: { format: 'csv', encoding: 'windows-1251', delimiter: ';', headerRow: 3 }, pricing: retail });
    expect(dck.lastImport).toMatchObject({ id: imp.id, status: 'previewed' });
  });

  it('applies: new products created (mapped ones active, the rest waiting for a category), absent ones hidden', async () => {
    const { detail } = await api.apply(imp.id, { absent: 'hide', newProducts: 'active' });
    expect(detail).toMatchObject({ status: 'applied', canRollBack: true, counts: { create: 36, error: 5, absent: 136 } });
    expect(detail.message).toBe('Применено: создано 36, обновлено 0, без изменений 0, ошибок 5, нет в прайс-листе 136 (скрыть с витрины)');
    const dckProducts = await supplierProducts('DCK');
    expect(dckProducts).toHaveLength(172);
    const created = dckProducts.filter((p) => p.supplierSku !== null);
    expect(created).toHaveLength(36);
    const hammer = created.find((p) => p.sku === 'KJS28-26-C2')!;
    expect(hammer).toMatchObject({ categoryId: 1, isActive: true, awaitingCategory: false, supplier: 'DCK', supplierSku: '00-00010014', supplierCategory: 'Перфораторы', priceKopecks: 2_409_000 });
    expect(hammer.name).toContain('Перфоратор DCK KJS28-26-C2');
    expect(hammer.imageUrl).toBe('https://dck-tools.ru/upload/kjs28-26-c2.jpg');
    const jigsaw = created.find((p) => p.sku === 'KDZ25-21')!;
    expect(jigsaw).toMatchObject({ categoryId: 4, isActive: true });
    const waiting = created.filter((p) => p.awaitingCategory);
    expect(waiting.length).toBeGreaterThan(20);
    expect(waiting.every((p) => !p.isActive && p.categoryId === null)).toBe(true);
    const seeded = dckProducts.filter((p) => p.supplierSku === null);
    expect(seeded.every((p) => !p.isActive)).toBe(true);

    // The storefront sees it at once: a hidden seed product is gone, the new hammer drill is there.
    const page = await ctx.app.inject({ method: 'GET', url: `/api/products/${hammer.slug}` });
    expect(page.statusCode).toBe(200);
    const hidden = await ctx.app.inject({ method: 'GET', url: `/api/products/${seeded[0]!.slug}` });
    expect(hidden.statusCode).toBe(404);

    const list = await api.inject('GET', '/api/admin/supplier-imports');
    expect(list.json()).toMatchObject({ total: 1, totalPages: 1, page: 1, imports: [{ id: imp.id, status: 'applied', supplierName: 'DCK', trigger: 'manual' }] });
    expect((await api.supplier('DCK')).productCount).toBe(172);
    // The file is no longer kept once applied.
    expect(fs.readdirSync(path.join(dataDir, 'imports'))).toHaveLength(0);
  });

  it('gives the per-row report as a CSV file for Excel', async () => {
    const res = await api.inject('GET', `/api/admin/supplier-imports/${imp.id}/report.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="import-${imp.id}.csv"`);
    expect(res.body.startsWith('\uFEFFСтрока;Действие;Артикул;Артикул поставщика;Наименование;Цена до, ₽;Цена после, ₽')).toBe(true);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 36 + 5 + 136);
    expect(lines[1]).toBe('5;Новый;KJS48-24;00-00010000;Дрель-шуруповёрт аккумуляторная DCK KJS48-24;;12490,00;;;;100;;нет;;;Категория не сопоставлена: товар ждёт в «Без категории»');
    expect(lines.find((l) => l.startsWith('42;'))).toBe('42;Ошибка;KDJZ99-99;00-00099001;Дрель-шуруповёрт DCK KDJZ99-99 (уценка);;;;;;;;;;Цена, руб.;Цена не может быть отрицательной');
    expect(lines).toContain(';Нет в прайс-листе;KZC20;;Перфоратор DCK KZC20 SDS-plus 620 Вт;4290,00;4290,00;;;178;178;да;нет;;;');
  });

  it('rolls back: created products removed, hidden ones shown again; a second rollback is refused', async () => {
    const res = await api.rollback(imp.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rolled_back', canRollBack: false, rolledBackAt: expect.any(String) });
    // Three of DCK's products were hidden already: the import changed (and the rollback restores) the other 133.
    expect(res.json().message).toBe('Импорт откачен: возвращены прежние значения: 133 товара; удалены созданные: 36 товаров');
    const dckProducts = await supplierProducts('DCK');
    expect(dckProducts).toHaveLength(136);
    expect(dckProducts.filter((p) => !p.isActive)).toHaveLength(3);
    const again = await api.rollback(imp.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Импорт уже откачен' });
    const reapply = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/apply`, { absent: 'leave', newProducts: 'hidden' });
    expect(reapply.statusCode).toBe(409);
  });
});

describe('an XLSX from P.I.T, then a CSV that changes it: updates, flagged prices, refused rollbacks', () => {
  let pitId: number;
  let first: ImportDetail;
  let second: ImportDetail;

  it('creates the products of the XLSX list, absent seed products left as they are', async () => {
    pitId = (await api.supplier('P.I.T')).id;
    first = await api.upload(pitId, fixture('pit-price.xlsx'));
    expect(first.preview).toMatchObject({ format: 'xlsx', sheets: ['Прайс', 'Архив'], sheet: 'Прайс', headerRow: 3 });
    const { detail } = await api.check(first.id, { read: first.options.read, mapping: first.options.mapping, pricing: retail });
    expect(detail.counts).toMatchObject({ create: 24, error: 0, absent: 153 });
    const applied = await api.apply(first.id, { absent: 'leave', newProducts: 'hidden' });
    expect(applied.detail.status).toBe('applied');
    const pit = await supplierProducts('P.I.T');
    expect(pit).toHaveLength(177);
    expect(pit.filter((p) => p.isActive)).toHaveLength(151);
  });

  it('another sheet of the workbook is previewed on request', async () => {
    const other = await api.upload(pitId, fixture('pit-price.xlsx'));
    const res = await api.inject('POST', `/api/admin/supplier-imports/${other.id}/preview`, { read: { sheet: 'Архив' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().preview).toMatchObject({ sheet: 'Архив', headers: ['Артикул', 'Наименование', 'Цена'], totalRows: 2 });
    const missing = await api.inject('POST', `/api/admin/supplier-imports/${other.id}/preview`, { read: { sheet: 'Склад' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('В книге нет листа «Склад»: есть «Прайс», «Архив»');
  });

  it('a changed list updates prices and stock, flags the jump and names what changed', async () => {
    const before = await supplierProducts('P.I.T');
    const drill = before.find((p) => p.sku === 'PMS36-26')!;
    const impact = before.find((p) => p.sku === 'PGT92-12-E')!;
    const file = csvFile('pit-update.csv', [
      'Артикул;Наименование;Цена;Остаток',
      `PMS36-26;${drill.name};${(drill.priceKopecks! * 1.5) / 100};${drill.stock}`,
      `PGT92-12-E;${impact.name};${impact.priceKopecks! / 100};3`,
      'KZC20;Перфоратор с чужим артикулом;5000;1',
      'PIT-NEW-1;Новинка P.I.T. PIT-NEW-1;4990;7',
    ]);
    second = await api.upload(pitId, file);
    expect(second.preview).toMatchObject({ format: 'csv', encoding: 'utf-8', delimiter: ';', headerRow: 1 });
    const mapping = { sku: 0, name: 1, price: 2, stock: 3 };
    const { detail } = await api.check(second.id, { read: second.options.read, mapping, pricing: retail });
    expect(detail.counts).toEqual({ create: 1, update: 2, unchanged: 1, error: 0, absent: 175, flagged: 1, total: 4 });
    const flagged = await api.rows(second.id, '?flagged=true');
    expect(flagged.rows).toEqual([
      expect.objectContaining({
        sku: 'PMS36-26',
        action: 'update',
        priceFlagged: true,
        before: expect.objectContaining({ priceKopecks: drill.priceKopecks }),
        after: expect.objectContaining({ priceKopecks: drill.priceKopecks! * 1.5 }),
      }),
    ]);
    const updated = await api.rows(second.id, '?action=update');
    expect(updated.rows.find((r) => r.sku === 'PGT92-12-E')).toMatchObject({ priceFlagged: false, before: { stock: impact.stock }, after: { stock: 3 } });
    // DCK's product keeps its price: P.I.T's row becomes P.I.T's offer of it (issue 25), not an error.
    const unchanged = await api.rows(second.id, '?action=unchanged');
    expect(unchanged.rows).toEqual([expect.objectContaining({ rowNumber: 4, sku: 'KZC20', message: 'Цену товара задаёт другой поставщик: обновится только предложение P.I.T' })]);
  });

  it('applies the changes; a later edit or a later import blocks the rollback with a reason', async () => {
    const { detail } = await api.apply(second.id, { absent: 'leave', newProducts: 'active' });
    expect(detail).toMatchObject({ status: 'applied', counts: { create: 1, update: 2, unchanged: 1, error: 0 } });
    const [drill] = await db().select().from(products).where(eq(products.sku, 'PMS36-26'));
    expect(drill!.priceKopecks).toBe(1_858_500);

    // The first import's products were changed by the second one.
    const firstBack = await api.rollback(first.id);
    expect(firstBack.statusCode).toBe(409);
    expect(firstBack.json().message).toBe(
      'Откатить нельзя: после импорта изменились 2 товара (цена, остаток, видимость или название). Измените их вручную или загрузите прайс-лист заново.',
    );

    const edit = await api.inject('PATCH', `/api/products/${drill!.id}`, { price: 15_000 });
    expect(edit.statusCode).toBe(200);
    const secondBack = await api.rollback(second.id);
    expect(secondBack.statusCode).toBe(409);
    expect(secondBack.json().message).toMatch(/^Откатить нельзя: после импорта изменился 1 товар /);
    expect((await api.detail(second.id)).status).toBe('applied');

    // Put back as the import left it, the rollback goes through.
    await api.inject('PATCH', `/api/products/${drill!.id}`, { price: 18_585 });
    const res = await api.rollback(second.id);
    expect(res.statusCode).toBe(200);
    const [restored] = await db().select().from(products).where(eq(products.sku, 'PMS36-26'));
    expect(restored!.priceKopecks).toBe(1_239_000);
    expect(await db().select().from(products).where(eq(products.sku, 'PIT-NEW-1'))).toHaveLength(0);
  });
});

describe('a YML feed', () => {
  let feedSupplier: number;
  let imp: ImportDetail;

  it('creates the offers with their descriptions and characteristics (param name= unit=); a price in dollars is an error', async () => {
    feedSupplier = (await api.createSupplier('DCK-FEED', 'ДЦК Инструмент (фид)')).id;
    imp = await api.upload(feedSupplier, fixture('feed.yml'));
    expect(imp.preview).toMatchObject({ format: 'yml', totalRows: 300 });
    expect(imp.options.mapping).toEqual({});
    const { detail } = await api.check(imp.id, { read: imp.options.read, mapping: {}, pricing: retail });
    expect(detail.counts).toMatchObject({ create: 299, error: 1, absent: 0, total: 300 });
    const errors = await api.rows(imp.id, '?action=error');
    expect(errors.rows[0]).toMatchObject({ rowNumber: 151, column: 'currencyId', message: 'Цена в валюте USD: принимаются только рубли (RUB)' });
    const applied = await api.apply(imp.id, { absent: 'leave', newProducts: 'hidden' });
    expect(applied.detail.status).toBe('applied');
    const [first] = await db().select().from(products).where(and(eq(products.supplier, 'DCK-FEED'), eq(products.supplierSku, '100000')));
    expect(first).toMatchObject({ sku: 'KDPL62-25', priceKopecks: 1_739_000, originalPriceKopecks: 1_839_000, isActive: false, imageUrl: 'https://dck-tools.ru/images/kdpl62-25-1.jpg' });
    // The params are characteristics now, not lines of the description.
    expect(first!.description).toBe('<p>Дрель-шуруповёрт аккумуляторная DCK для профессионального применения.</p>');
    const shown = (await api.inject('GET', `/api/products/${first!.id}`)).json();
    // In the order of the attributes' groups, which the demo catalogue's attributes set.
    expect(shown.attributes).toHaveLength(2);
    expect(shown.attributes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Напряжение', value: '18', unit: 'В' }),
        expect.objectContaining({ name: 'Крутящий момент', value: '60', unit: 'Н·м' }),
      ]),
    );
    const preview = await api.rows(imp.id, '?action=create');
    expect(preview.rows[0]!.characteristics).toEqual([
      { name: 'Напряжение', value: '18', unit: 'В' },
      { name: 'Крутящий момент', value: '60', unit: 'Н·м' },
    ]);
    expect(first!.supplierCategory).toBe('Электроинструмент / Дрели и шуруповёрты / Аккумуляторные дрели-шуруповёрты');
  });

  it('rolling back hides, and does not delete, a created product that is already in an order', async () => {
    const [ordered] = await db().select().from(products).where(and(eq(products.supplier, 'DCK-FEED'), eq(products.supplierSku, '100000')));
    const orderId = await insertOrder(ctx, 0, 17_390);
    await db().insert(orderItems).values({ orderId, productId: ordered!.id, productName: ordered!.name, productSku: ordered!.sku, unitPriceKopecks: 1_739_000, quantity: 1, totalKopecks: 1_739_000 });
    const res = await api.rollback(imp.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Импорт откачен: возвращены прежние значения: 0 товаров; удалены созданные: 298 товаров; скрыты, а не удалены, потому что уже есть в заказах: 1 товар',
    );
    const left = await db().select().from(products).where(eq(products.supplier, 'DCK-FEED'));
    expect(left.map((p) => [p.id, p.isActive])).toEqual([[ordered!.id, false]]);
  });
});

describe('one bad row never stops the others', () => {
  it('a SKU taken between the dry run and applying becomes an error in the report; the rest is written', async () => {
    const supplier = await api.createSupplier('ZUBR', 'Зубр');
    const file = csvFile('zubr.csv', ['Артикул;Наименование;Цена', 'Z-1;Молоток Зубр Z-1;990', 'Z-2;Отвёртка Зубр Z-2;390', 'Z-3;Ножовка Зубр Z-3;790']);
    const imp = await api.upload(supplier.id, file);
    await api.check(imp.id, { read: imp.options.read, mapping: { sku: 0, name: 1, price: 2 }, pricing: retail });
    const taken = await api.inject('POST', '/api/products', { name: 'Отвёртка, заведённая вручную', sku: 'Z-2', price: 400, categoryId: 10 });
    expect(taken.statusCode).toBe(201);
    const { detail } = await api.apply(imp.id, { absent: 'leave', newProducts: 'active' });
    expect(detail).toMatchObject({ status: 'applied', counts: { create: 2, error: 1 } });
    const errors = await api.rows(imp.id, '?action=error');
    expect(errors.rows).toEqual([expect.objectContaining({ sku: 'Z-2', message: 'Артикул Z-2 уже занят другим товаром' })]);
    expect((await supplierProducts('ZUBR')).map((p) => p.sku).sort()).toEqual(['Z-1', 'Z-3']);

    // A list of that one row: its error is reported, the import itself is applied.
    const single = await api.upload(supplier.id, csvFile('zubr-one.csv', ['Артикул;Наименование;Цена', 'Z-4;Стамеска Зубр Z-4;290']));
    await api.check(single.id, { read: single.options.read, mapping: { sku: 0, name: 1, price: 2 }, pricing: retail });
    expect((await api.inject('POST', '/api/products', { name: 'Стамеска вручную', sku: 'Z-4', price: 300, categoryId: 10 })).statusCode).toBe(201);
    const applied = await api.apply(single.id, { absent: 'leave', newProducts: 'active' });
    expect(applied.detail).toMatchObject({ status: 'applied', counts: { create: 0, error: 1, absent: 2 } });
  });

  it('two new rows with one shop SKU: the second is an error already in the dry run', async () => {
    const supplier = await api.createSupplier('ZUBR-2', 'Зубр, второй склад');
    const file = csvFile('zubr-2.csv', ['Код;Артикул;Наименование;Цена', '1001;ZS-1;Шуруповёрт Зубр ZS-1;4990', '1002;ZS-1;Шуруповёрт Зубр ZS-1 (другой код);4990']);
    const imp = await api.upload(supplier.id, file);
    const { detail } = await api.check(imp.id, { read: imp.options.read, mapping: { supplierSku: 0, sku: 1, name: 2, price: 3 }, pricing: retail });
    expect(detail.counts).toMatchObject({ create: 1, error: 1 });
    const errors = await api.rows(imp.id, '?action=error');
    expect(errors.rows).toEqual([expect.objectContaining({ rowNumber: 3, column: 'Артикул', message: 'Артикул ZS-1 уже у нового товара из строки 2' })]);
  });
});

describe('statuses', () => {
  it('an import is applied only after its dry run, and not twice at once', async () => {
    const supplier = await api.createSupplier('KRATON', 'Кратон');
    const imp = await api.upload(supplier.id, csvFile('kraton.csv', ['Артикул;Наименование;Цена', 'K-1;Пила Кратон K-1;2990']));
    const early = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/apply`, { absent: 'leave', newProducts: 'active' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Сначала проверьте импорт: применить можно только проверенный файл');
    await api.check(imp.id, { read: imp.options.read, mapping: { sku: 0, name: 1, price: 2 }, pricing: retail });
    const started = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/apply`, { absent: 'leave', newProducts: 'active' });
    expect(started.statusCode).toBe(202);
    const twice = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/apply`, { absent: 'leave', newProducts: 'active' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Импорт уже применяется');
    const recheck = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/check`, { read: imp.options.read, mapping: { sku: 0, name: 1, price: 2 }, pricing: retail });
    expect(recheck.statusCode).toBe(409);
    await ctx.app.jobs.drain();
    expect((await api.detail(imp.id)).status).toBe('applied');
    // A dry run stopped by staff sends the import back to its file.
    const again = await api.upload(supplier.id, csvFile('kraton-2.csv', ['Артикул;Наименование;Цена', 'K-2;Лобзик Кратон K-2;1990']));
    const checking = await api.inject('POST', `/api/admin/supplier-imports/${again.id}/check`, { read: again.options.read, mapping: { sku: 0, name: 1, price: 2 }, pricing: retail });
    expect((await api.inject('POST', `/api/admin/jobs/${checking.json().jobId}/stop`)).json()).toMatchObject({ status: 'stopped' });
    expect(await api.detail(again.id)).toMatchObject({ status: 'uploaded', counts: null, message: 'Проверка остановлена' });

    const missing = await api.inject('GET', '/api/admin/supplier-imports/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Импорт не найден' });
    const stored = await db().select({ n: sql<number>`count(*)::int` }).from(supplierImports).where(inArray(supplierImports.status, ['applying', 'checking']));
    expect(stored[0]!.n).toBe(0);
  });
});
