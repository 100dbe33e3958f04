import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import type { Product, ProductListResponse } from '#shared/types.ts';
import { catalogChanged } from './catalog-events.ts';

let ctx: TestContext;
let staff: string;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await ctx.login();
});
afterAll(async () => ctx?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function list(params: Record<string, string | number> = {}, cookie?: string) {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products?${search}`, headers: cookie ? { cookie } : {} });
  return res;
}

async function listOk(params: Record<string, string | number> = {}, cookie?: string): Promise<ProductListResponse> {
  const res = await list(params, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ProductListResponse;
}

/** Every page of a list, concatenated. */
async function allPages(params: Record<string, string | number>, limit = 12): Promise<Product[]> {
  const first = await listOk({ ...params, limit });
  const out = [...first.products];
  for (let page = 2; page <= first.totalPages; page++) out.push(...(await listOk({ ...params, limit, page })).products);
  return out;
}

const search = (query: string, params: Record<string, string | number> = {}) => listOk({ query, ...params });
const names = (r: ProductListResponse) => r.products.map((p) => p.name);

describe('GET /api/products: the list', () => {
  it('answers the first 12 active products with totals, flags and the admin pagination object', async () => {
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from products where is_active`);
    const body = await listOk();
    expect(body.products).toHaveLength(12);
    expect(body.total).toBe(n);
    expect(body.totalPages).toBe(Math.ceil(n / 12));
    expect(body.hasPrevPage).toBe(false);
    expect(body.hasNextPage).toBe(true);
    expect(body.pagination).toEqual({ total: n, totalPages: Math.ceil(n / 12), page: 1, limit: 12 });
    expect(body.products.every((p) => p.isActive)).toBe(true);
  });

  it('gives every product field of the spec, with the category name and slug and roubles', async () => {
    const [row] = await rows<{ id: number; price_kopecks: number; slug: string; name: string }>(
      sql`select p.id, p.price_kopecks, c.slug, c.name from products p join categories c on c.id = p.category_id
          where p.is_active and p.price_kopecks > 0 and p.original_price_kopecks > p.price_kopecks order by p.id limit 1`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${row.id}` });
    const product = res.json() as Product;
    expect(Object.keys(product).sort()).toEqual(
      [
        'id', 'slug', 'name', 'sku', 'tag', 'imageUrl', 'price', 'originalPrice', 'stock', 'branchStock', 'shortDescription', 'description',
        'categoryId', 'category', 'supplier', 'brand', 'attributes', 'isActive', 'isFeatured', 'createdAt', 'updatedAt',
        // Issue 28: the packed weight and size, kg and cm.
        'weightKg', 'lengthCm', 'widthCm', 'heightCm',
      ].sort(),
    );
    expect(Array.isArray(product.attributes)).toBe(true);
    expect(product.price).toBe(row.price_kopecks / 100);
    expect(product.originalPrice).toBeGreaterThan(product.price!);
    expect(product.category).toEqual({ id: product.categoryId, name: row.name, slug: row.slug });
  });

  it('filters by category, by supplier and by both, with exact totals', async () => {
    const [cat] = await rows<{ id: number; n: number; dck: number }>(
      sql`select category_id as id, count(*)::int as n, count(*) filter (where supplier = 'DCK')::int as dck
          from products where is_active group by category_id order by category_id limit 1`,
    );
    const byCategory = await allPages({ categoryId: cat.id });
    expect(byCategory).toHaveLength(cat.n);
    expect(byCategory.every((p) => p.categoryId === cat.id)).toBe(true);

    const [{ n: pit }] = await rows<{ n: number }>(sql`select count(*)::int as n from products where is_active and supplier = 'P.I.T'`);
    const bySupplier = await listOk({ supplier: 'P.I.T' });
    expect(bySupplier.total).toBe(pit);
    expect(bySupplier.products.every((p) => p.supplier === 'P.I.T')).toBe(true);

    const both = await allPages({ categoryId: cat.id, supplier: 'DCK' });
    expect(both).toHaveLength(cat.dck);
    expect(both.every((p) => p.categoryId === cat.id && p.supplier === 'DCK')).toBe(true);
  });

  it('answers an unknown category with an empty list, not an error', async () => {
    const body = await listOk({ categoryId: 999999 });
    expect(body.products).toEqual([]);
    expect(body.total).toBe(0);
    expect(body.totalPages).toBe(1);
    expect(body.hasNextPage).toBe(false);
  });

  it.each([
    ['featured', sql`order by is_featured desc, sales_count desc, id desc`],
    ['popular', sql`order by sales_count desc, id desc`],
    ['newest', sql`order by created_at desc, id desc`],
    ['price-low', sql`order by (coalesce(price_kopecks, 0) > 0) desc, case when price_kopecks > 0 then price_kopecks end asc, case when price_kopecks > 0 then id end asc, id desc`],
    ['price-high', sql`order by (coalesce(price_kopecks, 0) > 0) desc, price_kopecks desc nulls last, id desc`],
  ])('sort %s: every page, deep ones included, continues the same order', async (sort, order) => {
    const expected = await rows<{ id: number }>(sql`select id from products where is_active ${order}`);
    const got = await allPages({ sort }, 24);
    expect(got.map((p) => p.id)).toEqual(expected.map((r) => r.id));
  });

  it('price sorts put "price on request" products last', async () => {
    for (const sort of ['price-low', 'price-high']) {
      const all = await allPages({ sort }, 48);
      const firstOnRequest = all.findIndex((p) => !p.price);
      expect(firstOnRequest).toBeGreaterThan(0);
      expect(all.slice(firstOnRequest).every((p) => !p.price)).toBe(true);
      const prices = all.slice(0, firstOnRequest).map((p) => p.price!);
      expect(prices).toEqual([...prices].sort((a, b) => (sort === 'price-low' ? a - b : b - a)));
    }
  });

  it('pages: the last page holds the rest, a page past the end is empty, flags follow', async () => {
    const first = await listOk({ limit: 48 });
    const last = await listOk({ limit: 48, page: first.totalPages });
    expect(last.products).toHaveLength(first.total - 48 * (first.totalPages - 1));
    expect(last.hasNextPage).toBe(false);
    expect(last.hasPrevPage).toBe(true);
    const past = await listOk({ limit: 48, page: first.totalPages + 1 });
    expect(past.products).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it('takes limit up to 48 from the public and up to 100 from staff', async () => {
    expect((await listOk({ limit: 48 })).products).toHaveLength(48);
    const tooMany = await list({ limit: 49 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Товаров на странице: от 1 до 48');
    expect((await listOk({ limit: 100 }, staff)).products).toHaveLength(100);
    const staffTooMany = await list({ limit: 101 }, staff);
    expect(staffTooMany.statusCode).toBe(400);
    expect(staffTooMany.json().message).toBe('Товаров на странице: от 1 до 100');
  });

  it.each([
    [{ page: 0 }, 'Номер страницы должен быть целым числом от 1'],
    [{ page: -3 }, 'Номер страницы должен быть целым числом от 1'],
    [{ page: 'abc' }, 'Номер страницы должен быть целым числом от 1'],
    [{ page: 1.5 }, 'Номер страницы должен быть целым числом от 1'],
    [{ page: 1_000_000 }, 'Номер страницы не больше 100000'],
    [{ limit: 10000 }, 'Товаров на странице: от 1 до 48'],
    [{ limit: 0 }, 'Товаров на странице: от 1 до 48'],
    [{ sort: 'cheap' }, 'Неизвестная сортировка: допустимы featured, price-low, price-high, newest, popular'],
    [{ supplier: 'Bosch' }, 'Неизвестный поставщик: выберите DCK или P.I.T'],
    [{ categoryId: 'drills' }, 'Некорректная категория: нужен номер категории'],
    [{ categoryId: 0 }, 'Некорректная категория: нужен номер категории'],
    [{ query: 'д'.repeat(201) }, 'Поисковый запрос слишком длинный: не более 200 символов'],
    [{ status: 'deleted' }, 'Статус: all, active или inactive'],
  ])('bad parameters %o get 400 "%s"', async (params, message) => {
    const res = await list(params as Record<string, string | number>);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts and ignores the t cache buster and empty parameters', async () => {
    const plain = await listOk();
    const busted = await listOk({ t: Date.now(), query: '', categoryId: '', supplier: '', sort: '' });
    expect(busted.products.map((p) => p.id)).toEqual(plain.products.map((p) => p.id));
  });
});

describe('GET /api/products: status and inactive products', () => {
  let inactive: { id: number; slug: string; name: string };
  beforeAll(async () => {
    [inactive] = await rows<{ id: number; slug: string; name: string }>(sql`select id, slug, name from products where not is_active order by id limit 1`);
  });

  it('never shows inactive products to the public, even in search', async () => {
    const all = await allPages({}, 48);
    expect(all.some((p) => p.id === inactive.id)).toBe(false);
    const found = await search(inactive.name);
    expect(found.products.some((p) => p.id === inactive.id)).toBe(false);
  });

  it('refuses status=all and status=inactive to the public', async () => {
    for (const status of ['all', 'inactive']) {
      const res = await list({ status });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Товары по статусу видят только сотрудники магазина');
    }
  });

  it('lets staff list products of every status', async () => {
    const [{ all }] = await rows<{ all: number }>(sql`select count(*)::int as all from products`);
    const body = await listOk({ status: 'all', limit: 100 }, staff);
    expect(body.total).toBe(all);
    expect(body.products).toHaveLength(100);
    expect(body.products.some((p) => !p.isActive) || all > 100).toBe(true);
  });

  it('staff: status=inactive lists exactly the inactive products; no status means active', async () => {
    const res = await listOk({ status: 'inactive', limit: 100 }, staff);
    const [{ off }] = await rows<{ off: number }>(sql`select count(*)::int as off from products where not is_active`);
    expect(res.total).toBe(off);
    expect(res.products.every((p) => !p.isActive)).toBe(true);
    expect(res.products.some((p) => p.id === inactive.id)).toBe(true);
    const active = await listOk({ limit: 100 }, staff);
    expect(active.products.every((p) => p.isActive)).toBe(true);
  });

  it('shows an inactive product by slug or id to staff only', async () => {
    for (const key of [inactive.slug, String(inactive.id)]) {
      const anon = await ctx.app.inject({ method: 'GET', url: `/api/products/${key}` });
      expect(anon.statusCode).toBe(404);
      expect(anon.json().message).toBe('Товар не найден');
      const seen = await ctx.app.inject({ method: 'GET', url: `/api/products/${key}`, headers: { cookie: staff } });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().id).toBe(inactive.id);
      expect(seen.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('GET /api/products/{slugOrId}', () => {
  it('finds a product by slug and by id (digits only)', async () => {
    const [row] = await rows<{ id: number; slug: string }>(sql`select id, slug from products where is_active order by id limit 1`);
    const bySlug = await ctx.app.inject({ method: 'GET', url: `/api/products/${row.slug}?t=123` });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().id).toBe(row.id);
    const byId = await ctx.app.inject({ method: 'GET', url: `/api/products/${row.id}` });
    expect(byId.json().slug).toBe(row.slug);
  });

  // A blank or overlong key is no product either: the product page shows «Товар не найден», not a failure.
  it.each(['no-such-tool', '999999', '99999999999999999999', '%20', 'x'.repeat(201)])('answers 404 "Товар не найден" for %s', async (key) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${key}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Товар не найден' });
  });
});

describe('public answers: cache, ETag, compression', () => {
  it('carries a short public max-age and an ETag, and answers 304 to If-None-Match', async () => {
    const res = await list({ sort: 'newest' });
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/products?sort=newest', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends gzip and brotli bodies that decode to the same JSON', async () => {
    const plain = await list({ page: 2 });
    const gz = await ctx.app.inject({ method: 'GET', url: '/api/products?page=2', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const br = await ctx.app.inject({ method: 'GET', url: '/api/products?page=2', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers.vary).toBe('Accept-Encoding');
  });

  it('shows a change at once when the catalogue announces it', async () => {
    const before = await listOk({ sort: 'price-high' });
    const top = before.products[0]!;
    await ctx.database.db.execute(sql`update products set price_kopecks = price_kopecks + 100 where id = ${top.id}`);
    // Without an announcement the cached page is still served...
    expect((await listOk({ sort: 'price-high' })).products[0]!.price).toBe(top.price);
    catalogChanged();
    const after = await listOk({ sort: 'price-high' });
    expect(after.products[0]!.id).toBe(top.id);
    expect(after.products[0]!.price).toBe(top.price! + 1);
  });

  it('shows a product created in the back office in the list and in search at once', async () => {
    await listOk({ sort: 'newest' });
    await search('краскопульт');
    const [{ id: categoryId }] = await rows<{ id: number }>(sql`select id from categories order by id limit 1`);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: staff },
      payload: { name: 'Краскопульт электрический Тест-500', sku: 'TEST-KP500', price: 5490, categoryId, stock: 3 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await listOk({ sort: 'newest' })).products[0]!.sku).toBe('TEST-KP500');
    expect(names(await search('краскопульт'))).toContain('Краскопульт электрический Тест-500');
  });
});

describe('search', () => {
  it('finds the same products for "дрели", "дрелью" and "дрель" (morphology)', async () => {
    const base = await search('дрель');
    expect(base.total).toBeGreaterThan(10);
    expect(base.products[0]!.name).toMatch(/дрель/i);
    for (const form of ['дрели', 'дрелью', 'ДРЕЛЬ']) {
      const other = await search(form);
      expect(other.total).toBe(base.total);
      expect(other.products.map((p) => p.id)).toEqual(base.products.map((p) => p.id));
    }
  });

  it('treats ё as е and ignores word order', async () => {
    const a = await search('аккумуляторный шуруповёрт');
    const b = await search('шуруповерт аккумуляторный');
    expect(a.total).toBeGreaterThan(5);
    expect(b.products.map((p) => p.id)).toEqual(a.products.map((p) => p.id));
    for (const name of names(a)) expect(name.toLowerCase()).toMatch(/шуруповёрт|шуруповерт/);
    expect((await search('шуруповерт')).total).toBe((await search('шуруповёрт')).total);
  });

  it.each([
    ['перфаратор', /^Перфоратор/],
    ['шурупаверт', /шуруповёрт/i],
    ['аккумуляторный шурупаверт', /шуруповёрт/i],
    ['балгарка', /шлифмашина|болгарка/i],
    ['лобзк', /лобзик/i],
  ])('tolerates the typo "%s"', async (query, pattern) => {
    const body = await search(query);
    expect(body.total).toBeGreaterThan(0);
    expect(body.products[0]!.name + body.products[0]!.description).toMatch(pattern);
  });

  it.each(['KZC20', 'kzc20', 'KZC 20', 'kzc-20', 'ляс20'])('finds a SKU typed as "%s" first', async (query) => {
    const body = await search(query);
    expect(body.products[0]!.sku).toBe('KZC20');
  });

  it('puts the product whose whole name was typed first, though other models extend its SKU and sell more', async () => {
    const [kzc26] = await rows<{ name: string }>(sql`select name from products where sku = 'KZC26'`);
    const [cased] = await rows<{ name: string; sales_count: number }>(sql`select name, sales_count from products where sku = 'KZC26-EK'`);
    // The same model in a case: its name is KZC26's and more.
    expect(cased!.name.startsWith(kzc26!.name)).toBe(true);
    try {
      // A best seller: without the whole-name rule it would come first.
      await rows(sql`update products set sales_count = 100000, is_featured = true where sku = 'KZC26-EK'`);
      catalogChanged();
      for (const query of [kzc26!.name, kzc26!.name.toLowerCase(), kzc26!.name.replaceAll(',', ''), 'KZC26']) {
        const body = await search(query);
        expect(body.products[0]!.sku, query).toBe('KZC26');
        expect(body.products.map((p) => p.sku), query).toContain('KZC26-EK');
      }
      expect((await search(cased!.name)).products[0]!.sku).toBe('KZC26-EK');
    } finally {
      await rows(sql`update products set sales_count = ${cased!.sales_count}, is_featured = false where sku = 'KZC26-EK'`);
      catalogChanged();
    }
  });

  it('says which query it showed when the words as typed found nothing (a typo, the other keyboard layout)', async () => {
    expect((await search('перфаратор')).correctedQuery).toBe('перфоратор');
    expect((await search('gthajhfnjh')).correctedQuery).toBe('перфоратор');
    expect((await search('lhtkm')).correctedQuery).toBe('дрель');
    expect((await search('аккумуляторный шурупаверт')).correctedQuery).toBe('аккумуляторный шуруповерт');
    expect((await search('ляс20')).correctedQuery).toBe('kzc20');
    // Found as typed: nothing to say.
    for (const query of ['перфоратор', 'KZC20', 'kzc-20', 'дрель ударная', 'перфоратор зубочистка']) {
      expect(await search(query), query).not.toHaveProperty('correctedQuery');
    }
  });

  it('finds partial SKUs and SKUs with slashes and dashes', async () => {
    const partial = await search('KZC2');
    const skus = partial.products.map((p) => p.sku);
    expect(skus).toEqual(expect.arrayContaining(['KZC20', 'KZC24', 'KZC26', 'KZC28']));
    expect((await search('KDZC02-20/2')).products[0]!.sku).toBe('KDZC02-20/2');
    expect((await search('kdzc02 20 2')).products[0]!.sku).toBe('KDZC02-20/2');
    expect((await search('20/2')).products.some((p) => p.sku === 'KDZC02-20/2')).toBe(true);
  });

  it('reads a query typed in the wrong keyboard layout', async () => {
    const wrong = await search('lhtkm');
    const right = await search('дрель');
    expect(wrong.total).toBe(right.total);
    expect(wrong.products.map((p) => p.id)).toEqual(right.products.map((p) => p.id));
    expect((await search('gthajhfnjh')).products[0]!.name).toMatch(/^Перфоратор/);
  });

  it('ranks name matches above description matches', async () => {
    const all = (await allPages({ query: 'дрель' }, 48)).map((p) => /дрел/i.test(p.name));
    expect(all.filter((inName) => !inName).length).toBeGreaterThan(0);
    const firstDescriptionOnly = all.indexOf(false);
    expect(all.slice(firstDescriptionOnly).every((inName) => !inName)).toBe(true);
  });

  it('combines with category, supplier and sort', async () => {
    const [cat] = await rows<{ id: number }>(sql`select id from categories where slug = 'dreli-shurupoverty'`);
    const inCategory = await allPages({ query: 'дрель', categoryId: cat.id });
    expect(inCategory.length).toBeGreaterThan(0);
    expect(inCategory.every((p) => p.categoryId === cat.id)).toBe(true);
    const dck = await allPages({ query: 'дрель', supplier: 'DCK' });
    expect(dck.length).toBeGreaterThan(0);
    expect(dck.every((p) => p.supplier === 'DCK')).toBe(true);
    const cheap = await allPages({ query: 'дрель', sort: 'price-low' });
    const prices = cheap.filter((p) => p.price).map((p) => p.price!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const everything = await search('дрель');
    expect(cheap).toHaveLength(everything.total);
  });

  it('pages through search results without repeats', async () => {
    const first = await search('аккумулятор', { limit: 12 });
    expect(first.totalPages).toBeGreaterThan(2);
    const all = await allPages({ query: 'аккумулятор' });
    expect(all).toHaveLength(first.total);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(first.capped).toBe(false);
  });

  it('finds products by any of several words when all of them match nothing together', async () => {
    const body = await search('перфоратор зубочистка');
    expect(body.total).toBeGreaterThan(0);
    expect(body.products[0]!.name).toMatch(/^Перфоратор/);
  });

  it('answers a query that matches nothing with an empty list', async () => {
    for (const query of ['ъъъъъъ', '!!!', 'для']) {
      const body = await search(query);
      expect(body.products).toEqual([]);
      expect(body.total).toBe(0);
    }
  });
});
