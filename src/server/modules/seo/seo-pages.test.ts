/**
 * What search engines and marketplaces read over HTTP, with no browser: the pages' heads as the
 * server renders them, robots.txt, the sitemap, the YML feed and the installable app's files.
 * Moved here from tests/e2e/seo.spec.ts (docs/decisions/026) with the same assertions, so they
 * run on PGlite and on PostgreSQL; the browser-only parts (client navigation, consent, the
 * service worker, the install banner) stay in Playwright.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceSsr } from '../../../../tests/helpers/ssr-source.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import type { Product } from '#shared/types.ts';

const BASE = 'http://shop.test';
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../../public');

type Head = {
  title: string;
  meta: Record<string, string>;
  canonical: string | null;
  jsonLd: Record<string, unknown>[];
  lang: string | null;
};

const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** The head the server wrote: title, meta tags by name or property, canonical, parsed JSON-LD. */
function parseHead(html: string): Head {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const meta: Record<string, string> = {};
  for (const [, key, value] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)) meta[key!] = decode(value!);
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1] ?? null,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>),
    lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? null,
  };
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (_name, jpath) =>
    ['urlset.url', 'sitemapindex.sitemap', 'yml_catalog.shop.offers.offer', 'yml_catalog.shop.categories.category'].includes(String(jpath)),
});

type PublicSettings = {
  shop: { shopName: string; shopDescription: string };
  seo: { siteTitle: string; metaDescription: string; metaKeywords: string; ogImage: string; googleAnalyticsId: string; yandexMetrikaId: string };
};
type Category = { id: number; slug: string; name: string; description: string; parentId: number | null; productCount: number };

let ctx: TestContext;
let distDir: string;
beforeAll(async () => {
  // The sitemap dates the static pages by the build (DIST_DIR/client/index.html), as in production.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seo-dist-'));
  fs.mkdirSync(path.join(distDir, 'client'));
  fs.copyFileSync(path.resolve(PUBLIC_DIR, '../index.html'), path.join(distDir, 'client/index.html'));
  ctx = await createTestApp({ PUBLIC_URL: BASE, DIST_DIR: distDir }, { ssr: sourceSsr(), staticRoot: PUBLIC_DIR });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** A GET as a visitor's browser or a crawler sends it; `url` may be a full address of the shop. */
const get = (url: string) => ctx.app.inject({ method: 'GET', url: url.startsWith(BASE) ? url.slice(BASE.length) || '/' : url });
const json = async <T>(url: string) => (await get(url)).json() as T;

async function fetchHead(url: string) {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return parseHead(res.body);
}

const settingsOf = () => json<PublicSettings>('/api/settings/public');

/** Every active product, page by page, as the storefront sees them. */
async function allProducts(): Promise<Product[]> {
  const out: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`/api/products?limit=48&page=${page}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { products: Product[]; totalPages: number };
    out.push(...body.products);
    if (page >= body.totalPages) return out;
  }
}

describe('page heads', () => {
  it('the home page: site title, settings description, canonical, social tags, lang', async () => {
    const { seo, shop } = await settingsOf();
    const head = await fetchHead('/');
    expect(head.lang).toBe('ru');
    expect(head.title).toBe(seo.siteTitle);
    expect(head.meta.description).toBe(seo.metaDescription);
    expect(head.meta.keywords).toBe(seo.metaKeywords);
    expect(head.canonical).toBe(`${BASE}/`);
    expect(head.meta['og:title']).toBe(seo.siteTitle);
    expect(head.meta['og:description']).toBe(seo.metaDescription);
    expect(head.meta['og:url']).toBe(`${BASE}/`);
    expect(head.meta['og:site_name']).toBe(shop.shopName);
    expect(head.meta['og:locale']).toBe('ru_RU');
    expect(head.meta['twitter:title']).toBe(seo.siteTitle);
    expect(head.meta.robots).toBeUndefined();

    // A search result page is not indexed, and its canonical is the home page.
    const search = await fetchHead('/?query=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C');
    expect(search.meta.robots).toBe('noindex');
    expect(search.canonical).toBe(`${BASE}/`);
  });

  it('about and contacts: the company with its five branches as structured data', async () => {
    const { seo, shop } = await settingsOf();
    for (const [url, title] of [
      ['/about', 'О компании'],
      ['/contacts', 'Контакты'],
    ] as const) {
      const head = await fetchHead(url);
      expect(head.title).toBe(`${title} — ${seo.siteTitle}`);
      expect(head.canonical).toBe(`${BASE}${url}`);
      const org = head.jsonLd.find((d) => d['@type'] === 'Organization') as { name: string; url: string; subOrganization: Record<string, unknown>[] };
      expect(org, `${url} Organization`).toBeTruthy();
      expect(org.name).toBe(shop.shopName);
      expect(org.url).toBe(`${BASE}/`);
      expect(org.subOrganization).toHaveLength(5);
      const cities = org.subOrganization.map((b) => (b.address as { addressLocality: string }).addressLocality);
      expect(cities).toEqual(['Волгоград', 'Ростов-на-Дону', 'Санкт-Петербург', 'Новороссийск', 'Мариуполь']);
      for (const branch of org.subOrganization) {
        expect(branch['@type']).toBe('LocalBusiness');
        expect(branch.telephone).toMatch(/^\+7 /);
        expect((branch.address as { streetAddress: string }).streetAddress).toBeTruthy();
        expect(branch.openingHours).toContainEqual(expect.stringMatching(/^Mo-Fr \d\d:\d\d-\d\d:\d\d$/));
      }
    }
  });

  it('a category page: its name and description, canonical and breadcrumbs', async () => {
    const { seo } = await settingsOf();
    const categories = await json<Category[]>('/api/categories');
    const category = categories.find((c) => c.productCount > 0 && c.description)!;
    const head = await fetchHead(`/category/${category.slug}`);
    expect(head.title).toBe(`${category.name} — ${seo.siteTitle}`);
    expect(head.meta.description).toBe(category.description);
    expect(head.canonical).toBe(`${BASE}/category/${category.slug}`);
    expect(head.meta['og:url']).toBe(`${BASE}/category/${category.slug}`);
    const crumbs = head.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { position: number; name: string; item?: string }[] };
    expect(crumbs, 'BreadcrumbList').toBeTruthy();
    expect(crumbs.itemListElement[0]).toMatchObject({ position: 1, item: `${BASE}/` });
    expect(crumbs.itemListElement.at(-1)!.name).toBe(category.name);
  });

  it('a product page: name, short description, picture and Product, Offer and breadcrumbs data, and a rating only from approved reviews', async () => {
    const { seo } = await settingsOf();
    const products = await allProducts();
    const inStock = products.find((p) => (p.stock ?? 0) > 0 && p.price && p.imageUrl)!;
    const outOfStock = products.find((p) => (p.stock ?? 0) === 0 && p.price)!;
    expect(inStock && outOfStock, 'seed has products in and out of stock').toBeTruthy();

    for (const product of [inStock, outOfStock]) {
      const head = await fetchHead(`/product/${product.slug}`);
      expect(head.title).toBe(`${product.name} — ${seo.siteTitle}`);
      expect(head.meta.description).toBe(product.shortDescription || seo.metaDescription);
      expect(head.canonical).toBe(`${BASE}/product/${product.slug}`);
      expect(head.meta['og:type']).toBe('product');
      if (product.imageUrl) {
        expect(head.meta['og:image']).toBe(`${BASE}${product.imageUrl}`);
        expect(head.meta['twitter:image']).toBe(`${BASE}${product.imageUrl}`);
      }
      const data = head.jsonLd.find((d) => d['@type'] === 'Product') as {
        name: string;
        sku: string;
        brand?: { name: string };
        image?: string | string[];
        offers: { '@type': string; price: number | string; priceCurrency: string; availability: string; url?: string };
        aggregateRating?: { ratingValue: number; reviewCount: number };
        review?: unknown[];
      };
      expect(data, 'Product JSON-LD').toBeTruthy();
      expect(data.name).toBe(product.name);
      expect(data.sku).toBe(product.sku);
      expect(data.brand?.name).toBe(product.brand ?? undefined);
      expect(data.offers['@type']).toBe('Offer');
      expect(Number(data.offers.price)).toBe(product.price);
      expect(data.offers.priceCurrency).toBe('RUB');
      expect(data.offers.availability).toBe((product.stock ?? 0) > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
      // The rating search engines see is the approved reviews' own, and none without them.
      const { rating } = (await get(`/api/products/${product.id}/reviews`)).json() as { rating: { average: number; count: number } };
      if (rating.count === 0) expect(data.aggregateRating).toBeUndefined();
      else expect(data.aggregateRating).toMatchObject({ ratingValue: rating.average, reviewCount: rating.count });
      expect(data.review?.length ?? 0).toBe(Math.min(rating.count, 10));
      const crumbs = head.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
      expect(crumbs, 'BreadcrumbList').toBeTruthy();
      expect(crumbs.itemListElement.length).toBeGreaterThanOrEqual(2);
    }
  });
});

/** Roubles the customer pays for a price in roubles without VAT: 20 % on top in whole roubles, worked out here apart from the server. */
const withVat = (roubles: number) => {
  const kopecks = Math.round(roubles * 100);
  return (kopecks + Math.round(kopecks / 500) * 100) / 100;
};

describe('robots, sitemap and the market feed', () => {
  it('robots.txt allows the storefront, closes private pages and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const url of ['/admin', '/cart', '/checkout', '/profile', '/auth', '/api']) expect(lines).toContain(`Disallow: ${url}`);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('the sitemap lists the pages, every category and every active product with lastmod', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const body = res.body;
    expect(XMLValidator.validate(body)).toBe(true);
    const urls = xml.parse(body).urlset.url as { loc: string; lastmod: string }[];
    const locs = urls.map((u) => u.loc);
    for (const u of urls) expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    for (const url of ['/', '/products', '/about', '/contacts', '/publications', '/privacy']) expect(locs).toContain(`${BASE}${url}`);
    const categories = await json<Category[]>('/api/categories');
    for (const c of categories) expect(locs).toContain(`${BASE}/category/${c.slug}`);
    const products = await allProducts();
    const productLocs = locs.filter((l) => l.includes('/product/')).sort();
    expect(productLocs).toEqual(products.map((p) => `${BASE}/product/${p.slug}`).sort());
    // What the sitemap names is really there.
    for (const loc of [productLocs[0]!, productLocs.at(-1)!, `${BASE}/category/${categories[0]!.slug}`]) {
      expect((await get(loc)).statusCode, loc).toBe(200);
    }
  });

  it('the YML feed is well formed and matches the catalogue', async () => {
    const res = await get('/yml.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const body = res.body;
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(XMLValidator.validate(body)).toBe(true);
    const catalog = xml.parse(body).yml_catalog;
    expect(catalog['@date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const { shop } = await settingsOf();
    expect(catalog.shop.name).toBe(shop.shopName);
    expect(catalog.shop.company).toBe(shop.shopName);
    expect(catalog.shop.url).toBe(`${BASE}/`);
    expect(catalog.shop.currencies.currency['@id']).toBe('RUB');

    const categories = await json<Category[]>('/api/categories');
    const ymlCategories = catalog.shop.categories.category as Record<string, string>[];
    expect(ymlCategories.map((c) => Number(c['@id'])).sort()).toEqual(categories.map((c) => c.id).sort());
    for (const c of categories) {
      const y = ymlCategories.find((x) => Number(x['@id']) === c.id)!;
      expect(y['#text']).toBe(c.name);
      expect(y['@parentId']).toBe(c.parentId ? String(c.parentId) : undefined);
    }

    const products = await allProducts();
    const sellable = products.filter((p) => p.price && p.categoryId);
    expect(sellable.length).toBeLessThan(products.length); // some have price on request
    const offers = xml.parse(body).yml_catalog.shop.offers.offer as Record<string, string>[];
    expect(offers.map((o) => Number(o['@id'])).sort((a, b) => a - b)).toEqual(sellable.map((p) => p.id).sort((a, b) => a - b));
    for (const p of sellable) {
      const o = offers.find((x) => Number(x['@id']) === p.id)!;
      expect(o['@available']).toBe((p.stock ?? 0) > 0 ? 'true' : 'false');
      expect(o.url).toBe(`${BASE}/product/${p.slug}`);
      // What the customer pays: the default catalogue prices are «без НДС», the cart adds 20 % in whole roubles.
      expect(Number(o.price)).toBe(withVat(p.price!));
      expect(o.oldprice === undefined ? null : Number(o.oldprice)).toBe(p.originalPrice && p.originalPrice > p.price! ? withVat(p.originalPrice) : null);
      expect(o.currencyId).toBe('RUB');
      expect(o.categoryId).toBe(String(p.categoryId));
      expect(o.picture).toBe(p.imageUrl ? `${BASE}${p.imageUrl}` : undefined);
      expect(o.name).toBe(p.name);
      expect(o.vendor).toBe(p.brand ?? undefined);
      expect(o.vendorCode).toBe(p.sku);
      if (p.description || p.shortDescription) expect(o.description).toBeTruthy();
      else expect(o.description).toBeUndefined();
    }
  });

  it('an inactive product is absent from the sitemap and the feed, and its page is 404', async () => {
    const cookie = await ctx.login();
    const categories = await json<Category[]>('/api/categories');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie },
      payload: { name: 'Скрытый перфоратор SEO', sku: 'SEO-HIDDEN-1', price: 9990, stock: 5, categoryId: categories[0]!.id, supplier: 'DCK', isActive: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Product;

    expect((await get(`/product/${product.slug}`)).statusCode).toBe(404);
    expect((await get(`/api/products/${product.slug}`)).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain(`/product/${product.slug}<`);
    const offers = xml.parse((await get('/yml.xml')).body).yml_catalog.shop.offers.offer as Record<string, string>[];
    expect(offers.some((o) => Number(o['@id']) === product.id)).toBe(false);
  });
});

describe('installable app', () => {
  it('the manifest, icons, service worker and offline page are served with the right types', async () => {
    const manifestRes = await get('/manifest.webmanifest');
    expect(manifestRes.statusCode).toBe(200);
    expect(manifestRes.headers['content-type']).toContain('application/manifest+json');
    const manifest = manifestRes.json() as {
      short_name: string;
      name: string;
      start_url: string;
      display: string;
      lang: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; purpose?: string; type: string }[];
    };
    expect(manifest.short_name).toBe('ПрофИнструмент');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.lang).toBe('ru');
    expect(manifest.theme_color).toBe('#18181b');
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.some((i) => i.sizes === size && (i.purpose ?? 'any').includes('any'))).toBe(true);
      expect(manifest.icons.some((i) => i.sizes === size && i.purpose?.includes('maskable'))).toBe(true);
    }
    for (const icon of manifest.icons) {
      const res = await get(icon.src);
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = res.rawPayload;
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([w, h]);
    }

    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^text\/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const offline = await get('/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain('Нет подключения к интернету');

    const html = (await get('/')).body;
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  });
});
