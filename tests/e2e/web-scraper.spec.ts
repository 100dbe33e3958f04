import { randomBytes } from 'node:crypto';
import { slugify } from '../../src/shared/slug.ts';
import type { AdminAttribute } from '../../src/shared/schemas/attributes.ts';
import { SUPPLIER_PAGES, startSupplierSite } from '../helpers/supplier-site.ts';
import { E2E_SUPPLIER_SITE_PORT } from './env.ts';
import type { Page } from '@playwright/test';
import { axeViolations, expect, isMobile, test } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
const PAGE_NAME = 'Дрель-шуруповёрт аккумуляторная DCK KDJZ20-13 (Type EM)';

test.describe('back office: a product from a supplier\'s page', { tag: '@back-office' }, () => {
  // Staff type addresses the server refuses, and save a characteristic not of its kind; the API
  // client logs those replies (spec 8).
  test.use({ allowedConsoleErrors: /status of 422|^POST \/api\/admin\/web-scraper\/extract: 422 |status of 400|^POST \/api\/products: 400 / });
  test.describe.configure({ mode: 'serial' });

  let site: Awaited<ReturnType<typeof startSupplierSite>>;
  /** This run's SKU, so desktop and mobile runs each create their own product. */
  const sku = `KDJZ20-13EM-${randomBytes(3).toString('hex').toUpperCase()}`;
  let pageUrl: string;

  test.beforeAll(async () => {
    site = await startSupplierSite(E2E_SUPPLIER_SITE_PORT);
    pageUrl = `${site.url(SUPPLIER_PAGES.jsonLd.path)}?sku=${sku}`;
  });
  test.afterAll(async () => site.close());

  test.beforeEach(async ({ page }) => {
    const res = await page.request.post('/api/login', { data: ADMIN });
    expect(res.status()).toBe(200);
  });

  /** The product form's field around the control with this id (its label row holds the source badge). */
  const fieldOf = (page: Page, controlId: string) => page.locator('[data-slot="form-field"]').filter({ has: page.locator(`#${controlId}`) });

  test('staff paste a link, see what the page gave and its sources, and save it as a new product', async ({ page }) => {
    await page.goto('/admin/web-scraper');
    await expect(page.getByRole('heading', { level: 1, name: 'Товар по ссылке' })).toBeVisible();
    const address = page.getByLabel('Ссылка на страницу товара');

    // Refused addresses say why, in Russian, under the field.
    await address.fill('http://169.254.169.254/latest/meta-data/');
    await page.getByRole('button', { name: 'Получить данные' }).click();
    await expect(page.locator('#scrape-url-error')).toHaveText('Адрес недоступен: внутренние адреса запрещены');
    // A page that cannot be read leaves the way to fill the card by hand.
    await expect(page.getByRole('link', { name: 'Заполнить карточку вручную' })).toHaveAttribute('href', '/admin/products/create');
    await address.fill('file:///etc/passwd');
    await page.getByRole('button', { name: 'Получить данные' }).click();
    await expect(page.locator('#scrape-url-error')).toHaveText('Разрешены только ссылки http и https');

    await address.fill(pageUrl);
    await page.getByRole('button', { name: 'Получить данные' }).click();
    const result = page.getByTestId('scrape-result');
    await expect(result.getByText(PAGE_NAME)).toBeVisible();
    await expect(result.getByText(sku, { exact: true })).toBeVisible();
    await expect(result.getByText('8 990 ₽')).toBeVisible();
    await expect(result.getByText('Каталог / Аккумуляторный инструмент / Дрели-шуруповёрты')).toBeVisible();
    await expect(result.getByText('Сохранено в магазине: 2 из 3.', { exact: false })).toBeVisible();
    await expect(result.getByText(/Сайт ответил с ошибкой 404: .*kdjz20-13-case\.jpg/)).toBeVisible();
    await expect(result.getByRole('radio', { name: 'Изображение 1' })).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);

    // The product form opens filled in, each value marked with where it came from.
    await page.getByRole('button', { name: 'Заполнить карточку товара' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/create$/);
    await expect(page.getByTestId('prefill-notice')).toContainText(pageUrl);
    const name = page.getByRole('textbox', { name: 'Название', exact: true });
    await expect(name).toHaveValue(PAGE_NAME);
    await expect(fieldOf(page, 'product-name').getByTestId('source-badge')).toHaveText('Источник: JSON-LD');
    await expect(page.locator('#product-sku')).toHaveValue(sku);
    await expect(page.getByLabel(/^Цена, ₽/)).toHaveValue('8990');
    await expect(page.getByLabel('Поставщик')).toHaveValue('DCK');
    await expect(page.getByLabel('Адрес изображения')).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    await expect(page.getByLabel('Краткое описание')).toHaveValue(/^Аккумуляторная дрель-шуруповёрт DCK KDJZ20-13 предназначена для сверления/);
    await expect(fieldOf(page, 'product-shortDescription').getByTestId('source-badge')).toHaveText('Источник: JSON-LD');
    // The page's specifications are characteristics, not description text.
    await expect(page.getByLabel('Полное описание')).toHaveValue(/^Аккумуляторная дрель-шуруповёрт DCK KDJZ20-13/);
    await expect(page.getByLabel('Полное описание')).not.toHaveValue(/Напряжение аккумулятора/);
    await expect(page.getByRole('region', { name: 'Так товар увидят покупатели' }).getByText('8 990 ₽')).toBeVisible();

    // Staff give the category (and their own name), then save through the usual product form.
    await name.fill(`Дрель DCK ${sku}`);
    await page.getByLabel('Категория').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Создать товар' }).click();
    await expect(page.getByText('Товар создан', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.getByRole('searchbox', { name: 'Поиск товаров по названию или артикулу' }).fill(sku);
    await expect(page.getByTestId(isMobile(page) ? 'admin-product-card' : 'admin-product-row').filter({ hasText: sku }).filter({ hasText: `Дрель DCK ${sku}` })).toBeVisible();
  });

  test('the same page again finds the product by its SKU, and staff update it from the page', async ({ page }) => {
    await page.goto('/admin/web-scraper');
    await page.getByLabel('Ссылка на страницу товара').fill(pageUrl);
    await page.getByRole('button', { name: 'Получить данные' }).click();
    const duplicate = page.getByTestId('scrape-duplicate');
    await expect(duplicate).toContainText(`Артикул ${sku}: «Дрель DCK ${sku}»`);
    await expect(duplicate.getByRole('button', { name: 'Создать новый' })).toBeVisible();

    await duplicate.getByRole('button', { name: 'Обновить существующий' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Редактирование товара' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Название', exact: true })).toHaveValue(PAGE_NAME);
    await expect(fieldOf(page, 'product-name').getByTestId('source-badge')).toHaveText('Источник: JSON-LD');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await expect(page.getByText('Товар обновлён', { exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Поиск товаров по названию или артикулу' }).fill(sku);
    // The search also finds other runs' products with a similar SKU: this run's is the one.
    await expect(page.getByTestId(isMobile(page) ? 'admin-product-card' : 'admin-product-row').filter({ hasText: sku }).filter({ hasText: PAGE_NAME })).toBeVisible();
  });

  test('a page\'s spec table fills «Характеристики»: staff see each row\'s attribute, save, and the product page shows them', async ({ page }) => {
    // Staff mapped this supplier's spelling to «Мощность» once, on the «Характеристики» screen.
    const attributes = await (await page.request.get('/api/admin/attributes')).json() as AdminAttribute[];
    const power = attributes.find((a) => a.name === 'Мощность')!;
    const mapped = await page.request.patch(`/api/admin/attributes/${power.id}`, { data: { aliases: [...power.aliases, 'Потребляемая мощность, Вт'] } });
    expect(mapped.status()).toBe(200);

    const drillSku = `KZJ13-${randomBytes(3).toString('hex').toUpperCase()}`;
    await page.goto('/admin/web-scraper');
    await page.getByLabel('Ссылка на страницу товара').fill(`${site.url(SUPPLIER_PAGES.specSpellings.path)}?sku=${drillSku}`);
    await page.getByRole('button', { name: 'Получить данные' }).click();
    const specs = page.getByTestId('scrape-result').getByRole('region', { name: 'Характеристики' });
    const spec = (name: string) => specs.getByTestId('scraped-spec').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(spec('Потребляемая мощность, Вт')).toContainText('Мощность: 1100 Вт');
    await expect(spec('Реверс')).toContainText('Реверс: Да');
    await expect(spec('Регулировка оборотов')).toContainText('Регулировка оборотов: Выберите «Да» или «Нет» — исправьте в карточке');
    await expect(spec('Класс защиты')).toContainText('Класс защиты: II');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Заполнить карточку товара' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/create$/);
    const power1100 = page.getByRole('textbox', { name: 'Мощность', exact: true });
    await expect(power1100).toHaveValue('1100');
    await expect(page.getByTestId('product-characteristic').filter({ has: power1100 }).getByTestId('source-badge')).toHaveText('Источник: Страница');
    await expect(page.getByRole('textbox', { name: 'Вес', exact: true })).toHaveValue('2,1');
    await expect(page.getByRole('combobox', { name: 'Реверс', exact: true })).toHaveValue('Да');
    await expect(page.getByRole('textbox', { name: 'Класс защиты', exact: true })).toHaveValue('II');
    await expect(page.getByLabel('Полное описание')).toHaveValue(
      'Ударная дрель DCK KZJ13 сверлит бетон, кирпич, металл и дерево.\n\nКлючевой патрон держит сверло до 13 мм, реверс помогает выкрутить застрявшее сверло.',
    );

    // «плавная» is no yes/no: saving says so under the field, and staff choose.
    const name = `Дрель ударная DCK ${drillSku}`;
    await page.getByRole('textbox', { name: 'Название', exact: true }).fill(name);
    await page.getByLabel('Категория').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Создать товар' }).click();
    const speedControl = page.getByRole('combobox', { name: 'Регулировка оборотов', exact: true });
    await expect(page.getByTestId('product-characteristic').filter({ has: speedControl })).toContainText('Выберите «Да» или «Нет»');
    await speedControl.selectOption('Да');
    await page.getByRole('button', { name: 'Создать товар' }).click();
    await expect(page.getByText('Товар создан', { exact: true })).toBeVisible();

    // The shop's product page shows them in its «Характеристики», the description without them.
    await page.goto(`/product/${slugify(name)}`);
    const table = page.getByTestId('product-attributes');
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(row('Мощность')).toContainText('1100 Вт');
    await expect(row('Регулировка оборотов')).toContainText('Да');
    await expect(row('Вес')).toContainText('2,1 кг');
    await expect(page.getByText('Ключевой патрон держит сверло до 13 мм', { exact: false })).toBeVisible();
    await expect(page.getByText('Потребляемая мощность')).toHaveCount(0);
  });

  test('every fixture page gives its card in the browser', async ({ page }) => {
    const expected: [keyof typeof SUPPLIER_PAGES, string, string][] = [
      ['microdata', 'Перфоратор P.I.T. PBH26-C1', 'Микроразметка'],
      ['openGraph', 'Пила торцовочная P.I.T. PMS210-C', 'Open Graph'],
      ['specTable', 'Пила дисковая DCK KMY02-185', 'Страница'],
      ['severalOffers', 'Углошлифовальная машина аккумуляторная DCK KDSM20-125', 'JSON-LD'],
      ['broken', 'Гайковёрт ударный аккумуляторный P.I.T. PIW20H-500B', 'Страница'],
    ];
    await page.goto('/admin/web-scraper');
    const result = page.getByTestId('scrape-result');
    for (const [key, productName, source] of expected) {
      await page.getByLabel('Ссылка на страницу товара').fill(site.url(SUPPLIER_PAGES[key].path));
      await page.getByRole('button', { name: 'Получить данные' }).click();
      // The name is the first field of the result.
      await expect(result.getByRole('definition').first()).toHaveText(productName);
      await expect(result.getByRole('term').first().getByTestId('source-badge')).toHaveText(`Источник: ${source}`);
    }
  });

  test('a page with several offers: staff choose one, and its SKU and price fill the form', async ({ page }) => {
    await page.goto('/admin/web-scraper');
    await page.getByLabel('Ссылка на страницу товара').fill(site.url(SUPPLIER_PAGES.severalOffers.path));
    await page.getByRole('button', { name: 'Получить данные' }).click();
    const result = page.getByTestId('scrape-result');
    await expect(result.getByRole('radio', { name: /Type TM/ })).toBeChecked();
    await expect(result.getByText('KDSM20-125TM', { exact: true })).toBeVisible();
    await result.getByRole('radio', { name: /Type EM/ }).check();
    await expect(result.getByText('KDSM20-125EM', { exact: true })).toBeVisible();
    await expect(result.getByText('14 990 ₽', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Заполнить карточку товара' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/create$/);
    await expect(page.locator('#product-sku')).toHaveValue('KDSM20-125EM');
    await expect(page.getByLabel(/^Цена, ₽/)).toHaveValue('14990');
    await expect(page.getByRole('textbox', { name: 'Название', exact: true })).toHaveValue('Углошлифовальная машина аккумуляторная DCK KDSM20-125');
  });
});
