import { expect, test } from './fixtures.ts';

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
  for (const [path, heading] of SCREENS) {
    await page.goto(path);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title, path).toBeVisible();
    if (heading) await expect(title, path).toHaveText(heading);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
