import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Branch, BranchStock } from '../../src/shared/schemas/branches.ts';
import { PHONE_FORMAT_MESSAGE } from '../../src/shared/schemas/phone.ts';
import { expect, isMobile, test, waitForHydration } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };

type ApiProduct = { slug: string; branchStock: BranchStock[] };

/** A product Rostov-on-Don has and Volgograd (the default city) has not: the seed spreads stock so. */
async function rostovOnlyProduct(request: APIRequestContext, branches: Branch[]) {
  const rostov = branches.find((b) => b.slug === 'rostov-na-donu')!;
  const volgograd = branches.find((b) => b.slug === 'volgograd')!;
  const quantity = (p: ApiProduct, id: number) => p.branchStock.find((b) => b.branchId === id)?.quantity ?? 0;
  let product: ApiProduct | undefined;
  for (let page = 1; !product && page <= 5; page++) {
    const list = (await (await request.get(`/api/products?limit=48&page=${page}`)).json()) as { products: ApiProduct[] };
    product = list.products.find((p) => quantity(p, rostov.id) > 0 && quantity(p, volgograd.id) === 0);
  }
  expect(product, 'a product only Rostov-on-Don and other branches have').toBeDefined();
  const elsewhere = product!.branchStock.filter((b) => b.quantity > 0).length;
  return { product: product!, quantity: quantity(product!, rostov.id), elsewhere };
}

/** The header's phone and (at desktop width) hours are the city's branch's, the phone written one way. */
async function expectHeaderOf(page: Page, city: string) {
  const { phone, workingHours } = SEEDED[city]!;
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: phone, exact: true })).toBeVisible();
  if (isMobile(page)) await expect(banner.getByTestId('header-hours')).toBeHidden();
  else await expect(banner.getByTestId('header-hours')).toHaveText(workingHours);
}

/** The seeded branches' phones as shown (typed «+7 (863) 310-45-27» in migration 0006) and their hours. */
const SEEDED: Record<string, { phone: string; workingHours: string }> = {
  Волгоград: { phone: '+7 844 250-37-12', workingHours: 'Пн–Пт 8:00–18:00, Сб–Вс выходной' },
  'Ростов-на-Дону': { phone: '+7 863 310-45-27', workingHours: 'Пн–Пт 8:30–18:00, Сб–Вс выходной' },
};

const plural = (n: number) => (n % 10 === 1 && n % 100 !== 11 ? 'филиале' : 'филиалах');

test('the city chosen in the header changes the availability the server renders', { tag: '@phone' }, async ({ page }) => {
  const branches = (await (await page.request.get('/api/branches')).json()) as Branch[];
  const { product, quantity, elsewhere } = await rostovOnlyProduct(page.request, branches);

  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const picker = page.getByTestId('city-picker');
  await expect(picker.locator('summary')).toHaveText(/Ваш город:\s*Волгоград/);
  await expectHeaderOf(page, 'Волгоград');
  await expect(page.getByTestId('availability').first()).toHaveText(`Нет в вашем городе, есть в ${elsewhere} ${plural(elsewhere)}`);
  await expect(page.getByTestId('branch-stock').getByRole('listitem')).toHaveCount(branches.length);

  await picker.locator('summary').click();
  await expect(picker.getByRole('button')).toHaveText(branches.map((b) => b.city));
  await picker.getByRole('button', { name: 'Ростов-на-Дону' }).click();

  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByTestId('availability').first()).toHaveText(`В наличии в Ростове-на-Дону: ${quantity} шт.`);
  await expect(picker.locator('summary')).toHaveText(/Ваш город:\s*Ростов-на-Дону/);
  await expectHeaderOf(page, 'Ростов-на-Дону');
  await expect(page.getByTestId('branch-stock')).toContainText('Ростов-на-Дону — ваш город');
  // Remembered: the next page of the visit renders for Rostov too.
  await page.goto('/products');
  await expect(page.getByTestId('city-picker').locator('summary')).toHaveText(/Ростов-на-Дону/);
});

test('the chosen city stays after registering and after logging in, without a reload', async ({ page }, testInfo) => {
  const branches = (await (await page.request.get('/api/branches')).json()) as Branch[];
  const { product, quantity } = await rostovOnlyProduct(page.request, branches);
  const id = `city${testInfo.project.name.replace(/\W/g, '').slice(0, 6)}${Date.now().toString(36)}`;
  const customer = { username: id, email: `${id}@example.ru`, password: `Stanok-${id}-42` };
  const productPath = `/product/${product.slug}`;
  const rostovShown = async () => {
    await expect(page).toHaveURL(new RegExp(`${productPath}$`));
    await expect(page.getByTestId('city-picker').locator('summary')).toHaveText(/Ваш город:\s*Ростов-на-Дону/);
    await expect(page.getByTestId('availability').first()).toHaveText(`В наличии в Ростове-на-Дону: ${quantity} шт.`);
  };

  await page.goto(productPath);
  await waitForHydration(page);
  const picker = page.getByTestId('city-picker');
  await picker.locator('summary').click();
  await picker.getByRole('button', { name: 'Ростов-на-Дону' }).click();
  await rostovShown();

  await page.goto(`/auth?tab=register&next=${encodeURIComponent(productPath)}`);
  await waitForHydration(page);
  const register = page.getByRole('form', { name: 'Регистрация' });
  await register.getByLabel('Имя пользователя').fill(customer.username);
  await register.getByLabel('Email').fill(customer.email);
  await register.getByRole('textbox', { name: 'Пароль', exact: true }).fill(customer.password);
  await register.getByRole('checkbox').check();
  await register.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Регистрация успешна', { exact: true })).toBeVisible();
  await rostovShown();

  // Logged out through the API (the page keeps its data), then in again through the form.
  expect((await page.request.post('/api/logout')).status()).toBe(200);
  await page.goto(`/auth?next=${encodeURIComponent(productPath)}`);
  await waitForHydration(page);
  const login = page.getByRole('form', { name: 'Вход' });
  await login.getByLabel('Имя пользователя').fill(customer.username);
  await login.getByRole('textbox', { name: 'Пароль', exact: true }).fill(customer.password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByText('Успешный вход', { exact: true })).toBeVisible();
  await rostovShown();
});

test('the contacts page lists the five branches, each with its place on Yandex Maps', async ({ page }) => {
  await page.goto('/contacts');
  const section = page.locator('section[aria-labelledby="contacts-branches"]');
  await expect(section.getByRole('heading', { level: 3 })).toHaveText([/^Волгоград/, /^Ростов-на-Дону/, /^Санкт-Петербург/, /^Новороссийск/, /^Мариуполь/]);
  await expect(section.getByRole('link', { name: /г\. Волгоград, ул\. Промышленная, д\. 12/ })).toHaveAttribute(
    'href',
    'https://yandex.ru/maps/?pt=44.5133,48.708&z=16&l=map',
  );
  await expect(section.getByRole('link', { name: /открыть на Яндекс Картах/ })).toHaveCount(5);
  await expect(page.locator('footer')).toContainText('г. Мариуполь, пр-т Металлургов, д. 54');
});

test('the administrator edits a branch; a bad phone is refused, the new one shows on the contacts page', { tag: '@back-office' }, async ({ page }) => {
  expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  await page.goto('/admin/settings?tab=branches');
  await expect(page.getByTestId('admin-branch')).toHaveCount(5);
  await page.getByRole('button', { name: 'Изменить филиал Новороссийск' }).click();
  const dialog = page.getByRole('dialog');
  const phone = dialog.getByLabel('Телефон');
  await phone.fill('звоните');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText(PHONE_FORMAT_MESSAGE)).toBeVisible();

  // Typed as people do; kept and shown one way.
  const [a, b] = [randomInt(10, 99), randomInt(10, 99)];
  await phone.fill(`8 (8617) 30-${a}-${b}`);
  const newPhone = `+7 861 730-${a}-${b}`;
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('admin-branch').filter({ hasText: 'Новороссийск' })).toContainText(newPhone);

  await page.goto('/contacts');
  await expect(page.locator('section[aria-labelledby="contacts-branches"] li#novorossiysk')).toContainText(newPhone);
});
