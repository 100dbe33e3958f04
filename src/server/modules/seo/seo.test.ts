import zlib from 'node:zlib';
import { articles } from '#shared/articles.ts';
import { asc, eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { categories, products } from '../../db/schema.ts';
import { STATIC_PAGES, sitemapDocument, sitemapProductsPart } from './service.ts';
import { clip, xmlEscape } from './xml.ts';
import { setBranchPickup, setBranchStock } from '../../../../tests/helpers/branch-stock.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';

const BASE = 'http://shop.test';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (_name, jpath) =>
    ['urlset.url', 'sitemapindex.sitemap', 'yml_catalog.shop.offers.offer', 'yml_catalog.shop.categories.category'].includes(String(jpath)),
});

type UrlEntry = { loc: string; lastmod?: string };
type Offer = Record<string, string> & { '@id': string; '@available': string };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;

async function getXml(url: string) {
  const res = await ctx.app.inject({ url });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(XMLValidator.validate(res.body)).toBe(true);
  return { res, doc: parser.parse(res.body) };
}

const sitemapUrls = async (url = '/sitemap.xml') => ((await getXml(url)).doc.urlset.url as UrlEntry[]) ?? [];

const activeProducts = () =>
  db().select().from(products).where(eq(products.isActive, true)).orderBy(asc(products.id));

/** Data changed behind the server's back: let the minute of trust in the last fingerprint pass. */
const passMinute = () => ctx.clock.advance(61_000);
/** Roubles the customer pays for a price without VAT: 20 % on top in whole roubles, worked out here apart from the server. */
const withVat = (kopecks: number) => (kopecks + Math.round(kopecks / 500) * 100) / 100;

describe('GET /robots.txt', () => {
  it('allows the storefront, closes private pages and the API, and names the sitemap', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/cart', '/checkout', '/profile', '/auth', '/api']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the home page, the catalogue, every category, the static pages and every active product with lastmod', async () => {
    const urls = await sitemapUrls();
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(locs).toContain(`${BASE}/`);
    expect(locs).toContain(`${BASE}/products`);
    for (const page of STATIC_PAGES) expect(locs).toContain(`${BASE}${page}`);
    for (const article of articles) expect(locs).toContain(`${BASE}/publication/${article.id}`);
    for (const c of await db().select().from(categories)) expect(locs).toContain(`${BASE}/category/${c.slug}`);

    const active = await activeProducts();
    const productUrls = urls.filter((u) => u.loc.startsWith(`${BASE}/product/`));
    expect(productUrls.map((u) => u.loc)).toEqual(active.map((p) => `${BASE}/product/${p.slug}`));
    for (const [i, u] of productUrls.entries()) {
      expect(new Date(u.lastmod!).getTime()).toBe(Math.floor(active[i]!.updatedAt.getTime() / 1000) * 1000);
    }
    for (const u of urls.filter((x) => !STATIC_PAGES.some((p) => x.loc === `${BASE}${p}`))) expect(u.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    for (const path of ['/admin', '/cart', '/checkout', '/profile', '/auth']) expect(locs.some((l) => l.startsWith(`${BASE}${path}`))).toBe(false);
  });

  it('leaves out inactive products', async () => {
    const inactive = await db().select().from(products).where(eq(products.isActive, false));
    expect(inactive.length).toBeGreaterThan(0);
    const locs = (await sitemapUrls()).map((u) => u.loc);
    for (const p of inactive) expect(locs).not.toContain(`${BASE}/product/${p.slug}`);
  });

  it('drops a product deactivated through the admin API at once', async () => {
    const [victim] = await activeProducts();
    expect((await sitemapUrls()).map((u) => u.loc)).toContain(`${BASE}/product/${victim!.slug}`);
    const cookie = await ctx.login();
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/products/${victim!.id}`, headers: { cookie }, payload: { isActive: false } });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await sitemapUrls()).map((u) => u.loc)).not.toContain(`${BASE}/product/${victim!.slug}`);
    await ctx.app.inject({ method: 'PATCH', url: `/api/products/${victim!.id}`, headers: { cookie }, payload: { isActive: true } });
    expect((await sitemapUrls()).map((u) => u.loc)).toContain(`${BASE}/product/${victim!.slug}`);
  });

  it('sees a change written straight to the database within a minute', async () => {
    const [p] = await activeProducts();
    await db().update(products).set({ slug: `${p!.slug}-novyi` }).where(eq(products.id, p!.id));
    passMinute();
    const locs = (await sitemapUrls()).map((u) => u.loc);
    expect(locs).toContain(`${BASE}/product/${p!.slug}-novyi`);
    expect(locs).not.toContain(`${BASE}/product/${p!.slug}`);
    await db().update(products).set({ slug: p!.slug }).where(eq(products.id, p!.id));
    passMinute();
  });

  it('is cached with an ETag, answers 304 to a repeat and gzip to a browser', async () => {
    const first = await ctx.app.inject({ url: '/sitemap.xml' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const again = await ctx.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const gz = await ctx.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(first.body);
  });

  it('splits into an index and parts of at most the given size', async () => {
    const chunks: string[] = [];
    const sitemapCtx = { db: db(), publicUrl: BASE, builtAt: new Date('2026-01-02T03:04:05Z') };
    for await (const c of sitemapDocument(sitemapCtx, 100)) chunks.push(c);
    const index = parser.parse(chunks.join(''));
    const active = await activeProducts();
    const parts = Math.ceil(active.length / 100);
    expect(index.sitemapindex.sitemap.map((s: UrlEntry) => s.loc)).toEqual([
      `${BASE}/sitemap-pages.xml`,
      ...Array.from({ length: parts }, (_, i) => `${BASE}/sitemap-products-${i + 1}.xml`),
    ]);
    const seen: string[] = [];
    for (let part = 1; part <= parts; part++) {
      const gen = await sitemapProductsPart(sitemapCtx, part, 100);
      const text: string[] = [];
      for await (const c of gen!) text.push(c);
      const urls = parser.parse(text.join('')).urlset.url as UrlEntry[];
      expect(urls.length).toBeLessThanOrEqual(100);
      seen.push(...urls.map((u) => u.loc));
    }
    expect(seen).toEqual(active.map((p) => `${BASE}/product/${p.slug}`));
    expect(await sitemapProductsPart(sitemapCtx, parts + 1, 100)).toBeNull();
  });

  it('serves the parts at the root too', async () => {
    const pages = await sitemapUrls('/sitemap-pages.xml');
    expect(pages.map((u) => u.loc)).toContain(`${BASE}/about`);
    expect(pages.some((u) => u.loc.includes('/product/'))).toBe(false);
    const part = await sitemapUrls('/sitemap-products-1.xml');
    expect(part.length).toBe((await activeProducts()).length);
    expect((await ctx.app.inject({ url: '/sitemap-products-2.xml' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/sitemap-products-x.xml' })).statusCode).toBe(404);
  });
});

describe('GET /yml.xml', () => {
  it('is a well-formed Yandex Market catalogue of the active products with a price', async () => {
    const { res, doc } = await getXml('/yml.xml');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const catalog = doc.yml_catalog;
    expect(catalog['@date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const shop = catalog.shop;
    expect(shop.name).toBe('ПрофИнструмент');
    expect(shop.company).toBe('ПрофИнструмент');
    expect(shop.url).toBe(`${BASE}/`);
    expect(shop.currencies.currency).toMatchObject({ '@id': 'RUB', '@rate': '1' });

    const cats = await db().select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
    expect(shop.categories.category.map((c: Record<string, string>) => [c['@id'], c['#text']])).toEqual(cats.map((c) => [String(c.id), c.name]));

    const all = await activeProducts();
    const sellable = all.filter((p) => (p.priceKopecks ?? 0) > 0 && p.categoryId !== null);
    expect(sellable.length).toBeLessThan(all.length);
    const offers = shop.offers.offer as Offer[];
    expect(offers.map((o) => Number(o['@id']))).toEqual(sellable.map((p) => p.id));
    for (const [i, o] of offers.entries()) {
      const p = sellable[i]!;
      expect(o['@available']).toBe((p.stock ?? 0) > 0 ? 'true' : 'false');
      expect(o.url).toBe(`${BASE}/product/${p.slug}`);
      // What the customer pays: the default catalogue prices are «без НДС», the cart adds 20 % in whole roubles.
      expect(Number(o.price)).toBe(withVat(p.priceKopecks!));
      if (p.originalPriceKopecks && p.originalPriceKopecks > p.priceKopecks!) expect(Number(o.oldprice)).toBe(withVat(p.originalPriceKopecks));
      else expect(o.oldprice).toBeUndefined();
      expect(o.currencyId).toBe('RUB');
      expect(o.categoryId).toBe(String(p.categoryId));
      expect(o.picture).toBe(`${BASE}${p.imageUrl}`);
      expect(o.name).toBe(p.name);
      expect(o.vendor).toBe(p.supplier ?? undefined);
      expect(o.vendorCode).toBe(p.sku);
      expect(o.description).toBe(clip(p.description || p.shortDescription, 3000));
    }
    expect(offers.some((o) => o.oldprice)).toBe(true);
    expect(offers.some((o) => o['@available'] === 'false')).toBe(true);
  });

  it('offers courier delivery (500 ₽, free from the threshold per offer) and free pickup where a branch hands the product out', async () => {
    const [a, b] = await activeProducts();
    const threshold = DEFAULT_SHOP_SETTINGS.freeDeliveryThreshold;
    await db().update(products).set({ priceKopecks: 1_000_00 }).where(eq(products.id, a!.id));
    await db().update(products).set({ priceKopecks: threshold * 100 }).where(eq(products.id, b!.id));
    await setBranchStock(db(), a!.id, { mariupol: 3 });
    await setBranchStock(db(), b!.id, {});
    passMinute();

    const { doc } = await getXml('/yml.xml');
    const shop = doc.yml_catalog.shop;
    expect(shop['delivery-options'].option).toEqual({ '@cost': '500', '@days': '1-2', '@order-before': '15' });
    expect(shop['pickup-options'].option).toEqual({ '@cost': '0', '@days': '1', '@order-before': '15' });
    const offerOf = (id: number) => (shop.offers.offer as Offer[]).find((o) => o['@id'] === String(id)) as Record<string, unknown>;
    expect(offerOf(a!.id)).toMatchObject({ pickup: 'true', delivery: 'true' });
    expect(offerOf(a!.id)['delivery-options']).toBeUndefined();
    expect(offerOf(b!.id)).toMatchObject({ pickup: 'false', delivery: 'true', 'delivery-options': { option: { '@cost': '0', '@days': '1-2', '@order-before': '15' } } });

    // The only branch holding it stops handing out orders: no pickup for it; the other branches still hand out.
    await setBranchPickup(db(), ['mariupol'], false);
    passMinute();
    const after = (await getXml('/yml.xml')).doc.yml_catalog.shop;
    await setBranchPickup(db(), ['mariupol'], true);
    await db().update(products).set({ priceKopecks: a!.priceKopecks }).where(eq(products.id, a!.id));
    await db().update(products).set({ priceKopecks: b!.priceKopecks }).where(eq(products.id, b!.id));
    passMinute();
    expect((after.offers.offer as Offer[]).find((o) => o['@id'] === String(a!.id))!.pickup).toBe('false');
    expect(after['pickup-options']).toBeDefined();
  });

  it('writes category parents and escapes every special character', async () => {
    const cats = await db().select().from(categories).orderBy(asc(categories.id));
    const [parent, child] = [cats[0]!, cats[1]!];
    await db().update(categories).set({ parentId: parent.id }).where(eq(categories.id, child.id));
    const [p] = await activeProducts();
    const tricky = 'Набор «Мастер» & Co <PRO> "2" \'A\'\u0007';
    await db().update(products).set({ name: tricky, priceKopecks: 199_050 }).where(eq(products.id, p!.id));
    passMinute();

    const { doc } = await getXml('/yml.xml');
    const ymlCats = doc.yml_catalog.shop.categories.category as Record<string, string>[];
    expect(ymlCats.find((c) => c['@id'] === String(child.id))?.['@parentId']).toBe(String(parent.id));
    expect(ymlCats.find((c) => c['@id'] === String(parent.id))?.['@parentId']).toBeUndefined();
    const offer = (doc.yml_catalog.shop.offers.offer as Offer[]).find((o) => o['@id'] === String(p!.id))!;
    expect(offer.name).toBe('Набор «Мастер» & Co <PRO> "2" \'A\'');
    // 1 990,50 ₽ without VAT and 398 ₽ of it (20 %, whole roubles).
    expect(offer.price).toBe('2388.50');

    await db().update(categories).set({ parentId: null }).where(eq(categories.id, child.id));
    await db().update(products).set({ name: p!.name, priceKopecks: p!.priceKopecks }).where(eq(products.id, p!.id));
    passMinute();
  });

  it('leaves out inactive products and products with price on request', async () => {
    const { doc } = await getXml('/yml.xml');
    const ids = new Set((doc.yml_catalog.shop.offers.offer as Offer[]).map((o) => Number(o['@id'])));
    const rows = await db().select().from(products);
    const hidden = rows.filter((p) => !p.isActive || !p.priceKopecks);
    expect(hidden.some((p) => !p.isActive)).toBe(true);
    expect(hidden.some((p) => p.isActive && !p.priceKopecks)).toBe(true);
    for (const p of hidden) expect(ids.has(p.id)).toBe(false);
  });
});

describe('xmlEscape', () => {
  it('escapes the five XML characters and drops the forbidden ones', () => {
    expect(xmlEscape(`a&b<c>d"e'f\u0000g\u001Fh\tі\n`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fgh\tі\n');
  });
});
