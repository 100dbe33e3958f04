import { expect, fitsThePhone, test, waitForHydration } from './fixtures.ts';
import { placeOrder, productsInStock, registerCustomer } from './orders.ts';

/**
 * The storefront's flows are driven at desktop width, and at 375 px where the phone layout
 * differs (tests tagged @phone or @mobile; docs/decisions/026). This is every customer screen's
 * phone pass: it opens at 375 px with its heading, and the page never scrolls sideways.
 */
test('every storefront screen opens at phone width with its heading and no sideways scroll @mobile', async ({ page }) => {
  // Pages for a visitor who is not logged in.
  await fitsThePhone(page, '/auth', 'Вход в личный кабинет');
  await fitsThePhone(page, '/password-reset', null);
  await fitsThePhone(page, '/about', null);
  await fitsThePhone(page, '/contacts', null);
  await fitsThePhone(page, '/faq', null);
  await fitsThePhone(page, '/publications', null);
  const article = await page.getByRole('main').locator('a[href^="/publication/"]').first().getAttribute('href');
  await fitsThePhone(page, article!, null);
  await fitsThePhone(page, '/no-such-page', null);

  // A customer with a cart, lists and an order.
  const email = await registerCustomer(page.request, 'phone');
  const products = await productsInStock(page.request);
  expect(products.length, 'two products in stock').toBeGreaterThanOrEqual(2);
  const [first, second] = products as [(typeof products)[0], (typeof products)[0]];
  for (const kind of ['favorites', 'compare'] as const) {
    for (const product of [first, second]) expect((await page.request.post(`/api/lists/${kind}`, { data: { productId: product.id } })).status()).toBe(201);
  }
  const orderId = await placeOrder(page.request, email, {}, first.id);

  await fitsThePhone(page, '/', null);
  await fitsThePhone(page, '/products', null);
  const categories = (await (await page.request.get('/api/categories')).json()) as { slug: string; name: string }[];
  await fitsThePhone(page, `/category/${categories[0]!.slug}`, categories[0]!.name);
  await fitsThePhone(page, `/product/${first.slug}`, first.name);
  await waitForHydration(page);
  await page.getByRole('main').getByRole('button', { name: 'Добавить в корзину' }).first().click();
  await expect(page.getByText('Товар успешно добавлен в вашу корзину', { exact: true })).toBeVisible();
  await fitsThePhone(page, '/cart', 'Корзина');
  await fitsThePhone(page, '/checkout', 'Оформление заказа');
  await fitsThePhone(page, `/order-complete/${orderId}`, null);
  await fitsThePhone(page, '/favorites', /Избранное/);
  await fitsThePhone(page, '/compare', /Сравнение/);
  await fitsThePhone(page, '/order-by-sku', 'Заказ по артикулам');
  for (const tab of ['orders', 'addresses', 'organizations']) await fitsThePhone(page, `/profile?tab=${tab}`, null);
});
