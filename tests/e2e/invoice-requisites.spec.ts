import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import { TEST_BUYER_ORGANIZATION, TEST_SELLER_REQUISITES } from '../helpers/seller-requisites.ts';
import { pdfText } from '../helpers/pdf.ts';
import { axeViolations, expect, test } from './fixtures.ts';
import { placeOrder } from './orders.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
const PASSWORD = 'Invoice-e2e-pass-1';

test.describe('«Реквизиты» and the invoice', { tag: '@back-office' }, () => {
  test('an admin sees the seller’s requisites, a wrong ИНН is refused under its field, the tab says what an invoice lacks', async ({ page }) => {
    expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
    await page.goto('/admin/settings?tab=requisites');
    await expect(page.getByRole('tab', { name: 'Реквизиты' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Реквизиты магазина' })).toBeVisible();
    // The e2e server starts with the test seller's requisites: invoices are issued.
    await expect(page.getByText('Счета выставляются')).toBeVisible();
    await expect(page.getByLabel('ИНН', { exact: true })).toHaveValue(TEST_SELLER_REQUISITES.inn);
    expect(await axeViolations(page)).toEqual([]);

    const save = page.getByRole('button', { name: 'Сохранить' });
    await page.getByLabel('ИНН', { exact: true }).fill('3444012340');
    await save.click();
    await expect(page.getByText('Неверный ИНН: не сходится контрольное число')).toBeVisible();

    // Without a director no invoice can be signed: saved, and the tab says so; the checkout no longer offers it.
    await page.getByLabel('ИНН', { exact: true }).fill(TEST_SELLER_REQUISITES.inn);
    await page.getByLabel('Руководитель').fill('');
    await save.click();
    await expect(page.getByText('Реквизиты магазина обновлены', { exact: true })).toBeVisible();
    await expect(page.getByTestId('requisites-missing')).toHaveText('Не заполнено: Руководитель.');
    expect((await (await page.request.get('/api/settings/public')).json()).invoiceAvailable).toBe(false);

    await page.getByLabel('Руководитель').fill(TEST_SELLER_REQUISITES.director);
    await save.click();
    await expect(page.getByText('Счета выставляются')).toBeVisible();
    expect((await (await page.request.get('/api/settings/public')).json()).invoiceAvailable).toBe(true);
  });

  test('a customer downloads the invoice of an order paid by invoice from the order page', async ({ page, baseURL }) => {
    const unique = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const email = `invoice.${unique}@example.ru`;
    const customer = page.request;
    expect((await customer.post('/api/register', { data: { username: `inv_${unique}`, email, password: PASSWORD, consent: true } })).status()).toBe(201);
    const organization = await customer.post('/api/organizations', { data: TEST_BUYER_ORGANIZATION });
    expect(organization.status()).toBe(201);
    const orderId = await placeOrder(customer, email, { paymentMethod: 'invoice', buyer: { type: 'company', organizationId: (await organization.json()).id } });

    await page.goto(`/order-complete/${orderId}`);
    await expect(page.getByText('Оплата по счёту')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Скачать счёт (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Счёт на оплату № ${orderId}.pdf`);
    const text = await pdfText(fs.readFileSync((await download.path())!));
    expect(text).toContain(`Счёт на оплату № ${orderId} от`);
    expect(text).toContain(TEST_SELLER_REQUISITES.bankName);

    // Another customer's link leads nowhere.
    const stranger = await playwrightRequest.newContext({ baseURL });
    const other = `invoice.o${unique}@example.ru`;
    expect((await stranger.post('/api/register', { data: { username: `invo_${unique}`, email: other, password: PASSWORD, consent: true } })).status()).toBe(201);
    expect((await stranger.get(`/api/orders/${orderId}/invoice.pdf`)).status()).toBe(404);
    await stranger.dispose();
  });
});
