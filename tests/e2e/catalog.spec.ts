import type { Page } from '@playwright/test';
import { axeViolations, expect, isMobile, test, waitForHydration } from './fixtures.ts';

/** Types a query into the header search (in view at every width) and submits it. */
async function searchFromHeader(page: Page, text: string) {
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Поиск по каталогу' });
  await expect(box).toBeInViewport();
  await box.fill(text);
  await box.press('Enter');
}

const cards = (page: Page) => page.locator('#products [data-testid="product-card"]');
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allInnerTexts();

test.describe('catalogue and search', () => {
  test('search from the header shows the results on the home page without the category grid', { tag: '@phone' }, async ({ page, consoleErrors }) => {
    await page.goto('/about');
    await waitForHydration(page);
    await searchFromHeader(page, 'перфаратор');
    await expect(page).toHaveURL(/\/\?query=%D0%BF%D0%B5%D1%80%D1%84%D0%B0%D1%80%D0%B0%D1%82%D0%BE%D1%80/);
    await expect(page.getByRole('heading', { name: 'Результаты поиска: «перфаратор»' })).toBeVisible();
    await expect(page.locator('#categories')).toHaveCount(0);
    await expect(page.getByText(/^Найдено: \d+ товар/)).toBeVisible();
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    expect(names[0]).toMatch(/^Перфоратор/);
    expect(consoleErrors).toEqual([]);
  });

  test('a corrected query says what was searched for instead', async ({ page, consoleErrors }) => {
    const corrected = page.getByText('Показаны результаты по запросу «перфоратор»', { exact: true });
    await page.goto('/about');
    await waitForHydration(page);
    await searchFromHeader(page, 'перфаратор');
    await expect(corrected).toBeVisible();
    await expect(page.getByText(/^Найдено: \d+ товар/)).toBeVisible();
    // The other keyboard layout, rendered by the server.
    await page.goto('/?query=gthajhfnjh');
    await expect(corrected).toBeVisible();
    expect((await cardNames(page))[0]).toMatch(/^Перфоратор/);
    // Found as typed: nothing to say.
    await page.goto('/?query=перфоратор');
    await expect(page.getByText(/^Найдено: \d+ товар/)).toBeVisible();
    await expect(page.getByText(/Показаны результаты по запросу/)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the category page footer reads well as the page loads, before it is scrolled to (as Lighthouse reads it)', async ({ page }) => {
    await page.goto('/category/perforatory');
    await waitForHydration(page);
    await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Филиалы' })).toBeAttached();
    expect(await axeViolations(page, { asLoaded: true, within: 'footer' })).toEqual([]);
  });

  test('a query in the wrong keyboard layout and a SKU find the products', async ({ page, consoleErrors }) => {
    await page.goto('/?query=lhtkm');
    await waitForHydration(page);
    expect((await cardNames(page))[0]).toMatch(/[Дд]рель/);
    await page.goto('/?query=kzc%2020');
    await expect(cards(page).first()).toContainText('Артикул: KZC20');
    expect(consoleErrors).toEqual([]);
  });

  test('a search with no match shows the empty state', async ({ page, consoleErrors }) => {
    await page.goto('/?query=ъъъъъъ');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Товары не найдены' })).toBeVisible();
    await expect(page.getByText('Попробуйте изменить параметры поиска или фильтры')).toBeVisible();
    await page.getByRole('link', { name: 'Сбросить поиск и фильтры' }).click();
    await expect(page).toHaveURL(/\/#products$/);
    await expect(cards(page)).toHaveCount(12);
    expect(consoleErrors).toEqual([]);
  });

  test('browse a category from the catalogue menu: breadcrumbs, description, products of that category', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.locator('#categories').getByRole('link', { name: /Перфораторы/ }).click();
    await expect(page).toHaveURL(/\/category\/perforatory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Перфораторы' })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Хлебные крошки' });
    await expect(crumbs.getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Каталог' })).toHaveAttribute('href', '/products');
    await expect(crumbs).toContainText('Перфораторы');
    await expect(page.getByText(/SDS-plus и SDS-max/)).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    for (const name of await cardNames(page)) expect(name).toMatch(/Перфоратор|Молоток|молоток/);
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown category goes to the home page', async ({ page }) => {
    await page.goto('/category/no-such-category');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#categories')).toBeVisible();
  });

  test('page through /products: numbered pages, arrows, ellipses; the back button works', async ({ page, request, consoleErrors }) => {
    // Other specs add products to the shared server: read the current total instead of assuming the seed's.
    const { total } = (await (await request.get('/api/products?limit=12')).json()) as { total: number };
    const lastPage = Math.ceil(total / 12);
    expect(lastPage).toBeGreaterThan(7);
    await page.goto('/products');
    await waitForHydration(page);
    const pager = page.getByRole('navigation', { name: 'Пагинация' });
    await expect(pager.getByRole('link', { name: 'Страница 1', exact: true })).toHaveAttribute('aria-current', 'page');
    // More than seven pages: shown as 1 2 3 4 5 6 … last (seven buttons).
    await expect(pager.getByRole('link', { name: /^Страница \d+$/ })).toHaveCount(7);
    await expect(pager.getByRole('link', { name: `Страница ${lastPage}`, exact: true })).toBeVisible();
    const firstPage = await cardNames(page);

    await pager.getByRole('link', { name: 'Страница 2', exact: true }).click();
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await expect(pager.getByRole('link', { name: 'Страница 2', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(cards(page)).toHaveCount(12);
    const secondPage = await cardNames(page);
    expect(secondPage).not.toEqual(firstPage);

    await pager.getByRole('link', { name: 'Следующая страница' }).click();
    await expect(page).toHaveURL(/page=3$/);
    await pager.getByRole('link', { name: `Страница ${lastPage}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));
    await expect(cards(page)).toHaveCount(total - (lastPage - 1) * 12);
    await expect(pager.getByRole('link', { name: 'Следующая страница' })).toHaveAttribute('aria-disabled', 'true');

    await page.goBack();
    await expect(page).toHaveURL(/page=3$/);
    await expect(pager.getByRole('link', { name: 'Страница 3', exact: true })).toHaveAttribute('aria-current', 'page');
    expect(consoleErrors).toEqual([]);
  });

  test('switch the sort and the view: both in the URL, the sort back to page 1', { tag: '@phone' }, async ({ page, consoleErrors }) => {
    await page.goto('/products?page=2');
    await waitForHydration(page);
    await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дешевле' });
    await expect(page).toHaveURL(/\/products\?sort=price-low$/);
    await expect(cards(page)).toHaveCount(12);
    // The URL changes first; the previous page's cards stay until the sorted ones arrive.
    const readPrices = async () =>
      (await cards(page).locator('p > span.font-bold').allInnerTexts()).map((t) => Number(t.replace(/\D/g, '')));
    await expect.poll(async () => {
      const prices = await readPrices();
      return prices.length === 12 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
    }).toBe(true);

    await page.getByRole('link', { name: 'Списком' }).click();
    await expect(page).toHaveURL(/sort=price-low&view=list$/);
    await expect(page.getByRole('link', { name: 'Списком' })).toHaveAttribute('aria-current', 'true');
    await expect(cards(page)).toHaveCount(12);
    // The list view shows the short description beside the name (from 640 px).
    if (!isMobile(page)) await expect(cards(page).first().locator('p.text-sm.text-muted-foreground').first()).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Сортировка')).toHaveValue('price-low');
    await expect(page.getByRole('link', { name: 'Списком' })).toHaveAttribute('aria-current', 'true');
    expect(consoleErrors).toEqual([]);
  });

  test('filter /products by category and supplier: in the URL, back to page 1, breadcrumbs follow', async ({ page, consoleErrors }) => {
    await page.goto('/products?page=3');
    await waitForHydration(page);
    await page.getByLabel('Категория').selectOption({ label: 'Перфораторы' });
    await expect(page).toHaveURL(/\/products\?categoryId=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Перфораторы' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Хлебные крошки' })).toContainText('Перфораторы');
    await page.getByLabel('Поставщик').selectOption('DCK');
    await expect(page).toHaveURL(/\/products\?categoryId=\d+&supplier=DCK$/);
    // The filtered list replaces the shown one once its answer comes: every card is DCK then.
    await expect.poll(async () => {
      const names = await cardNames(page);
      return names.length > 0 && names.every((name) => name.includes('DCK'));
    }).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/products\?categoryId=\d+$/);
    expect(consoleErrors).toEqual([]);
  });

  test('the favourite heart is remembered after a reload', async ({ page, consoleErrors }) => {
    await page.goto('/products');
    await waitForHydration(page);
    const heart = cards(page).first().getByRole('button', { name: 'Добавить в избранное' });
    // The heart turns at once; the page is reloaded once the server has kept the choice.
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/lists/favorites') && response.request().method() === 'POST');
    await heart.click();
    await expect(cards(page).first().getByRole('button', { name: 'Убрать из избранного' })).toHaveAttribute('aria-pressed', 'true');
    expect((await saved).status()).toBe(201);
    await page.reload();
    await waitForHydration(page);
    await expect(cards(page).first().getByRole('button', { name: 'Убрать из избранного' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('open a product: every element of the product page, its title and structured data', { tag: '@phone' }, async ({ page, request, consoleErrors }) => {
    await page.goto('/category/perforatory');
    await waitForHydration(page);
    const first = cards(page).first();
    const name = await first.getByRole('heading', { level: 3 }).innerText();
    await first.getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — `));

    const crumbs = page.getByRole('navigation', { name: 'Хлебные крошки' });
    await expect(crumbs.getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Товары' })).toHaveAttribute('href', '/products');
    await expect(crumbs.getByRole('link', { name: 'Перфораторы' })).toHaveAttribute('href', '/category/perforatory');
    // The product's own come first; «Похожие товары» below have their cards' own.
    await expect(page.getByText(/^Артикул: /).first()).toBeVisible();
    await expect(page.getByText(/₽/).first()).toBeVisible();
    await expect(page.getByTestId('availability').first()).toHaveText(/^(В наличии в [А-Яа-яё-]+: \d+ шт\.|Нет в вашем городе, есть в \d+ филиал(е|ах)|Нет в наличии)$/);
    for (const perk of ['Быстрая доставка', 'Гарантия', 'Возврат']) await expect(page.locator('main').getByText(perk, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Добавить в корзину|Нет в наличии/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Купить сейчас' })).toBeVisible();
    await expect(page.getByText('Бесплатная доставка при заказе от 7 500 ₽')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Добавить в избранное' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Описание' })).toBeVisible();

    const html = await (await request.get(page.url())).text();
    expect(html).toContain(`<title>${name.replaceAll('"', '&quot;')} — `);
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toContain('"@type":"Product"');
    expect(html).toContain('"priceCurrency":"RUB"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a discounted product shows the struck price and the saving; no rating without approved reviews', async ({ page, request, consoleErrors }) => {
    const list = (await (await request.get('/api/products?sort=price-high&limit=48')).json()) as {
      products: { id: number; slug: string; price: number; originalPrice: number | null }[];
    };
    const reviewCount = async (id: number) => (await (await request.get(`/api/products/${id}/reviews`)).json()).rating.count as number;
    const allDiscounted = list.products.filter((p) => p.originalPrice && p.originalPrice > p.price);
    const counts = await Promise.all(allDiscounted.map((p) => reviewCount(p.id)));
    const discounted = allDiscounted[counts.indexOf(0)]!;
    await page.goto(`/product/${discounted.slug}`);
    await waitForHydration(page);
    const saving = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB', maximumFractionDigits: 0 }).format(
      discounted.originalPrice! - discounted.price,
    );
    await expect(page.getByText(`Экономия ${saving}`)).toBeVisible();
    await expect(page.locator('main s').first()).toBeVisible();
    await expect(page.getByTestId('product-rating')).toHaveCount(0);
    await expect(page.getByRole('img', { name: /^Оценка/ })).toHaveCount(0);
    await expect(page.locator('#reviews')).toContainText('Отзывов пока нет.');

    // Neither the cards of a list nor what search engines read claim a rating.
    await page.goto('/products?sort=popular');
    await waitForHydration(page);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page.getByRole('img', { name: /^Рейтинг/ })).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(/отзыв/);
    expect(await (await request.get(`/product/${discounted.slug}`)).text()).not.toContain('aggregateRating');
    expect(consoleErrors).toEqual([]);
  });

  test('a missing product: 404 from the server and the "not found" state with the way back', async ({ page, request, consoleErrors }) => {
    const res = await request.get('/product/no-such-tool-anywhere');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('Товар не найден');

    await page.goto('/product/no-such-tool-anywhere');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Товар не найден' })).toBeVisible();
    await expect(page.getByText('Такого товара нет в каталоге.')).toBeVisible();
    await page.getByRole('link', { name: 'Вернуться к каталогу' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Каталог' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('client navigation to another page shows skeleton cards, then the products', async ({ page, consoleErrors }) => {
    await page.goto('/products');
    await waitForHydration(page);
    // Hold the next list answer so the loading state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The list asks with its filters' parameters too (facets=true…): page 2 anywhere in the query.
    await page.route(/\/api\/products\?(?:[^#]*&)?page=2(&|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Пагинация' }).getByRole('link', { name: 'Страница 2', exact: true }).click();
    await expect(page.locator('#products [data-testid="product-skeleton"]')).toHaveCount(8);
    await expect(page.locator('#products')).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(cards(page)).toHaveCount(12);
    await expect(page.locator('#products [data-testid="product-skeleton"]')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a price-on-request product reads "Цена по запросу" and asks for the price', async ({ page, request, consoleErrors }) => {
    const body = (await (await request.get('/api/products?sort=price-low&limit=48')).json()) as { totalPages: number };
    const last = (await (await request.get(`/api/products?sort=price-low&limit=48&page=${body.totalPages}`)).json()) as {
      products: { slug: string; price: number | null }[];
    };
    const onRequest = last.products.find((p) => !p.price)!;
    await page.goto(`/product/${onRequest.slug}`);
    await waitForHydration(page);
    await expect(page.getByText('Цена по запросу')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Запросить цену' })).toHaveAttribute('href', '/contacts');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('before the page\'s script has loaded', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search is in view at every width and searches as a plain form', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/about');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Поиск по каталогу' });
    await expect(box).toBeInViewport();
    await box.fill('перфоратор');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/\?query=%D0%BF%D0%B5%D1%80%D1%84%D0%BE%D1%80%D0%B0%D1%82%D0%BE%D1%80$/);
    await expect(page.getByRole('heading', { name: 'Результаты поиска: «перфоратор»' })).toBeVisible();
    expect((await cardNames(page))[0]).toMatch(/^Перфоратор/);
  });
});
