import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '#server/db/schema.ts';
import type { ReapplyResult } from '#shared/schemas/catalog-adapter.ts';
import type { ProductListResponse } from '#shared/types.ts';
import type { TestContext } from '../../../../tests/helpers/test-app.ts';
import { RETAIL_PRICING as retail, importerShop, type importerApi } from '../../../../tests/helpers/supplier-import.ts';

/**
 * Issue 25: products a price list creates «Скрытыми, для проверки» stay hidden whatever moves
 * them later (the adapter placing them, the next price list, its rollback, a staff save) until
 * staff publish them; products created «Активными» still go on sale once placed.
 */

let ctx: TestContext;
let api: ReturnType<typeof importerApi>;
let dataDir: string;
let dck: number;
let perforators: number;

importerShop('shop-hidden-imports-', (shop) => ({ ctx, api, dataDir } = shop));
beforeAll(async () => {
  dck = (await api.supplier('DCK')).id;
  perforators = (await ctx.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'perforatory')))[0]!.id;
});

/** A DCK price list with the given rows (SKU, name, price), all in the supplier category «Ударная техника». */
async function importList(name: string, rows: [string, string, number][], newProducts: 'active' | 'hidden') {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, `${['Артикул;Наименование;Цена;Категория', ...rows.map((r) => `${r.join(';')};Ударная техника`)].join('\n')}\n`);
  const imp = await api.upload(dck, file);
  await api.check(imp.id, { read: imp.options.read, mapping: { sku: 0, name: 1, price: 2, category: 3 }, pricing: retail });
  const { detail } = await api.apply(imp.id, { absent: 'leave', newProducts });
  expect(detail.status).toBe('applied');
  return imp.id;
}

const row = async (sku: string) => (await ctx.database.db.select().from(products).where(eq(products.sku, sku)))[0]!;
const productPage = async (sku: string) => (await ctx.app.inject({ url: `/api/products/${(await row(sku)).slug}` })).statusCode;
const inCategory = async () =>
  (await ctx.app.inject({ url: `/api/products?categoryId=${perforators}&limit=48` })).json<ProductListResponse>().products.map((p) => p.sku);

describe('a price list imported «Скрытыми, для проверки»', () => {
  it('waits hidden in «Без категории»', async () => {
    await importList('hidden.csv', [['HID-1', 'Перфоратор DCK HID-1', 7990]], 'hidden');
    await importList('active.csv', [['ACT-1', 'Перфоратор DCK ACT-1', 8990]], 'active');
    expect(await row('HID-1')).toMatchObject({ awaitingCategory: true, isActive: false, categoryId: null });
    expect(await productPage('HID-1')).toBe(404);
  });

  it('stays hidden when the adapter maps its category; the one imported active goes on sale', async () => {
    const rule = await api.inject('POST', '/api/admin/catalog-adapter/rules', { kind: 'category', supplierId: dck, pattern: 'Ударная техника', categoryId: perforators });
    expect(rule.statusCode).toBe(201);
    const res = await api.inject('POST', '/api/admin/catalog-adapter/reapply');
    expect(res.statusCode).toBe(200);
    expect(res.json<ReapplyResult>()).toMatchObject({ moved: 2, activated: 1, keptHidden: 1, stillAwaiting: 0 });
    expect(await row('HID-1')).toMatchObject({ awaitingCategory: false, isActive: false, categoryId: perforators });
    expect(await productPage('HID-1')).toBe(404);
    expect(await productPage('ACT-1')).toBe(200);
    const listed = await inCategory();
    expect(listed).toContain('ACT-1');
    expect(listed).not.toContain('HID-1');
  });

  it('stays hidden through the next price list (even one applied «Активными») and its rollback', async () => {
    const next = await importList('again.csv', [['HID-1', 'Перфоратор DCK HID-1', 8490]], 'active');
    expect(await row('HID-1')).toMatchObject({ priceKopecks: 849_000, isActive: false });
    expect(await productPage('HID-1')).toBe(404);
    expect((await api.rollback(next)).statusCode).toBe(200);
    expect(await row('HID-1')).toMatchObject({ priceKopecks: 799_000, isActive: false });
    expect(await productPage('HID-1')).toBe(404);
  });

  it('a new product the saved rule places at once stays hidden too', async () => {
    await importList('late.csv', [['HID-2', 'Перфоратор DCK HID-2', 6990]], 'hidden');
    // The rule exists now: the new product is placed at once, hidden as the list asked.
    expect(await row('HID-2')).toMatchObject({ awaitingCategory: false, isActive: false, categoryId: perforators });
    expect(await productPage('HID-2')).toBe(404);
  });

  it('stays hidden when staff save its form with a category, and waits no more', async () => {
    await importList('form.csv', [['HID-3', 'Товар без правила HID-3', 5990]], 'hidden');
    // «Ударная техника» is mapped now: a category no rule maps keeps this one waiting.
    await ctx.database.db.update(products).set({ supplierCategory: 'Без правила', categoryId: null, awaitingCategory: true }).where(eq(products.sku, 'HID-3'));
    const { id, name, sku } = await row('HID-3');
    const saved = await api.inject('PATCH', `/api/products/${id}`, { name, sku, price: 5990, categoryId: perforators, isActive: false });
    expect(saved.statusCode).toBe(200);
    expect(await row('HID-3')).toMatchObject({ categoryId: perforators, awaitingCategory: false, isActive: false });
    expect(await productPage('HID-3')).toBe(404);
    // Re-applying the rules has nothing left to put on sale.
    expect((await api.inject('POST', '/api/admin/catalog-adapter/reapply')).json<ReapplyResult>()).toMatchObject({ activated: 0 });
    expect(await productPage('HID-3')).toBe(404);
  });

  it('goes on sale when staff publish it', async () => {
    const { id } = await row('HID-1');
    const publish = await api.inject('PATCH', `/api/products/${id}`, { isActive: true });
    expect(publish.statusCode).toBe(200);
    expect(await productPage('HID-1')).toBe(200);
    expect(await inCategory()).toContain('HID-1');
  });
});
