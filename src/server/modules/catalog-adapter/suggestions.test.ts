import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import type { SupplierCategoryRow } from '#shared/schemas/catalog-adapter.ts';
import { slugify } from '#shared/slug.ts';
import { categoryIdBySlug, supplierIdByCode } from '../../../../tests/helpers/catalog-ids.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';

/**
 * How sure the adapter is of a suggestion for a supplier group the shop has no category for
 * (drill bits found among hammer drills by «SDS-plus» alone), and a category made from the row.
 */

let ctx: TestContext;
let admin: string;
const ids = { dck: 0, perf: 0 };
const BASE = '/api/admin/catalog-adapter';
const GROUP = 'Оснастка / Буры SDS-plus';

const api = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, payload, headers: { cookie: admin } });
const rows = async () => (await api('GET', `${BASE}/supplier-categories`)).json<SupplierCategoryRow[]>();
const rowOf = (list: SupplierCategoryRow[], name: string) => list.find((r) => r.name === name)!;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  const db = ctx.database.db;
  ids.dck = await supplierIdByCode(db, 'DCK');
  ids.perf = await categoryIdBySlug(db, 'perforatory');
  const items = [
    { sku: 'SG-B1', name: 'Бур SDS-plus 6×110 мм DCK', supplierCategory: GROUP },
    { sku: 'SG-B2', name: 'Бур SDS-plus 8×160 мм DCK', supplierCategory: GROUP },
    { sku: 'SG-B3', name: 'Бур SDS-plus 10×210 мм DCK', supplierCategory: GROUP },
    { sku: 'SG-P1', name: 'Перфоратор DCK KZC-S1 800W SDS-plus', supplierCategory: 'Перфораторы SDS-plus' },
    { sku: 'SG-P2', name: 'Перфоратор DCK KZC-S2 1050W SDS-plus', supplierCategory: 'Перфораторы SDS-plus' },
  ];
  for (const item of items) expect((await api('POST', '/api/admin/products', { price: 990, stock: 5, supplier: 'DCK', ...item })).statusCode).toBe(201);
});
afterAll(() => ctx.close());

describe('suggestions for unmapped supplier groups', () => {
  it('a suggestion found only through a shared word is not sure; a group like the category’s products is', async () => {
    const list = await rows();
    expect(rowOf(list, GROUP).suggestion).toMatchObject({ categoryId: ids.perf, categoryName: 'Перфораторы', confidence: 0, confident: false });
    expect(rowOf(list, 'Перфораторы SDS-plus').suggestion).toMatchObject({ categoryId: ids.perf, confidence: 1, confident: true });
  });

  it('staff create a category from the row: the group maps to it and its products go there', async () => {
    const created = await api('POST', '/api/categories', { name: 'Буры SDS-plus', slug: slugify('Буры SDS-plus') });
    expect(created.statusCode).toBe(201);
    const categoryId = created.json<{ id: number }>().id;
    expect((await api('POST', `${BASE}/rules`, { kind: 'category', supplierId: ids.dck, pattern: GROUP, categoryId })).statusCode).toBe(201);
    expect(rowOf(await rows(), GROUP)).toMatchObject({ mapping: { categoryId, categoryName: 'Буры SDS-plus' }, suggestion: null });
    expect((await api('POST', `${BASE}/reapply`)).statusCode).toBe(200);
    const [bit] = await ctx.database.db.select().from(products).where(eq(products.sku, 'SG-B1'));
    expect(bit).toMatchObject({ categoryId, awaitingCategory: false });
  });
});
