import type { Browser, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

/**
 * Search engines and the installable app in the browser, against the built production server:
 * the head after client-side navigation, the service worker and the install banner. What needs
 * no browser (the heads the server writes, robots.txt, the sitemap, the YML feed, the manifest
 * and icons) is checked over HTTP on both databases in src/server/modules/seo/seo-pages.test.ts;
 * analytics with consent, which names the counters shop-wide, is seo-analytics.spec.ts
 * (docs/decisions/026).
 */

const MOBILE = { width: 375, height: 812 };
const DAY_MS = 24 * 60 * 60 * 1000;

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
// Installable app

test.describe('installable app', () => {
  // The other specs run without the worker (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

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
