import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, categories, categoryAttributes } from '#server/db/schema.ts';
import type { Facet, Product, ProductListResponse } from '#shared/types.ts';
import { branchesBySlug } from '../../../../../tests/helpers/branch-stock.ts';
import { createAdminTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import { catalogChanged } from '../catalog-events.ts';
import { replaceProductAttributes } from '../write/attributes.ts';

/**
 * Issue 26, the filters' API contract: `brand`, `priceMin`/`priceMax`, `inStock`, `branch`,
 * `attr.<slug>` (OR within, AND across) and `attr.<slug>.min/max`, and with `facets=true` every
 * option counted as the list would show it with that option added (docs/decisions/034).
 */

let ctx: TestContext;
let admin: string;
let categoryId: number;
const ids: Record<string, number> = {};
const attributeIds: Record<string, number> = {};

/** A category of its own, so the counts below are exactly these products. */
const PRODUCTS = [
  { key: 'p1', brand: 'DCK', price: 5000, power: 800, chuck: 'SDS-plus', brushless: 'Да', stock: { volgograd: 3 } },
  { key: 'p2', brand: 'DCK', price: 9000, power: 1100, chuck: 'SDS-max', brushless: 'Нет', stock: { 'rostov-na-donu': 2 } },
  { key: 'p3', brand: 'P.I.T', price: 4000, power: 750, chuck: 'SDS-plus', brushless: 'Нет', stock: {} },
  { key: 'p4', brand: 'P.I.T', price: 12000, power: 1500, chuck: 'SDS-max', brushless: 'Да', stock: { volgograd: 1 } },
  { key: 'p5', brand: 'Makita', price: 0, power: 650, chuck: 'Быстрозажимной', brushless: null, stock: {} },
  { key: 'p6', brand: 'DCK', price: 7000, power: null, chuck: null, brushless: null, stock: { 'rostov-na-donu': 5 } },
] as const;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  const db = ctx.database.db;
  [{ id: categoryId }] = (await db.insert(categories).values({ slug: 'filtry-proverka', name: 'Перфораторы для проверки фильтров' }).returning({ id: categories.id })) as [{ id: number }];
  const made = await db
    .insert(attributes)
    .values([
      { slug: 'moshchnost-test', name: 'Мощность', unit: 'Вт', kind: 'number' },
      { slug: 'patron-test', name: 'Патрон', kind: 'text' },
      { slug: 'besshchetochnyy-test', name: 'Бесщёточный двигатель', kind: 'boolean' },
    ])
    .returning({ id: attributes.id, slug: attributes.slug });
  for (const a of made) attributeIds[a.slug] = a.id;
  // The category filters by chuck, then power, then brushless: the facets keep this order.
  await db.insert(categoryAttributes).values([
    { categoryId, attributeId: attributeIds['patron-test']!, position: 1 },
    { categoryId, attributeId: attributeIds['moshchnost-test']!, position: 2 },
    { categoryId, attributeId: attributeIds['besshchetochnyy-test']!, position: 3 },
  ]);
  catalogChanged();

  const branches = await branchesBySlug(db);
  for (const p of PRODUCTS) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: {
        name: `Перфоратор проверочный ${p.key}`,
        sku: `FLT-${p.key}`,
        price: p.price,
        categoryId,
        supplier: 'DCK',
        brand: p.brand,
        branchStock: Object.entries(p.stock).map(([slug, quantity]) => ({ branchId: branches[slug]!.id, quantity })),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[p.key] = res.json<Product>().id;
  }
  const values = new Map(
    PRODUCTS.map((p) => [
      ids[p.key]!,
      [
        ...(p.power === null ? [] : [{ attributeId: attributeIds['moshchnost-test']!, value: String(p.power), number: p.power }]),
        ...(p.chuck === null ? [] : [{ attributeId: attributeIds['patron-test']!, value: p.chuck, number: null }]),
        ...(p.brushless === null ? [] : [{ attributeId: attributeIds['besshchetochnyy-test']!, value: p.brushless, number: null }]),
      ],
    ]),
  );
  await replaceProductAttributes(db, values, new Date());
});
afterAll(() => ctx.close());

const list = async (query: string) => {
  const res = await ctx.app.inject({ url: `/api/products?categoryId=${categoryId}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductListResponse>();
};
const keysOf = (answer: ProductListResponse) =>
  answer.products.map((p) => Object.keys(ids).find((key) => ids[key] === p.id)).sort();
const counts = (values: { value: string; count: number }[]) => Object.fromEntries(values.map((v) => [v.value, v.count]));
const facet = (answer: ProductListResponse, slug: string) => answer.facets!.find((f) => f.slug === slug)!;
const valuesOf = (f: Facet) => ('values' in f ? f.values : []);

/**
 * The rule itself: each option's count equals the total of the list with that option in place of
 * its filter's chosen values (values of one filter are alternatives, so its own choice is left out).
 */
async function expectCountsFollowTheRule(filters: [string, string][]) {
  const without = (name: string) => filters.filter(([key]) => key !== name);
  const url = (pairs: [string, string][]) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const answer = await list(`facets=true&${url(filters)}`);
  for (const option of answer.brands!) {
    expect((await list(url([...without('brand'), ['brand', option.value]]))).total, `brand ${option.value}`).toBe(option.count);
  }
  for (const f of answer.facets!) {
    for (const option of valuesOf(f)) {
      const name = `attr.${f.slug}`;
      expect((await list(url([...without(name), [name, option.value]]))).total, `${f.slug} ${option.value}`).toBe(option.count);
    }
  }
}

describe('GET /api/products with facets=true', () => {
  it('lists the category’s characteristics in the chosen order, with brands and the price range', async () => {
    const answer = await list('facets=true');
    expect(answer.total).toBe(6);
    expect(answer.facets!.map((f) => f.slug)).toEqual(['patron-test', 'moshchnost-test', 'besshchetochnyy-test']);
    expect(counts(valuesOf(facet(answer, 'patron-test')))).toEqual({ 'SDS-plus': 2, 'SDS-max': 2, Быстрозажимной: 1 });
    expect(facet(answer, 'moshchnost-test')).toEqual({ slug: 'moshchnost-test', name: 'Мощность', unit: 'Вт', kind: 'number', min: 650, max: 1500 });
    expect(valuesOf(facet(answer, 'besshchetochnyy-test'))).toEqual([
      { value: 'Да', count: 2 },
      { value: 'Нет', count: 2 },
    ]);
    expect(answer.brands).toEqual([
      { value: 'DCK', count: 3 },
      { value: 'Makita', count: 1 },
      { value: 'P.I.T', count: 2 },
    ]);
    // «Цена по запросу» (p5) has no price to range over.
    expect(answer.price).toEqual({ min: 4000, max: 12000 });
  });

  it('has no characteristic facets without a category, and none without the parameter', async () => {
    const all = (await ctx.app.inject({ url: '/api/products?facets=true' })).json<ProductListResponse>();
    expect(all.facets).toEqual([]);
    expect(all.brands!.length).toBeGreaterThan(0);
    const plain = await list('');
    expect(plain.facets).toBeUndefined();
    expect(plain.total).toBe(6);
  });
});

describe('each filter', () => {
  it('brand: one, or any of several', async () => {
    expect(keysOf(await list('brand=DCK'))).toEqual(['p1', 'p2', 'p6']);
    expect(keysOf(await list('brand=DCK&brand=Makita'))).toEqual(['p1', 'p2', 'p5', 'p6']);
    expect((await list('brand=Bosch')).total).toBe(0);
  });

  it('price from–to in roubles, «price on request» left out', async () => {
    expect(keysOf(await list('priceMin=4500&priceMax=9000'))).toEqual(['p1', 'p2', 'p6']);
    expect(keysOf(await list('priceMin=9000'))).toEqual(['p2', 'p4']);
    expect(keysOf(await list('priceMax=4000'))).toEqual(['p3']);
    // From above to: nothing lies between.
    expect((await list('priceMin=9000&priceMax=5000')).total).toBe(0);
  });

  it('in stock anywhere, and in one branch', async () => {
    expect(keysOf(await list('inStock=true'))).toEqual(['p1', 'p2', 'p4', 'p6']);
    expect(keysOf(await list('branch=volgograd'))).toEqual(['p1', 'p4']);
    expect(keysOf(await list('branch=rostov-na-donu'))).toEqual(['p2', 'p6']);
  });

  it('a text value, a yes/no value, and a number range', async () => {
    expect(keysOf(await list('attr.patron-test=SDS-plus'))).toEqual(['p1', 'p3']);
    expect(keysOf(await list('attr.besshchetochnyy-test=Да'))).toEqual(['p1', 'p4']);
    expect(keysOf(await list('attr.moshchnost-test.min=800&attr.moshchnost-test.max=1100'))).toEqual(['p1', 'p2']);
    expect(keysOf(await list('attr.moshchnost-test.min=1000'))).toEqual(['p2', 'p4']);
  });

  it('ignores an attribute the shop does not know (an older link still opens)', async () => {
    expect((await list('attr.net-takoy=1&attr.net-takoy.min=5')).total).toBe(6);
  });
});

describe('combined', () => {
  it('values of one attribute are alternatives; attributes and other filters all apply', async () => {
    expect(keysOf(await list('attr.patron-test=SDS-plus&attr.patron-test=SDS-max'))).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(keysOf(await list('attr.patron-test=SDS-plus&attr.patron-test=SDS-max&brand=P.I.T'))).toEqual(['p3', 'p4']);
    expect(keysOf(await list('attr.patron-test=SDS-max&attr.besshchetochnyy-test=Да&inStock=true'))).toEqual(['p4']);
    expect(keysOf(await list('brand=DCK&priceMax=8000&branch=rostov-na-donu'))).toEqual(['p6']);
  });

  it('sorts as the plain list does', async () => {
    const cheapFirst = await list('brand=DCK&brand=Makita&sort=price-low');
    // Priced products by price, then those on request.
    expect(cheapFirst.products.map((p) => p.sku)).toEqual(['FLT-p1', 'FLT-p6', 'FLT-p2', 'FLT-p5']);
    const dearFirst = await list('brand=DCK&sort=price-high');
    expect(dearFirst.products.map((p) => p.sku)).toEqual(['FLT-p2', 'FLT-p6', 'FLT-p1']);
  });

  it('pages through the filtered list', async () => {
    const first = await list('brand=DCK&sort=price-low&limit=2');
    expect(first.total).toBe(3);
    expect(first.totalPages).toBe(2);
    const second = await list('brand=DCK&sort=price-low&limit=2&page=2');
    expect(second.products.map((p) => p.sku)).toEqual(['FLT-p2']);
  });
});

describe('the count rule', () => {
  it('counts each option as the list with it added, own filter left out', async () => {
    const answer = await list('facets=true&attr.patron-test=SDS-plus&brand=DCK');
    expect(answer.total).toBe(1);
    // Chuck's own choice is left out of its counts: DCK's chucks.
    expect(counts(valuesOf(facet(answer, 'patron-test')))).toEqual({ 'SDS-plus': 1, 'SDS-max': 1, Быстрозажимной: 0 });
    // Brands counted among SDS-plus products; Makita would give nothing but stays listed (shown disabled).
    expect(answer.brands).toEqual([
      { value: 'DCK', count: 1 },
      { value: 'Makita', count: 0 },
      { value: 'P.I.T', count: 1 },
    ]);
    expect(counts(valuesOf(facet(answer, 'besshchetochnyy-test')))).toEqual({ Да: 1, Нет: 0 });
  });

  it('holds for every option under several filters', async () => {
    await expectCountsFollowTheRule([]);
    await expectCountsFollowTheRule([
      ['brand', 'DCK'],
      ['brand', 'P.I.T'],
      ['attr.besshchetochnyy-test', 'Нет'],
    ]);
    await expectCountsFollowTheRule([
      ['attr.patron-test', 'SDS-max'],
      ['inStock', 'true'],
      ['priceMin', '4500'],
    ]);
  });

  it('ranges come from the list under the other filters', async () => {
    const answer = await list('facets=true&brand=DCK&attr.moshchnost-test.min=1000&priceMin=6000');
    expect(keysOf(answer)).toEqual(['p2']);
    // Power's range leaves its own filter out: DCK priced from 6000 — p2 (1100 W) and p6 (no power).
    expect(facet(answer, 'moshchnost-test')).toMatchObject({ min: 1100, max: 1100 });
    // Price's range leaves the price out: DCK products of 1000 W and more.
    expect(answer.price).toEqual({ min: 9000, max: 9000 });
  });
});

describe('with search', () => {
  it('filters and counts the search results; the total follows the filters', async () => {
    const query = encodeURIComponent('перфоратор проверочный');
    const all = await list(`query=${query}&facets=true`);
    expect(all.total).toBe(6);
    const dck = await list(`query=${query}&brand=DCK&facets=true`);
    expect(keysOf(dck)).toEqual(['p1', 'p2', 'p6']);
    expect(counts(dck.brands!)).toEqual({ DCK: 3, Makita: 1, 'P.I.T': 2 });
    expect(counts(valuesOf(facet(dck, 'patron-test')))).toEqual({ 'SDS-plus': 1, 'SDS-max': 1, Быстрозажимной: 0 });
  });
});

describe('cached answers', () => {
  it('share one entry however the address orders repeated values', async () => {
    const a = await ctx.app.inject({ url: `/api/products?categoryId=${categoryId}&brand=DCK&brand=Makita&facets=true` });
    const b = await ctx.app.inject({ url: `/api/products?brand=Makita&facets=true&categoryId=${categoryId}&brand=DCK` });
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.body).toBe(a.body);
  });

  it('follow a change of a product’s characteristics and of its stock', async () => {
    expect(keysOf(await list('attr.patron-test=SDS-plus'))).toEqual(['p1', 'p3']);
    await replaceProductAttributes(ctx.database.db, new Map([[ids.p3!, [{ attributeId: attributeIds['patron-test']!, value: 'SDS-max', number: null }]]]), new Date(), {
      keepOthers: true,
    });
    expect(keysOf(await list('attr.patron-test=SDS-plus'))).toEqual(['p1']);
    expect(counts(valuesOf(facet(await list('facets=true'), 'patron-test')))).toEqual({ 'SDS-plus': 1, 'SDS-max': 3, Быстрозажимной: 1 });

    expect(keysOf(await list('branch=volgograd'))).toEqual(['p1', 'p4']);
    const branches = await branchesBySlug(ctx.database.db);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${ids.p3}`,
      headers: { cookie: admin },
      payload: { branchStock: [{ branchId: branches.volgograd!.id, quantity: 4 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(keysOf(await list('branch=volgograd'))).toEqual(['p1', 'p3', 'p4']);
    expect(keysOf(await list('inStock=true'))).toEqual(['p1', 'p2', 'p3', 'p4', 'p6']);
  });
});

describe('bad input', () => {
  const bad = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/products?categoryId=${categoryId}&${query}` });
    expect(res.statusCode).toBe(400);
    return res.json<{ message: string; errors: Record<string, string[]> }>();
  };

  it('answers 400 with the field and a Russian message', async () => {
    expect((await bad('priceMin=abc')).errors).toEqual({ priceMin: ['Введите число'] });
    expect((await bad('priceMax=-5')).errors).toEqual({ priceMax: ['Число не может быть отрицательным'] });
    expect((await bad('attr.moshchnost-test.min=много')).errors).toEqual({ 'attr.moshchnost-test.min': ['Введите число'] });
    expect((await bad('inStock=da')).errors).toEqual({ inStock: ['Допустимы значения true или false'] });
    expect((await bad(`attr.patron-test=${'x'.repeat(201)}`)).errors).toEqual({ 'attr.patron-test': ['Значение характеристики: не более 200 символов'] });
    const branch = await bad('branch=atlantida');
    expect(branch.message).toBe('Неизвестный филиал');
    expect(branch.errors).toEqual({ branch: ['Неизвестный филиал'] });
  });

  it('reads numbers as people type them', async () => {
    expect(keysOf(await list('priceMin=4%20500&priceMax=9000,00'))).toEqual(['p1', 'p2', 'p6']);
  });
});
