import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { productsCount } from '../../src/shared/plural.ts';
import { axeViolations, expect, isMobile, test, waitForHydration } from './fixtures.ts';

/**
 * The catalogue's filters (issue 26) on the demo perforators, whose characteristics come from the
 * demo seed (src/server/db/seed/demo-attributes.ts): brand DCK or P.I.T, «Тип питания», «Патрон»
 * (SDS-plus, SDS-max, …), «Мощность» in Вт (corded ones only), «Энергия удара», «Вес».
 * Expected totals are asked from the API, since other specs may add products to the shared server.
 */

const CATEGORY = '/category/perforatory';
const cards = (page: Page) => page.locator('#products [data-testid="product-card"]');
const found = (page: Page) => page.getByText(/^Найдено: \d+ товар/);

/** The number of products the API lists for the demo perforators with these filters. */
async function apiTotal(request: APIRequestContext, filters = ''): Promise<number> {
  const categories = (await (await request.get('/api/categories')).json()) as { id: number; slug: string }[];
  const id = categories.find((c) => c.slug === 'perforatory')!.id;
  const res = await request.get(`/api/products?categoryId=${id}&limit=1${filters ? `&${filters}` : ''}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

/** The filter panel: beside the list on a desktop, in the sheet «Фильтры» opens on a phone. */
async function openPanel(page: Page): Promise<Locator> {
  if (!isMobile(page)) return page.getByRole('region', { name: 'Фильтры' });
  await page.locator('summary', { hasText: 'Фильтры' }).click();
  const sheet = page.getByRole('dialog', { name: 'Фильтры' });
  await expect(sheet).toBeVisible();
  await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  return sheet;
}

/** On a phone the sheet's button shows the list, saying how many products it has. */
async function showList(page: Page, panel: Locator, total: number) {
  if (!isMobile(page)) return;
  await panel.getByRole('button', { name: `Показать ${productsCount(total)}`, exact: true }).click();
  await expect(panel).toBeHidden();
}

/** The count shown beside an option of a filter. */
const optionCount = async (group: Locator, option: string) => Number(await group.locator('label', { hasText: option }).locator('span').last().innerText());

test.describe('catalogue filters', () => {
  test('a brand and a characteristic narrow the list, the counts follow, the chips take them away one by one or all at once', { tag: '@phone' }, async ({ page, request, consoleErrors }) => {
    await page.goto(CATEGORY);
    await waitForHydration(page);
    const all = await apiTotal(request);
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(all)}`);

    let panel = await openPanel(page);
    const brands = panel.getByRole('group', { name: 'Бренд' });
    const chuck = panel.getByRole('group', { name: 'Патрон' });
    const pit = await optionCount(brands, 'P.I.T');
    const sdsPlusOfAll = await optionCount(chuck, 'SDS-plus');
    expect(pit).toBe(await apiTotal(request, 'brand=P.I.T'));

    // An option's count is what the list shows once it is chosen.
    await brands.getByRole('checkbox', { name: /^P\.I\.T/ }).check();
    await expect(page).toHaveURL(/[?&]brand=P\.I\.T(&|$)/);
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(pit)}`);
    // The other filters' counts now count P.I.T's perforators only.
    const sdsPlusOfPit = await apiTotal(request, 'brand=P.I.T&attr.patron=SDS-plus');
    expect(sdsPlusOfPit).toBeLessThan(sdsPlusOfAll);
    await expect(chuck.locator('label', { hasText: 'SDS-plus' }).locator('span').last()).toHaveText(String(sdsPlusOfPit));

    await chuck.getByRole('checkbox', { name: /^SDS-plus/ }).check();
    await expect(page).toHaveURL(/attr\.patron=SDS-plus/);
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(sdsPlusOfPit)}`);
    await showList(page, panel, sdsPlusOfPit);
    for (const name of await cards(page).getByRole('heading', { level: 3 }).allInnerTexts()) expect(name).toMatch(/P\.I\.T .*SDS-plus/);

    const chips = page.getByRole('list', { name: 'Выбранные фильтры' });
    await expect(chips.getByRole('listitem')).toHaveText(['Бренд: P.I.T', 'Патрон: SDS-plus']);
    await chips.getByRole('link', { name: 'Убрать фильтр «Бренд: P.I.T»' }).click();
    await expect(page).not.toHaveURL(/brand=/);
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(sdsPlusOfAll)}`);
    await expect(chips.getByRole('listitem')).toHaveText(['Патрон: SDS-plus']);

    await page.getByRole('link', { name: 'Сбросить все' }).click();
    await expect(page).toHaveURL(new RegExp(`${CATEGORY}$`));
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(all)}`);
    await expect(chips).toHaveCount(0);
    panel = await openPanel(page);
    await expect(panel.getByRole('group', { name: 'Бренд' }).getByRole('checkbox', { name: /^P\.I\.T/ })).not.toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a number range, «В наличии» and «В наличии в моём городе»; an option that would show nothing is disabled', async ({ page, request, consoleErrors }) => {
    await page.goto(CATEGORY);
    await waitForHydration(page);
    let panel = await openPanel(page);
    const power = panel.getByRole('group', { name: 'Мощность, Вт' });
    await power.getByLabel('от').fill('1 000');
    await power.getByLabel('от').press('Enter');
    await expect(page).toHaveURL(/attr\.moschnost\.min=1(\+|%20)000/);
    const strong = await apiTotal(request, 'attr.moschnost.min=1000');
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(strong)}`);
    // Only corded perforators have a power: no cordless one is left to choose.
    const supply = panel.getByRole('group', { name: 'Тип питания' });
    await expect(supply.getByRole('checkbox', { name: /^Аккумуляторный/ })).toBeDisabled();
    await expect(supply.locator('label', { hasText: 'Аккумуляторный' }).locator('span').last()).toHaveText('0');
    await expect(supply.getByRole('checkbox', { name: /^Сетевой/ })).toBeEnabled();

    await panel.getByRole('checkbox', { name: 'В наличии', exact: true }).check();
    await expect(page).toHaveURL(/inStock=true/);
    const inStock = await apiTotal(request, 'attr.moschnost.min=1000&inStock=true');
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(inStock)}`);
    await showList(page, panel, inStock);
    for (const name of await cards(page).getByRole('heading', { level: 3 }).allInnerTexts()) {
      expect(Number(/(\d+) Вт/.exec(name)?.[1])).toBeGreaterThanOrEqual(1000);
    }
    await expect(cards(page).getByText('Нет в наличии')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Выбранные фильтры' }).getByRole('listitem')).toHaveText(['В наличии', 'Мощность: от 1 000 Вт']);

    // The visitor's city is the header's (Volgograd until another is chosen).
    panel = await openPanel(page);
    await panel.getByRole('checkbox', { name: /^В наличии в моём городе/ }).check();
    await expect(page).toHaveURL(/branch=volgograd/);
    const inVolgograd = await apiTotal(request, 'attr.moschnost.min=1000&inStock=true&branch=volgograd');
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(inVolgograd)}`);
    await showList(page, panel, inVolgograd);
    await expect(cards(page)).toHaveCount(Math.min(inVolgograd, 12));
    for (const text of await cards(page).getByText(/^(В наличии|Нет в)/).allInnerTexts()) expect(text).toMatch(/^В наличии в Волгограде: \d+ шт\.$/);
    expect(consoleErrors).toEqual([]);
  });

  test('«до» typed while «от» is being applied is kept, then applied with it', async ({ page, request, consoleErrors }) => {
    await page.goto(CATEGORY);
    await waitForHydration(page);
    const panel = await openPanel(page);
    const power = panel.getByRole('group', { name: 'Мощность, Вт' });
    await power.getByLabel('от').fill('700');
    // Going to «до» applies «от»: the page's address changes while «до» is typed.
    await power.getByLabel('до').fill('1100');
    await expect(page).toHaveURL(/attr\.moschnost\.min=700(&|$)/);
    await expect(power.getByLabel('до')).toHaveValue('1100');
    await power.getByLabel('до').press('Enter');
    await expect(page).toHaveURL(/attr\.moschnost\.min=700&attr\.moschnost\.max=1100/);
    const between = await apiTotal(request, 'attr.moschnost.min=700&attr.moschnost.max=1100');
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(between)}`);
    await showList(page, panel, between);
    await expect(page.getByRole('list', { name: 'Выбранные фильтры' }).getByRole('listitem')).toHaveText(['Мощность: от 700 до 1\u00a0100 Вт']);
    expect(consoleErrors).toEqual([]);
  });

  test('@mobile the sheet’s button says how many products the chosen filters show', async ({ page, request, consoleErrors }) => {
    await page.goto(CATEGORY);
    await waitForHydration(page);
    const panel = await openPanel(page);
    await expect(panel.getByRole('button', { name: `Показать ${productsCount(await apiTotal(request))}`, exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByRole('group', { name: 'Бренд' }).getByRole('checkbox', { name: /^DCK/ }).check();
    const dck = await apiTotal(request, 'brand=DCK');
    const show = panel.getByRole('button', { name: `Показать ${productsCount(dck)}`, exact: true });
    await expect(show).toBeVisible();
    // The sheet stays open while choosing: the list behind it already follows.
    await panel.getByRole('group', { name: 'Патрон' }).getByRole('checkbox', { name: /^SDS-max/ }).check();
    const dckSdsMax = await apiTotal(request, 'brand=DCK&attr.patron=SDS-max');
    await showList(page, panel, dckSdsMax);
    await expect(cards(page)).toHaveCount(Math.min(dckSdsMax, 12));
    expect(consoleErrors).toEqual([]);
  });

  test('a price that is not a number is said in the panel and the list still shows; a choice with no products offers to reset', { tag: '@phone' }, async ({ page, consoleErrors }) => {
    await page.goto(`${CATEGORY}?priceMin=дорого&sort=price-low`);
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(12);
    const panel = await openPanel(page);
    const price = panel.getByRole('group', { name: 'Цена, ₽' });
    await expect(price.getByLabel('от')).toHaveValue('дорого');
    await expect(price.getByLabel('от')).toHaveAttribute('aria-invalid', 'true');
    await expect(price.getByText('Введите число')).toBeVisible();

    await price.getByLabel('от').fill('20000000');
    await price.getByLabel('от').press('Enter');
    if (isMobile(page)) await panel.getByRole('button', { name: 'Показать 0 товаров' }).click();
    await expect(page.getByRole('heading', { name: 'Товары не найдены' })).toBeVisible();
    await expect(page.getByText('С такими фильтрами товаров нет')).toBeVisible();
    await page.getByRole('link', { name: 'Сбросить фильтры' }).click();
    // The sort stays; the filters are gone.
    await expect(page).toHaveURL(new RegExp(`${CATEGORY}\\?sort=price-low$`));
    await expect(cards(page)).toHaveCount(12);
    expect(consoleErrors).toEqual([]);
  });

  test('a price «от» above «до» is said in the panel, both numbers stay and the list still shows', async ({ page, request, consoleErrors }) => {
    await page.goto(`${CATEGORY}?priceMin=9000&priceMax=3000`);
    await waitForHydration(page);
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(await apiTotal(request))}`);
    await expect(page.getByRole('list', { name: 'Выбранные фильтры' })).toHaveCount(0);
    const panel = await openPanel(page);
    const price = panel.getByRole('group', { name: 'Цена, ₽' });
    await expect(price.getByText('Значение «от» больше значения «до»')).toBeVisible();
    await expect(price.getByLabel('от')).toHaveValue('9000');
    await expect(price.getByLabel('до')).toHaveValue('3000');
    await expect(price.getByLabel('до')).toHaveAttribute('aria-invalid', 'true');

    // Swapping the numbers takes the message away and asks the range.
    await price.getByLabel('от').fill('3000');
    await price.getByLabel('от').press('Enter');
    await expect(page).toHaveURL(/priceMin=3000&priceMax=3000/);
    await expect(price.getByText('Значение «от» больше значения «до»')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('a filtered address is not for search engines, and names the category’s own address as canonical', async ({ page, baseURL }) => {
    await page.goto(`${CATEGORY}?brand=DCK&attr.patron=SDS-plus&page=2`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${CATEGORY}`);
    await page.goto(`${CATEGORY}?sort=price-low`);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${CATEGORY}`);
  });
});

test.describe('catalogue filters before the script loads', () => {
  test.use({ javaScriptEnabled: false });

  test('the panel is a form: choose, «Применить», see the list and the chips; a chip is a link without its filter', { tag: '@phone' }, async ({ page, request }) => {
    await page.goto(`${CATEGORY}?sort=price-high`);
    // On a phone the same «Фильтры» button opens the panel in the page.
    if (isMobile(page)) await page.locator('summary', { hasText: 'Фильтры' }).click();
    const panel = page.locator('form').filter({ has: page.getByRole('button', { name: 'Применить' }) }).filter({ visible: true });
    await expect(panel).toHaveCount(1);
    await panel.getByRole('group', { name: 'Бренд' }).getByRole('checkbox', { name: /^P\.I\.T/ }).check();
    await panel.getByRole('group', { name: 'Цена, ₽' }).getByLabel('от').fill('6 000');
    await panel.getByRole('button', { name: 'Применить' }).click();
    await expect(page).toHaveURL(/brand=P\.I\.T/);
    await expect(page).toHaveURL(/sort=price-high/);
    const total = await apiTotal(request, 'brand=P.I.T&priceMin=6000');
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(total)}`);
    const chips = page.getByRole('list', { name: 'Выбранные фильтры' });
    await expect(chips.getByRole('listitem')).toHaveText(['Цена: от 6 000 ₽', 'Бренд: P.I.T']);
    await chips.getByRole('link', { name: 'Убрать фильтр «Бренд: P.I.T»' }).click();
    await expect(page).not.toHaveURL(/brand=/);
    await expect(found(page)).toHaveText(`Найдено: ${productsCount(await apiTotal(request, 'priceMin=6000'))}`);
  });
});
