import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/connection.ts';
import type { Product, ProductListResponse } from '#shared/types.ts';
import { createAdminTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import { TEST_ADMIN } from '../../../../../tests/helpers/test-config.ts';

/**
 * The catalogue's totals come from `product_facets`, kept by triggers on products (migration
 * 0003). After every kind of write it must hold exactly what counting the products gives.
 */
let ctx: TestContext;
let admin: string;
let categoryIds: number[];

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  categoryIds = rowsOf<{ id: number }>(await ctx.database.db.execute(sql`select id from categories order by id limit 2`)).map((r) => r.id);
});
afterAll(() => ctx.close());

type Row = { category_id: number | null; supplier: string | null; priced: boolean; n: number };
const sorted = (rows: Row[]) =>
  rows.map((r) => `${r.category_id ?? '-'}|${r.supplier ?? '-'}|${r.priced}|${Number(r.n)}`).sort();

async function expectFacetsMatchRecount() {
  const db = ctx.database.db;
  const stored = rowsOf<Row>(await db.execute(sql`select category_id, supplier, priced, n from product_facets`));
  const counted = rowsOf<Row>(
    await db.execute(sql`
      select category_id, supplier, coalesce(price_kopecks, 0) > 0 as priced, count(*)::int as n
      from products where is_active group by 1, 2, 3`),
  );
  expect(sorted(stored)).toEqual(sorted(counted));
}

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: admin } });

const categoryTotal = async (categoryId: number) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/products?categoryId=${categoryId}` })).json<ProductListResponse>().total;

describe('product_facets', () => {
  it('starts equal to a count of the seeded catalogue', async () => {
    await expectFacetsMatchRecount();
  });

  it('follows creating, repricing, moving, hiding, selling and deleting products, and the totals shown follow it', async () => {
    const [first, second] = categoryIds as [number, number];
    const before = await categoryTotal(first);
    const created = await send('POST', '/api/products', { name: 'Шуруповёрт для проверки счётчиков', sku: 'FACET-1', price: 4990, categoryId: first, supplier: 'DCK' });
    expect(created.statusCode).toBe(201);
    const id = created.json<Product>().id;
    await expectFacetsMatchRecount();
    expect(await categoryTotal(first)).toBe(before + 1);

    expect((await send('PATCH', `/api/products/${id}`, { price: 0 })).statusCode).toBe(200);
    await expectFacetsMatchRecount();
    expect((await send('PATCH', `/api/products/${id}`, { categoryId: second, supplier: 'P.I.T' })).statusCode).toBe(200);
    await expectFacetsMatchRecount();
    expect(await categoryTotal(first)).toBe(before);

    // An order's stock and sales update changes no counted field.
    await ctx.database.db.execute(sql`update products set stock = stock - 1, sales_count = sales_count + 1 where id = ${id}`);
    await expectFacetsMatchRecount();

    expect((await send('PATCH', `/api/products/${id}`, { isActive: false })).statusCode).toBe(200);
    await expectFacetsMatchRecount();
    expect((await send('PATCH', `/api/products/${id}`, { isActive: true })).statusCode).toBe(200);
    await expectFacetsMatchRecount();

    expect((await send('DELETE', `/api/admin/hard-delete-product/${id}`)).statusCode).toBe(200);
    await expectFacetsMatchRecount();
  });

  it('is empty after every product is deleted', async () => {
    const res = await send('DELETE', '/api/admin/products/delete-all', { currentPassword: TEST_ADMIN.password });
    expect(res.statusCode).toBe(200);
    await expectFacetsMatchRecount();
    const stored = rowsOf<Row>(await ctx.database.db.execute(sql`select * from product_facets`));
    expect(stored).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products' })).json<ProductListResponse>().total).toBe(0);
  });
});
