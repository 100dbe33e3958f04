import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, categoryRules, products } from '#server/db/schema.ts';
import type { Product } from '#shared/types.ts';
import { sourceSsr } from '../../../../tests/helpers/ssr-source.ts';
import { importerApi } from '../../../../tests/helpers/supplier-import.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

/**
 * Issue 25: a product's brand (the maker) is apart from the supplier the shop buys it from. The
 * product form, price lists (a «Бренд» column, YML `vendor`) fill it as the adapter's spellings
 * write it; the storefront shows the brand, never a distributor's code.
 */

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../../public');
let ctx: TestContext;
let api: ReturnType<typeof importerApi>;
let dataDir: string;
let perforators: number;
const retail = { mode: 'retail', markupPercent: null, ending: null } as const;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-brand-'));
  ctx = await createTestApp({ DATA_DIR: dataDir }, { ssr: sourceSsr(), staticRoot: PUBLIC_DIR });
  api = importerApi(ctx, await ctx.login());
  perforators = (await ctx.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'perforatory')))[0]!.id;
  await ctx.database.db.insert(categoryRules).values({ kind: 'name_contains', pattern: 'Перфоратор', categoryId: perforators });
});

afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const row = async (sku: string) => (await ctx.database.db.select().from(products).where(eq(products.sku, sku)))[0]!;
const publicProduct = async (sku: string) => (await ctx.app.inject({ url: `/api/products/${(await row(sku)).slug}` })).json<Product>();
const productPage = async (sku: string) => (await ctx.app.inject({ url: `/product/${(await row(sku)).slug}` })).body;

/** The Product JSON-LD of a page. */
const productLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as { '@type': string; brand?: { name: string } })
    .find((d) => d['@type'] === 'Product')!;

/** Uploads a file for the distributor, dry-runs it with its guessed columns and applies it, new products on sale. */
async function importFile(supplierId: number, name: string, content: string) {
  const file = path.join(dataDir, name);
  fs.writeFileSync(file, content);
  const imp = await api.upload(supplierId, file);
  await api.check(imp.id, { read: imp.options.read, mapping: imp.options.mapping, pricing: retail });
  const { detail } = await api.apply(imp.id, { absent: 'leave', newProducts: 'active' });
  expect(detail.status).toBe('applied');
  return imp;
}

describe('the product form', () => {
  it('keeps the brand staff type, on its own, apart from the supplier; an empty one is none', async () => {
    const created = await api.inject('POST', '/api/products', { name: 'Перфоратор с брендом', sku: 'BRAND-FORM', price: 5000, categoryId: perforators, brand: '  Makita ' });
    expect(created.statusCode).toBe(201);
    expect(created.json<Product>()).toMatchObject({ brand: 'Makita', supplier: null });
    expect((await publicProduct('BRAND-FORM')).brand).toBe('Makita');
    const cleared = await api.inject('PATCH', `/api/products/${created.json<Product>().id}`, { brand: '' });
    expect(cleared.json<Product>().brand).toBeNull();
    const long = await api.inject('PATCH', `/api/products/${created.json<Product>().id}`, { brand: 'Б'.repeat(101) });
    expectFieldErrors(long, { brand: ['Не длиннее 100 символов'] });
  });
});

describe("a distributor's price list", () => {
  let distributor: number;

  beforeAll(async () => {
    distributor = (await api.createSupplier('INSTRYUG', 'ИнструментЮг')).id;
  });

  it('fills the brand from its «Бренд» column, spellings written as the adapter says', async () => {
    const imp = await importFile(
      distributor,
      'instryug.csv',
      ['Артикул;Наименование;Цена;Бренд', 'BR-1;Перфоратор BR-1;5990;Dck', 'BR-2;Перфоратор BR-2;6990;ДЦК', 'BR-3;Перфоратор BR-3;7990;Makita', 'BR-4;Перфоратор BR-4;8990;'].join('\n'),
    );
    expect(imp.options.mapping).toMatchObject({ brand: 3 });
    expect(await row('BR-1')).toMatchObject({ supplier: 'INSTRYUG', brand: 'DCK', isActive: true });
    expect(await row('BR-2')).toMatchObject({ brand: 'DCK' });
    expect(await row('BR-3')).toMatchObject({ brand: 'Makita' });
    expect(await row('BR-4')).toMatchObject({ brand: null });
    expect(await publicProduct('BR-1')).toMatchObject({ brand: 'DCK' });
  });

  it('fills the brand from a YML feed\'s vendor', async () => {
    const offer = (id: string, sku: string, vendor: string) =>
      `<offer id="${id}" available="true"><price>4390</price><currencyId>RUR</currencyId><name>Перфоратор ${sku}</name><vendor>${vendor}</vendor><vendorCode>${sku}</vendorCode></offer>`;
    await importFile(
      distributor,
      'instryug.yml',
      `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-11-27 10:00"><shop><name>ИнструментЮг</name><currencies><currency id="RUR" rate="1"/></currencies><offers>${offer('Y1', 'BR-Y1', 'P.I.T.')}${offer('Y2', 'BR-Y2', 'пит')}</offers></shop></yml_catalog>\n`,
    );
    expect(await row('BR-Y1')).toMatchObject({ supplier: 'INSTRYUG', brand: 'P.I.T' });
    expect(await row('BR-Y2')).toMatchObject({ brand: 'P.I.T' });
  });

  it("a later list's brand replaces the product's; a list without one keeps it", async () => {
    await importFile(distributor, 'instryug-2.csv', ['Артикул;Наименование;Цена;Бренд', 'BR-3;Перфоратор BR-3;7990;Bosch'].join('\n'));
    expect((await row('BR-3')).brand).toBe('Bosch');
    await importFile(distributor, 'instryug-3.csv', ['Артикул;Наименование;Цена', 'BR-3;Перфоратор BR-3;8190'].join('\n'));
    expect(await row('BR-3')).toMatchObject({ brand: 'Bosch', priceKopecks: 819_000 });
  });
});

describe('the storefront', () => {
  it("shows the brand on the product page and in its JSON-LD, never the distributor's code", async () => {
    const html = await productPage('BR-1');
    expect(html).toContain('uppercase">DCK</p>');
    expect(html).not.toContain('uppercase">INSTRYUG</p>');
    expect(productLd(html).brand).toEqual({ '@type': 'Brand', name: 'DCK' });
  });

  it('shows no brand for a product without one', async () => {
    const html = await productPage('BR-4');
    expect(html).not.toContain('uppercase">INSTRYUG</p>');
    expect(productLd(html).brand).toBeUndefined();
  });

  it("writes the brand as the YML feed's vendor", async () => {
    const feed = (await ctx.app.inject({ url: '/yml.xml' })).body;
    const offerOf = (sku: string) => new RegExp(`<offer[^>]*>(?:(?!</offer>)[\\s\\S])*<vendorCode>${sku}</vendorCode>[\\s\\S]*?</offer>`).exec(feed)?.[0] ?? '';
    expect(offerOf('BR-1')).toContain('<vendor>DCK</vendor>');
    expect(offerOf('BR-4')).not.toContain('<vendor>');
  });
});
