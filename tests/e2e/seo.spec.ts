import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test, waitForHydration, withCounterIds } from './fixtures.ts';

/**
 * Search engines, analytics consent and the installable app in the browser, against the built
 * production server: the head after client-side navigation, the cookie banner and the counters,
 * the service worker and the install banner. What needs no browser (the heads the server writes,
 * robots.txt, the sitemap, the YML feed, the manifest and icons) is checked over HTTP on both
 * databases in src/server/modules/seo/seo-pages.test.ts (docs/decisions/026).
 */

const MOBILE = { width: 375, height: 812 };
const DAY_MS = 24 * 60 * 60 * 1000;

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
