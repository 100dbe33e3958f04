import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductListResponse } from '#shared/types.ts';
import { createTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import { cartWith, createCustomer, pickProducts, placeOrderAs, readProduct, setProduct } from '../../../../../tests/helpers/customers.ts';
import type { Order } from '#shared/types.ts';
import { changeOrder } from '../../orders/door.ts';
import { catalogChanged } from '../catalog-events.ts';

/**
 * An order changes its products' stock and nothing else: the cached catalogue answers that show
 * them (their pages, the lists holding them, lists filtered by availability) go, every other
 * answer stays cached (docs/decisions/040).
 */

let ctx: TestContext;
let drill: { id: number; sku: string };
let saw: { id: number; sku: string };

beforeAll(async () => {
  ctx = await createTestApp();
  const [a, b] = await pickProducts(ctx.database.db, 2);
  for (const product of [a!, b!]) await setProduct(ctx.database.db, product.id, { stock: 10, price: 1000 });
  catalogChanged();
  drill = { id: a!.id, sku: (await readProduct(ctx.database.db, a!.id)).sku };
  saw = { id: b!.id, sku: (await readProduct(ctx.database.db, b!.id)).sku };
});
afterAll(async () => ctx?.close());

async function get<T>(url: string): Promise<{ body: T; etag: string }> {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json<T>(), etag: String(res.headers.etag) };
}

/** Catalogue answers found in the cache so far (/metrics' figure). */
async function cacheHits(): Promise<number> {
  const { values } = await ctx.app.metrics.catalogueCache.get();
  return values.find((v) => v.labels.result === 'hit')?.value ?? 0;
}

const page = (id: number) => `/api/products/${id}`;
const bySku = (sku: string) => `/api/products?query=${encodeURIComponent(sku)}`;
const stockIn = (list: ProductListResponse, id: number) => list.products.find((p) => p.id === id)?.stock;

describe('an order and the cached catalogue answers', () => {
  it('drops the answers showing the ordered product; the others are still answered from the cache', async () => {
    const untouched = [page(saw.id), bySku(saw.sku), '/api/categories'];
    const before = new Map<string, string>();
    for (const url of [...untouched, page(drill.id), bySku(drill.sku), '/api/products?inStock=true']) before.set(url, (await get(url)).etag);

    const customer = await createCustomer(ctx);
    await placeOrderAs(ctx, customer.cookie, await cartWith(ctx, [[drill.id, 2]]));

    const hits = await cacheHits();
    for (const url of untouched) expect((await get(url)).etag, url).toBe(before.get(url));
    expect(await cacheHits()).toBe(hits + untouched.length);

    expect((await get<Product>(page(drill.id))).body.stock).toBe(8);
    expect(stockIn((await get<ProductListResponse>(bySku(drill.sku))).body, drill.id)).toBe(8);
    await get('/api/products?inStock=true');
    // Those three were made again.
    expect(await cacheHits()).toBe(hits + untouched.length);
  });

  it('shows the units a cancelled order gave back, and those its undoing took again, at once', async () => {
    const customer = await createCustomer(ctx);
    const order = await placeOrderAs<Order>(ctx, customer.cookie, await cartWith(ctx, [[saw.id, 3]]));
    expect((await get<Product>(page(saw.id))).body.stock).toBe(7);
    expect(stockIn((await get<ProductListResponse>(bySku(saw.sku))).body, saw.id)).toBe(7);

    await changeOrder(ctx.database.db, order.id, { kind: 'system' }, { status: 'cancelled' }, new Date());
    expect((await get<Product>(page(saw.id))).body.stock).toBe(10);
    expect(stockIn((await get<ProductListResponse>(bySku(saw.sku))).body, saw.id)).toBe(10);

    await changeOrder(ctx.database.db, order.id, { kind: 'system' }, { status: 'processing' }, new Date());
    expect((await get<Product>(page(saw.id))).body.stock).toBe(7);
  });
});
