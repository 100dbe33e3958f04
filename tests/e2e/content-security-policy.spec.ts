import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

/**
 * The pages' Content-Security-Policy in the browser (docs/decisions/015): the shop itself runs
 * under it without a single violation, and so do the static pages allowed by hash. The counters
 * after consent are csp-counters.spec.ts (they name the counters shop-wide; docs/decisions/026).
 */

/** Every `securitypolicyviolation` the pages of the context report, as directive and blocked address. */
async function recordViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test.describe('the pages under their Content-Security-Policy', () => {
  test('the shop runs with no violation: hydration, the code of a category page, the cart', async ({ page, context }) => {
    const violations = await recordViolations(context);
    const response = await page.goto('/');
    const policy = response!.headers()['content-security-policy'];
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    await waitForHydration(page);
    // A client-side navigation loads the page's chunk (and Vite preloads its imports).
    await page.getByRole('contentinfo').getByRole('link', { name: 'Перфораторы' }).click();
    await expect(page).toHaveURL(/\/category\/perforatory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Перфораторы' })).toBeVisible();
    await page.goto('/cart');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the menu sheet, whose scroll lock adds a <style> element, opens with no violation @mobile', async ({ page, context }) => {
    const violations = await recordViolations(context);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // react-remove-scroll's stylesheet carries the page's nonce, so it applies.
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('static pages by hash', () => {
  test('the offline page shows with its own stylesheet and its button works', async ({ page, context }) => {
    const violations = await recordViolations(context);
    const response = await page.goto('/offline.html');
    expect(response!.headers()['content-security-policy']).toMatch(/script-src 'sha256-[^']+'; style-src 'sha256-[^']+'/);
    const button = page.getByRole('button', { name: 'Обновить страницу' });
    await expect(button).toHaveCSS('background-color', 'rgb(194, 65, 12)');
    await Promise.all([page.waitForEvent('load'), button.click()]);
    await expect(page.getByRole('heading', { name: 'Нет подключения к интернету' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test.describe('an address the shop refuses', () => {
    test.use({ allowedConsoleErrors: /status of 400/ });

    test('shows its short page with its stylesheet', async ({ page, context }) => {
      const violations = await recordViolations(context);
      const response = await page.goto('/products/%FF');
      expect(response!.status()).toBe(400);
      await expect(page.getByRole('heading', { name: 'Недопустимые символы в запросе' })).toBeVisible();
      await expect(page.locator('body')).toHaveCSS('max-width', '512px');
      expect(await violations(page)).toEqual([]);
    });
  });
});
