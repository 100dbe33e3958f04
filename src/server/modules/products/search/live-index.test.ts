import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import type { SearchSuggestions } from '#shared/search-suggestions.ts';
import type { ProductListResponse } from '#shared/types.ts';
import { catalogChanged } from '../catalog-events.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function search(query: string, extra = ''): Promise<ProductListResponse> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?query=${encodeURIComponent(query)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductListResponse;
}

describe('search follows writes made in the database', () => {
  it('finds a product by its new name once the change is announced', async () => {
    const [product] = await rows<{ id: number }>(sql`select id from products where is_active order by id limit 1`);
    expect((await search('зубодробитель')).total).toBe(0);
    await ctx.database.db.execute(sql`update products set name = 'Зубодробитель электрический' where id = ${product!.id}`);
    catalogChanged();
    const found = await search('зубодробители');
    expect(found.products.map((p) => [p.id, p.name])).toEqual([[product!.id, 'Зубодробитель электрический']]);
  });

  it('follows stock, price and activity changes in filters and sorts', async () => {
    const [product] = await rows<{ id: number }>(sql`select id from products where name = 'Зубодробитель электрический'`);
    await ctx.database.db.execute(sql`update products set is_active = false where id = ${product!.id}`);
    catalogChanged();
    expect((await search('зубодробитель')).total).toBe(0);
    await ctx.database.db.execute(sql`update products set is_active = true, price_kopecks = 1 where id = ${product!.id}`);
    catalogChanged();
    const cheapest = await search('зубодробитель', '&sort=price-low');
    expect(cheapest.products[0]).toMatchObject({ id: product!.id, price: 0.01 });
  });

  it('suggests a category by the name written in the database, and a product at the price written there', async () => {
    const [product] = await rows<{ id: number; category_id: number }>(sql`select id, category_id from products where is_active and category_id is not null order by id limit 1`);
    await ctx.database.db.execute(sql`update categories set name = 'Зубодробилки' where id = ${product!.category_id}`);
    await ctx.database.db.execute(sql`update products set name = 'Зубодробилка ручная', price_kopecks = 123400 where id = ${product!.id}`);
    catalogChanged();
    const res = await ctx.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent('зубодробилка')}` });
    const answer = res.json<SearchSuggestions>();
    expect(answer.categories[0]?.name).toBe('Зубодробилки');
    expect(answer.products.map((p) => [p.id, p.name, p.price])).toEqual([[product!.id, 'Зубодробилка ручная', 1234]]);
  });

  it('drops deleted products, and starts again after the table is emptied', async () => {
    await ctx.database.db.execute(sql`delete from cart_items`);
    await ctx.database.db.execute(sql`delete from products where name = 'Зубодробитель электрический'`);
    catalogChanged();
    expect((await search('зубодробитель')).total).toBe(0);
    expect((await search('дрель')).total).toBeGreaterThan(0);

    await ctx.database.db.execute(sql`truncate products cascade`);
    const [category] = await rows<{ id: number }>(sql`select id from categories order by id limit 1`);
    await ctx.database.db.execute(sql`
      insert into products (slug, name, sku, category_id, price_kopecks, stock)
      values ('kuvalda-test', 'Кувалда кованая', 'KUV-01', ${category!.id}, 99000, 5)`);
    catalogChanged();
    expect((await search('дрель')).total).toBe(0);
    expect((await search('кувалды')).products.map((p) => p.sku)).toEqual(['KUV-01']);
    expect((await search('kuv0')).products.map((p) => p.sku)).toEqual(['KUV-01']);
  });
});
