import { randomBytes } from 'node:crypto';
import { nameOf, skuOf, startProductSite, type ProductSite } from '../helpers/product-site.ts';
import { E2E_PRODUCT_SITE_PORT } from './env.ts';
import { expect, test } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };

let site: ProductSite;
/** Each project's run gets its own SKUs and pages: desktop and mobile share one server. */
let prefix: string;

test.beforeEach(async () => {
  prefix = `MS${randomBytes(2).toString('hex').toUpperCase()}`;
  site = await startProductSite({
    products: 10,
    robots: 'User-agent: *\nDisallow: /closed/',
    skuPrefix: prefix,
    port: E2E_PRODUCT_SITE_PORT,
  });
});
test.afterEach(async () => site.close());

test.describe('back office: mass scraper', { tag: '@back-office' }, () => {
  test('staff run a few supplier pages, watch the progress, review a card and publish it into the catalogue', async ({ page }) => {
    test.setTimeout(120_000);
    const res = await page.request.post('/api/login', { data: ADMIN });
    expect(res.status()).toBe(200);
    // The other project's run of the same addresses would count as already loaded: each run its own query.
    const query = `?v=${prefix}`;
    const urls = [1, 2, 3].map((n) => `${site.productUrl(n)}${query}`);

    await page.goto('/admin/mass-scraper');
    await expect(page.getByRole('heading', { level: 1, name: 'Массовая загрузка' })).toBeVisible();

    // A bad line is named by its number, and nothing starts.
    const list = page.getByLabel('Ссылки на страницы товаров');
    await list.fill(`${urls[0]}\nне ссылка`);
    await page.getByRole('button', { name: 'Запустить загрузку' }).click();
    await expect(page.getByText('Строка 2: это не ссылка, нужен адрес вида https://…')).toBeVisible();

    // Three product pages, one repeated, and one robots.txt closes.
    await list.fill([...urls, urls[0], `${site.origin}/closed/4${query}`].join('\n'));
    await expect(page.getByTestId('list-summary')).toHaveText('4 ссылки · повторов убрано: 1');
    await page.getByLabel('Пауза между запросами к сайту, с').fill('0,5');
    await page.getByRole('button', { name: 'Запустить загрузку' }).click();

    const panel = page.getByTestId('run-panel');
    await expect(panel.getByTestId('run-status')).toHaveText(/Ждёт очереди|Идёт загрузка/);
    await expect(panel.getByTestId('run-status')).toHaveText('Завершён', { timeout: 60_000 });
    await expect(panel.getByTestId('run-progress')).toHaveText('Обработано 4 из 4');

    // The closed page failed with the reason; the three cards wait for review.
    await page.getByRole('button', { name: /^Ошибка/ }).click();
    await expect(page.getByText('Сайт не разрешает загружать эту страницу автоматически: заполните карточку вручную').filter({ visible: true })).toBeVisible();
    await page.getByRole('button', { name: /^Готов к проверке/ }).click();
    await expect(page.getByRole('button', { name: nameOf(1, prefix) })).toBeVisible();

    // One card checked, corrected and published into the catalogue.
    await page.getByRole('button', { name: nameOf(2, prefix) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel(/^Артикул/)).toHaveValue(skuOf(2, prefix));
    await dialog.getByLabel(/^Название/).fill(`Перфоратор проверенный ${prefix}`);
    await dialog.getByLabel('Категория').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Опубликовать в каталог' }).click();
    await expect(page.getByText('Опубликовано: 1 карточка', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: /^Опубликован/ }).click();
    await expect(page.getByRole('button', { name: `Перфоратор проверенный ${prefix}` })).toBeVisible();

    // Another one checked in the list and discarded.
    await page.getByRole('button', { name: /^Готов к проверке/ }).click();
    await page.getByRole('checkbox', { name: `Отметить: ${nameOf(3, prefix)}` }).check();
    await page.getByTestId('selection-bar').getByRole('button', { name: 'Отклонить' }).click();
    await expect(page.getByText('Отклонено: 1 карточка', { exact: true })).toBeVisible();

    // The published card is a product of the shop now.
    await page.goto(`/admin/products?query=${encodeURIComponent(skuOf(2, prefix))}`);
    await expect(page.getByText(`Перфоратор проверенный ${prefix}`).filter({ visible: true })).toBeVisible();
  });
});
