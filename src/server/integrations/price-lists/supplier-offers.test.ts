import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema.ts';
import type { SupplierOfferView } from '#shared/types.ts';
import type { TestContext } from '../../../../tests/helpers/test-app.ts';
import { RETAIL_PRICING as retail, importerShop, type importerApi } from '../../../../tests/helpers/supplier-import.ts';

/**
 * Issue 25: one product, several suppliers. A distributor's list that names another supplier's
 * product becomes the distributor's offer of it (no refusal); the product's price follows only
 * the offer staff chose as its price source.
 */

let ctx: TestContext;
let api: ReturnType<typeof importerApi>;
let dataDir: string;
let dck: number;
let distributor: number;
let product: { id: number; sku: string; priceKopecks: number | null; stock: number | null };

importerShop('shop-offers-', (shop) => ({ ctx, api, dataDir } = shop));
beforeAll(async () => {
  dck = (await api.supplier('DCK')).id;
  distributor = (await api.createSupplier('INSTRYUG', 'ИнструментЮг')).id;
  [product] = await ctx.database.db
    .select({ id: products.id, sku: products.sku, priceKopecks: products.priceKopecks, stock: products.stock })
    .from(products)
    .where(eq(products.supplier, 'DCK'))
    .orderBy(products.id)
    .limit(1);
});

const row = async () => (await ctx.database.db.select().from(products).where(eq(products.id, product.id)))[0]!;
const offers = async () => (await api.inject('GET', `/api/admin/products/${product.id}/offers`)).json<SupplierOfferView[]>();
const publicPrice = async () => (await ctx.app.inject({ url: `/api/products/${product.id}` })).json<{ price: number }>().price;

/** A list of one row for the supplier: the product's SKU, the supplier's own code, prices and stock. */
async function importRow(supplierId: number, name: string, line: { code: string; purchase: number; price: number; stock: number }) {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, `Артикул;Код;Наименование;Закупочная цена;Цена;Остаток\n${product.sku};${line.code};Товар;${line.purchase};${line.price};${line.stock}\n`);
  const imp = await api.upload(supplierId, file);
  const { detail } = await api.check(imp.id, { read: imp.options.read, mapping: { sku: 0, supplierSku: 1, name: 2, purchasePrice: 3, price: 4, stock: 5 }, pricing: retail });
  const rows = await api.rows(imp.id);
  await api.apply(imp.id, { absent: 'leave', newProducts: 'hidden' });
  return { detail, rows: rows.rows };
}

describe('a second supplier of a product', () => {
  it('starts with one offer, from its own supplier, which sets its price', async () => {
    expect(await offers()).toEqual([expect.objectContaining({ supplierCode: 'DCK', price: product.priceKopecks! / 100, isPriceSource: true })]);
  });

  it("a distributor's list naming the product is applied as the distributor's offer, not refused; the price stays", async () => {
    const { detail, rows } = await importRow(distributor, 'instryug.csv', { code: 'IY-555', purchase: 1000, price: 1490, stock: 7 });
    expect(detail.counts).toMatchObject({ error: 0, unchanged: 1, create: 0 });
    expect(rows[0]).toMatchObject({ action: 'unchanged', productId: product.id, message: 'Цену товара задаёт другой поставщик: обновится только предложение INSTRYUG' });
    expect(await row()).toMatchObject({ priceKopecks: product.priceKopecks, stock: product.stock, supplier: 'DCK' });
    expect(await offers()).toEqual([
      expect.objectContaining({ supplierCode: 'DCK', isPriceSource: true }),
      expect.objectContaining({ supplierCode: 'INSTRYUG', supplierName: 'ИнструментЮг', supplierSku: 'IY-555', purchasePrice: 1000, price: 1490, stock: 7, isPriceSource: false }),
    ]);
    // Its next list finds the product by the distributor's own code.
    await importRow(distributor, 'instryug-2.csv', { code: 'IY-555', purchase: 1100, price: 1590, stock: 4 });
    expect((await offers())[1]).toMatchObject({ price: 1590, purchasePrice: 1100, stock: 4 });
    expect(await publicPrice()).toBe(product.priceKopecks! / 100);
  });

  it("the source supplier's list sets the price, and its own offer", async () => {
    await importRow(dck, 'dck.csv', { code: 'DCK-1', purchase: 2000, price: 2990, stock: 3 });
    expect((await row()).priceKopecks).toBe(299_000);
    expect((await offers())[0]).toMatchObject({ supplierCode: 'DCK', price: 2990, purchasePrice: 2000, stock: 3, isPriceSource: true });
  });

  it('staff choose the distributor: the price follows its offer, then its lists; the first supplier updates only its offer', async () => {
    const chosen = await api.inject('PUT' as 'PATCH', `/api/admin/products/${product.id}/price-source`, { supplierId: distributor });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<SupplierOfferView[]>().map((o) => [o.supplierCode, o.isPriceSource])).toEqual([['DCK', false], ['INSTRYUG', true]]);
    expect(await publicPrice()).toBe(1590);

    await importRow(distributor, 'instryug-3.csv', { code: 'IY-555', purchase: 1200, price: 1690, stock: 2 });
    expect(await publicPrice()).toBe(1690);
    const { rows } = await importRow(dck, 'dck-2.csv', { code: 'DCK-1', purchase: 2100, price: 3190, stock: 9 });
    expect(rows[0]).toMatchObject({ action: 'unchanged', message: 'Цену товара задаёт другой поставщик: обновится только предложение DCK' });
    expect(await publicPrice()).toBe(1690);
    expect((await offers())[0]).toMatchObject({ supplierCode: 'DCK', price: 3190, stock: 9, isPriceSource: false });
  });

  it('refuses a supplier with no offer of the product', async () => {
    const other = (await api.supplier('P.I.T')).id;
    const res = await api.inject('PUT' as 'PATCH', `/api/admin/products/${product.id}/price-source`, { supplierId: other });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'У товара нет предложения этого поставщика', errors: { supplierId: ['У товара нет предложения этого поставщика'] } });
  });
});
