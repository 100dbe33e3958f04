import { request as playwrightRequest } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures.ts';
import { formatRub } from '../../src/shared/money.ts';
import { placeOrder } from './orders.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
const uniq = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('staff who log in at /auth land in the back office; a `next` still wins @back-office', async ({ page }) => {
  await page.goto('/auth');
  await waitForHydration(page);
  const login = page.getByRole('form', { name: 'Вход' });
  await login.getByLabel('Имя пользователя').fill(ADMIN.username);
  await login.getByRole('textbox', { name: 'Пароль', exact: true }).fill(ADMIN.password);
  await login.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Обзор' })).toBeVisible();

  // Signed in already: /auth sends staff to the back office, or to where `next` says.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/auth?next=%2Fcart');
  await expect(page).toHaveURL(/\/cart$/);
});

test('the dashboard says its category counts include hidden products; ЕНВД is not offered @back-office', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  const id = uniq();
  const category = await page.request.post('/api/categories', { data: { name: `Счёт ${id}`, slug: `schet-${id}` } });
  expect(category.status(), await category.text()).toBe(201);
  const categoryId = (await category.json()).id as number;
  for (const [n, isActive] of [[1, true], [2, false], [3, false]] as const) {
    const res = await page.request.post('/api/admin/products', {
      data: { sku: `CNT-${id}-${n}`, name: `Товар ${id} ${n}`, price: 1000, stock: 1, categoryId, isActive },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/admin');
  const panel = page.locator('[data-slot="card"]', { has: page.getByText('Товары по категориям') });
  await expect(panel.getByText('Все товары категории, включая скрытые с витрины.')).toBeVisible();
  await expect(panel.getByRole('listitem').filter({ hasText: `Счёт ${id}` })).toContainText('3, скрытых 2');

  await page.goto('/admin/settings?tab=payment');
  const taxSystem = page.getByLabel('Система налогообложения');
  await expect(taxSystem.locator('option')).toHaveText([
    'Общая система (ОСН)',
    'Упрощённая, доходы (УСН доходы)',
    'Упрощённая, доходы минус расходы (УСН доходы − расходы)',
    'Единый сельскохозяйственный налог (ЕСХН)',
    'Патентная система (ПСН)',
  ]);
});

test('price lists come first; the JSON import is out of the menu, reached from the price lists @back-office', async ({ page }) => {
  expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Разделы панели управления' });
  await expect(menu.getByRole('link')).toHaveText([
    'Обзор',
    'Товары',
    'Импорт прайс-листов',
    'Адаптер каталога',
    'Товар по ссылке',
    'Массовая загрузка',
    'Категории',
    'Характеристики',
    'Заказы',
    'Отзывы',
    'Клиенты',
    'Настройки',
    'Вернуться в магазин',
  ]);
  const quick = page.getByRole('region', { name: 'Быстрые действия' });
  await expect(quick.getByRole('link', { name: /Импорт прайс-листов/ })).toHaveAttribute('href', '/admin/supplier-importer');
  await expect(page.locator('a[href="/admin/import"]')).toHaveCount(0);

  await quick.getByRole('link', { name: /Импорт прайс-листов/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Импорт прайс-листов');
  await page.getByRole('link', { name: 'загрузка товаров JSON-списком' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Импорт товаров из JSON');
});

test("the customer card shows name, phone, addresses, orders and their total; blocking is no row's loud button @back-office", async ({ page, baseURL }) => {
  expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  const username = `karta_${uniq()}`;
  const password = 'Pokupatel-e2e-77';
  const created = await page.request.post('/api/admin/users', {
    data: { username, email: `${username}@example.ru`, password, fullName: 'Ольга Карточкина', phone: '+7 928 765-43-21', role: 'user', isActive: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const customer = await playwrightRequest.newContext({ baseURL });
  try {
    expect((await customer.post('/api/login', { data: { username, password } })).status()).toBe(200);
    const address = { label: 'Объект', recipientName: 'Ольга Карточкина', phone: '+7 928 765-43-21', address: 'пр. Ленина, 10', city: 'Ростов-на-Дону', postalCode: '344000', isDefault: true };
    expect((await customer.post('/api/addresses', { data: address })).status()).toBe(201);
    const first = await placeOrder(customer, `${username}@example.ru`);
    const second = await placeOrder(customer, `${username}@example.ru`);
    expect((await page.request.patch(`/api/orders/${second}/status`, { data: { status: 'cancelled' } })).status()).toBe(200);
    const firstTotal = ((await (await page.request.get(`/api/admin/orders/${first}`)).json()) as { totalAmount: number }).totalAmount;

    await page.goto(`/admin/users?query=${username}`);
    const row = page.getByTestId('admin-user-row').filter({ hasText: username });
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: /Блокировать/ })).toHaveCount(0);
    await row.getByRole('button', { name: `Карточка клиента: ${username}` }).click();
    const card = page.getByRole('dialog', { name: 'Карточка клиента' });
    await expect(card.getByText('Ольга Карточкина', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: '+7 928 765-43-21' })).toBeVisible();
    await expect(card).toContainText('344000, Ростов-на-Дону, пр. Ленина, 10');
    await expect(card.getByTestId('customer-orders-total')).toHaveText(`2 заказа на ${formatRub(firstTotal)} (без отменённых)`);
    await expect(card.getByRole('link', { name: `Заказ №${first}` })).toHaveAttribute('href', `/admin/orders?query=${first}`);
    await expect(card.getByRole('link', { name: `Заказ №${second}` })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Заблокировать' })).toBeVisible();
  } finally {
    await customer.dispose();
  }
});

/** '14:05' of an ISO moment in Moscow time (UTC+3 all year), worked out without any formatter. */
const moscowTime = (iso: string) => {
  const moscow = new Date(new Date(iso).getTime() + 3 * 60 * 60 * 1000);
  return `${String(moscow.getUTCHours()).padStart(2, '0')}:${String(moscow.getUTCMinutes()).padStart(2, '0')}`;
};

test('staff work an order: Moscow time, lines edited with stock, internal comments, payment link, print; a pickup order gets «Готов к выдаче» @back-office', async ({ page, baseURL }) => {
  expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  const username = `zakaz_${uniq()}`;
  const password = 'Pokupatel-e2e-77';
  const email = `${username}@example.ru`;
  expect((await page.request.post('/api/admin/users', { data: { username, email, password, role: 'user', isActive: true } })).status()).toBe(201);
  const customer = await playwrightRequest.newContext({ baseURL });
  try {
    expect((await customer.post('/api/login', { data: { username, password } })).status()).toBe(200);
    const orderId = await placeOrder(customer, email);
    const placed = (await (await page.request.get(`/api/admin/orders/${orderId}`)).json()) as { createdAt: string; items: { productName: string; productId: number }[] };
    const line = placed.items[0]!;
    const stockBefore = ((await (await page.request.get(`/api/products/${line.productId}`)).json()) as { stock: number }).stock;

    await page.goto(`/admin/orders?query=${orderId}`);
    await page.getByRole('button', { name: `Детали заказа №${orderId}` }).click();
    const detail = page.getByRole('dialog', { name: `Заказ №${orderId}` });
    // The server and the browser run in UTC; the order's time is Moscow time.
    await expect(detail.getByText(/^от /)).toContainText(moscowTime(placed.createdAt));

    await detail.getByRole('button', { name: 'Изменить состав' }).click();
    const edit = page.getByRole('dialog', { name: `Изменить заказ №${orderId}` });
    await edit.getByLabel(`Количество: ${line.productName}`).fill('2');
    await edit.getByLabel('Стоимость доставки, ₽').fill('350');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Заказ изменён', { exact: true })).toBeVisible();
    const history = detail.getByRole('list', { name: 'История статусов' });
    await expect(history).toContainText(`Состав: «${line.productName}»: 1 шт. → «${line.productName}»: 2 шт.`);
    await expect(history).toContainText('Доставка:');
    await expect(history).toContainText('350');
    const stockAfter = ((await (await page.request.get(`/api/products/${line.productId}`)).json()) as { stock: number }).stock;
    expect(stockAfter).toBe(stockBefore - 1);

    await detail.getByLabel('Новый комментарий').fill('Покупатель просил позвонить после 18:00');
    await detail.getByRole('button', { name: 'Добавить комментарий' }).click();
    await expect(detail.getByText('Покупатель просил позвонить после 18:00')).toBeVisible();
    expect(await (await customer.get(`/api/orders/${orderId}`)).text()).not.toContain('после 18:00');

    await expect(detail.getByRole('link', { name: 'Печать' })).toHaveAttribute('href', `/admin/orders/${orderId}/print`);
    await page.goto(`/admin/orders/${orderId}/print`);
    await expect(page.getByRole('heading', { level: 1, name: `Заказ №${orderId}` })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Товары заказа' })).toContainText(line.productName);
    await expect(page.getByText('Покупатель Проверочный')).toBeVisible();
    await expect(page.getByText('400005, Волгоград, ул. Мира, д. 5, кв. 12')).toBeVisible();
    await expect(page.getByText('350 ₽').first()).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Разделы панели управления' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Печать' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: `Заказ №${orderId}` })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    // An unpaid online order: the customer gets the order page, where «Оплатить» works.
    const onlineId = await placeOrder(customer, email, { paymentMethod: 'online' });
    await page.goto(`/admin/orders?query=${onlineId}`);
    await page.getByRole('button', { name: `Детали заказа №${onlineId}` }).click();
    await page.getByRole('dialog', { name: `Заказ №${onlineId}` }).getByRole('button', { name: 'Отправить ссылку на оплату' }).click();
    await expect(page.getByText('Ссылка на оплату отправлена', { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // A pickup order: staff choose «Готов к выдаче» (a pickup is never «Отправлен»), the customer reads it.
    const cartId = crypto.randomUUID();
    expect((await customer.post('/api/cart/items', { data: { cartId, productId: line.productId, quantity: 1 } })).ok()).toBe(true);
    const { branches } = (await (await customer.get(`/api/cart/${cartId}/pickup`)).json()) as { branches: { id: number; available: boolean }[] };
    const branch = branches.find((b) => b.available);
    expect(branch, 'a branch that hands out the cart').toBeDefined();
    const pickupId = await placeOrder(customer, email, { deliveryMethod: 'pickup', pickupBranchId: branch!.id, address: '', city: '', postalCode: '' }, line.productId);
    await page.goto(`/admin/orders?query=${pickupId}`);
    await page.getByRole('button', { name: `Изменить статус заказа №${pickupId}` }).click();
    const statusDialog = page.getByRole('dialog', { name: `Изменить статус заказа №${pickupId}` });
    await expect(statusDialog.getByLabel('Статус заказа').locator('option', { hasText: 'Отправлен' })).toHaveCount(0);
    await statusDialog.getByLabel('Статус заказа').selectOption({ label: 'Готов к выдаче' });
    await statusDialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Статус заказа обновлён', { exact: true })).toBeVisible();
    expect(((await (await customer.get(`/api/orders/${pickupId}`)).json()) as { status: string }).status).toBe('ready');
  } finally {
    await customer.dispose();
  }
});
