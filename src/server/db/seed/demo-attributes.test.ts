import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import type { Product, ProductAttribute } from '#shared/types.ts';
import { demoProducts } from './catalog-data.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A seeded product as the storefront's product page gets it, found by its SKU. */
async function productBySku(sku: string): Promise<Product> {
  const slug = demoProducts().find((p) => p.sku === sku)!.slug;
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Product;
}

/** «Мощность: 800 Вт» lines, as the «Характеристики» table reads. */
const table = (attributes: ProductAttribute[] = []) =>
  Object.fromEntries(attributes.map((a) => [a.name, a.unit ? `${a.value} ${a.unit}` : a.value]));

describe('demo characteristics', () => {
  it('gives a mains perforator the figures its name and description state', async () => {
    const product = await productBySku('KZC26');
    expect(product.name).toBe('Перфоратор DCK KZC26 SDS-plus 800 Вт');
    expect(product.brand).toBe('DCK');
    expect(product.description).toContain('энергию удара 2,6 Дж');
    expect(table(product.attributes)).toMatchObject({
      Тип: 'Перфоратор',
      'Тип питания': 'Сетевой',
      Мощность: '800 Вт',
      'Энергия удара': '2,6 Дж',
      Патрон: 'SDS-plus',
      'Диаметр сверления в бетоне': '26 мм',
      Реверс: 'Да',
      'Кейс в комплекте': 'Нет',
      Вес: '2,8 кг',
    });
    expect(table(product.attributes)).not.toHaveProperty('Напряжение');
    // Grouped as the «Характеристики» table shows them: main figures, then power supply, then the box, then weight.
    expect([...new Set(product.attributes!.map((a) => a.group))]).toEqual(['Основные', 'Питание', 'Комплектация', 'Габариты и вес']);
  });

  it('gives a cordless kit its voltage, battery platform and what the kit brings', async () => {
    const product = await productBySku('PBH20H-C1/4K');
    expect(product.name).toBe('Перфоратор аккумуляторный P.I.T PBH20H-C1 SDS-plus 20 В бесщёточный, 2 АКБ 4 Ач, быстрое ЗУ, кейс');
    expect(product.brand).toBe('P.I.T');
    expect(table(product.attributes)).toMatchObject({
      'Тип питания': 'Аккумуляторный',
      Напряжение: '20 В',
      'Аккумуляторная платформа': 'P.I.T OnePower 20 В',
      'Бесщёточный двигатель': 'Да',
      Комплектация: '2 АКБ 4 Ач, быстрое ЗУ, кейс',
      'Аккумуляторов в комплекте': '2 шт.',
      'Ёмкость аккумулятора': '4 Ач',
      'Кейс в комплекте': 'Да',
    });
    expect(table(product.attributes)).not.toHaveProperty('Мощность');
  });

  it('describes hand tools and batteries by their own characteristics', async () => {
    expect(table((await productBySku('PSD7-1000')).attributes)).toMatchObject({ Тип: 'Набор отвёрток', 'Количество предметов': '7 шт.', Диэлектрический: 'Да' });
    expect(table((await productBySku('FFBL2040')).attributes)).toMatchObject({
      Тип: 'Аккумулятор',
      Напряжение: '20 В',
      'Ёмкость аккумулятора': '4 Ач',
      'Аккумуляторная платформа': 'DCK 20 В',
    });
    expect(table((await productBySku('KV-3000')).attributes)).toMatchObject({ Тип: 'Кувалда', Вес: '3 кг' });
  });

  it('gives every demo product characteristics and keeps the ages the demo gave them', async () => {
    const [counts] = await rows<{ products: number; without: number; touched: number }>(sql`
      select count(*)::int as products,
        count(*) filter (where not exists (select 1 from product_attributes pa where pa.product_id = p.id))::int as without,
        count(*) filter (where p.updated_at <> p.created_at)::int as touched
      from products p`);
    expect(counts).toEqual({ products: demoProducts().length, without: 0, touched: 0 });
  });

  it('gives each demo category three to six filters in order', async () => {
    const filters = await rows<{ category: string; names: string[] }>(sql`
      select c.name as category, array_agg(a.name order by ca.position) as names
      from category_attributes ca join categories c on c.id = ca.category_id join attributes a on a.id = ca.attribute_id
      group by c.name, c.sort_order order by c.sort_order`);
    expect(filters).toHaveLength(11);
    for (const { names } of filters) expect(names.length).toBeGreaterThanOrEqual(3);
    for (const { names } of filters) expect(names.length).toBeLessThanOrEqual(6);
    expect(filters[0]).toEqual({
      category: 'Перфораторы',
      names: ['Тип питания', 'Патрон', 'Мощность', 'Энергия удара', 'Аккумуляторная платформа', 'Вес'],
    });
  });

  it('states no value its product does not have: every filter of a category has values in it', async () => {
    const empty = await rows<{ category: string; attribute: string }>(sql`
      select c.name as category, a.name as attribute from category_attributes ca
      join categories c on c.id = ca.category_id join attributes a on a.id = ca.attribute_id
      where not exists (select 1 from product_attributes pa join products p on p.id = pa.product_id
        where pa.attribute_id = a.id and p.category_id = c.id)`);
    expect(empty).toEqual([]);
  });
});
