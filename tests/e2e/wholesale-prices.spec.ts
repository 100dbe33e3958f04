import { formatRub, hasPrice } from '../../src/shared/money.ts';
import type { CustomerGroupList } from '../../src/shared/schemas/customer-groups.ts';
import { adminApi, expect, test, waitForHydration } from './fixtures.ts';

type ApiProduct = { id: number; slug: string; sku: string; name: string; price: number | null; stock: number | null };

/**
 * Wholesale prices (issue 27): a customer the staff put in the demo group «Опт» (10 % off the
 * retail price) sees «Ваша цена» on the catalogue's cards, the product page and in the cart; a
 * guest sees the retail price on the same pages.
 */
test('a customer of «Опт» sees «Ваша цена» with the retail price beside it; a guest sees the retail price', async ({ page, browser, baseURL }, testInfo) => {
  const unique = `${testInfo.project.name}${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/register', {
    data: { username: `opt_${unique}`, email: `opt.${unique}@example.ru`, password: 'Крепкий-пароль-2026', consent: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const customerId = ((await registered.json()) as { id: number }).id;

  const admin = await adminApi(baseURL!);
  const groups = (await (await admin.get('/api/admin/customer-groups')).json()) as CustomerGroupList;
  const wholesale = groups.groups.find((g) => g.name === 'Опт')!;
  expect(wholesale).toMatchObject({ pricing: 'discount', discountPercent: 10 });
  const put = await admin.put(`/api/admin/users/${customerId}/customer-group`, { data: { groupId: wholesale.id } });
  expect(put.status(), await put.text()).toBe(200);
  await admin.dispose();

  const list = (await (await page.request.get('/api/products?sort=price-low&limit=48')).json()) as { products: ApiProduct[] };
  const product = list.products.find((p) => hasPrice(p.price) && (p.stock ?? 0) >= 3)!;
  expect(product).toBeDefined();
  const retail = formatRub(product.price!);
  const mine = formatRub(Math.round(product.price! * 90) / 100);
  expect(mine).not.toBe(retail);

  // The card in the catalogue (a search by the article).
  await page.goto(`/?query=${encodeURIComponent(product.sku)}#products`);
  await waitForHydration(page);
  const card = page.getByTestId('product-card').filter({ hasText: product.name }).first();
  await expect(card.getByTestId('my-price')).toContainText('Ваша цена');
  await expect(card.getByTestId('my-price')).toContainText(mine);
  await expect(card.getByTestId('my-price')).toContainText(`Розничная цена: ${retail}`);

  // The product page.
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const main = page.getByRole('main');
  const price = main.getByTestId('my-price').first();
  await expect(price).toContainText('Ваша цена');
  await expect(price).toContainText(mine);
  await expect(price).toContainText(`Розничная цена: ${retail}`);
  await testInfo.attach('product page', { body: await page.screenshot(), contentType: 'image/png' });

  // The cart, priced by the server at the group's price.
  await main.getByRole('button', { name: 'Добавить в корзину' }).first().click();
  await expect(page.getByText('Товар успешно добавлен в вашу корзину', { exact: true })).toBeVisible();
  await page.goto('/cart');
  await waitForHydration(page);
  const line = page.getByTestId('cart-line').filter({ hasText: product.name });
  await expect(line).toContainText(`Ваша цена ${mine} за шт.`);
  await expect(line).toContainText(`Розничная цена: ${retail}`);

  // A guest on the same pages: the retail price, nothing personal.
  const guest = await browser.newContext({ baseURL, viewport: page.viewportSize(), locale: 'ru-RU' });
  const guestPage = await guest.newPage();
  await guestPage.goto(`/product/${product.slug}`);
  await waitForHydration(guestPage);
  const guestMain = guestPage.getByRole('main');
  await expect(guestMain.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(guestMain.getByText(retail, { exact: true }).first()).toBeVisible();
  await expect(guestMain.getByTestId('my-price')).toHaveCount(0);
  await expect(guestMain.getByText('Ваша цена')).toHaveCount(0);
  await guestPage.goto(`/?query=${encodeURIComponent(product.sku)}#products`);
  await waitForHydration(guestPage);
  const guestCard = guestPage.getByTestId('product-card').filter({ hasText: product.name }).first();
  await expect(guestCard).toContainText(retail);
  await expect(guestCard.getByTestId('my-price')).toHaveCount(0);
  await guest.close();
});
