import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_LOGIN, EXCHANGE_1C_PASSWORD, saveExchangeSettings } from '../../../../tests/helpers/exchange-1c.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { createCustomer } from '../../../../tests/helpers/customers.ts';
import type { CustomerGroupList } from '#shared/schemas/customer-groups.ts';
import { categories, categoryRules, priceTypes, productPrices, products } from '../../db/schema.ts';
import { FIXTURES, OneC, exportZip } from './fixtures/one-c.ts';

/** Wholesale prices (issue 27): every price type of offers.xml is kept, not only the retail one. */

let ctx: TestContext;
let admin: string;

const RETAIL = 'a1b2c3d4-0000-11e8-80c2-00155d0a6402';
const WHOLESALE = 'b2c3d4e5-0000-11e8-80c2-00155d0a6402';
const runJobs = () => ctx.app.jobs.drain();
const saveSettings = (body: Record<string, unknown>) => saveExchangeSettings(ctx, admin, body);

async function signedIn(): Promise<OneC> {
  const oneC = new OneC(ctx.app, EXCHANGE_1C_LOGIN, EXCHANGE_1C_PASSWORD);
  expect(await oneC.checkauth()).toMatch(/^success\n/);
  await oneC.init();
  return oneC;
}

/** Each product's prices by price type, by SKU. */
async function pricesBySku(skus: string[]): Promise<Record<string, Record<string, number>>> {
  const rows = await ctx.database.db
    .select({ sku: products.sku, type: productPrices.priceTypeId, kopecks: productPrices.priceKopecks })
    .from(productPrices)
    .innerJoin(products, eq(products.id, productPrices.productId))
    .where(inArray(products.sku, skus));
  const result: Record<string, Record<string, number>> = Object.fromEntries(skus.map((sku) => [sku, {}]));
  for (const row of rows) result[row.sku]![row.type] = row.kopecks;
  return result;
}

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
  const [category] = await ctx.database.db.select({ id: categories.id }).from(categories).limit(1);
  await ctx.database.db.insert(categoryRules).values({ kind: 'category', pattern: 'Электроинструмент / Дрели', categoryId: category!.id, supplierId: null });
  expect((await saveSettings({ password: EXCHANGE_1C_PASSWORD, priceType: RETAIL })).statusCode).toBe(200);
});
afterAll(() => ctx.close());

describe('1C exchange: prices of every price type', () => {
  it('keeps the retail and the wholesale price of each offer, and the price types with their names', async () => {
    const oneC = await signedIn();
    expect(await oneC.sendInParts('goods.zip', await exportZip(), 1)).toEqual(['success']);
    expect((await oneC.importUntilDone('import.xml', runJobs)).answers.at(-1)).toBe('success');
    expect((await oneC.importUntilDone('offers.xml', runJobs)).answers.at(-1)).toBe('success');

    expect(await pricesBySku(['KJZ06-13', 'PSR20-C2', '1C-DISK-125'])).toEqual({
      'KJZ06-13': { [RETAIL]: 1_299_000, [WHOLESALE]: 999_000 },
      'PSR20-C2': { [RETAIL]: 849_050, [WHOLESALE]: 700_000 },
      // The disc has only a retail price in the file.
      '1C-DISK-125': { [RETAIL]: 8_900 },
    });
    // The retail price is still the catalogue's price.
    const [drill] = await ctx.database.db.select().from(products).where(eq(products.sku, 'KJZ06-13'));
    expect(drill!.priceKopecks).toBe(1_299_000);
    expect(await ctx.database.db.select({ id: priceTypes.id, name: priceTypes.name }).from(priceTypes).orderBy(priceTypes.name)).toEqual([
      { id: WHOLESALE, name: 'Оптовая' },
      { id: RETAIL, name: 'Розничная' },
    ]);
  });

  it('drops a price of a type the next file lists but the offer no longer gives, and updates the others', async () => {
    const original = fs.readFileSync(path.join(FIXTURES, 'offers.xml'), 'utf8');
    // The drill's wholesale price is gone; the screwdriver's wholesale price changed.
    const changed = original
      .replace(/<cml:Цена>\s*<cml:Представление>9 990[\s\S]*?<\/cml:Цена>/, '')
      .replace('<cml:ЦенаЗаЕдиницу>7000</cml:ЦенаЗаЕдиницу>', '<cml:ЦенаЗаЕдиницу>6800,00</cml:ЦенаЗаЕдиницу>');
    expect(changed).not.toContain('9990.00');
    const oneC = await signedIn();
    expect(await oneC.file('offers.xml', Buffer.from(changed))).toBe('success');
    expect((await oneC.importUntilDone('offers.xml', runJobs)).answers.at(-1)).toBe('success');
    expect(await pricesBySku(['KJZ06-13', 'PSR20-C2'])).toEqual({
      'KJZ06-13': { [RETAIL]: 1_299_000 },
      'PSR20-C2': { [RETAIL]: 849_050, [WHOLESALE]: 680_000 },
    });
  });

  it('prices a group by «Оптовая» at what 1C sent, and at retail where a product has no such price', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/admin/customer-groups', headers: { cookie: admin } })).json() as CustomerGroupList;
    expect(list.priceTypes).toEqual([
      { id: WHOLESALE, name: 'Оптовая' },
      { id: RETAIL, name: 'Розничная' },
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/customer-groups',
      headers: { cookie: admin },
      payload: { name: 'Дилер', pricing: 'price_type', priceTypeId: WHOLESALE },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Дилер', pricing: 'price_type', priceTypeId: WHOLESALE, priceTypeName: 'Оптовая', discountPercent: null, customers: 0 });
    const dealer = await createCustomer(ctx);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${dealer.id}/customer-group`,
      headers: { cookie: admin },
      payload: { groupId: created.json().id },
    });
    expect(put.statusCode).toBe(200);

    const ids = await ctx.database.db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.sku, ['KJZ06-13', 'PSR20-C2']));
    const idOf = Object.fromEntries(ids.map((p) => [p.sku, p.id]));
    // The screwdriver waits hidden in «Без категории»: put it on sale to see its price.
    await ctx.database.db.update(products).set({ isActive: true }).where(eq(products.id, idOf['PSR20-C2']!));
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/prices/mine?ids=${idOf['KJZ06-13']},${idOf['PSR20-C2']}`, headers: { cookie: dealer.cookie } });
    expect(mine.statusCode).toBe(200);
    // The drill has no wholesale price any more: retail, so nothing personal to show.
    expect(mine.json()).toEqual({ prices: { [idOf['PSR20-C2']!]: { price: 6800, retailPrice: 8490.5 } }, group: { name: 'Дилер' } });
  });
});
