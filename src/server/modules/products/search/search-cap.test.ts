import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import { categories } from '../../../db/schema.ts';
import { generateBenchmarkProducts } from '../../../db/seed/catalog-data.ts';
import { insertProducts } from '../../../db/seed/seed-catalog.ts';
import type { ProductListResponse } from '#shared/types.ts';
import { catalogChanged } from '../catalog-events.ts';
import { SEARCH_RANK_CAP } from './catalog-search.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  const rows = await ctx.database.db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const ids = new Map(rows.map((r) => [r.slug, r.id]));
  await insertProducts(ctx.database.db, generateBenchmarkProducts(1500, [...ids.keys()], 7), ids);
  catalogChanged();
}, 120_000);
afterAll(async () => ctx?.close());

const search = async (query: string, extra = '') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?query=${encodeURIComponent(query)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductListResponse;
};

describe('search of a very broad word', () => {
  it('ranks at most the cap of matches, says so, and pages through them', async () => {
    const [{ n }] = (
      (await ctx.database.db.execute(
        sql`select count(*)::int as n from products where is_active and search_vector @@ to_tsquery('russian', 'аккумулятор')`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBeGreaterThan(SEARCH_RANK_CAP);
    const first = await search('аккумулятор');
    expect(first.capped).toBe(true);
    expect(first.total).toBe(SEARCH_RANK_CAP);
    expect(first.totalPages).toBe(Math.ceil(SEARCH_RANK_CAP / 12));
    const last = await search('аккумулятор', `&page=${first.totalPages}`);
    expect(last.products).toHaveLength(SEARCH_RANK_CAP - 12 * (first.totalPages - 1));
    // Among the ranked matches, those with the word in the name come first.
    const inName = first.products.map((p) => /аккумулятор/i.test(p.name));
    expect(inName.every(Boolean)).toBe(true);
  });

  it('keeps exact totals for narrower searches', async () => {
    const narrow = await search('перфоратор SDS-max');
    expect(narrow.capped).toBe(false);
    expect(narrow.total).toBeGreaterThan(0);
    expect(narrow.total).toBeLessThan(SEARCH_RANK_CAP);
  });
});
