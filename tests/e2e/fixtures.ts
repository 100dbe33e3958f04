import fs from 'node:fs';
import { createRequire } from 'node:module';
import { request as playwrightRequest, test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { shopAt, type E2EShop } from './env.ts';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Every page under test fails on console errors and hydration warnings: a clean console is
 * part of what the customer gets. Automatic: every test gets it without asking.
 */
export const test = base.extend<{ consoleErrors: string[]; allowedConsoleErrors: RegExp | null; shop: E2EShop }>({
  /** The shop the test's project drives (playwright.config.ts): its mail folder, its YooKassa stand-in. */
  shop: async ({ baseURL }, use) => use(shopAt(baseURL!)),
  /**
   * Errors a test expects on purpose (the spec logs failed replies), one pattern:
   * `test.use({ allowedConsoleErrors: /status of 400|: 400 / })` (an array would read as fixture options).
   */
  allowedConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of (401|404)/.test(text)) errors.push(text);
      if (msg.type() === 'warning' && /hydrat/i.test(text)) errors.push(text);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors.filter((e) => !allowedConsoleErrors?.test(e)), 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** A screen's phone pass: it opens with its heading (this text, when given), and the page itself never scrolls sideways. */
export async function fitsThePhone(page: Page, path: string, heading: string | RegExp | null) {
  await page.goto(path);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title, path).toBeVisible();
  if (heading) await expect(title, path).toHaveText(heading);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Runs axe-core in the page and returns the serious and critical violations. `asLoaded` reads
 * the page as Lighthouse does, with the parts far from the screen not laid out yet; `within`
 * checks only what a selector names.
 */
export async function axeViolations(page: Page, { asLoaded = false, within }: { asLoaded?: boolean; within?: string } = {}) {
  // Parts laid out only near the screen (`content-visibility: auto`) are painted only within the
  // box they are given until then: lay everything out first, unless the page is read as loaded.
  // Both through the page's scripting, not as a <style> or <script> tag: the page's
  // Content-Security-Policy refuses inline elements without its nonce.
  if (!asLoaded) {
    await page.evaluate(() => document.querySelectorAll<HTMLElement>('.render-later').forEach((el) => el.style.setProperty('content-visibility', 'visible', 'important')));
  }
  await page.evaluate(axeSource);
  const result = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document | { include: string[] }, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
  }, within ?? null);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Waits until React has hydrated the server-rendered page (handlers are attached). Hydration
 * runs in a transition, so it ends after the root is created: the root layout marks the end
 * with `data-hydrated` on <html>. Client-only pages (admin) have no server state to hydrate.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      const started = Boolean(root && Object.keys(root).some((k) => k.startsWith('__reactContainer')));
      return started && (document.documentElement.dataset.hydrated === 'true' || !('__RQ_STATE__' in window));
    },
    undefined,
    // Every 50 ms, not on every animation frame (the default), which keeps the browser drawing
    // frames while the page hydrates: 5–15 % of the browser's CPU for a page opened and hydrated.
    { polling: 50 },
  );
}

/** A request context signed in as the end-to-end administrator. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/login', { data: { username: 'admin', password: 'Admin-e2e-pass-2026' } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/**
 * For the tests of the enclosing describe block: the SEO settings name these counters; the
 * settings as they were come back after the block.
 */
export function withCounterIds(ids: { googleAnalyticsId: string; yandexMetrikaId: string }) {
  let original: Record<string, unknown> | null = null;
  test.beforeAll(async ({ baseURL }) => {
    const admin = await adminApi(baseURL!);
    const current = await admin.get('/api/admin/settings/seo');
    expect(current.status(), 'GET /api/admin/settings/seo').toBe(200);
    original = (await current.json()) as Record<string, unknown>;
    const saved = await admin.put('/api/admin/settings/seo', { data: { ...original, ...ids } });
    expect(saved.status(), await saved.text()).toBe(200);
    await admin.dispose();
  });
  test.afterAll(async ({ baseURL }) => {
    if (!original) return;
    const admin = await adminApi(baseURL!);
    const restored = await admin.put('/api/admin/settings/seo', { data: original });
    expect(restored.status(), await restored.text()).toBe(200);
    await admin.dispose();
  });
}
