import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ProductListResponse } from '#shared/types.ts';
import { products } from '../../../db/schema.ts';
import { createTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import { cartWith, createCustomer, placeOrderAs, readProduct, stockedProduct } from '../../../../../tests/helpers/customers.ts';
import { catalogChanged } from '../catalog-events.ts';
import { catalogSearchOf } from './catalog-search.ts';
import { SEARCH_WAIT_MS } from './live-index.ts';
import { SearchIndex } from './search-index.ts';

/**
 * How long a search waits for the index to take in a change (live-index.ts): an order's stock
 * (or another process's change) at most SEARCH_WAIT_MS, then the answer comes from the index as
 * far as it got and is not kept; a change made in this process (staff's) until it is taken in.
 * The index's look is held part way (before it takes in the rows it read) to make it lag.
 */

let ctx: TestContext;
let productId: number;
let sku: string;

beforeAll(async () => {
  ctx = await createTestApp();
  productId = await stockedProduct(ctx.database.db, { stock: 3, price: 1000 });
  sku = (await readProduct(ctx.database.db, productId)).sku;
  catalogChanged();
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

/** The next look of the index waits before taking in what it read, until `release()`. */
function holdNextLook() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const reserve = SearchIndex.prototype.reserve;
  vi.spyOn(SearchIndex.prototype, 'reserve').mockImplementationOnce(async function (this: SearchIndex, count: number) {
    await held;
    return reserve.call(this, count);
  });
  return release;
}

const settled = () => catalogSearchOf(ctx.database.db, () => {}).settled();

async function timedSearch(query: string, extra = '') {
  const started = performance.now();
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?query=${encodeURIComponent(query)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return { list: res.json<ProductListResponse>(), ms: performance.now() - started };
}

const shown = (list: ProductListResponse) => list.products.map((p) => [p.id, p.stock]);

describe('a search while the index takes changes in', () => {
  it("answers within the wait while an order's stock is not taken in, and keeps no such answer", async () => {
    const inStock = '&inStock=true';
    expect(shown((await timedSearch(sku, inStock)).list)).toEqual([[productId, 3]]);

    const customer = await createCustomer(ctx);
    const cartId = await cartWith(ctx, [[productId, 3]]);
    const release = holdNextLook();
    await placeOrderAs(ctx, customer.cookie, cartId);

    // The index still has the product in stock; its row, read from the database, says 0 left.
    const lagging = await timedSearch(sku, inStock);
    expect(shown(lagging.list)).toEqual([[productId, 0]]);
    expect(lagging.ms).toBeGreaterThanOrEqual(SEARCH_WAIT_MS - 1);
    expect(lagging.ms).toBeLessThan(SEARCH_WAIT_MS + 2000);

    release();
    await settled();
    expect(shown((await timedSearch(sku, inStock)).list)).toEqual([]);
    expect(shown((await timedSearch(sku)).list)).toEqual([[productId, 0]]);
  });

  it('waits for a change made in this process until the index has it, however long', async () => {
    const name = 'Гвоздекрут кованый';
    const release = holdNextLook();
    // Another change is being taken in (held) when staff's is announced.
    await ctx.database.db.update(products).set({ stock: 0 }).where(eq(products.id, productId));
    catalogChanged();
    await ctx.database.db.update(products).set({ name }).where(eq(products.id, productId));
    catalogChanged();
    const search = timedSearch('гвоздекрут');
    const early = await Promise.race([search.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('waiting'), SEARCH_WAIT_MS * 5))]);
    expect(early).toBe('waiting');
    release();
    expect((await search).list.products.map((p) => [p.id, p.name])).toEqual([[productId, name]]);
  });
});
