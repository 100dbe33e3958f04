import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryRules, supplierCategories } from '#server/db/schema.ts';
import { adapterSubjects } from '../../../../tests/helpers/catalog-ids.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { loadCatalogAdapter, recordSupplierCategories, type CatalogAdapter } from './adapter.ts';

let ctx: TestContext;
let adapter: CatalogAdapter;
const ids = { dck: 0, pit: 0, perf: 0, drill: 0, grinder: 0, saw: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  Object.assign(ids, await adapterSubjects(ctx.database.db));
  await ctx.database.db.insert(categoryRules).values([
    { kind: 'category', supplierId: ids.dck, pattern: 'Перфораторы  SDS', categoryId: ids.perf },
    { kind: 'category', supplierId: ids.dck, pattern: 'Шуруповёрты', categoryId: ids.drill },
    { kind: 'category', supplierId: null, pattern: 'Болгарки', categoryId: ids.grinder },
    { kind: 'category', supplierId: ids.pit, pattern: 'Болгарки', categoryId: ids.saw },
    { kind: 'name_contains', supplierId: null, pattern: 'Дрель', categoryId: ids.drill },
    { kind: 'name_pattern', supplierId: null, pattern: '^ушм\\s', categoryId: ids.grinder },
    { kind: 'name_pattern', supplierId: null, pattern: 'лобзик|пила', categoryId: ids.saw },
    { kind: 'name_contains', supplierId: ids.pit, pattern: 'пила', categoryId: ids.perf, priority: 10 },
  ]);
  adapter = await loadCatalogAdapter(ctx.database.db);
});
afterAll(() => ctx.close());

describe('categoryFor', () => {
  it('maps a supplier category whatever its case, spaces and ё', () => {
    expect(adapter.categoryFor({ supplierId: ids.dck, supplierCategory: '  перфораторы sds ', name: 'Перфоратор KJZ04-26' })).toBe(ids.perf);
    expect(adapter.categoryFor({ supplierId: ids.dck, supplierCategory: 'ШУРУПОВЕРТЫ', name: 'Шуруповёрт 12 В' })).toBe(ids.drill);
  });

  it('uses a supplier category rule only for its supplier, and one for any supplier for everyone', () => {
    expect(adapter.categoryFor({ supplierId: ids.pit, supplierCategory: 'Перфораторы SDS', name: 'Перфоратор' })).toBeNull();
    expect(adapter.categoryFor({ supplierId: ids.dck, supplierCategory: 'Болгарки', name: 'Машина' })).toBe(ids.grinder);
    expect(adapter.categoryFor({ supplierId: null, supplierCategory: 'болгарки', name: 'Машина' })).toBe(ids.grinder);
  });

  it("prefers the supplier's own rule to one for any supplier", () => {
    expect(adapter.categoryFor({ supplierId: ids.pit, supplierCategory: 'Болгарки', name: 'Машина' })).toBe(ids.saw);
  });

  it('tries the supplier category before a word in the name, and a word before a pattern', () => {
    expect(adapter.categoryFor({ supplierId: ids.dck, supplierCategory: 'Перфораторы SDS', name: 'Дрель-перфоратор' })).toBe(ids.perf);
    expect(adapter.categoryFor({ supplierId: ids.dck, supplierCategory: 'Прочее', name: 'УШМ Дрель' })).toBe(ids.drill);
    expect(adapter.categoryFor({ supplierId: ids.dck, supplierCategory: 'Прочее', name: 'УШМ 125 мм' })).toBe(ids.grinder);
  });

  it('finds a word as a whole word, in any case, with ё as е', () => {
    expect(adapter.categoryFor({ supplierId: ids.dck, name: 'ДРЕЛЬ-шуруповёрт аккумуляторная' })).toBe(ids.drill);
    expect(adapter.categoryFor({ supplierId: ids.dck, name: 'Дрели ударные' })).toBeNull();
    expect(adapter.categoryFor({ supplierId: ids.dck, name: 'Мотодрель' })).toBeNull();
  });

  it('matches a pattern without regard to case', () => {
    expect(adapter.categoryFor({ supplierId: null, name: 'Электролобзик маятниковый' })).toBe(ids.saw);
  });

  it('lets a lower priority win over the kind order', () => {
    expect(adapter.categoryFor({ supplierId: ids.pit, supplierCategory: 'Болгарки', name: 'Пила дисковая' })).toBe(ids.perf);
    expect(adapter.categoryFor({ supplierId: ids.dck, supplierCategory: 'Болгарки', name: 'Пила дисковая' })).toBe(ids.grinder);
  });

  it('answers null when no rule matches', () => {
    expect(adapter.categoryFor({ supplierId: ids.dck, supplierCategory: 'Насосы', name: 'Насос погружной' })).toBeNull();
  });
});

describe('brandFor', () => {
  it.each([
    ['Dck', 'DCK'],
    ['DCK Tools', 'DCK'],
    ['  dck   tools ', 'DCK'],
    ['ДЦК', 'DCK'],
    ['P.I.T.', 'P.I.T'],
    ['пит', 'P.I.T'],
    ['p.i.t', 'P.I.T'],
  ])('%s is %s', (text, brand) => {
    expect(adapter.brandFor(text)).toBe(brand);
  });

  it('keeps another brand as written, on one line; no brand for an empty text', () => {
    expect(adapter.brandFor('  Makita \n ')).toBe('Makita');
    expect(adapter.brandFor(' ')).toBeNull();
  });
});

describe('normaliseText', () => {
  it.each([
    ['800W', '800 Вт'],
    ['Дрель 800W, 3000rpm', 'Дрель 800 Вт, 3000 об/мин'],
    ['3000 об./мин.', '3000 об/мин'],
    ['3000 об/мин', '3000 об/мин'],
    ['800 Вт', '800 Вт'],
    ['2,2kW', '2,2 кВт'],
    ['18V 4Ah', '18 В 4 А·ч'],
    ['Диск 125mm', 'Диск 125 мм'],
    ['Wolf 20 Нм', 'Wolf 20 Н·м'],
  ])('%s → %s', (text, expected) => {
    expect(adapter.normaliseText(text)).toBe(expected);
  });
});

describe('recordSupplierCategories', () => {
  it('keeps each name once, trimmed, and sees it again later', async () => {
    const db = ctx.database.db;
    await recordSupplierCategories(db, ids.dck, ['  Перфораторы  SDS ', 'Перфораторы SDS', 'Пилы', '']);
    await recordSupplierCategories(db, ids.dck, ['Пилы']);
    const rows = await db.select().from(supplierCategories).where(eq(supplierCategories.supplierId, ids.dck));
    expect(rows.map((r) => r.name).sort()).toEqual(['Перфораторы SDS', 'Пилы']);
  });
});
