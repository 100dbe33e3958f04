import type { Locator, Page, TestInfo } from '@playwright/test';
import { axeViolations, expect, test, waitForHydration } from './fixtures.ts';

/** A customer of this test and project only: both projects run against the same server. */
async function registerCustomer(page: Page, testInfo: TestInfo, prefix: string) {
  const id = `${prefix}${testInfo.project.name.slice(0, 1)}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const res = await page.request.post('/api/register', { data: { username: id, email: `${id}@example.ru`, password: `Stanok-${id}-42`, consent: true } });
  expect(res.status(), await res.text()).toBe(201);
}

async function openTab(page: Page) {
  await page.goto('/profile?tab=organizations');
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: 'Организации' })).toHaveAttribute('aria-selected', 'true');
}

const input = (dialog: Locator, label: string) => dialog.getByRole('textbox', { name: label, exact: true });

test('a customer adds an organisation, corrects a wrong ИНН, edits and deletes it', { tag: '@phone' }, async ({ page }, testInfo) => {
  await registerCustomer(page, testInfo, 'org');
  await openTab(page);
  await expect(page.getByText('Вы ещё не добавили ни одной организации', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Добавить организацию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая организация' });
  await dialog.getByRole('button', { name: 'Добавить организацию' }).click();
  await expect(dialog.getByText('Введите название организации', { exact: true })).toBeVisible();
  await expect(dialog.getByText('ИНН: 10 цифр для организации или 12 для ИП', { exact: true })).toBeVisible();

  await input(dialog, 'ИНН').fill('7707083894');
  await input(dialog, 'КПП').fill('773601001');
  await input(dialog, 'Название').fill('ПАО Сбербанк');
  await input(dialog, 'ОГРН / ОГРНИП').fill('1027700132195');
  await input(dialog, 'Юридический адрес').fill('117312, г. Москва, ул. Вавилова, д. 19');
  await input(dialog, 'БИК').fill('044525225');
  await input(dialog, 'Расчётный счёт').fill('40702810938000000002');
  await dialog.getByRole('button', { name: 'Добавить организацию' }).click();
  await expect(dialog.getByText('Неверный ИНН: не сходится контрольное число', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Неверный расчётный счёт: не сходится контрольное число с БИК', { exact: true })).toBeVisible();
  await expect(input(dialog, 'ИНН')).toBeFocused();
  expect(await axeViolations(page, { within: '[role="dialog"]' })).toEqual([]);

  // Corrected: the look-up finds the company, and what was typed by hand stays.
  await input(dialog, 'ИНН').fill('7707083893');
  await expect(dialog.getByText('Найдено: ПАО СБЕРБАНК. Поля уже заполнены, мы их не меняли.', { exact: true })).toBeVisible();
  await expect(input(dialog, 'Название')).toHaveValue('ПАО Сбербанк');
  await input(dialog, 'Расчётный счёт').fill('40702810938000000001');
  await input(dialog, 'Корреспондентский счёт').fill('30101810400000000225');
  await dialog.getByRole('button', { name: 'Добавить организацию' }).click();
  await expect(page.getByText('Организация добавлена', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Мои организации' });
  const sber = list.getByRole('listitem').filter({ hasText: 'ПАО Сбербанк' });
  await expect(sber).toContainText('7707083893 / КПП 773601001');
  await expect(sber).toContainText('1027700132195');
  await expect(sber).toContainText('117312, г. Москва, ул. Вавилова, д. 19');
  await expect(sber).toContainText('40702810938000000001');
  expect(await axeViolations(page)).toEqual([]);

  await sber.getByRole('button', { name: 'Изменить организацию «ПАО Сбербанк»' }).click();
  const edit = page.getByRole('dialog', { name: 'Изменить организацию' });
  await expect(input(edit, 'ОГРН / ОГРНИП')).toHaveValue('1027700132195');
  await input(edit, 'Название').fill('ПАО Сбербанк России');
  await input(edit, 'КПП').fill('');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(edit.getByText('Укажите КПП организации', { exact: true })).toBeVisible();
  await input(edit, 'КПП').fill('773601001');
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Организация сохранена', { exact: true })).toBeVisible();
  const renamed = list.getByRole('listitem').filter({ hasText: 'ПАО Сбербанк России' });
  await expect(renamed).toBeVisible();

  // What the screen shows is what the server keeps.
  const saved = (await (await page.request.get('/api/organizations')).json()) as { organizations: { name: string; account: string }[] };
  expect(saved.organizations.map((o) => [o.name, o.account])).toEqual([['ПАО Сбербанк России', '40702810938000000001']]);

  await renamed.getByRole('button', { name: 'Удалить организацию «ПАО Сбербанк России»' }).click();
  await page.getByRole('dialog', { name: 'Удалить организацию?' }).getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Организация удалена', { exact: true })).toBeVisible();
  await expect(page.getByText('Вы ещё не добавили ни одной организации', { exact: true })).toBeVisible();
});

test('a complete ИНН fills the empty fields from the register, and a liquidated company is said so', async ({ page }, testInfo) => {
  await registerCustomer(page, testInfo, 'orglk');
  await openTab(page);
  await page.getByRole('button', { name: 'Добавить организацию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая организация' });

  await input(dialog, 'ИНН').fill('3444012349');
  await expect(dialog.getByText('Организация «ООО "СТАРЫЙ СТАНОК"» ликвидирована (15 марта 2021 г.). Проверьте ИНН', { exact: true })).toBeVisible();
  await expect(input(dialog, 'Название')).toHaveValue('');

  await input(dialog, 'ИНН').fill('500100732259');
  await expect(dialog.getByText('По ИНН заполнено: название, ОГРНИП, юридический адрес.', { exact: true })).toBeVisible();
  await expect(input(dialog, 'Название')).toHaveValue('ИП Кузнецов Сергей Петрович');
  await expect(input(dialog, 'ОГРН / ОГРНИП')).toHaveValue('304500116000157');
  await expect(input(dialog, 'Юридический адрес')).toHaveValue('143960, Московская обл, г Реутов');
  await expect(input(dialog, 'КПП')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Добавить организацию' }).click();
  await expect(page.getByText('Организация добавлена', { exact: true })).toBeVisible();
  const ip = page.getByRole('list', { name: 'Мои организации' }).getByRole('listitem').filter({ hasText: 'ИП Кузнецов Сергей Петрович' });
  await expect(ip).toContainText('ОГРНИП');
  await expect(ip).toContainText('304500116000157');
});
