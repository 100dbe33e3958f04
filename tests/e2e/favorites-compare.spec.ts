import type { Page, TestInfo } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';

/** A customer of this test and project only: both projects run against the same server. */
function newCustomer(testInfo: TestInfo) {
  const id = `lists${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: id, email: `${id}@example.ru`, password: `Stanok-${id}-42` };
}

const counter = (page: Page, label: 'Избранное' | 'Сравнение') =>
  page.getByRole('banner').getByRole('link', { name: new RegExp(`^${label}, товаров: `) });

/** The first products of the catalogue, put into a list through the API as the browser's own (its visitor cookie). */
async function listed(page: Page, kind: 'favorites' | 'compare', count: number) {
  const { products } = (await (await page.request.get('/api/products?limit=4')).json()) as { products: { id: number; name: string }[] };
  for (const product of products.slice(0, count)) expect((await page.request.post(`/api/lists/${kind}`, { data: { productId: product.id } })).status()).toBe(201);
  return products.slice(0, count);
}

test('a visitor saves favourites and compares products, then finds them in a new account', { tag: '@phone' }, async ({ page }, testInfo) => {
  await page.goto('/products');
  await waitForHydration(page);
  await expect(counter(page, 'Избранное')).toHaveAccessibleName('Избранное, товаров: 0');

  const cards = page.getByTestId('product-card');
  const first = cards.nth(0);
  const second = cards.nth(1);
  const firstName = (await first.getByRole('heading').innerText()).trim();
  await first.getByRole('button', { name: 'Добавить в избранное' }).click();
  await expect(first.getByRole('button', { name: 'Убрать из избранного' })).toHaveAttribute('aria-pressed', 'true');
  await expect(counter(page, 'Избранное')).toHaveAccessibleName('Избранное, товаров: 1');

  await first.getByRole('button', { name: 'Сравнить' }).click();
  await second.getByRole('button', { name: 'Сравнить' }).click();
  await expect(counter(page, 'Сравнение')).toHaveAccessibleName('Сравнение, товаров: 2');

  // The product page's «Сравнить» shows the same state.
  await first.getByRole('link', { name: firstName }).click();
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'В сравнении' })).toHaveAttribute('aria-pressed', 'true');

  // Kept on the server: a reload renders the counters filled in.
  await page.reload();
  await expect(counter(page, 'Сравнение')).toHaveAccessibleName('Сравнение, товаров: 2');

  await page.goto('/favorites');
  await expect(page.getByRole('heading', { level: 1, name: /Избранное/ })).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await expect(page.getByTestId('product-card').getByRole('link', { name: firstName })).toBeVisible();

  await page.goto('/compare');
  await waitForHydration(page);
  const table = page.getByTestId('compare-table');
  await expect(table.getByRole('link', { name: firstName }).first()).toBeVisible();
  const diff = page.getByRole('switch', { name: 'Только различия' });
  await expect(diff).toHaveAttribute('aria-checked', 'false');
  await diff.click();
  await expect(diff).toHaveAttribute('aria-checked', 'true');
  await diff.click();

  // Register: the visitor's lists join the new account.
  const customer = newCustomer(testInfo);
  const registered = await page.request.post('/api/register', { data: { ...customer, consent: true } });
  expect(registered.status()).toBe(201);
  await page.goto('/favorites');
  await expect(page.getByTestId('product-card').getByRole('link', { name: firstName })).toBeVisible();
  await expect(counter(page, 'Сравнение')).toHaveAccessibleName('Сравнение, товаров: 2');

  // Remove from the comparison, then clear it.
  await page.goto('/compare');
  await waitForHydration(page);
  await page.getByRole('button', { name: `Убрать из сравнения: ${firstName}` }).click();
  await expect(counter(page, 'Сравнение')).toHaveAccessibleName('Сравнение, товаров: 1');
  await page.getByRole('button', { name: 'Очистить сравнение' }).click();
  await expect(page.getByRole('heading', { name: 'В сравнении пока нет товаров' })).toBeVisible();
});

test('the burger menu leads to the favourites and the comparison with their counts @mobile', async ({ page, consoleErrors }) => {
  await listed(page, 'favorites', 2);
  await listed(page, 'compare', 1);
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  const lists = menu.getByRole('navigation', { name: 'Избранное и сравнение' });
  await expect(lists.getByRole('link', { name: 'Избранное, товаров: 2' })).toBeVisible();
  await expect(lists.getByRole('link', { name: 'Сравнение, товаров: 1' })).toBeVisible();
  await lists.getByRole('link', { name: 'Сравнение, товаров: 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Сравнение товаров/ })).toBeVisible();
  await expect(menu).toHaveCount(0);

  // A change anywhere shows in the menu's counts too.
  await page.getByRole('button', { name: 'Очистить сравнение' }).click();
  await expect(page.getByRole('heading', { name: 'В сравнении пока нет товаров' })).toBeVisible();
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  await expect(lists.getByRole('link', { name: 'Сравнение, товаров: 0' })).toBeVisible();
  await lists.getByRole('link', { name: 'Избранное, товаров: 2' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Избранное/ })).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(2);
  expect(consoleErrors).toEqual([]);
});

test.describe('before the script loads', () => {
  test.use({ javaScriptEnabled: false });

  test('the heart is a form: the favourite is saved and the page comes back', async ({ page }) => {
    await page.goto('/products');
    const first = page.getByTestId('product-card').nth(0);
    await Promise.all([page.waitForURL('**/products'), first.getByRole('button', { name: 'Добавить в избранное' }).click()]);
    await expect(page.getByTestId('product-card').nth(0).getByRole('button', { name: 'Убрать из избранного' })).toBeVisible();
    await expect(counter(page, 'Избранное')).toHaveAccessibleName('Избранное, товаров: 1');
  });

  test('«Очистить» is a form: the list empties and the page comes back', async ({ page }) => {
    const products = await listed(page, 'compare', 2);
    await listed(page, 'favorites', 1);
    await page.goto('/compare?diff=1');
    await expect(page.getByTestId('compare-table').getByRole('link', { name: products[0]!.name }).first()).toBeVisible();
    await Promise.all([page.waitForURL('**/compare?diff=1'), page.getByRole('button', { name: 'Очистить сравнение' }).click()]);
    await expect(page.getByRole('heading', { name: 'В сравнении пока нет товаров' })).toBeVisible();
    await expect(counter(page, 'Сравнение')).toHaveAccessibleName('Сравнение, товаров: 0');
    await expect(counter(page, 'Избранное')).toHaveAccessibleName('Избранное, товаров: 1');

    await page.goto('/favorites');
    await Promise.all([page.waitForURL('**/favorites'), page.getByRole('button', { name: 'Очистить избранное' }).click()]);
    await expect(page.getByRole('heading', { name: 'В избранном пока ничего нет' })).toBeVisible();
    await expect(counter(page, 'Избранное')).toHaveAccessibleName('Избранное, товаров: 0');
  });

  test('a heart refused for too many new lists from the address says so on the list’s page', async ({ page }) => {
    // Where the form route sends that refusal (the API tests make the flood itself).
    await page.goto('/favorites?error=limited');
    await expect(page.getByRole('alert')).toHaveText('Слишком много новых списков товаров. Попробуйте позже.');
  });
});
