import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductImportSchema, ProductSchema } from '#shared/schemas/product.ts';
import type { Product, ProductListResponse } from '#shared/types.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { updateCategory } from '../categories/admin-service.ts';
import { createProduct, deleteAllProducts, hardDeleteProduct, importProduct, updateProduct } from './admin-service.ts';

/**
 * The services that write products and categories announce the change themselves: a write made
 * without any route (a supplier import, the 1C exchange) never leaves a cached answer stale.
 */

let ctx: TestContext;
let categoryId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  const [row] = ((await ctx.database.db.execute(sql`select id from categories order by id limit 1`)) as unknown as { rows: { id: number }[] }).rows;
  categoryId = row!.id;
});
afterAll(async () => ctx?.close());

async function get<T>(url: string): Promise<T> {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

const newest = () => get<ProductListResponse>('/api/products?sort=newest');
const search = (query: string) => get<ProductListResponse>(`/api/products?query=${encodeURIComponent(query)}`);
const now = () => ctx.clock.now();

describe('a service write without its route', () => {
  let created: Product;

  it('creating a product drops the cached list and search answers', async () => {
    const before = await newest();
    expect((await search('виброплита')).total).toBe(0);
    created = await createProduct(
      ctx.database.db,
      ProductSchema.parse({ name: 'Виброплита бензиновая Тест-90', sku: 'NOTICE-90', price: 45990, categoryId, stock: 2 }),
      now(),
    );
    const after = await newest();
    expect(after.total).toBe(before.total + 1);
    expect(after.products[0]!.sku).toBe('NOTICE-90');
    expect((await search('виброплиты')).products.map((p) => p.id)).toEqual([created.id]);
  });

  it('changing and importing a product drops the cached product answer', async () => {
    expect((await get<Product>(`/api/products/${created.id}`)).price).toBe(45990);
    await updateProduct(ctx.database.db, created.id, { price: 44990 }, now());
    expect((await get<Product>(`/api/products/${created.id}`)).price).toBe(44990);
    await importProduct(ctx.database.db, ProductImportSchema.parse({ name: 'Виброплита бензиновая Тест-90', sku: 'NOTICE-90', price: 43990, categoryId }), now());
    expect((await get<Product>(`/api/products/${created.id}`)).price).toBe(43990);
  });

  it('renaming a category shows in the cached product answer', async () => {
    await get<Product>(`/api/products/${created.id}`);
    await updateCategory(ctx.database.db, categoryId, { name: 'Категория после уведомления' }, now());
    expect((await get<Product>(`/api/products/${created.id}`)).category?.name).toBe('Категория после уведомления');
  });

  it('deleting a product, then every product, drops the cached answers', async () => {
    await hardDeleteProduct(ctx.database.db, created.id);
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/products/${created.id}` });
    expect(gone.statusCode).toBe(404);
    expect((await search('виброплита')).total).toBe(0);
    expect((await newest()).total).toBeGreaterThan(0);
    await deleteAllProducts(ctx.database.db);
    expect((await newest()).total).toBe(0);
  });
});
