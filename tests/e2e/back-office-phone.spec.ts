import { expect, fitsThePhone, test } from './fixtures.ts';
import { placeOrder } from './orders.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };

/**
 * Staff screens are driven at desktop width (docs/decisions/026); this is their one phone pass:
 * each screen opens at 375 px with its heading, and the page itself never scrolls sideways (wide
 * tables scroll inside their own frame).
 */
const SCREENS = [
  ['/admin', 'Обзор'],
  ['/admin/products', 'Товары'],
  ['/admin/products/create', null],
  ['/admin/import', null],
  ['/admin/catalog-adapter', 'Адаптер каталога'],
  ['/admin/web-scraper', 'Товар по ссылке'],
  ['/admin/mass-scraper', 'Массовая загрузка'],
  ['/admin/supplier-importer', 'Импорт прайс-листов'],
  ['/admin/categories', 'Категории'],
  ['/admin/orders', 'Заказы'],
  ['/admin/users', 'Управление клиентами'],
  ['/admin/settings', 'Настройки магазина'],
] as const;

test('every back-office screen opens at phone width with its heading and no sideways scroll @mobile', async ({ page }) => {
  const login = await page.request.post('/api/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  // Real lists hold long words: a customer with a long login and e-mail must not widen the page.
  const tag = `${test.info().project.name}${Date.now().toString(36)}`;
  const customer = await page.request.post('/api/admin/users', {
    data: { username: `dlinnyi_login_${tag}`, email: `ochen.dlinnyi.adres.pochty.${tag}@example.ru`, password: 'Pokupatel-e2e-77', role: 'user', isActive: true },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  for (const [path, heading] of SCREENS) await fitsThePhone(page, path, heading);

  // An order's print view at phone width.
  const orderId = await placeOrder(page.request, 'admin@example.ru');
  await page.goto(`/admin/orders/${orderId}/print`);
  await expect(page.getByRole('heading', { level: 1, name: `Заказ №${orderId}` })).toBeVisible();
  const printOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(printOverflow, 'the print view scrolls sideways').toBeLessThanOrEqual(0);

  // The customer's card opens from the list and fits the phone.
  await page.goto(`/admin/users?query=dlinnyi_login_${tag}`);
  await page.getByRole('button', { name: `Карточка клиента: dlinnyi_login_${tag}` }).click();
  const card = page.getByRole('dialog', { name: 'Карточка клиента' });
  await expect(card.getByText('Заказов пока нет')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Заблокировать' })).toBeVisible();
  const box = await card.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
});
