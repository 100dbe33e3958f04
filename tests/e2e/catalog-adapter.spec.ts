import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { slugify } from '../../src/shared/slug.ts';
import { axeViolations, expect, isMobile, test } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };

/** Unique per run and per project, so desktop and mobile runs never collide. */
const uniq = () => randomBytes(3).toString('hex');

/** A visitor's view of the storefront: a fresh context without the staff session. */
async function asVisitor<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test('staff map supplier categories, see what a rule moves before saving it, apply the rules, and the products reach the shop', { tag: '@back-office' }, async ({
  page,
  browser,
}) => {
  const id = uniq();
  const perforators = `Перфораторы ${id}`;
  const grinders = `Болгарки ${id}`;
  const items = [
    { sku: `ADP-${id}-1`, name: `Перфоратор DCK ${id} SDS-plus 800 Вт`, supplierCategory: perforators },
    { sku: `ADP-${id}-2`, name: `Перфоратор DCK ${id} SDS-plus 1050 Вт`, supplierCategory: perforators },
    { sku: `ADP-${id}-3`, name: `Угловая шлифмашина DCK ${id} 125 мм`, supplierCategory: grinders },
  ];
  const login = await page.request.post('/api/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  // Imported with the supplier's categories, which no rule maps yet.
  for (const item of items) {
    const res = await page.request.post('/api/admin/products', { data: { ...item, supplier: 'DCK', price: 12990, stock: 3 } });
    expect(res.status()).toBe(201);
  }
  const firstSlug = slugify(items[0]!.name);
  await asVisitor(browser, async (visitor) => {
    expect((await visitor.goto(`/product/${firstSlug}`))?.status()).toBe(404);
  });

  // They wait in «Без категории».
  await page.goto('/admin/catalog-adapter?tab=awaiting');
  const waiting = page.getByTestId(isMobile(page) ? 'awaiting-card' : 'awaiting-row').filter({ hasText: id });
  await expect(waiting).toHaveCount(3);

  // Choosing a shop category shows what the rule would move before it is saved.
  await page.getByRole('tab', { name: /Категории/ }).click();
  const rowOf = (name: string) => page.getByTestId(isMobile(page) ? 'supplier-category-card' : 'supplier-category-row').filter({ hasText: name });
  await expect(rowOf(perforators)).toContainText('2 товара');
  expect(await axeViolations(page)).toEqual([]);
  await rowOf(perforators).getByRole('combobox').selectOption({ label: 'Перфораторы' });
  const preview = rowOf(perforators).getByTestId('rule-preview');
  await expect(preview).toContainText('Правило переместит 2 товара, из них 2 из «Без категории»');
  await expect(preview).toContainText(items[0]!.name);
  expect(await axeViolations(page)).toEqual([]);
  await rowOf(perforators).getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Правило сохранено', { exact: true })).toBeVisible();
  await expect(rowOf(perforators).getByTestId('rule-preview')).toHaveCount(0);

  // The shop's search suggests where the other one goes; one click accepts it.
  await expect(rowOf(grinders)).toContainText('Предложение: Угловые шлифмашины (УШМ)');
  await rowOf(grinders).getByRole('button', { name: /^Принять/ }).click();
  await expect(rowOf(grinders).getByRole('combobox')).toHaveValue(/\d+/);
  await expect(rowOf(grinders)).not.toContainText('Предложение');

  // Saving moved nothing yet; applying the rules does.
  await expect(page.getByTestId('reapply-plan')).toContainText('Применение правил переместит 3 товара, из них 3 из «Без категории»');
  await page.getByRole('button', { name: 'Применить правила к товарам' }).click();
  await expect(page.getByTestId('reapply-result')).toContainText('Перемещено: 3 товара; из «Без категории» в магазин: 3');
  await expect(page.getByTestId('reapply-plan')).toContainText('Все товары поставщиков уже там, куда их отправляют правила.');

  await page.getByRole('tab', { name: 'Без категории' }).click();
  await expect(page.getByText('Все товары распределены по категориям')).toBeVisible();
  await expect(waiting).toHaveCount(0);

  // Customers see them in the shop's category.
  await asVisitor(browser, async (visitor) => {
    await visitor.goto('/category/perforatory?sort=newest');
    await expect(visitor.getByRole('heading', { name: items[0]!.name })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: items[1]!.name })).toBeVisible();
    expect((await visitor.goto(`/product/${firstSlug}`))?.status()).toBe(200);
    await visitor.goto('/category/uglovye-shlifmashiny?sort=newest');
    await expect(visitor.getByRole('heading', { name: items[2]!.name })).toBeVisible();
  });
});

test('staff keep unit rules as spellings → unit, the expressions only in «Расширенный режим»', { tag: '@back-office' }, async ({ page }) => {
  const spelling = `hp${uniq().replace(/\d/g, 'x')}`;
  const login = await page.request.post('/api/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  await page.goto('/admin/catalog-adapter?tab=units');
  const rows = page.getByTestId('unit-rule-row');
  // The shop's own rule for watts reads as its spellings and unit, not as an expression.
  const watts = rows.filter({ hasText: 'ватт' });
  for (const chip of ['w', 'watt', 'ватт', 'Вт']) await expect(watts.getByText(chip, { exact: true })).toBeVisible();
  await expect(page.getByText(String.raw`(\d)\s*(?:w|watt|ватт)(\P{L}|$)`)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Добавить правило' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новое правило единиц' });
  await dialog.getByRole('textbox', { name: /^Написания/ }).fill(`${spelling}, л.с.`);
  await dialog.getByRole('textbox', { name: /^Единица/ }).fill('л. с.');
  await dialog.getByRole('textbox', { name: 'Пример' }).fill(`Мотор 5${spelling}, 7 л.с.`);
  await expect(dialog.getByTestId('unit-example-result')).toHaveText('Мотор 5 л. с., 7 л. с.');
  // Read as the eye sees it: once the dialog has faded in (axe reads colours mid-fade as too pale).
  await dialog.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Правило единиц добавлено', { exact: true })).toBeVisible();
  const added = rows.filter({ hasText: spelling });
  for (const chip of [spelling, 'л.с.', 'л. с.']) await expect(added.getByText(chip, { exact: true })).toBeVisible();

  // The expression the shop made of them, escaped, is there for whoever wants it.
  await page.getByRole('switch', { name: 'Расширенный режим' }).click();
  await expect(added).toContainText(String.raw`(\d)\s*(?:${spelling}|л\.с\.)(\P{L}|$)`);
  await expect(added).toContainText('$1 л. с.');
  await page.getByRole('switch', { name: 'Расширенный режим' }).click();

  // Changing it is plain fields again.
  await added.getByRole('button', { name: /^Изменить правило/ }).click();
  const edit = page.getByRole('dialog', { name: 'Изменение правила единиц' });
  await expect(edit.getByRole('textbox', { name: /^Написания/ })).toHaveValue(`${spelling}, л.с.`);
  await edit.getByRole('textbox', { name: /^Написания/ }).fill(spelling);
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Правило единиц изменено', { exact: true })).toBeVisible();
  await expect(added.getByText('л.с.', { exact: true })).toHaveCount(0);
  await added.getByRole('button', { name: /^Удалить правило/ }).click();
  await page.getByRole('dialog', { name: 'Удалить правило единиц?' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(added).toHaveCount(0);
});
