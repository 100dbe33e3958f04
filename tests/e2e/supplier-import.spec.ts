import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, isMobile, test } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
const FIXTURES = path.resolve(import.meta.dirname, '../../src/server/integrations/price-lists/sources/fixtures');

async function login(request: APIRequestContext) {
  const res = await request.post('/api/login', { data: ADMIN });
  expect(res.status(), 'login as admin').toBe(200);
}

/** The importer with DCK picked, on its «Новый импорт» tab. */
async function openDck(page: Page) {
  await page.goto('/admin/supplier-importer');
  await expect(page.getByRole('heading', { name: 'Импорт прайс-листов', level: 1 })).toBeVisible();
  await expect(page.getByTestId('supplier-item').filter({ hasText: 'P.I.T' })).toBeVisible();
  await page.getByTestId('supplier-item').filter({ hasText: 'DCK' }).click();
  await expect(page.getByRole('heading', { name: 'DCK', level: 2 })).toBeVisible();
}

/** The select above the column with this header. */
const columnSelect = (page: Page, header: string) => page.getByRole('combobox', { name: `«${header}»` });

/** Rows of the dry run's table (desktop) or its cards (phone). */
const importRows = (page: Page) => page.getByTestId(isMobile(page) ? 'import-row-card' : 'import-row');

test.describe('back office: supplier price lists', { tag: '@back-office' }, () => {
  // The dry run and the apply log nothing; the client check and the refused file log their 4xx answers.
  test.use({ allowedConsoleErrors: /status of 422|: 422 / });

  test('a dealer uploads DCK’s Windows-1251 price list, maps it, checks it, applies it, downloads the report and rolls it back', async ({ page }) => {
    await login(page.request);
    await openDck(page);
    expect(await axeViolations(page), 'the suppliers').toEqual([]);

    // Upload: the file goes with a progress bar, then the mapping step of the new import opens.
    await page.getByLabel('Файл прайс-листа').setInputFiles(path.join(FIXTURES, 'dck-price-1251.csv'));
    await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/supplier-importer\/imports\/\d+$/);
    await expect(page.getByRole('heading', { name: /^Импорт №\d+$/ })).toBeVisible();
    await expect(page.getByTestId('detected')).toContainText('Windows-1251');
    await expect(page.getByTestId('detected')).toContainText('заголовок в строке 3');
    await expect(page.getByLabel('Кодировка')).toHaveValue('windows-1251');
    expect(await axeViolations(page), 'the mapping step').toEqual([]);

    // The mapping is guessed from the headers; without a price column the check is refused on the spot.
    await expect(columnSelect(page, 'Код')).toHaveValue('supplierSku');
    await expect(columnSelect(page, 'Наименование')).toHaveValue('name');
    await expect(columnSelect(page, 'Цена, руб.')).toHaveValue('price');
    await columnSelect(page, 'Цена, руб.').selectOption('');
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect(page.getByTestId('mapping-problems')).toContainText('Не выбрана колонка с ценой');
    await columnSelect(page, 'Цена, руб.').selectOption('price');
    await columnSelect(page, 'Остаток').selectOption('stock');

    // The dry run: counts as cards, the new products, then the bad rows with their row, column and reason.
    await page.getByRole('button', { name: 'Проверить' }).click();
    await expect(page.getByTestId('count-create')).toContainText('36', { timeout: 30_000 });
    await expect(page.getByTestId('count-error')).toContainText('5');
    await expect(page.getByTestId('count-absent')).toContainText('Нет в прайсе');
    await expect(page.getByTestId('import-status').first()).toHaveText('Проверен');
    await expect(importRows(page).filter({ hasText: 'KJS48-24' })).toContainText('12 490 ₽');
    expect(await axeViolations(page), 'the dry run').toEqual([]);

    await page.getByTestId('count-error').click();
    await expect(page.getByRole('tab', { name: /Ошибки/ })).toHaveAttribute('aria-selected', 'true');
    const negative = importRows(page).filter({ hasText: 'Цена не может быть отрицательной' });
    await expect(negative).toContainText('42');
    await expect(negative).toContainText('Цена, руб.');
    await expect(importRows(page).filter({ hasText: 'повторяется' })).toHaveCount(2);

    // Apply, leaving DCK's other products as they are and the new ones hidden for review.
    await page.getByRole('radio', { name: /Оставить как есть/ }).check();
    await page.getByRole('radio', { name: /Скрытыми, для проверки/ }).check();
    await page.getByRole('button', { name: 'Применить' }).click();
    const outcome = page.getByTestId('import-outcome');
    await expect(outcome).toContainText('Импорт применён', { timeout: 30_000 });
    await expect(outcome).toContainText('создано 36');
    await expect(page.getByTestId('count-create')).toContainText('Созданы');

    // The report: a CSV file for Excel with a line per row.
    const [download] = await Promise.all([page.waitForEvent('download'), outcome.getByRole('link', { name: 'Скачать отчёт (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^import-\d+\.csv$/);
    const report = fs.readFileSync((await download.path())!, 'utf8');
    expect(report.startsWith('\uFEFFСтрока;Действие;Артикул')).toBe(true);
    expect(report).toContain('KJS48-24');

    // A refresh shows the same state: the import lives at its own address.
    const importPath = new URL(page.url()).pathname;
    await page.reload();
    await expect(page.getByTestId('import-outcome')).toContainText('Импорт применён');

    // Rollback: asked once more, then everything it did is undone.
    await page.getByRole('button', { name: 'Откатить импорт' }).click();
    const dialog = page.getByRole('dialog', { name: 'Откатить импорт?' });
    await expect(dialog).toContainText('созданные импортом товары (36) будут удалены');
    await dialog.getByRole('button', { name: 'Откатить' }).click();
    await expect(page.getByText('Импорт откачен', { exact: true })).toBeVisible();
    await expect(page.getByTestId('import-outcome')).toContainText('Импорт откачен');
    await expect(page.getByRole('button', { name: 'Откатить импорт' })).toHaveCount(0);

    // The supplier's history lists it, and its link opens the same import.
    await page.getByRole('link', { name: 'К поставщику' }).click();
    await expect(page.getByRole('tab', { name: 'История' })).toHaveAttribute('aria-selected', 'true');
    const entry = page.getByTestId(isMobile(page) ? 'history-card' : 'history-row').first();
    await expect(entry).toContainText('dck-price-1251.csv');
    await expect(entry).toContainText('Откачен');
    await entry.getByRole('link', { name: /Импорт №\d+/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === importPath);
    await expect(page.getByTestId('import-outcome')).toContainText('Импорт откачен');
  });

  test('a broken workbook is refused with its Russian reason, and a file over 50 MB never leaves the browser', async ({ page }, testInfo) => {
    await login(page.request);
    await openDck(page);

    await page.getByLabel('Файл прайс-листа').setInputFiles(path.join(FIXTURES, 'broken.xlsx'));
    await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
    const error = page.locator('#price-file-error');
    await expect(error).toBeVisible();
    await expect(error).toHaveText(/[а-яё]/i);
    await expect(page).toHaveURL(/\/admin\/supplier-importer(\?|$)/);

    // A sparse file of 50 MB and one byte: the client refuses it with the server's own message.
    const huge = testInfo.outputPath('huge.csv');
    fs.writeFileSync(huge, '');
    fs.truncateSync(huge, 50 * 1024 * 1024 + 1);
    let uploads = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/supplier-imports')) uploads += 1;
    });
    await page.getByLabel('Файл прайс-листа').setInputFiles(huge);
    await expect(error).toHaveText('Файл больше 50 МБ');
    await page.getByRole('button', { name: 'Загрузить', exact: true }).click();
    await expect(error).toHaveText('Файл больше 50 МБ');
    expect(uploads).toBe(0);
  });
});
