import type { APIRequestContext, TestInfo } from '@playwright/test';
import { expect, isMobile, test, waitForHydration } from './fixtures.ts';
import { placeOrder } from './orders.ts';

type CatalogueProduct = { id: number; name: string; sku: string; price: number | null; stock: number | null };

/** Two demo products with a price and enough stock for the quantities the test asks. */
async function twoInStock(request: APIRequestContext): Promise<[CatalogueProduct, CatalogueProduct]> {
  const list = (await (await request.get('/api/products?limit=48&sort=popular')).json()) as { products: CatalogueProduct[] };
  const picked = list.products.filter((p) => (p.price ?? 0) > 0 && (p.stock ?? 0) >= 10).slice(0, 2);
  expect(picked, 'two products in stock').toHaveLength(2);
  return picked as [CatalogueProduct, CatalogueProduct];
}

test('a list of SKUs is checked, the unknown one is said, the rest goes to the cart in one step', { tag: '@phone' }, async ({ page }) => {
  const [first, second] = await twoInStock(page.request);
  await page.goto('/');
  await waitForHydration(page);
  // Linked from the header: the navigation row, on a phone the burger menu.
  if (isMobile(page)) {
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Заказ по артикулам' }).click();
  } else {
    await page.getByRole('navigation', { name: 'Основная навигация' }).getByRole('link', { name: 'Заказ по артикулам' }).click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Заказ по артикулам' })).toBeVisible();

  // The shop's SKU in another case and with a space, a tab and «;» as separators.
  const spaced = `${first.sku.toLowerCase().slice(0, 3)} ${first.sku.toLowerCase().slice(3)}`;
  await page.getByLabel('Артикулы и количества').fill(`${spaced}\t2\n${second.sku};1\nНЕТ-ТАКОГО-77 3`);
  await page.getByRole('button', { name: 'Проверить' }).click();

  const table = page.getByRole('table', { name: 'Найденные товары' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('link', { name: first.name })).toBeVisible();
  await expect(table.getByRole('link', { name: second.name })).toBeVisible();
  await expect(page.getByTestId('sku-not-found')).toContainText('Не найдены: НЕТ-ТАКОГО-77');
  await expect(page.getByTestId('sku-not-found')).toContainText('Проверьте строку 3');
  // The text stays as typed, to correct and check again.
  await expect(page.getByLabel('Артикулы и количества')).toHaveValue(`${spaced}\t2\n${second.sku};1\nНЕТ-ТАКОГО-77 3`);

  await page.getByRole('button', { name: 'Добавить в корзину (2 товара)' }).click();
  await expect(page.getByTestId('sku-added')).toContainText('Добавлено в корзину: 2 товара');
  await page.getByRole('link', { name: 'Перейти в корзину' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: first.name })).toBeVisible();
  await expect(lines.filter({ hasText: second.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Товары (3)' })).toBeVisible();
});

test('a wrong quantity is said by its line, and the list is checked by a plain form before the script loads', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/order-by-sku');
  await page.getByLabel('Артикулы и количества').fill('НЕТ-ТАКОГО-78 abc');
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByTestId('sku-errors')).toContainText('Строка 1: не понятно количество «abc»');
  await expect(page.getByLabel('Артикулы и количества')).toHaveValue('НЕТ-ТАКОГО-78 abc');
  await context.close();
});

/** A customer of this test and project only: both projects run against the same server. */
const newCustomer = (testInfo: TestInfo) => {
  const id = `rep${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { username: id, email: `${id}@example.ru`, password: `Stanok-${id}-42` };
};

test('a customer repeats an order from the profile’s history', async ({ page }, testInfo) => {
  const customer = newCustomer(testInfo);
  const registered = await page.request.post('/api/register', { data: { ...customer, consent: true } });
  expect(registered.status(), await registered.text()).toBe(201);
  const [product] = await twoInStock(page.request);
  const orderId = await placeOrder(page.request, customer.email, {}, product.id);

  await page.goto('/profile');
  await waitForHydration(page);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Заказ № ${orderId}` }) });
  await card.getByRole('button', { name: 'Повторить заказ' }).click();
  await expect(page.getByText('Добавлено в корзину: 1 товар', { exact: true })).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByTestId('cart-line').filter({ hasText: product.name })).toBeVisible();
});
