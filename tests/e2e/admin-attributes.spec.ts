import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, isMobile, test } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
/** Unique per run and per project, so runs never collide. */
const uniq = () => randomBytes(3).toString('hex');

async function login(request: APIRequestContext) {
  const res = await request.post('/api/login', { data: ADMIN });
  expect(res.status(), 'login as admin').toBe(200);
}

type Attribute = { id: number; name: string };

test.describe('back office: characteristics', { tag: '@back-office' }, () => {
  // «много» as a power is refused by the server on its field: the browser logs that 400.
  test.use({ allowedConsoleErrors: /status of 400/ });
  test('staff create an attribute with a supplier spelling, make it a category filter, give a product a value and merge two attributes', async ({ page }) => {
    const id = uniq();
    const name = `Класс пылезащиты ${id}`;
    const other = `Защита от пыли ${id}`;
    await login(page.request);
    // A category and a product of this run, so the demo's filters stay as other tests know them.
    const category = await (await page.request.post('/api/categories', { data: { name: `Пылесосы ${id}`, slug: `pylesosy-${id}` } })).json();
    const product = await (
      await page.request.post('/api/products', { data: { name: `Пылесос строительный ${id}`, sku: `E2E-ATTR-${id}`.toUpperCase(), price: 9990, categoryId: category.id } })
    ).json();

    // «Характеристики»: a new text attribute with a supplier's spelling.
    await page.goto('/admin/attributes');
    await page.getByRole('button', { name: 'Добавить характеристику' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новая характеристика' });
    await dialog.getByLabel('Название').fill(name);
    await dialog.getByLabel('Вид значения').selectOption({ label: 'Текст' });
    await dialog.getByLabel('Написания поставщиков').fill(`Степень пылезащиты ${id}, IP`);
    await dialog.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(dialog.getByRole('list', { name: 'Написания поставщиков' })).toContainText(`Степень пылезащиты ${id}, IP`);
    // A second spelling typed but not added with «Добавить» is saved with the attribute too.
    await dialog.getByRole('textbox', { name: 'Написания поставщиков' }).fill(`Пылезащита ${id}`);
    await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
    await expect(page.getByText('Характеристика создана', { exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Поиск характеристик' }).fill(id);
    const row = page.getByTestId(isMobile(page) ? 'admin-attribute-card' : 'admin-attribute-row').filter({ hasText: name });
    await expect(row).toContainText(`степень пылезащиты ${id}`);
    await expect(row).toContainText(`пылезащита ${id}`);
    await expect(row).toContainText('0 товаров');

    // The category form's «Фильтры».
    await page.goto('/admin/categories');
    await page.getByRole('button', { name: `Изменить «Пылесосы ${id}»` }).first().click();
    const categoryDialog = page.getByRole('dialog', { name: 'Редактирование категории' });
    await expect(categoryDialog.getByText('Фильтров нет')).toBeVisible();
    // Choosing a characteristic adds it at once.
    await categoryDialog.getByLabel('Характеристика для фильтра').selectOption({ label: name });
    await categoryDialog.getByLabel('Характеристика для фильтра').selectOption({ label: 'Мощность, Вт' });
    await categoryDialog.getByRole('button', { name: 'Выше: Мощность' }).click();
    await expect(categoryDialog.getByTestId('category-filter')).toHaveText([/Мощность, Вт/, new RegExp(name)]);
    await categoryDialog.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await expect(page.getByText('Категория обновлена', { exact: true })).toBeVisible();
    const filters = await (await page.request.get(`/api/admin/categories/${category.id}/attributes`)).json();
    expect(filters.map((f: Attribute) => f.name)).toEqual(['Мощность', name]);

    // The product form's «Характеристики»: a number is checked as a number, then saved.
    await page.goto(`/admin/products/edit/${product.id}`);
    await page.getByLabel('Характеристика для товара').selectOption({ label: name });
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await page.getByRole('textbox', { name }).fill('IP5X');
    await page.getByLabel('Характеристика для товара').selectOption({ label: 'Мощность, Вт' });
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await page.getByRole('textbox', { name: 'Мощность' }).fill('много');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await expect(page.locator(`#product-attribute-${filters[0].id}-error`)).toHaveText('Введите число');
    await page.getByRole('textbox', { name: 'Мощность' }).fill('1 200');
    await page.getByRole('button', { name: 'Сохранить изменения' }).click();
    await expect(page.getByText('Товар обновлён', { exact: true })).toBeVisible();
    const shown = await (await page.request.get(`/api/products/${product.id}`)).json();
    expect(shown.attributes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Мощность', value: '1200', unit: 'Вт' }),
        expect.objectContaining({ name, value: 'IP5X', unit: null }),
      ]),
    );

    // Merge: the other attribute's spelling and values come to this one, it goes.
    const created = await page.request.post('/api/admin/attributes', { data: { name: other, kind: 'text' } });
    expect(created.status()).toBe(201);
    await page.goto('/admin/attributes');
    await page.getByRole('searchbox', { name: 'Поиск характеристик' }).fill(id);
    await page.getByRole('button', { name: `Объединить с «${name}»` }).first().click();
    const mergeDialog = page.getByRole('dialog', { name: `Объединить с «${name}»` });
    await mergeDialog.getByLabel('Какую характеристику присоединить').selectOption({ label: `${other} — 0 товаров` });
    await mergeDialog.getByRole('button', { name: 'Объединить', exact: true }).click();
    await expect(page.getByText('Характеристики объединены', { exact: true })).toBeVisible();
    // The kept row lists the merged name among its spellings: the merged one's own row is gone.
    await expect(page.getByTestId(isMobile(page) ? 'admin-attribute-card' : 'admin-attribute-row').filter({ has: page.getByText(other, { exact: true }) })).toHaveCount(0);
    await expect(row).toContainText(`защита от пыли ${id}`);
    await expect(row).toContainText('1 товар');
  });
});
