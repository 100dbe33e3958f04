import type { APIRequestContext } from '@playwright/test';
import { formatDayMonth, shopDayAfter } from '../../src/shared/dates.ts';
import { formatRub, hasPrice } from '../../src/shared/money.ts';
import type { Branch, BranchStock } from '../../src/shared/schemas/branches.ts';
import { adminApi, expect, test, waitForHydration } from './fixtures.ts';
import { placeOrder } from './orders.ts';

type ApiProduct = { id: number; slug: string; name: string; price: number | null; branchStock: BranchStock[] };

/** A priced product Volgograd holds and Rostov-on-Don has none of (the seed spreads stock so). */
async function volgogradOnlyProduct(request: APIRequestContext, volgograd: Branch, rostov: Branch) {
  const quantity = (p: ApiProduct, id: number) => p.branchStock.find((b) => b.branchId === id)?.quantity ?? 0;
  for (let page = 1; page <= 8; page++) {
    const list = (await (await request.get(`/api/products?limit=48&page=${page}`)).json()) as { products: ApiProduct[] };
    const found = list.products.find((p) => hasPrice(p.price) && quantity(p, volgograd.id) >= 2 && quantity(p, rostov.id) === 0);
    if (found) return found;
  }
  throw new Error('no product only Volgograd holds');
}

let admin: APIRequestContext;
let branches: Branch[];

test.beforeAll(async ({ baseURL }) => {
  admin = await adminApi(baseURL!);
  branches = (await (await admin.get('/api/branches')).json()) as Branch[];
  const bySlug = (slug: string) => branches.find((b) => b.slug === slug)!;
  // Volgograd → Rostov-on-Don in 2 days; nothing else moves.
  const saved = await admin.put('/api/admin/branch-transfers', {
    data: { routes: [{ fromBranchId: bySlug('volgograd').id, toBranchId: bySlug('rostov-na-donu').id, days: 2 }] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test.afterAll(async () => {
  await admin.put('/api/admin/branch-transfers', { data: { routes: [] } });
  await admin.dispose();
});

test('a customer in Rostov-on-Don collects there an item only Volgograd holds: the product page, checkout and the order say when', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const volgograd = branches.find((b) => b.slug === 'volgograd')!;
  const rostov = branches.find((b) => b.slug === 'rostov-na-donu')!;
  const product = await volgogradOnlyProduct(page.request, volgograd, rostov);
  const readyBy = formatDayMonth(shopDayAfter(new Date(), 2));
  await page.context().addCookies([{ name: 'city', value: rostov.slug, url: baseURL! }]);

  // The server renders the promise: it is there with scripts off.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  await noScript.addCookies([{ name: 'city', value: rostov.slug, url: baseURL! }]);
  const plain = await noScript.newPage();
  await plain.goto(`${baseURL}/product/${product.slug}`);
  await expect(plain.getByTestId('transfer-pickup')).toHaveText('Можно забрать в Ростове-на-Дону через 2 дня');
  await noScript.close();

  const unique = `${testInfo.project.name.replace(/[^a-z]/g, '')}${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/register', {
    data: { username: `transfer_${unique}`, email: `transfer.${unique}@example.ru`, password: 'Крепкий-пароль-2026', consent: true },
  });
  expect(registered.ok()).toBe(true);

  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  await expect(page.getByTestId('transfer-pickup')).toHaveText('Можно забрать в Ростове-на-Дону через 2 дня');
  await page.getByRole('main').getByRole('button', { name: 'Добавить в корзину' }).first().click();
  await expect(page.getByText('Товар успешно добавлен в вашу корзину', { exact: true })).toBeVisible();

  await page.goto('/checkout');
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Оформление заказа' });
  await form.getByRole('radio', { name: /Самовывоз из филиала/ }).check();
  const branchGroup = form.getByRole('radiogroup', { name: 'Филиал, где заберёте заказ' });
  const rostovRadio = branchGroup.getByRole('radio', { name: /^Ростов-на-Дону/ });
  await expect(rostovRadio).toBeEnabled();
  const rostovOption = branchGroup.locator('label', { has: page.getByRole('radio', { name: /^Ростов-на-Дону/ }) });
  await expect(rostovOption).toContainText(`Привезём в филиал Ростов-на-Дону к ${readyBy}`);
  // Saint Petersburg has no route: still not offered.
  await expect(branchGroup.getByRole('radio', { name: /^Санкт-Петербург/ })).toBeDisabled();

  await rostovRadio.check();
  await form.getByRole('checkbox', { name: /согласие на обработку/ }).click();
  await form.getByLabel('Имя и фамилия').fill('Ирина Соколова');
  await form.getByLabel('Телефон').fill('+7 900 555-44-33');
  const total = product.price! + Math.round(product.price! * 0.2);
  await form.getByRole('button', { name: `Оформить заказ на ${formatRub(total)}` }).click();

  await expect(page).toHaveURL(/\/order-complete\/\d+$/, { timeout: 15_000 });
  await expect(page.getByTestId('pickup-branch')).toContainText('Филиал в городе Ростов-на-Дону');
  await expect(page.getByTestId('order-ready-by')).toHaveText(`Привезём в филиал Ростов-на-Дону к ${readyBy}`);
  const orderId = Number(page.url().split('/').pop());

  // The order took the unit from Volgograd and keeps the day; the back office moves it.
  const detail = await (await admin.get(`/api/admin/orders/${orderId}`)).json();
  expect(detail.items[0].stockBranchId).toBe(volgograd.id);
  expect(detail.readyBy).toBe(shopDayAfter(new Date(), 2));

  await page.goto('/profile');
  await expect(page.getByTestId('order-ready-by').first()).toHaveText(`Привезём в филиал Ростов-на-Дону к ${readyBy}`);

  // Staff mark the goods arrived: the order is ready for the customer.
  expect((await admin.post(`/api/admin/orders/${orderId}/transfer-arrived`)).status()).toBe(200);
  await page.goto(`/order-complete/${orderId}`);
  await expect(page.getByText('Готов к выдаче', { exact: true })).toBeVisible();
  await expect(page.getByTestId('order-ready-by')).toHaveCount(0);
});

test('staff keep the transfer days in the settings and mark the goods arrived at the branch', { tag: '@back-office' }, async ({ page, playwright, baseURL }) => {
  const volgograd = branches.find((b) => b.slug === 'volgograd')!;
  const rostov = branches.find((b) => b.slug === 'rostov-na-donu')!;
  expect((await page.request.post('/api/login', { data: { username: 'admin', password: 'Admin-e2e-pass-2026' } })).status()).toBe(200);
  await page.goto('/admin/settings?tab=branches');
  const table = page.getByRole('form', { name: 'Сроки перемещения между филиалами' });
  await expect(table.getByRole('textbox', { name: 'Дней: Волгоград → Ростов-на-Дону' })).toHaveValue('2');
  const back = table.getByRole('textbox', { name: 'Дней: Ростов-на-Дону → Волгоград' });
  await expect(back).toHaveValue('');
  await back.fill('0');
  await table.getByRole('button', { name: 'Сохранить сроки' }).click();
  await expect(table.getByRole('alert')).toHaveText('Ростов-на-Дону → Волгоград: срок — целое число дней от 1 до 30 или пусто');
  await expect(back).toHaveAttribute('aria-invalid', 'true');
  await back.fill('3');
  await table.getByRole('button', { name: 'Сохранить сроки' }).click();
  await expect(page.getByText('Сроки перемещений сохранены', { exact: true })).toBeVisible();
  const saved = (await (await page.request.get('/api/admin/branch-transfers')).json()) as unknown[];
  expect(saved).toContainEqual({ fromBranchId: rostov.id, toBranchId: volgograd.id, days: 3 });
  expect(saved).toContainEqual({ fromBranchId: volgograd.id, toBranchId: rostov.id, days: 2 });

  // A customer's pickup in Rostov-on-Don of an item only Volgograd holds.
  const product = await volgogradOnlyProduct(page.request, volgograd, rostov);
  const customer = await playwright.request.newContext({ baseURL });
  const unique = Date.now().toString(36);
  expect((await customer.post('/api/register', { data: { username: `arrive_${unique}`, email: `arrive.${unique}@example.ru`, password: 'Крепкий-пароль-2026', consent: true } })).ok()).toBe(true);
  const orderId = await placeOrder(customer, `arrive.${unique}@example.ru`, { deliveryMethod: 'pickup', pickupBranchId: rostov.id, address: '', city: '', postalCode: '' }, product.id);
  await customer.dispose();

  await page.goto(`/admin/orders?query=${orderId}`);
  await page.getByRole('button', { name: `Детали заказа №${orderId}` }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('order-transfer')).toHaveText(`Переместить в филиал Ростов-на-Дону из филиала в Волгограде: ${product.name} — 1 шт.`);
  await expect(dialog.getByText(`Покупателю обещано к ${formatDayMonth(shopDayAfter(new Date(), 2))}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Товар прибыл в филиал' }).click();
  await expect(page.getByText('Заказ готов к выдаче', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Готов к выдаче', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Товар прибыл в филиал' })).toHaveCount(0);
});
