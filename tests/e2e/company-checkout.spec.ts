import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { adminApi, expect, test } from './fixtures.ts';
import { cartToCheckout, productsInStock } from './orders.ts';
import { TEST_SELLER_REQUISITES } from '../helpers/seller-requisites.ts';

/** Real requisites with valid check digits. */
const SBERBANK = {
  name: 'ПАО Сбербанк',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
};
const SBERBANK_TEXT = 'ПАО Сбербанк, ИНН 7707083893, КПП 773601001';

/**
 * «Оплата по счёту» is offered once the shop's own requisites are complete (settings «Реквизиты»):
 * filled in as an administrator does. Both projects save the same values.
 */
test.beforeAll(async ({}, testInfo) => {
  const admin = await adminApi(testInfo.project.use.baseURL!);
  const res = await admin.put('/api/admin/settings/requisites', { data: TEST_SELLER_REQUISITES });
  expect(res.status(), await res.text()).toBe(200);
  await admin.dispose();
});

/** A product put in the cart from its page, as a customer does; then the checkout page. */
async function productToCheckout(page: Page) {
  const [product] = await productsInStock(page.request, 10);
  expect(product, 'a product in stock').toBeDefined();
  const form = await cartToCheckout(page, product!.slug);
  await expect(form).toBeVisible();
  return form;
}

test('a new customer orders for an organisation added at checkout and pays by invoice', async ({ page, consoleErrors }, testInfo) => {
  const unique = `${testInfo.project.name}${Date.now().toString(36)}`;
  const email = `company.${unique}@example.ru`;
  const registered = await page.request.post('/api/register', { data: { username: `company_${unique}`, email, password: 'Крепкий-пароль-2026', consent: true } });
  expect(registered.status()).toBe(201);

  const form = await productToCheckout(page);
  await form.getByLabel('Имя и фамилия').fill('Анна Закупкина');
  await form.getByLabel('Телефон').fill('+7 900 555-12-34');
  await form.getByRole('textbox', { name: 'Адрес', exact: true }).fill('ул. Рабоче-Крестьянская, д. 10');
  await form.getByLabel('Город').fill('Волгоград');
  await form.getByLabel('Почтовый индекс').fill('400074');

  // A private person pays in the three ways; «Оплата по счёту» is an organisation's.
  const buyer = form.getByRole('radiogroup', { name: 'Покупатель' });
  await expect(buyer.getByRole('radio', { name: /Частное лицо/ })).toBeChecked();
  const invoice = form.getByRole('radio', { name: /Оплата по счёту/ });
  await expect(invoice).toHaveCount(0);
  await buyer.getByRole('radio', { name: /Организация/ }).check();

  // No organisations yet: the form to add one is open. Wrong check digits are refused as typed.
  const added = form.getByRole('group', { name: 'Новая организация' });
  await expect(added).toBeVisible();
  await added.getByLabel('Название').fill(SBERBANK.name);
  await added.getByLabel('ИНН').fill('7707083890');
  await added.getByLabel('КПП').fill(SBERBANK.kpp);
  await added.getByLabel('ОГРН или ОГРНИП').fill(SBERBANK.ogrn);
  await added.getByLabel('Юридический адрес').fill(SBERBANK.legalAddress);
  await added.getByRole('button', { name: 'Сохранить организацию' }).click();
  await expect(added.getByText('Неверный ИНН: не сходится контрольное число')).toBeVisible();
  await added.getByLabel('ИНН').fill(SBERBANK.inn);
  // Enter in its field saves the organisation, never the order.
  await added.getByLabel('ИНН').press('Enter');
  await expect(added).toHaveCount(0);
  const organizations = form.getByRole('radiogroup', { name: 'Организация, на которую оформить заказ' });
  await expect(organizations.getByRole('radio', { name: /ПАО Сбербанк/ })).toBeChecked();
  await expect(organizations).toContainText('ИНН 7707083893, КПП 773601001');
  await expect(page).toHaveURL(/\/checkout$/);

  // The fourth way to pay; back to a private person it goes, and the choice returns to the default.
  await expect(invoice).toBeVisible();
  await expect(form.getByText('Банковским переводом по счёту на организацию')).toBeVisible();
  await invoice.check();
  await buyer.getByRole('radio', { name: /Частное лицо/ }).check();
  await expect(invoice).toHaveCount(0);
  await expect(form.getByRole('radio', { name: /Наличными при получении/ })).toBeChecked();
  await buyer.getByRole('radio', { name: /Организация/ }).check();
  await expect(organizations.getByRole('radio', { name: /ПАО Сбербанк/ })).toBeChecked();
  await invoice.check();
  await expect(form.getByTestId('checkout-buyer-summary')).toHaveText(`Заказ будет оформлен на организацию: ${SBERBANK_TEXT}`);

  await form.getByRole('checkbox', { name: /согласие на обработку/ }).click();
  await form.getByRole('button', { name: /Оформить заказ на/ }).click();

  await expect(page).toHaveURL(/\/order-complete\/\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за заказ!' })).toBeVisible();
  await expect(page.getByText(SBERBANK_TEXT)).toBeVisible();
  await expect(page.getByText('Оплата по счёту', { exact: true })).toBeVisible();

  // The invoice is there to download from the order's page.
  const orderId = /\/order-complete\/(\d+)$/.exec(page.url())![1];
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Скачать счёт (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Счёт на оплату № ${orderId}.pdf`);
  expect(fs.readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  expect(consoleErrors).toEqual([]);
});

test('a visitor choosing «Организация» is asked to log in, and after logging in chooses one', async ({ page, consoleErrors }, testInfo) => {
  // The account exists, with an organisation; the visitor has not logged in on this page.
  const unique = `${testInfo.project.name}${Date.now().toString(36)}`;
  const account = { username: `firm_${unique}`, email: `firm.${unique}@example.ru`, password: 'Крепкий-пароль-2026' };
  const api = page.context().request;
  expect((await api.post('/api/register', { data: { ...account, consent: true } })).status()).toBe(201);
  expect((await api.post('/api/organizations', { data: SBERBANK })).status()).toBe(201);
  expect((await api.post('/api/logout')).ok()).toBe(true);

  const form = await productToCheckout(page);
  await form.getByRole('radiogroup', { name: 'Покупатель' }).getByRole('radio', { name: /Организация/ }).check();
  await expect(form.getByText('Войдите, чтобы оформить заказ на организацию')).toBeVisible();
  await expect(form.getByRole('radio', { name: /Оплата по счёту/ })).toHaveCount(0);

  await form.getByRole('button', { name: 'Войти или зарегистрироваться' }).click();
  const dialog = page.getByRole('dialog', { name: 'Войдите или зарегистрируйтесь' });
  await dialog.getByLabel('Имя пользователя').fill(account.username);
  await dialog.locator('#checkout-login-password').fill(account.password);
  await dialog.getByRole('button', { name: 'Войти' }).click();
  await expect(dialog).toHaveCount(0);

  // Logged in: the customer's organisation is there and chosen, «Оплата по счёту» offered; nothing was ordered yet.
  const organizations = form.getByRole('radiogroup', { name: 'Организация, на которую оформить заказ' });
  await expect(organizations.getByRole('radio', { name: /ПАО Сбербанк/ })).toBeChecked();
  await expect(form.getByRole('radio', { name: /Оплата по счёту/ })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(consoleErrors).toEqual([]);
});
