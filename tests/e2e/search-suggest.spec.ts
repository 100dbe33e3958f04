import type { Page } from '@playwright/test';
import { formatRub } from '../../src/shared/money.ts';
import type { SearchSuggestions } from '../../src/shared/search-suggestions.ts';
import { axeViolations, expect, test, waitForHydration } from './fixtures.ts';

/**
 * Issue 26: the header search suggests while typing (categories, products with picture and
 * price, «Все результаты»; arrow keys, Enter, Escape), and the product page's «Похожие товары».
 */

/** The header's search field, in view at every width. */
const searchBox = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Поиск по каталогу' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Подсказки поиска' });

async function typeInHeader(page: Page, text: string) {
  const box = searchBox(page);
  await expect(box).toBeInViewport();
  await box.click();
  await box.fill(text);
  await expect(suggestions(page)).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
}

test.describe('search as you type', () => {
  test('suggests categories and products with picture and price; ↓ and Enter open the product of the SKU typed', { tag: '@phone' }, async ({ page, request }) => {
    const expected = (await (await request.get('/api/search/suggest?q=kzc26')).json()) as SearchSuggestions;
    const product = expected.products[0]!;
    expect(product.sku).toBe('KZC26');

    await page.goto('/about');
    await waitForHydration(page);
    await typeInHeader(page, 'kzc26');
    const list = suggestions(page);
    const categoryOptions = list.getByRole('group', { name: 'Категории' }).getByRole('option');
    const productOptions = list.getByRole('group', { name: 'Товары' }).getByRole('option');
    await expect(categoryOptions.first()).toContainText('Перфораторы');
    await expect(productOptions.first()).toContainText(product.name);
    await expect(productOptions.first()).toContainText('Артикул: KZC26');
    await expect(productOptions.first()).toContainText(formatRub(product.price!));
    await expect(productOptions.first().locator('img')).toBeVisible();
    await expect(list.getByRole('option', { name: 'Все результаты' })).toBeVisible();
    expect(await axeViolations(page, { within: 'header' })).toEqual([]);

    // Past the categories, the first product: the field says which option is active.
    const categories = await categoryOptions.count();
    for (let i = 0; i <= categories; i++) await searchBox(page).press('ArrowDown');
    await expect(productOptions.first()).toHaveAttribute('aria-selected', 'true');
    await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await productOptions.first().getAttribute('id'))!);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await expect(suggestions(page)).toHaveCount(0);
  });

  test('understands the other layout; «Все результаты» goes to the results page; Escape closes and keeps the text', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    await typeInHeader(page, 'lhtkm');
    const products = suggestions(page).getByRole('group', { name: 'Товары' }).getByRole('option');
    await expect(products.first()).toContainText(/[Дд]рель/);

    await searchBox(page).press('Escape');
    await expect(suggestions(page)).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue('lhtkm');
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');

    // ↓ opens them again; a click on «Все результаты» searches for what is typed.
    await searchBox(page).press('ArrowDown');
    await suggestions(page).getByRole('option', { name: 'Все результаты' }).click();
    await expect(page).toHaveURL(/\/\?query=lhtkm#products$/);
    await expect(page.getByRole('heading', { name: 'Результаты поиска: «lhtkm»' })).toBeVisible();
    await expect(page.getByText('Показаны результаты по запросу «дрель»', { exact: true })).toBeVisible();
  });

  test('a category suggested opens the category page; one letter suggests nothing', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await searchBox(page).click();
    await searchBox(page).fill('п');
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    await typeInHeader(page, 'перфор');
    await suggestions(page).getByRole('option', { name: /^Перфораторы/ }).click();
    await expect(page).toHaveURL(/\/category\/perforatory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Перфораторы' })).toBeVisible();
  });
});

test.describe('the product page', () => {
  test('shows «Похожие товары» of the same category below the product, and they open', async ({ page, request }) => {
    const [first] = ((await (await request.get('/api/search/suggest?q=kzc26')).json()) as SearchSuggestions).products;
    await page.goto(`/product/${first!.slug}`);
    await waitForHydration(page);
    const similar = page.getByRole('region', { name: 'Похожие товары' });
    const cards = similar.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeLessThanOrEqual(8);
    const names = await cards.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names).not.toContain(first!.name);
    expect(await axeViolations(page)).toEqual([]);

    await cards.first().getByRole('link', { name: names[0] }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[0]!);
  });
});

test.describe('before the page\'s script has loaded', () => {
  test.use({ javaScriptEnabled: false });

  test('the product page has its «Похожие товары» from the server, and the search is a plain form', async ({ page, request }) => {
    const [first] = ((await (await request.get('/api/search/suggest?q=kzc26')).json()) as SearchSuggestions).products;
    await page.goto(`/product/${first!.slug}`);
    await expect(page.getByRole('region', { name: 'Похожие товары' }).getByTestId('product-card').first()).toBeVisible();
    await searchBox(page).fill('перфоратор');
    await searchBox(page).press('Enter');
    await expect(page.getByRole('heading', { name: 'Результаты поиска: «перфоратор»' })).toBeVisible();
  });
});
