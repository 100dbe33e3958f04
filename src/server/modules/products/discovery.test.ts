import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, categories } from '#server/db/schema.ts';
import type { SearchSuggestions } from '#shared/search-suggestions.ts';
import type { Product } from '#shared/types.ts';
import { sourceSsr } from '../../../../tests/helpers/ssr-source.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { replaceProductAttributes, type AttributeValueInput } from './write/attributes.ts';

/**
 * Issue 26: search as you type (`GET /api/search/suggest`) and a product's similar products
 * (`GET /api/products/{slugOrId}/similar`), on the demo catalogue and products made here.
 */
let ctx: TestContext;
let admin: string;
let perforators: number;
let drills: number;
const attribute: Record<'power' | 'chuck' | 'cordless', number> = { power: 0, chuck: 0, cordless: 0 };

const categoryId = async (slug: string) => (await ctx.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)))[0]!.id;

async function createProduct(fields: { name: string; sku: string; price: number; categoryId: number; isActive?: boolean; description?: string }): Promise<Product> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/products', payload: { supplier: 'DCK', ...fields }, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
}

/** Characteristics through the catalogue's door, as every way in writes them. */
async function setValues(product: Product, values: { power?: number; chuck?: string; cordless?: 'Да' | 'Нет' }) {
  const list: AttributeValueInput[] = [];
  if (values.power !== undefined) list.push({ attributeId: attribute.power, value: String(values.power), number: values.power });
  if (values.chuck !== undefined) list.push({ attributeId: attribute.chuck, value: values.chuck, number: null });
  if (values.cordless !== undefined) list.push({ attributeId: attribute.cordless, value: values.cordless, number: null });
  await replaceProductAttributes(ctx.database.db, new Map([[product.id, list]]), new Date());
}

const suggest = async (q: string) => {
  const res = await ctx.app.inject({ url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchSuggestions>();
};

const similar = async (key: string | number) => ctx.app.inject({ url: `/api/products/${key}/similar` });
const similarNames = async (key: string | number) => (await similar(key)).json<{ products: Product[] }>().products.map((p) => p.name);

beforeAll(async () => {
  ctx = await createTestApp({}, { ssr: sourceSsr(), staticRoot: path.resolve(import.meta.dirname, '../../../../public') });
  admin = await ctx.login();
  perforators = await categoryId('perforatory');
  drills = await categoryId('dreli-shurupoverty');
  const made = await ctx.database.db
    .insert(attributes)
    .values([
      { slug: 'test-moshchnost', name: 'Мощность', unit: 'Вт', kind: 'number', groupName: 'Основные', sortOrder: 1 },
      { slug: 'test-patron', name: 'Патрон', kind: 'text', groupName: 'Основные', sortOrder: 2 },
      { slug: 'test-akkumulyatornyy', name: 'Аккумуляторный', kind: 'boolean', groupName: 'Питание', sortOrder: 3 },
    ])
    .returning({ id: attributes.id, slug: attributes.slug });
  [attribute.power, attribute.chuck, attribute.cordless] = made.map((a) => a.id) as [number, number, number];
});
afterAll(() => ctx.close());

describe('GET /api/search/suggest', () => {
  it('puts the product whose SKU was typed exactly first, before products whose SKUs start with it', async () => {
    await createProduct({ name: 'Перфоратор Проверочный ПП-1', sku: 'QZX-4410', price: 9990, categoryId: perforators });
    await createProduct({ name: 'Перфоратор Проверочный ПП-2', sku: 'QZX-441', price: 12990, categoryId: perforators });
    const answer = await suggest('qzx441');
    expect(answer.products.map((p) => p.sku)).toEqual(['QZX-441', 'QZX-4410']);
    expect(answer.products[0]).toMatchObject({ name: 'Перфоратор Проверочный ПП-2', price: 12990 });
    expect(answer.products[0]!.slug).toBeTruthy();
  });

  it('understands a typo and the other keyboard layout as the results page does, and suggests the category named', async () => {
    for (const typed of ['перфаратор', 'gthajhfnjh', 'перфор']) {
      const answer = await suggest(typed);
      expect(answer.products.length, typed).toBeGreaterThan(0);
      expect(answer.products.length).toBeLessThanOrEqual(6);
      for (const product of answer.products) expect(product.name.toLowerCase(), typed).toContain('перфоратор');
      expect(answer.categories[0], typed).toMatchObject({ name: 'Перфораторы', slug: 'perforatory' });
      expect(answer.categories[0]!.count).toBeGreaterThan(0);
    }
  });

  it('names categories by another form of the word and by synonyms, then the categories the products are in', async () => {
    expect((await suggest('дрель')).categories[0]).toMatchObject({ slug: 'dreli-shurupoverty' });
    expect((await suggest('болгарка')).categories[0]).toMatchObject({ slug: 'uglovye-shlifmashiny' });
    // «Проверочный» names no category: the one its products are in is suggested.
    expect((await suggest('проверочный')).categories.map((c) => c.slug)).toEqual(['perforatory']);
    expect((await suggest('дрель')).categories.length).toBeLessThanOrEqual(5);
  });

  it('for two or three letters that name a category, shows the products its page shows first', async () => {
    const page = await ctx.app.inject({ url: `/api/products?categoryId=${perforators}&limit=6` });
    const first = page.json<{ products: Product[] }>().products.map((p) => p.name);
    expect(first.length).toBeGreaterThan(0);
    for (const typed of ['пе', 'пер']) {
      const answer = await suggest(typed);
      expect(answer.categories[0], typed).toMatchObject({ slug: 'perforatory' });
      expect(answer.products.map((p) => p.name), typed).toEqual(first);
    }
  });

  it('suggests nothing for fewer than two characters, and refuses an overlong query in Russian', async () => {
    expect(await suggest('п')).toEqual({ query: 'п', categories: [], products: [] });
    expect(await suggest('  ')).toEqual({ query: '', categories: [], products: [] });
    const long = await ctx.app.inject({ url: `/api/search/suggest?q=${'д'.repeat(201)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toBe('Поисковый запрос слишком длинный: не более 200 символов');
  });

  it('leaves hidden products out', async () => {
    await createProduct({ name: 'Перфоратор Скрытный ПС-1', sku: 'HIDE-77', price: 5000, categoryId: perforators, isActive: false });
    expect((await suggest('скрытный')).products).toEqual([]);
  });

  it('shows a change to a product or a category in the next suggestions: price, picture, hiding, a category renamed', async () => {
    const patch = async (url: string, payload: object) => {
      const res = await ctx.app.inject({ method: 'PATCH', url, payload, headers: { cookie: admin } });
      expect(res.statusCode, res.body).toBe(200);
    };
    const made = await ctx.app.inject({ method: 'POST', url: '/api/categories', payload: { name: 'Рубанки', slug: 'rubanki' }, headers: { cookie: admin } });
    expect(made.statusCode, made.body).toBe(201);
    const planes = made.json<{ id: number; slug: string }>();
    const first = await createProduct({ name: 'Рубанок Сменный РС-1', sku: 'PLANE-01', price: 3000, categoryId: planes.id });
    const second = await createProduct({ name: 'Рубанок Сменный РС-2', sku: 'PLANE-02', price: 4000, categoryId: planes.id });
    const before = await suggest('рубанок сменный');
    expect(before.categories[0]).toEqual({ name: 'Рубанки', slug: planes.slug, count: 2 });
    expect(before.products.find((p) => p.sku === 'PLANE-01')).toMatchObject({ name: 'Рубанок Сменный РС-1', price: 3000, imageUrl: null });

    await patch(`/api/products/${first.id}`, { price: 3500, imageUrl: '/uploads/rubanok-rs-1.jpg', name: 'Рубанок Сменный РС-1М' });
    expect((await suggest('рубанок сменный')).products.find((p) => p.sku === 'PLANE-01')).toMatchObject({
      name: 'Рубанок Сменный РС-1М',
      price: 3500,
      imageUrl: '/uploads/rubanok-rs-1.jpg',
    });

    await patch(`/api/products/${second.id}`, { isActive: false });
    const hidden = await suggest('рубанок сменный');
    expect(hidden.products.map((p) => p.sku)).toEqual(['PLANE-01']);
    expect(hidden.categories[0]).toEqual({ name: 'Рубанки', slug: planes.slug, count: 1 });

    await patch(`/api/categories/${planes.id}`, { name: 'Рубанки электрические', slug: 'rubanki-elektricheskie' });
    expect((await suggest('рубанок сменный')).categories[0]).toEqual({ name: 'Рубанки электрические', slug: 'rubanki-elektricheskie', count: 1 });
  });
});

describe('GET /api/products/{slugOrId}/similar', () => {
  it('gives active products of the same category, nearest characteristics first, then nearest price, without the product itself', async () => {
    const own = await createProduct({ name: 'Дрель Образцовая 1100', sku: 'SIM-OWN', price: 10000, categoryId: drills });
    await setValues(own, { power: 1100, chuck: 'быстрозажимной', cordless: 'Нет' });
    const twin = await createProduct({ name: 'Дрель Двойник 1100', sku: 'SIM-TWIN', price: 30000, categoryId: drills });
    await setValues(twin, { power: 1100, chuck: 'быстрозажимной', cordless: 'Нет' });
    const near = await createProduct({ name: 'Дрель Соседка 1000', sku: 'SIM-NEAR', price: 30000, categoryId: drills });
    await setValues(near, { power: 1000, chuck: 'быстрозажимной', cordless: 'Нет' });
    const far = await createProduct({ name: 'Дрель Дальняя 500', sku: 'SIM-FAR', price: 10100, categoryId: drills });
    await setValues(far, { power: 500, chuck: 'ключевой', cordless: 'Да' });
    const hidden = await createProduct({ name: 'Дрель Скрытая 1100', sku: 'SIM-HIDDEN', price: 10000, categoryId: drills, isActive: false });
    await setValues(hidden, { power: 1100, chuck: 'быстрозажимной', cordless: 'Нет' });
    const elsewhere = await createProduct({ name: 'Перфоратор Чужой 1100', sku: 'SIM-OTHER', price: 10000, categoryId: perforators });
    await setValues(elsewhere, { power: 1100, chuck: 'быстрозажимной', cordless: 'Нет' });

    const names = await similarNames(own.slug);
    expect(names.slice(0, 3)).toEqual(['Дрель Двойник 1100', 'Дрель Соседка 1000', 'Дрель Дальняя 500']);
    expect(names.length).toBeLessThanOrEqual(8);
    expect(names).not.toContain('Дрель Образцовая 1100');
    expect(names).not.toContain('Дрель Скрытая 1100');
    expect(names).not.toContain('Перфоратор Чужой 1100');
    const products = (await similar(own.id)).json<{ products: Product[] }>().products;
    expect(products.every((p) => p.categoryId === drills && p.isActive)).toBe(true);
    // Equal characteristics (none here): the nearer price first.
    const cheap = await createProduct({ name: 'Дрель Копеечная А', sku: 'SIM-PLAIN-A', price: 1, categoryId: drills });
    const dear = await createProduct({ name: 'Дрель Копеечная Б', sku: 'SIM-PLAIN-B', price: 2, categoryId: drills });
    expect((await similarNames(cheap.slug))[0]).toBe(dear.name);
    expect((await similarNames(dear.id))[0]).toBe(cheap.name);
  });

  it('answers 404 «Товар не найден» for an unknown or hidden product', async () => {
    const missing = await similar('no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Товар не найден');
    const hidden = await createProduct({ name: 'Дрель Тайная', sku: 'SIM-SECRET', price: 100, categoryId: drills, isActive: false });
    expect((await similar(hidden.slug)).statusCode).toBe(404);
  });
});

describe('the product page', () => {
  /** The page's text as a reader meets it: tags gone, spaces single. */
  const pageText = async (slug: string) => {
    const res = await ctx.app.inject({ url: `/product/${slug}` });
    expect(res.statusCode).toBe(200);
    const main = res.body.slice(res.body.indexOf('<main'), res.body.indexOf('</main>'));
    return main.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ').replace(/\s+/g, ' ');
  };

  it('is rendered by the server with «Характеристики» by group (units, «Да»), the description apart and «Похожие товары»', async () => {
    const own = await createProduct({ name: 'Дрель Витринная 1100', sku: 'PAGE-OWN', price: 9000, categoryId: drills, description: 'Для сверления бетона и металла.' });
    await setValues(own, { power: 1100, chuck: 'быстрозажимной', cordless: 'Да' });
    const other = await createProduct({ name: 'Дрель Витринная 900', sku: 'PAGE-NEAR', price: 9100, categoryId: drills });
    await setValues(other, { power: 900, chuck: 'быстрозажимной', cordless: 'Да' });

    const text = await pageText(own.slug);
    expect(text).toContain('Характеристики Основные Мощность 1100 Вт Патрон быстрозажимной Питание Аккумуляторный Да');
    expect(text).toContain('Описание Для сверления бетона и металла.');
    expect(text.indexOf('Описание')).toBeGreaterThan(text.indexOf('Характеристики'));
    const similar = text.slice(text.indexOf('Похожие товары'));
    expect(similar).toContain('Дрель Витринная 900');
    expect(similar).not.toContain('Дрель Витринная 1100');
  });

  it('has no «Характеристики» for a product without any', async () => {
    const plain = await createProduct({ name: 'Дрель Простая', sku: 'PAGE-PLAIN', price: 500, categoryId: drills });
    const text = await pageText(plain.slug);
    expect(text).not.toContain('Характеристики');
    expect(text).toContain('Похожие товары');
  });
});
