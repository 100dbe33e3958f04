import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test, waitForHydration, withCounterIds } from './fixtures.ts';
import type { Product } from '../../src/shared/types.ts';
import { DAY_MS } from '../../src/server/core/time.ts';
import { validOrderBody } from '../helpers/order-body.ts';

/**
 * Analytics with consent, against the built production server: the cookie banner and the
 * counters, the data layer, and a password-reset address never told to them. The SEO settings
 * name the counters while these run, so every page of the shop shows the consent banner: a
 * shop-wide spec (playwright.config.ts, docs/decisions/026). Split from seo.spec.ts.
 */



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

  test('nothing loads before consent; accepting loads both counters and is remembered', { tag: '@phone' }, async ({ page, context }) => {
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
    const placed = await page.request.post('/api/orders', { data: validOrderBody(cartId, { customerEmail: customer.email }) });
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

