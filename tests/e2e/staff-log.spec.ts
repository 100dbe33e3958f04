import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { shopToday } from '../../src/shared/dates.ts';
import { axeViolations, expect, test } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
const PASSWORD = 'Menedzher-e2e-77';
/** Unique per run and per project: desktop and mobile runs share one server. */
const uniq = () => randomBytes(3).toString('hex');

async function login(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post('/api/login', { data: user });
  expect(res.status(), `login as ${user.username}`).toBe(200);
}

test.describe('«Журнал действий»', { tag: '@back-office' }, () => {
  test('an admin opens the log, filters it by person, kind and date, and reads what a manager changed', async ({ page, browser, baseURL }) => {
    await login(page.request, ADMIN);
    const username = `menedzher_${uniq()}`;
    const created = await page.request.post('/api/admin/users', {
      data: { username, email: `${username}@example.ru`, password: PASSWORD, role: 'manager', isActive: true },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The manager changes a product's price in their own session.
    const managerContext = await browser.newContext({ baseURL });
    const product = (await (await page.request.get('/api/products?limit=1')).json()).products[0] as { id: number; name: string; price: number | null };
    try {
      await login(managerContext.request, { username, password: PASSWORD });
      const patched = await managerContext.request.patch(`/api/products/${product.id}`, { data: { price: 12990 } });
      expect(patched.status(), await patched.text()).toBe(200);
    } finally {
      await managerContext.close();
    }

    try {
      await page.goto('/admin/settings');
      await page.getByRole('tab', { name: /Журнал/ }).click();
      await expect(page).toHaveURL(/tab=log/);
      await expect(page.getByRole('heading', { name: 'Журнал действий' })).toBeVisible();
      const entries = page.getByTestId('staff-action');
      await expect(entries.first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // Only the manager's entries: the price change, was and now, from their address.
      await page.getByLabel('Сотрудник').selectOption({ label: username });
      await expect(page).toHaveURL(/person=id%3A\d+/);
      await expect(entries).toHaveCount(1);
      const entry = entries.first();
      await expect(entry.getByText('Товар изменён')).toBeVisible();
      await expect(entry.getByText(`Товар «${product.name}»`)).toBeVisible();
      await expect(entry.getByText(username, { exact: true })).toBeVisible();
      await expect(entry.getByText(/адрес (::ffff:)?127\.0\.0\.1|адрес ::1/)).toBeVisible();
      await expect(entry.getByText('Цена')).toBeVisible();
      await expect(entry.getByText(/12\s990\s₽/)).toBeVisible();

      // A kind the manager did not do: nothing.
      await page.getByLabel('Действие').selectOption({ label: 'Статус заказа изменён' });
      await expect(page.getByText('Записей не найдено')).toBeVisible();
      await page.getByLabel('Действие').selectOption({ label: 'Товар изменён' });
      await expect(entries).toHaveCount(1);

      // Today (shop time) keeps it; a range that ended yesterday does not.
      const today = shopToday();
      const yesterday = shopToday(new Date(Date.now() - 24 * 60 * 60 * 1000));
      await page.getByLabel('Дата с').fill(today);
      await expect(page).toHaveURL(new RegExp(`startDate=${today}`));
      await expect(entries).toHaveCount(1);
      // A period given backwards is pointed out, not asked of the server.
      await page.getByLabel('Дата по').fill(yesterday);
      await expect(page.getByRole('alert').filter({ hasText: 'Дата начала позже даты окончания' })).toBeVisible();
      await expect(page.getByText('Не удалось загрузить журнал действий')).toHaveCount(0);
      await page.getByLabel('Дата с').fill(yesterday);
      await page.getByLabel('Дата по').fill(yesterday);
      await expect(page.getByText('Записей не найдено')).toBeVisible();

      await page.getByRole('button', { name: 'Сбросить' }).click();
      await expect(page).toHaveURL(/\/admin\/settings\?tab=log$/);
      await expect(entries.first()).toBeVisible();
    } finally {
      expect((await page.request.patch(`/api/products/${product.id}`, { data: { price: product.price } })).status()).toBe(200);
    }
  });
});
