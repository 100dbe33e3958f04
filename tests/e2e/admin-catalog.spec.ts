import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { slugify } from '../../src/shared/slug.ts';
import { expect, isMobile, test, waitForHydration } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
/** A real 1×1 PNG: the server checks the content, the storefront shows it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** Unique per run and per project, so desktop and mobile runs never collide. */
const uniq = () => randomBytes(3).toString('hex');

async function login(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post('/api/login', { data: user });
  expect(res.status(), `login as ${user.username}`).toBe(200);
}

/** A visitor's view of the storefront: a fresh context without the staff session. */
async function asVisitor<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('back office: catalogue', { tag: '@back-office' }, () => {
  test('an admin creates a category and a product with an uploaded image, sees it in the shop, hides it and deletes it', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    const id = uniq();
    const categoryName = `Компрессоры ${id}`;
    const productName = `Компрессор поршневой DCK ${id}`;
    const sku = `E2E-${id}`.toUpperCase();
    await login(page.request, ADMIN);

    // Category: the slug is generated from the name; the icon comes from the picker.
    await page.goto('/admin/categories');
    await page.getByRole('button', { name: 'Добавить категорию' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Новая категория' });
    await dialog.getByLabel('Название').fill(categoryName);
    await expect(dialog.getByLabel('Slug')).toHaveValue(`kompressory-${id}`);
    await dialog.getByRole('radio', { name: 'Манометр' }).click();
    await expect(dialog.getByRole('radio', { name: 'Манометр' })).toHaveAttribute('aria-checked', 'true');
    await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
    await expect(page.getByText('Категория создана', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const categoryItem = page.getByTestId(isMobile(page) ? 'admin-category-card' : 'admin-category-row').filter({ hasText: categoryName });
    await expect(categoryItem).toContainText('0 товаров');

    // Product: validation first, then every field, an uploaded picture and the live preview.
    await page.goto('/admin/products/create');
    await page.getByRole('button', { name: 'Создать товар' }).click();
    await expect(page.getByText('Название должно содержать не менее 2 символов')).toBeVisible();
    await expect(page.locator('#product-categoryId-error')).toHaveText('Выберите категорию');
    await page.getByRole('textbox', { name: 'Название', exact: true }).fill(productName);
    await expect(page.getByLabel('Slug (адрес страницы)')).toHaveValue(slugify(productName));
    await page.getByLabel('Артикул').fill(sku);
    await page.getByLabel('Категория').selectOption({ label: categoryName });
    await page.getByLabel('Поставщик').selectOption('DCK');
    await page.getByLabel(/^Цена, ₽/).fill('-5');
    await page.getByLabel('Волгоград', { exact: true }).fill('12');
    await page.getByLabel('Ростов-на-Дону', { exact: true }).fill('3');
    await expect(page.getByText('— всего 15 шт.; пусто — нет в филиале')).toBeVisible();
    await page.getByLabel(/^Цена, ₽/).blur();
    await expect(page.getByText('Цена должна быть больше или равна 0')).toBeVisible();
    await page.getByLabel(/^Цена, ₽/).fill('18990');
    await page.getByLabel('Старая цена, ₽').fill('21990');
    await page.getByLabel('Краткое описание').fill('Ресивер 50 л, 2 кВт, 260 л/мин');
    await page.getByTestId('product-image-file').setInputFiles({ name: 'kompressor.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Изображение загружено', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Адрес изображения')).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const preview = page.getByRole('region', { name: 'Так товар увидят покупатели' });
    await expect(preview.getByText(productName)).toBeVisible();
    await expect(preview.getByText('−14%')).toBeVisible();
    await page.getByRole('button', { name: 'Создать товар' }).click();
    await expect(page.getByText('Товар создан', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products$/);

    // The list finds it; its admin status reads 'Активен'.
    await page.getByRole('searchbox', { name: 'Поиск товаров по названию или артикулу' }).fill(sku);
    const row = page.getByTestId(isMobile(page) ? 'admin-product-card' : 'admin-product-row').filter({ hasText: productName });
    await expect(row).toBeVisible();
    await expect(row.getByText('Активен')).toBeVisible();
    await expect(row.getByTitle('Волгоград: 12 шт.\nРостов-на-Дону: 3 шт.')).toContainText('15');

    // A visitor sees it in the shop, with the uploaded picture, on its page and in its category.
    const slug = slugify(productName);
    await asVisitor(browser, async (visitor) => {
      await visitor.goto(`/product/${slug}`);
      await expect(visitor.getByRole('heading', { level: 1, name: productName })).toBeVisible();
      await expect(visitor.locator('img[src^="/uploads/"]').first()).toBeVisible();
      await expect(visitor.getByTestId('availability').first()).toHaveText('В наличии в Волгограде: 12 шт.');
      await visitor.goto(`/category/kompressory-${id}`);
      await expect(visitor.getByRole('heading', { name: productName })).toBeVisible();
    });

    // Hidden from the catalogue: the visitor no longer finds it.
    await row.getByRole('switch', { name: `Скрыть товар «${productName}» в каталоге` }).click();
    await expect(page.getByText('Товар скрыт из каталога', { exact: true })).toBeVisible();
    await expect(row.getByText('Неактивен')).toBeVisible();
    await asVisitor(browser, async (visitor) => {
      const res = await visitor.goto(`/product/${slug}`);
      expect(res?.status()).toBe(404);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Товар не найден' })).toBeVisible();
    });

    // Deleting everything needs the typed word; cancelled here (other tests share the catalogue).
    await page.getByRole('button', { name: 'Удалить все' }).click();
    const deleteAll = page.getByRole('dialog', { name: 'Удалить все товары?' });
    const confirmAll = deleteAll.getByRole('button', { name: 'Удалить все товары' });
    await expect(confirmAll).toBeDisabled();
    await deleteAll.getByLabel('Введите «УДАЛИТЬ», чтобы подтвердить').fill('удалить');
    await expect(confirmAll).toBeDisabled();
    await deleteAll.getByLabel('Введите «УДАЛИТЬ», чтобы подтвердить').fill('УДАЛИТЬ');
    await expect(confirmAll).toBeEnabled();
    // And the staff member's password: a wrong one deletes nothing and keeps the dialog open.
    await confirmAll.click();
    await expect(deleteAll.getByText('Введите текущий пароль')).toBeVisible();
    await deleteAll.getByRole('textbox', { name: 'Текущий пароль' }).fill('Ne-tot-parol-2026');
    await confirmAll.click();
    await expect(deleteAll.getByText('Неверный текущий пароль')).toBeVisible();
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 403|delete-all: 403 /.test(e)));
    await deleteAll.getByRole('button', { name: 'Отмена' }).click();
    await expect(deleteAll).toBeHidden();
    await expect(row).toBeVisible();

    // Deleted for good after a confirmation.
    await row.getByRole('button', { name: `Удалить «${productName}»` }).click();
    const confirm = page.getByRole('dialog', { name: 'Удалить товар?' });
    await confirm.getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Товар удалён', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test.describe('bulk import', () => {
    // The two refused items are logged by the API client (spec 8): expected, and nothing else.
    // (An array value must be wrapped: Playwright reads a bare array as [value, options].)
    test.use({ allowedConsoleErrors: /status of 400|^POST \/api\/admin\/products: 400 / });

    test('an admin imports 20 products of which 2 are invalid', async ({ page }) => {
      const id = uniq();
      await login(page.request, ADMIN);
      const categories = (await (await page.request.get('/api/categories')).json()) as { id: number }[];
      const categoryId = categories[0]!.id;
      const items: object[] = Array.from({ length: 20 }, (_, i) => ({
        name: `Пила дисковая импорт ${id} №${i + 1}`,
        sku: `IMP-${id}-${i + 1}`,
        price: 4990 + i,
        stock: 10,
        categoryId,
        supplier: 'P.I.T',
      }));
      items[4] = { ...items[4], price: -100 };
      items[11] = { ...items[11], name: 'Х' };

      await page.goto('/admin/import');
      await page.getByRole('button', { name: 'Импортировать' }).click();
      await expect(page.getByText('Введите JSON данные')).toBeVisible();
      await page.getByLabel('JSON с товарами').fill('{ это не JSON');
      await page.getByRole('button', { name: 'Импортировать' }).click();
      await expect(page.getByText('Неверный формат JSON')).toBeVisible();
      await page.getByLabel('JSON с товарами').fill('{"name": "Дрель"}');
      await page.getByRole('button', { name: 'Импортировать' }).click();
      await expect(page.getByText('JSON должен быть массивом товаров')).toBeVisible();

      await page.getByLabel('JSON с товарами').fill(JSON.stringify(items, null, 2));
      await page.getByRole('button', { name: 'Импортировать' }).click();
      await expect(page.getByText('Обработано 20 из 20: создано 18, обновлено 0, ошибок 2')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('progressbar', { name: 'Ход импорта' })).toHaveAttribute('aria-valuenow', '20');
      await expect(page.getByTestId('import-result')).toHaveCount(20);
      const failed = page.getByTestId('import-result').filter({ hasText: 'Ошибка' });
      await expect(failed).toHaveCount(2);
      await expect(failed.nth(0)).toContainText(`Товар №5 «Пила дисковая импорт ${id} №5»`);
      await expect(failed.nth(0)).toContainText('Цена должна быть больше или равна 0');
      await expect(failed.nth(1)).toContainText('Товар №12 «Х»');
      await expect(failed.nth(1)).toContainText('Название должно содержать не менее 2 символов');

      // The banner goes away after 5 s; the summary stays.
      const banner = page.getByTestId('import-banner');
      await expect(banner).toContainText('Импорт завершён: успешно 18 из 20, ошибок 2');
      await expect(banner).toBeHidden({ timeout: 8000 });
      await expect(page.getByText('Обработано 20 из 20')).toBeVisible();

      // Imported for real: a created product is in the shop; the invalid ones are not.
      expect((await page.request.get(`/api/products/${slugify(`Пила дисковая импорт ${id} №1`)}`)).status()).toBe(200);
      expect((await page.request.get(`/api/products/${slugify(`Пила дисковая импорт ${id} №5`)}`)).status()).toBe(404);

      // The same SKUs again: updated, not duplicated.
      await page.getByLabel('JSON с товарами').fill(JSON.stringify([{ ...items[0], price: 5555 }]));
      await page.getByRole('button', { name: 'Импортировать снова' }).click();
      await expect(page.getByText('Обработано 1 из 1: создано 0, обновлено 1, ошибок 0')).toBeVisible();
      const updated = (await (await page.request.get(`/api/products/${slugify(`Пила дисковая импорт ${id} №1`)}`)).json()) as { price: number };
      expect(updated.price).toBe(5555);
    });
  });

  test('an admin gives a product its weight and size in kg and cm; a wrong figure is refused in Russian; the product page shows them', async ({ page, browser, consoleErrors }) => {
    const id = uniq();
    await login(page.request, ADMIN);
    const [category] = (await (await page.request.get('/api/admin/categories')).json()) as { id: number }[];
    const created = await page.request.post('/api/products', { data: { name: `Рубанок DCK ${id}`, sku: `E2E-W-${id}`, price: 7990, categoryId: category!.id } });
    expect(created.status()).toBe(201);
    const product = (await created.json()) as { id: number; slug: string };

    await page.goto(`/admin/products/edit/${product.id}`);
    await waitForHydration(page);
    const weight = page.getByLabel('Вес, кг');
    // Empty, the field shows what ships instead: the category's default, else the shop's 1 kg.
    await expect(weight).toHaveValue('');
    await expect(weight).toHaveAttribute('placeholder', /^\d/);
    await weight.fill('2,4');
    await page.getByLabel('Длина, см').fill('38');
    await page.getByLabel('Ширина, см').fill('31');
    await page.getByLabel('Высота, см').fill('600');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await expect(page.getByText('Высота не больше 500 см')).toBeVisible();
    await page.getByLabel('Высота, см').fill('11,5');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    const saved = (await (await page.request.get(`/api/products/${product.id}`)).json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ weightKg: 2.4, lengthCm: 38, widthCm: 31, heightCm: 11.5 });

    await asVisitor(browser, async (visitor) => {
      await visitor.goto(`/product/${product.slug}`);
      const table = visitor.getByTestId('product-attributes');
      await expect(table.getByRole('row', { name: 'Вес 2,4 кг' })).toBeVisible();
      await expect(table.getByRole('row', { name: 'Габариты 38 × 31 × 11,5 см' })).toBeVisible();
    });
    await page.request.delete(`/api/admin/hard-delete-product/${product.id}`);
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown back-office address says «Страница не найдена» inside the back office', async ({ page }) => {
    await login(page.request, ADMIN);
    await page.goto('/admin/no-such-screen');
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    await expect(page.getByText('Доступ запрещён')).toHaveCount(0);
    if (isMobile(page)) await page.getByRole('button', { name: 'Открыть меню панели управления' }).click();
    await expect(page.getByRole('navigation', { name: 'Разделы панели управления' }).getByRole('link', { name: 'Товары' })).toBeVisible();
    if (isMobile(page)) await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Перейти к обзору' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toHaveCount(0);
  });

  test('a manager works with the catalogue but is refused the users screen; a customer is refused the back office', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    const id = uniq();
    const manager = { username: `manager_${id}`, password: 'Manager-pass-2026' };
    const customer = { username: `buyer_${id}`, password: 'Buyer-pass-2026' };
    await login(page.request, ADMIN);
    for (const [user, role] of [
      [manager, 'manager'],
      [customer, 'user'],
    ] as const) {
      const res = await page.request.post('/api/admin/users', {
        data: { ...user, email: `${user.username}@example.ru`, role, isActive: true },
      });
      expect(res.status()).toBe(201);
    }

    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const managerPage = await context.newPage();
    await login(managerPage.request, manager);
    await managerPage.goto('/admin/products');
    await expect(managerPage.getByRole('heading', { level: 1, name: 'Товары' })).toBeVisible();
    if (isMobile(managerPage)) await managerPage.getByRole('button', { name: 'Открыть меню панели управления' }).click();
    const nav = managerPage.getByRole('navigation', { name: 'Разделы панели управления' });
    await expect(nav.getByRole('link', { name: 'Категории' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Заказы' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Клиенты' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Настройки' })).toHaveCount(0);
    await managerPage.goto('/admin/users');
    await expect(managerPage.getByRole('heading', { name: 'Доступ запрещён' })).toBeVisible();
    expect((await managerPage.request.get('/api/admin/users')).status()).toBe(403);
    await context.close();

    // A customer gets the refusal page; a visitor is sent to log in and back.
    await page.request.post('/api/logout');
    await login(page.request, customer);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Доступ запрещён' })).toBeVisible();
    await asVisitor(browser, async (visitor) => {
      await visitor.goto('/admin/products');
      await waitForHydration(visitor);
      await expect(visitor).toHaveURL(/\/auth\?next=%2Fadmin%2Fproducts/);
    });
    expect(consoleErrors).toEqual([]);
  });
});
