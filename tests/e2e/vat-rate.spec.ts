import type { Page } from '@playwright/test';
import { formatRub, hasPrice } from '../../src/shared/money.ts';
import type { ShopSettings } from '../../src/shared/schemas/settings.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

type ApiProduct = { slug: string; name: string; price: number | null; stock: number | null };

/** Chooses the rate in «Настройки → Магазин» and saves it, as an administrator does. */
async function setVatRate(page: Page, label: string) {
  await page.goto('/admin/settings');
  const select = page.getByRole('combobox', { name: 'Ставка НДС' });
  await select.selectOption({ label });
  await page.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(page.getByText('Настройки сохранены', { exact: true })).toBeVisible();
  await expect(select).toHaveValue(label === 'Без НДС' ? '0' : label.replace(' %', ''));
}

/** «Ваш заказ» on the checkout page, loaded afresh. */
async function checkoutSummary(page: Page) {
  await page.goto('/checkout');
  await waitForHydration(page);
  return page.getByRole('heading', { name: 'Ваш заказ' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
}

test('an admin sets the VAT rate: the checkout summary follows it, «Без НДС» has no VAT line', { tag: '@back-office' }, async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const res = await page.request.post('/api/login', { data: { username: 'admin', password: 'Admin-e2e-pass-2026' } });
  expect(res.status()).toBe(200);
  const original = (await (await page.request.get('/api/admin/settings/shop')).json()) as ShopSettings;
  const list = (await (await request.get('/api/products')).json()) as { products: ApiProduct[] };
  const product = list.products.find((p) => hasPrice(p.price) && (p.stock ?? 0) >= 10)!;
  const price = product.price!;
  const delivery = price >= original.freeDeliveryThreshold ? 0 : 500;

  try {
    await setVatRate(page, '22 %');

    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await page.getByRole('main').getByRole('button', { name: 'Добавить в корзину' }).first().click();
    await expect(page.getByText('Товар успешно добавлен в вашу корзину', { exact: true })).toBeVisible();

    let summary = await checkoutSummary(page);
    // 22 % of the goods on top, in whole roubles, worked out here apart from the server.
    const vat = Math.round(price * 0.22);
    await expect(summary.getByText('НДС (22%)', { exact: true })).toBeVisible();
    await expect(summary.getByText('НДС (20%)')).toHaveCount(0);
    await expect(summary.getByTestId('order-total')).toHaveText(formatRub(price + vat + delivery));

    await setVatRate(page, 'Без НДС');
    summary = await checkoutSummary(page);
    await expect(summary.getByTestId('order-total')).toHaveText(formatRub(price + delivery));
    await expect(summary.getByText(/НДС/)).toHaveCount(0);

    // The info pages do not contradict the summary.
    await page.goto('/shipping');
    await expect(page.getByText('Товары продаются без НДС: налог к их стоимости не начисляется.')).toBeVisible();
  } finally {
    expect((await page.request.put('/api/admin/settings/shop', { data: original })).status()).toBe(200);
  }
});

test('«Отменить изменения» puts back what is saved, also after the settings were saved once', { tag: '@back-office' }, async ({ page, consoleErrors }) => {
  void consoleErrors;
  const res = await page.request.post('/api/login', { data: { username: 'admin', password: 'Admin-e2e-pass-2026' } });
  expect(res.status()).toBe(200);
  const original = (await (await page.request.get('/api/admin/settings/shop')).json()) as ShopSettings;
  try {
    await setVatRate(page, '10 %');
    const name = page.getByLabel('Название магазина');
    const select = page.getByRole('combobox', { name: 'Ставка НДС' });
    await name.fill('Черновик, который не сохраняют');
    await select.selectOption({ label: '22 %' });
    await page.getByRole('button', { name: 'Отменить изменения' }).click();
    await expect(name).toHaveValue(original.shopName);
    await expect(select).toHaveValue('10');
    await expect(page.getByRole('button', { name: 'Сохранить настройки' })).toBeDisabled();
  } finally {
    expect((await page.request.put('/api/admin/settings/shop', { data: original })).status()).toBe(200);
  }
});
