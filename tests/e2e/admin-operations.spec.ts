import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { shopToday } from '../../src/shared/dates.ts';
import { formatPhone, normalizePhone } from '../../src/shared/phone.ts';
import type { ShopSettings } from '../../src/shared/schemas/settings.ts';
import { axeViolations, expect, isMobile, test } from './fixtures.ts';
import { placeOrder } from './orders.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
const PASSWORD = 'Pokupatel-e2e-77';
/** Unique per run and per project: desktop and mobile runs share one server. */
const uniq = () => randomBytes(3).toString('hex');

async function login(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post('/api/login', { data: user });
  expect(res.status(), `login as ${user.username}`).toBe(200);
}

/** A customer made by the administrator (the registration form is another issue's test). */
async function createCustomer(admin: APIRequestContext, username: string) {
  const res = await admin.post('/api/admin/users', {
    data: { username, email: `${username}@example.ru`, password: PASSWORD, fullName: 'Покупатель Проверочный', role: 'user', isActive: true },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** A second browser for the customer, logged in. */
async function customerPage(browser: Browser, baseURL: string, username: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page.request, { username, password: PASSWORD });
  return { page, close: () => context.close() };
}

const details = (page: Page, id: number) => page.getByRole('button', { name: `Детали заказа №${id}` });

test.describe('back office: orders, customers, settings', { tag: '@back-office' }, () => {
  test('an admin filters orders by status and date, changes a status, and the customer sees it in the profile', async ({
    page,
    browser,
    baseURL,
    consoleErrors,
  }) => {
    void consoleErrors; // the fixture fails the test on any console error in the admin's page
    const username = `zakaz_${uniq()}`;
    await login(page.request, ADMIN);
    await createCustomer(page.request, username);
    const customer = await customerPage(browser, baseURL!, username);
    try {
      const pendingId = await placeOrder(customer.page.request, `${username}@example.ru`);
      const processingId = await placeOrder(customer.page.request, `${username}@example.ru`);
      expect((await page.request.patch(`/api/orders/${processingId}/status`, { data: { status: 'processing' } })).status()).toBe(200);

      await page.goto('/admin/orders');
      await expect(page.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible();
      await expect(details(page, pendingId)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // Status filter: 'Ожидает обработки' keeps the pending order only, 'В обработке' the other.
      const status = page.getByLabel('Статус', { exact: true });
      await status.selectOption({ label: 'Ожидает обработки' });
      await expect(page).toHaveURL(/status=pending/);
      await expect(details(page, pendingId)).toBeVisible();
      await expect(details(page, processingId)).toBeHidden();
      await status.selectOption({ label: 'В обработке' });
      await expect(details(page, processingId)).toBeVisible();
      await expect(details(page, pendingId)).toBeHidden();
      await status.selectOption({ label: 'Все статусы' });

      // Date filter: today (shop time) shows both; a range that ended yesterday shows neither.
      const today = shopToday();
      const yesterday = shopToday(new Date(Date.now() - 24 * 60 * 60 * 1000));
      await page.getByLabel('Дата с').fill(today);
      await page.getByLabel('Дата по').fill(today);
      await expect(page).toHaveURL(new RegExp(`startDate=${today}&endDate=${today}`));
      await expect(details(page, pendingId)).toBeVisible();
      await expect(details(page, processingId)).toBeVisible();
      await page.getByLabel('Дата с').fill(yesterday);
      await page.getByLabel('Дата по').fill(yesterday);
      await expect(page).toHaveURL(new RegExp(`endDate=${yesterday}`));
      await expect(details(page, pendingId)).toBeHidden();
      await expect(details(page, processingId)).toBeHidden();
      await page.getByRole('button', { name: 'Сбросить' }).click();

      // The status dialog: the pending order is shipped and marked paid.
      await page.getByLabel('Поиск', { exact: true }).fill(String(pendingId));
      await page.getByRole('button', { name: `Изменить статус заказа №${pendingId}` }).click();
      const dialog = page.getByRole('dialog', { name: `Изменить статус заказа №${pendingId}` });
      await dialog.getByLabel('Статус заказа').selectOption({ label: 'Отправлен' });
      await dialog.getByLabel('Статус оплаты').selectOption({ label: 'Оплачен' });
      await dialog.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByText('Статус заказа обновлён', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();

      // The detail dialog: the lines, the totals and the history with who changed what.
      await details(page, pendingId).click();
      const detail = page.getByRole('dialog', { name: `Заказ №${pendingId}` });
      await expect(detail.getByText('ул. Мира, д. 5, кв. 12')).toBeVisible();
      await expect(detail.getByText('Наличными при получении')).toBeVisible();
      const history = detail.getByRole('list', { name: 'История статусов' });
      await expect(history).toContainText('Статус: Ожидает обработки → Отправлен');
      await expect(history).toContainText('Оплата: Ожидает оплаты → Оплачен');
      await expect(history).toContainText('admin');
      await page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      // The customer sees the new status in the profile.
      await customer.page.goto('/profile');
      const card = customer.page.locator('[data-slot="card"]').filter({ has: customer.page.getByRole('heading', { name: `Заказ № ${pendingId}` }) });
      await expect(card).toContainText('Отправлен');
    } finally {
      await customer.close();
    }
  });

  test('an admin blocks a customer, who is logged out at once and cannot log in again', async ({ page, browser, baseURL, consoleErrors }) => {
    void consoleErrors;
    const username = `blok_${uniq()}`;
    await login(page.request, ADMIN);
    await createCustomer(page.request, username);
    const customer = await customerPage(browser, baseURL!, username);
    try {
      await customer.page.goto('/profile');
      await expect(customer.page.getByRole('heading', { name: 'Личный кабинет', level: 1 })).toBeVisible();

      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { name: 'Управление клиентами' })).toBeVisible();
      await page.getByLabel('Поиск', { exact: true }).fill(username);
      await page.getByRole('button', { name: 'Применить' }).click();
      await expect(page.getByText('Всего: 1')).toBeVisible();
      const item = page.getByTestId(isMobile(page) ? 'admin-user-card' : 'admin-user-row').filter({ hasText: username });
      await expect(item.getByText('Активен', { exact: true })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // Blocking is in the customer's card, not on the row.
      await expect(item.getByRole('button', { name: /Блокировать/ })).toHaveCount(0);
      await item.getByRole('button', { name: `Карточка клиента: ${username}` }).click();
      const card = page.getByRole('dialog', { name: 'Карточка клиента' });
      await card.getByRole('button', { name: 'Заблокировать' }).click();
      const confirm = page.getByRole('dialog', { name: 'Заблокировать пользователя?' });
      await confirm.getByRole('button', { name: 'Блокировать' }).click();
      await expect(page.getByText('Пользователь деактивирован', { exact: true })).toBeVisible();
      await expect(item.getByText('Неактивен', { exact: true })).toBeVisible();
      await item.getByRole('button', { name: `Карточка клиента: ${username}` }).click();
      await expect(card.getByRole('button', { name: 'Активировать' })).toBeVisible();
      await page.keyboard.press('Escape');

      // The customer's session is gone: the profile sends them to the login page.
      await customer.page.reload();
      await expect(customer.page).toHaveURL(/\/auth\?next=%2Fprofile/);
      expect((await customer.page.request.get('/api/user')).status()).toBe(401);
      const again = await customer.page.request.post('/api/login', { data: { username, password: PASSWORD } });
      expect(again.status()).toBe(403);
      expect((await again.json()).message).toBe('Учётная запись заблокирована');
    } finally {
      await customer.close();
    }
  });

  test("an admin changes the shop's phone and the storefront's contacts show it at once, written one way", async ({ page, consoleErrors }) => {
    void consoleErrors;
    await login(page.request, ADMIN);
    const original = (await (await page.request.get('/api/admin/settings/shop')).json()) as ShopSettings;
    const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
    const phone = `8 800 ${digits(3)}-${digits(2)}-${digits(2)}`;
    try {
      await page.goto('/admin/settings');
      const field = page.getByRole('textbox', { name: 'Телефон', exact: true });
      await expect(field).toHaveValue(formatPhone(original.contactPhone));
      expect(await axeViolations(page)).toEqual([]);
      const save = page.getByRole('button', { name: 'Сохранить настройки' });
      await expect(save).toBeDisabled();

      await field.fill('');
      await save.click();
      await expect(page.getByText('Телефон обязателен')).toBeVisible();
      await field.fill(phone);
      await save.click();
      await expect(page.getByText('Настройки сохранены', { exact: true })).toBeVisible();
      await expect(save).toBeDisabled();

      // Kept as +7 and ten digits, shown «+7 800 …» (the header shows the city's branch's phone).
      const shown = formatPhone(normalizePhone(phone)!);
      await expect(field).toHaveValue(shown);
      // Back to the shop inside the app: the footer shows the new phone without a reload...
      if (isMobile(page)) await page.getByRole('button', { name: 'Открыть меню панели управления' }).click();
      await page.getByRole('link', { name: 'Вернуться в магазин' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('contentinfo').getByRole('link', { name: shown })).toBeVisible();
      // ...and so does every page the server renders.
      const html = await (await page.request.get('/contacts')).text();
      expect(html).toContain(shown);
      await page.goto('/about');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: shown })).toBeVisible();
    } finally {
      expect((await page.request.put('/api/admin/settings/shop', { data: original })).status()).toBe(200);
    }
  });
});
