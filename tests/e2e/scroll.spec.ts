import type { Locator, Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Whether the element's top is on the screen and not under the sticky header. */
async function belowHeader(page: Page, target: Locator) {
  const header = (await page.getByRole('banner').boundingBox())!;
  const box = (await target.boundingBox())!;
  return box.y >= header.y + header.height && box.y < page.viewportSize()!.height;
}

test('a new page opens at its top and back returns where the page was left', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/products');
  await waitForHydration(page);
  // Far down the catalogue, to a category in the footer (laid out as it comes into view).
  const category = page.getByRole('contentinfo').getByRole('navigation', { name: 'Каталог' }).getByRole('link').first();
  await category.scrollIntoViewIfNeeded();
  await expect(category).toBeInViewport();
  const left = await scrollY(page);
  expect(left).toBeGreaterThan(500);
  const name = (await category.textContent())!.trim();
  // Tapped where it is: Playwright's own click would first scroll it clear of the phone's bottom bar.
  await category.evaluate((link: HTMLAnchorElement) => link.click());
  await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
  expect(await scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => scrollY(page)).toBe(left);
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
  expect(await scrollY(page)).toBe(0);
});

test('search results reached through #products start below the sticky header', { tag: '@phone' }, async ({ page }) => {
  // A search link (the header's search lands here without script too).
  await page.goto(`/?query=${encodeURIComponent('дрель')}#products`);
  await waitForHydration(page);
  const results = page.getByRole('heading', { name: 'Результаты поиска: «дрель»' });
  await expect.poll(() => belowHeader(page, results)).toBe(true);

  // «Перейти к товарам» on the home page.
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Перейти к товарам' }).click();
  await expect(page).toHaveURL(/#products$/);
  await expect.poll(() => belowHeader(page, page.getByRole('heading', { name: 'Товары', exact: true }))).toBe(true);
});
