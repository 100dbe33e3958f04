import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { adminApi, expect, test, waitForHydration, withCounterIds } from './fixtures.ts';

/**
 * Search engines, marketplaces, analytics consent and the installable app, against the built
 * production server: page heads, sitemap, robots.txt, the YML feed, the cookie banner and the
 * counters, the manifest, the service worker and the install banner.
 */

const MOBILE = { width: 375, height: 812 };
const DAY_MS = 24 * 60 * 60 * 1000;

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

async function fetchHead(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  return parseHead(await res.text());
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
type Product = {
  id: number;
  slug: string;
  name: string;
  sku: string;
  imageUrl: string | null;
  price: number | null;
  originalPrice: number | null;
  stock: number | null;
  shortDescription: string;
  description: string;
  categoryId: number | null;
  supplier: string | null;
  rating: number;
  reviewCount: number;
};

async function settingsOf(request: APIRequestContext) {
  return (await (await request.get('/api/settings/public')).json()) as PublicSettings;
}

/** Every active product, page by page, as the storefront sees them. */
async function allProducts(request: APIRequestContext): Promise<Product[]> {
  const out: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/products?limit=48&page=${page}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { products: Product[]; totalPages: number };
    out.push(...body.products);
    if (page >= body.totalPages) return out;
  }
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

// ---------------------------------------------------------------------------------------------
// Heads

test.describe('page heads', () => {
  test('the home page: site title, settings description, canonical, social tags, lang', async ({ request, baseURL }) => {
    const { seo, shop } = await settingsOf(request);
    const head = await fetchHead(request, '/');
    expect(head.lang).toBe('ru');
    expect(head.title).toBe(seo.siteTitle);
    expect(head.meta.description).toBe(seo.metaDescription);
    expect(head.meta.keywords).toBe(seo.metaKeywords);
    expect(head.canonical).toBe(`${baseURL}/`);
    expect(head.meta['og:title']).toBe(seo.siteTitle);
    expect(head.meta['og:description']).toBe(seo.metaDescription);
    expect(head.meta['og:url']).toBe(`${baseURL}/`);
    expect(head.meta['og:site_name']).toBe(shop.shopName);
    expect(head.meta['og:locale']).toBe('ru_RU');
    expect(head.meta['twitter:title']).toBe(seo.siteTitle);
    expect(head.meta.robots).toBeUndefined();

    // A search result page is not indexed, and its canonical is the home page.
    const search = await fetchHead(request, '/?query=%D0%B4%D1%80%D0%B5%D0%BB%D1%8C');
    expect(search.meta.robots).toBe('noindex');
    expect(search.canonical).toBe(`${baseURL}/`);
  });

  test('about and contacts: the company with its five branches as structured data', async ({ request, baseURL }) => {
    const { seo, shop } = await settingsOf(request);
    for (const [path, title] of [
      ['/about', 'О компании'],
      ['/contacts', 'Контакты'],
    ] as const) {
      const head = await fetchHead(request, path);
      expect(head.title).toBe(`${title} — ${seo.siteTitle}`);
      expect(head.canonical).toBe(`${baseURL}${path}`);
      const org = head.jsonLd.find((d) => d['@type'] === 'Organization') as { name: string; url: string; subOrganization: Record<string, unknown>[] };
      expect(org, `${path} Organization`).toBeTruthy();
      expect(org.name).toBe(shop.shopName);
      expect(org.url).toBe(`${baseURL}/`);
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

  test('a category page: its name and description, canonical and breadcrumbs', async ({ request, baseURL }) => {
    const { seo } = await settingsOf(request);
    const categories = (await (await request.get('/api/categories')).json()) as Category[];
    const category = categories.find((c) => c.productCount > 0 && c.description)!;
    const head = await fetchHead(request, `/category/${category.slug}`);
    expect(head.title).toBe(`${category.name} — ${seo.siteTitle}`);
    expect(head.meta.description).toBe(category.description);
    expect(head.canonical).toBe(`${baseURL}/category/${category.slug}`);
    expect(head.meta['og:url']).toBe(`${baseURL}/category/${category.slug}`);
    const crumbs = head.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { position: number; name: string; item?: string }[] };
    expect(crumbs, 'BreadcrumbList').toBeTruthy();
    expect(crumbs.itemListElement[0]).toMatchObject({ position: 1, item: `${baseURL}/` });
    expect(crumbs.itemListElement.at(-1)!.name).toBe(category.name);
  });

  test('a product page: name, short description, picture and Product, Offer and breadcrumbs data', async ({ request, baseURL }) => {
    const { seo } = await settingsOf(request);
    const products = await allProducts(request);
    const inStock = products.find((p) => (p.stock ?? 0) > 0 && p.price && p.reviewCount > 0 && p.imageUrl)!;
    const outOfStock = products.find((p) => (p.stock ?? 0) === 0 && p.price)!;
    const noReviews = products.find((p) => p.reviewCount === 0 && p.price);
    expect(inStock && outOfStock, 'seed has products in and out of stock').toBeTruthy();

    for (const product of [inStock, outOfStock]) {
      const head = await fetchHead(request, `/product/${product.slug}`);
      expect(head.title).toBe(`${product.name} — ${seo.siteTitle}`);
      expect(head.meta.description).toBe(product.shortDescription || seo.metaDescription);
      expect(head.canonical).toBe(`${baseURL}/product/${product.slug}`);
      expect(head.meta['og:type']).toBe('product');
      if (product.imageUrl) {
        expect(head.meta['og:image']).toBe(`${baseURL}${product.imageUrl}`);
        expect(head.meta['twitter:image']).toBe(`${baseURL}${product.imageUrl}`);
      }
      const data = head.jsonLd.find((d) => d['@type'] === 'Product') as {
        name: string;
        sku: string;
        brand?: { name: string };
        image?: string | string[];
        offers: { '@type': string; price: number | string; priceCurrency: string; availability: string; url?: string };
        aggregateRating?: { ratingValue: number | string; reviewCount: number | string };
      };
      expect(data, 'Product JSON-LD').toBeTruthy();
      expect(data.name).toBe(product.name);
      expect(data.sku).toBe(product.sku);
      if (product.supplier) expect(data.brand?.name).toBe(product.supplier);
      expect(data.offers['@type']).toBe('Offer');
      expect(Number(data.offers.price)).toBe(product.price);
      expect(data.offers.priceCurrency).toBe('RUB');
      expect(data.offers.availability).toBe((product.stock ?? 0) > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
      if (product.reviewCount > 0) {
        expect(Number(data.aggregateRating?.reviewCount)).toBe(product.reviewCount);
        expect(Number(data.aggregateRating?.ratingValue)).toBeCloseTo(product.rating, 1);
      }
      const crumbs = head.jsonLd.find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
      expect(crumbs, 'BreadcrumbList').toBeTruthy();
      expect(crumbs.itemListElement.length).toBeGreaterThanOrEqual(2);
    }
    if (noReviews) {
      const head = await fetchHead(request, `/product/${noReviews.slug}`);
      const data = head.jsonLd.find((d) => d['@type'] === 'Product') as { aggregateRating?: unknown };
      expect(data.aggregateRating).toBeUndefined();
    }
  });

  test('the head follows client-side navigation', async ({ page, baseURL }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Контакты' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page).toHaveTitle(/^Контакты — /);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/contacts`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/contacts`);
    const types = await page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '{}')['@type']));
    expect(types).toContain('Organization');
    await expect(page.locator('title')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Sitemap, robots, feed

test.describe('robots, sitemap and the market feed', () => {
  test('robots.txt allows the storefront, closes private pages and names the sitemap', async ({ request, baseURL }) => {
    const res = await request.get('/robots.txt');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/cart', '/checkout', '/profile', '/auth', '/api']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('the sitemap lists the pages, every category and every active product with lastmod', async ({ request, baseURL }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers()['cache-control']).toMatch(/^public, max-age=\d+$/);
    const body = await res.text();
    expect(XMLValidator.validate(body)).toBe(true);
    const urls = xml.parse(body).urlset.url as { loc: string; lastmod: string }[];
    const locs = urls.map((u) => u.loc);
    for (const u of urls) expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    for (const path of ['/', '/products', '/about', '/contacts', '/publications', '/privacy']) expect(locs).toContain(`${baseURL}${path}`);
    const categories = (await (await request.get('/api/categories')).json()) as Category[];
    for (const c of categories) expect(locs).toContain(`${baseURL}/category/${c.slug}`);
    const products = await allProducts(request);
    const productLocs = locs.filter((l) => l.includes('/product/')).sort();
    expect(productLocs).toEqual(products.map((p) => `${baseURL}/product/${p.slug}`).sort());
    // What the sitemap names is really there.
    for (const loc of [productLocs[0]!, productLocs.at(-1)!, `${baseURL}/category/${categories[0]!.slug}`]) {
      expect((await request.get(loc)).status(), loc).toBe(200);
    }
  });

  test('the YML feed is well formed and matches the catalogue', async ({ request, baseURL }) => {
    const res = await request.get('/yml.xml');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const body = await res.text();
    expect(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(XMLValidator.validate(body)).toBe(true);
    const catalog = xml.parse(body).yml_catalog;
    expect(catalog['@date']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const { shop } = await settingsOf(request);
    expect(catalog.shop.name).toBe(shop.shopName);
    expect(catalog.shop.company).toBe(shop.shopName);
    expect(catalog.shop.url).toBe(`${baseURL}/`);
    expect(catalog.shop.currencies.currency['@id']).toBe('RUB');

    const categories = (await (await request.get('/api/categories')).json()) as Category[];
    const ymlCategories = catalog.shop.categories.category as Record<string, string>[];
    expect(ymlCategories.map((c) => Number(c['@id'])).sort()).toEqual(categories.map((c) => c.id).sort());
    for (const c of categories) {
      const y = ymlCategories.find((x) => Number(x['@id']) === c.id)!;
      expect(y['#text']).toBe(c.name);
      expect(y['@parentId']).toBe(c.parentId ? String(c.parentId) : undefined);
    }

    const products = await allProducts(request);
    const sellable = products.filter((p) => p.price && p.categoryId);
    expect(sellable.length).toBeLessThan(products.length); // some have price on request
    const offers = xml.parse(body).yml_catalog.shop.offers.offer as Record<string, string>[];
    expect(offers.map((o) => Number(o['@id'])).sort((a, b) => a - b)).toEqual(sellable.map((p) => p.id).sort((a, b) => a - b));
    for (const p of sellable) {
      const o = offers.find((x) => Number(x['@id']) === p.id)!;
      expect(o['@available']).toBe((p.stock ?? 0) > 0 ? 'true' : 'false');
      expect(o.url).toBe(`${baseURL}/product/${p.slug}`);
      expect(Number(o.price)).toBe(p.price);
      expect(o.oldprice === undefined ? null : Number(o.oldprice)).toBe(p.originalPrice && p.originalPrice > p.price! ? p.originalPrice : null);
      expect(o.currencyId).toBe('RUB');
      expect(o.categoryId).toBe(String(p.categoryId));
      expect(o.picture).toBe(p.imageUrl ? `${baseURL}${p.imageUrl}` : undefined);
      expect(o.name).toBe(p.name);
      expect(o.vendor).toBe(p.supplier ?? undefined);
      expect(o.vendorCode).toBe(p.sku);
      if (p.description || p.shortDescription) expect(o.description).toBeTruthy();
      else expect(o.description).toBeUndefined();
    }
  });

  test('an inactive product is absent from the sitemap and the feed, and its page is 404', async ({ request, baseURL }) => {
    const admin = await adminApi(baseURL!);
    try {
      const categories = (await (await request.get('/api/categories')).json()) as Category[];
      const id = unique();
      const created = await admin.post('/api/products', {
        data: { name: `Скрытый перфоратор ${id}`, sku: `SEO-${id}`, price: 9990, stock: 5, categoryId: categories[0]!.id, supplier: 'DCK', isActive: false },
      });
      expect(created.status(), await created.text()).toBe(201);
      const product = (await created.json()) as Product;

      expect((await request.get(`/product/${product.slug}`)).status()).toBe(404);
      expect((await request.get(`/api/products/${product.slug}`)).status()).toBe(404);
      expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/product/${product.slug}<`);
      const offers = xml.parse(await (await request.get('/yml.xml')).text()).yml_catalog.shop.offers.offer as Record<string, string>[];
      expect(offers.some((o) => Number(o['@id']) === product.id)).toBe(false);
    } finally {
      await admin.dispose();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Analytics with consent

const METRIKA_ID = '98765432';
const GA_ID = 'G-SEOTEST123';

/** The counters' scripts are answered locally (no network here) with stubs that record their load. */
async function stubCounters(context: BrowserContext) {
  await context.route('https://mc.yandex.ru/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__metrikaLoaded = true;' }),
  );
  await context.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.__gtagLoaded = true;' }),
  );
}

const counterScripts = (page: Page) =>
  page.locator('script[src^="https://mc.yandex.ru/metrika/tag.js"], script[src^="https://www.googletagmanager.com/gtag/js"]');

test.describe('analytics with consent', () => {
  withCounterIds({ googleAnalyticsId: GA_ID, yandexMetrikaId: METRIKA_ID });

  test('nothing loads before consent; accepting loads both counters and is remembered', async ({ page, context }) => {
    await stubCounters(context);
    await page.goto('/');
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Согласие на использование cookie' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Яндекс Метрика и Google Analytics');
    await expect(counterScripts(page)).toHaveCount(0);
    expect(await page.evaluate(() => typeof (window as { ym?: unknown }).ym)).toBe('undefined');

    await banner.getByRole('button', { name: 'Принять' }).click();
    await expect(banner).toBeHidden();
    await expect(page.locator(`script[src="https://mc.yandex.ru/metrika/tag.js?id=${METRIKA_ID}"]`)).toHaveCount(1);
    await expect(page.locator(`script[src="https://www.googletagmanager.com/gtag/js?id=${GA_ID}"]`)).toHaveCount(1);
    await page.waitForFunction(() => (window as { __metrikaLoaded?: boolean }).__metrikaLoaded && (window as { __gtagLoaded?: boolean }).__gtagLoaded);

    await page.reload();
    await waitForHydration(page);
    await expect(counterScripts(page)).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Согласие на использование cookie' })).toHaveCount(0);
  });

  test('declining loads nothing, and the banner stays away for a year', async ({ page, context }) => {
    await stubCounters(context);
    await page.goto('/about');
    await waitForHydration(page);
    const banner = page.getByRole('region', { name: 'Согласие на использование cookie' });
    await banner.getByRole('button', { name: 'Отклонить' }).click();
    await expect(banner).toBeHidden();
    await expect(counterScripts(page)).toHaveCount(0);

    await page.reload();
    await waitForHydration(page);
    await expect(banner).toHaveCount(0);
    await expect(counterScripts(page)).toHaveCount(0);

    // 364 days later: still declined.
    await page.evaluate((at) => localStorage.setItem('cookieConsent', JSON.stringify({ choice: 'declined', at })), Date.now() - 364 * DAY_MS);
    await page.reload();
    await waitForHydration(page);
    await expect(banner).toHaveCount(0);
    // A year and a day later: asked again, still nothing loaded.
    await page.evaluate((at) => localStorage.setItem('cookieConsent', JSON.stringify({ choice: 'declined', at })), Date.now() - 366 * DAY_MS);
    await page.reload();
    await waitForHydration(page);
    await expect(banner).toBeVisible();
    await expect(counterScripts(page)).toHaveCount(0);
  });

  test('a product view and an add to cart go to the Metrika data layer after consent', async ({ page, context, request }) => {
    await stubCounters(context);
    await context.addInitScript(() => localStorage.setItem('cookieConsent', JSON.stringify({ choice: 'accepted', at: Date.now() })));
    const product = (await allProducts(request)).find((p) => p.price && (p.stock ?? 0) > 1)!;
    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    const ecommerce = () =>
      page.evaluate(() =>
        ((window as { dataLayer?: unknown[] }).dataLayer ?? []).filter((e): e is { ecommerce: Record<string, { products: { id: string; quantity?: number }[] }> } =>
          Boolean(e && typeof e === 'object' && 'ecommerce' in e),
        ),
      );
    await expect.poll(async () => (await ecommerce()).find((e) => e.ecommerce.detail)?.ecommerce.detail!.products[0]!.id).toBe(String(product.id));

    await page.getByRole('button', { name: 'Добавить в корзину' }).first().click();
    await expect.poll(async () => (await ecommerce()).find((e) => e.ecommerce.add)?.ecommerce.add!.products[0]).toMatchObject({ id: String(product.id), quantity: 1 });
  });

  test('a placed order goes to the data layer as a purchase, once', async ({ page, context, request }) => {
    await stubCounters(context);
    await context.addInitScript(() => {
      if (!localStorage.getItem('cookieConsent')) localStorage.setItem('cookieConsent', JSON.stringify({ choice: 'accepted', at: Date.now() }));
    });
    const id = unique();
    const customer = { username: `seo${id}`, email: `seo${id}@example.ru`, password: `Stanok-${id}-42`, consent: true };
    expect((await page.request.post('/api/register', { data: customer })).status()).toBe(201);
    const product = (await allProducts(request)).find((p) => p.price && (p.stock ?? 0) > 3)!;
    const cartId = crypto.randomUUID();
    expect((await page.request.post('/api/cart/items', { data: { cartId, productId: product.id, quantity: 2 } })).status()).toBe(201);
    const placed = await page.request.post('/api/orders', {
      data: {
        customerName: 'Иван Петров',
        customerEmail: customer.email,
        customerPhone: '+7 900 123-45-67',
        address: 'ул. Мира, д. 5, кв. 12',
        city: 'Волгоград',
        postalCode: '400005',
        paymentMethod: 'cash',
        consent: true,
        cartId,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as { id: number; totalAmount: number };

    const purchases = () =>
      page.evaluate(() =>
        ((window as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
          (e) => Boolean(e && typeof e === 'object' && 'ecommerce' in e && (e as { ecommerce: { purchase?: unknown } }).ecommerce.purchase),
        ),
      );
    await page.goto(`/order-complete/${order.id}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Спасибо за заказ!' })).toBeVisible();
    await expect.poll(purchases).toEqual([
      {
        ecommerce: {
          currencyCode: 'RUB',
          purchase: {
            actionField: { id: String(order.id), revenue: order.totalAmount },
            products: [{ id: String(product.id), name: product.name, price: product.price, quantity: 2 }],
          },
        },
      },
    ]);
    // Reopening the page does not count the order again.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Спасибо за заказ!' })).toBeVisible();
    // The counters have started (and sent whatever was waiting for them)...
    await expect.poll(() => page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer?.length ?? 0)).toBeGreaterThan(0);
    expect(await purchases()).toEqual([]);
  });
});

test.describe('analytics and the password-reset link', () => {
  withCounterIds({ googleAnalyticsId: GA_ID, yandexMetrikaId: METRIKA_ID });

  test('counters do not start on a page whose address has the token, and never hear of it', async ({ page, context }) => {
    // The stubs note the address they were loaded on, as the real counters read it.
    await context.route('https://mc.yandex.ru/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__metrikaLoadedOn = location.href;' }),
    );
    await context.route('https://www.googletagmanager.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'window.__gtagLoadedOn = location.href;' }),
    );
    await context.addInitScript(() => localStorage.setItem('cookieConsent', JSON.stringify({ choice: 'accepted', at: Date.now() })));
    const token = `e2e${unique()}`.padEnd(43, 'x');

    await page.goto(`/password-reset/reset?token=${token}`);
    await waitForHydration(page);
    await expect(page.getByRole('link', { name: 'Запросить новую ссылку' })).toBeVisible();
    await expect(counterScripts(page)).toHaveCount(0);
    expect(await page.evaluate(() => typeof (window as { ym?: unknown }).ym)).toBe('undefined');

    // The next page starts them, on its own address, and what they were told has no token.
    await page.getByRole('link', { name: 'Запросить новую ссылку' }).click();
    await expect(page).toHaveURL(/\/password-reset$/);
    await expect(counterScripts(page)).toHaveCount(2);
    await page.waitForFunction(() => (window as { __metrikaLoadedOn?: string }).__metrikaLoadedOn && (window as { __gtagLoadedOn?: string }).__gtagLoadedOn);
    const told = await page.evaluate(() => {
      const w = window as unknown as { __metrikaLoadedOn: string; __gtagLoadedOn: string; ym: { a?: unknown[] }; dataLayer?: unknown[] };
      return JSON.stringify({ metrika: w.__metrikaLoadedOn, gtag: w.__gtagLoadedOn, ymCalls: w.ym.a, dataLayer: w.dataLayer });
    });
    expect(told).toContain('/password-reset');
    expect(told).not.toContain(token);
  });
});

// ---------------------------------------------------------------------------------------------
// Installable app

test.describe('installable app', () => {
  test('the manifest, icons, service worker and offline page are served with the right types', async ({ request }) => {
    const manifestRes = await request.get('/manifest.webmanifest');
    expect(manifestRes.status()).toBe(200);
    expect(manifestRes.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestRes.json()) as {
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
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      const png = await res.body();
      const [w, h] = icon.sizes.split('x').map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([w, h]);
    }

    const sw = await request.get('/sw.js');
    expect(sw.status()).toBe(200);
    expect(sw.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    const offline = await request.get('/offline.html');
    expect(offline.status()).toBe(200);
    expect(await offline.text()).toContain('Нет подключения к интернету');

    const html = await (await request.get('/')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  });

  test('the service worker shows the offline page without network and never keeps API answers or pages', async ({ page, context, consoleErrors }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The worker takes control of the page (clients.claim) and has cached the shell.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.goto('/about');
    await waitForHydration(page);

    await context.setOffline(true);
    await page.goto('/contacts').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'Нет подключения к интернету' })).toBeVisible();
    await context.setOffline(false);
    // Back online (the offline page may be reloading itself on the 'online' event meanwhile).
    await expect(async () => {
      await page.goto('/contacts');
      await expect(page.getByRole('heading', { name: 'Контакты', level: 1 })).toBeVisible({ timeout: 2000 });
    }).toPass();
    await waitForHydration(page);
    // The failed navigation is logged by the browser: expected here.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e)));

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const req of await cache.keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((u) => u.startsWith('/api/'))).toEqual([]);
    for (const page of ['/', '/about', '/contacts', '/cart', '/profile', '/checkout']) expect(cached).not.toContain(page);
  });

  async function phone(browser: Browser, options: { userAgent?: string } = {}) {
    const context = await browser.newContext({ viewport: MOBILE, isMobile: true, hasTouch: true, locale: 'ru-RU', ...options });
    const page = await context.newPage();
    return { context, page };
  }

  /** What Chromium fires when the site may be installed: a synthetic one, with a recorded prompt. */
  const fireInstallEvent = (page: Page) =>
    page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
      event.prompt = async () => {
        (window as { __prompted?: boolean }).__prompted = true;
      };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });

  /** Lets React commit what an event handler changed. */
  const nextFrames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

  test('the install banner: shown on the install event at 375 px, closed, silent for 3 days', async ({ browser }) => {
    const { context, page } = await phone(browser);
    try {
      await page.goto('/');
      await waitForHydration(page);
      const banner = page.getByRole('region', { name: 'Установка приложения' });
      await expect(banner).toHaveCount(0);
      await expect.poll(() => fireInstallEvent(page)).toBe(true);
      await expect(banner).toBeVisible();
      await expect(banner.getByText('Установите приложение ПрофИнструмент')).toBeVisible();
      await expect(banner.getByText('Быстрый доступ к каталогу инструментов')).toBeVisible();
      // Above the bottom bar, not over it.
      const bannerBox = (await banner.boundingBox())!;
      const barBox = (await page.getByRole('navigation', { name: 'Быстрая навигация' }).boundingBox())!;
      expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(barBox.y + 1);

      await banner.getByRole('button', { name: 'Закрыть' }).click();
      await expect(banner).toHaveCount(0);
      const closedAt = Number(await page.evaluate(() => localStorage.getItem('installBannerClosedAt')));
      expect(Date.now() - closedAt).toBeLessThan(60_000);

      await page.reload();
      await waitForHydration(page);
      await expect.poll(() => fireInstallEvent(page), { message: 'the banner listens for the install event' }).toBe(true);
      await nextFrames(page);
      await expect(banner).toHaveCount(0);

      // Three days and a minute later it may come back; the install button opens the browser's prompt.
      await page.evaluate((at) => localStorage.setItem('installBannerClosedAt', String(at)), Date.now() - 3 * DAY_MS - 60_000);
      await page.reload();
      await waitForHydration(page);
      await expect.poll(() => fireInstallEvent(page)).toBe(true);
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: 'Установить' }).click();
      await expect(banner).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __prompted?: boolean }).__prompted)).toBe(true);
    } finally {
      await context.close();
    }
  });

  test('no install banner on a wide screen', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await waitForHydration(page);
      expect(await fireInstallEvent(page)).toBe(false);
      await nextFrames(page);
      await expect(page.getByRole('region', { name: 'Установка приложения' })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('on iOS Safari the banner comes 3 s after load and explains "Поделиться" → "На экран Домой"', async ({ browser }) => {
    const { context, page } = await phone(browser, {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
    });
    try {
      await page.goto('/');
      await waitForHydration(page);
      const banner = page.getByRole('region', { name: 'Установка приложения' });
      await expect(banner).toBeVisible({ timeout: 8000 });
      const alerts: string[] = [];
      page.once('dialog', (dialog) => {
        alerts.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.accept();
      });
      await banner.getByRole('button', { name: 'Установить' }).click();
      await expect(banner).toHaveCount(0);
      expect(alerts).toEqual(['alert: Чтобы установить приложение, нажмите «Поделиться», затем «На экран Домой».']);
    } finally {
      await context.close();
    }
  });
});
