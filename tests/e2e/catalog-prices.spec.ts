import type { Page } from '@playwright/test';
import { formatRub, hasPrice } from '../../src/shared/money.ts';
import type { ShopSettings } from '../../src/shared/schemas/settings.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

type ApiProduct = { slug: string; name: string; price: number | null; stock: number | null };

/** Chooses «Цены в каталоге» in «Настройки → Магазин» and saves it, as an administrator does. */
async function setCatalogPrices(page: Page, label: string) {
  await page.goto('/admin/settings');
  const select = page.getByRole('combobox', { name: 'Цены в каталоге' });
  await select.selectOption({ label });
  await page.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(page.getByText('Настройки сохранены', { exact: true })).toBeVisible();
}

/** The cart's «Информация о заказе», loaded afresh. */
async function cartSummary(page: Page) {
  await page.goto('/cart');
  await waitForHydration(page);
  return page.getByRole('heading', { name: 'Информация о заказе' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
}

test('«Цены в каталоге»: «без НДС» at the prices and the price with VAT on the product page, or «в т. ч. НДС (20%)» in the cart', async ({ page, request }) => {
  const res = await page.request.post('/api/login', { data: { username: 'admin', password: 'Admin-e2e-pass-2026' } });
  expect(res.status()).toBe(200);
  const original = (await (await page.request.get('/api/admin/settings/shop')).json()) as ShopSettings;
  // A product below the free-delivery threshold: the cart charges 500 ₽ delivery.
  const list = (await (await request.get('/api/products?sort=price-low')).json()) as { products: ApiProduct[] };
  const product = list.products.find((p) => hasPrice(p.price) && (p.stock ?? 0) >= 10 && p.price! < original.freeDeliveryThreshold)!;
  const price = product.price!;
  // Worked out here apart from the server: 20 % on top in whole roubles, or 20/120 of what the prices add up to.
  const withVat = price + Math.round(price * 0.2);

  try {
    // The default: prices «без НДС» at 20 %.
    expect((await page.request.put('/api/admin/settings/shop', { data: { ...original, vatRate: 20, catalogPrices: 'without_vat' } })).status()).toBe(200);
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.locator('#products [data-testid="product-card"]').filter({ hasText: '₽' }).first().getByText('без НДС', { exact: true })).toBeVisible();

    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    const main = page.getByRole('main');
    await expect(main.getByText(formatRub(price), { exact: true }).first()).toBeVisible();
    await expect(main.getByText('без НДС', { exact: true }).first()).toBeVisible();
    await expect(main.getByTestId('price-with-vat')).toHaveText(`С НДС (20%): ${formatRub(withVat)}`);
    await main.getByRole('button', { name: 'Добавить в корзину' }).first().click();
    await expect(page.getByText('Товар успешно добавлен в вашу корзину', { exact: true })).toBeVisible();

    let summary = await cartSummary(page);
    await expect(summary.getByText('НДС (20%)', { exact: true })).toBeVisible();
    await expect(summary.getByTestId('order-total')).toHaveText(formatRub(withVat + 500));

    await setCatalogPrices(page, 'с НДС');
    summary = await cartSummary(page);
    await expect(summary.getByText('в т. ч. НДС (20%)', { exact: true })).toBeVisible();
    await expect(summary.getByText('НДС (20%)', { exact: true })).toHaveCount(0);
    await expect(summary.getByTestId('order-total')).toHaveText(formatRub(price + 500));
    await expect(summary.getByTestId('order-vat-in-total')).toHaveText(formatRub((price + 500) / 6));

    await page.goto(`/product/${product.slug}`);
    await waitForHydration(page);
    await expect(page.getByRole('main').getByText('без НДС')).toHaveCount(0);
    await expect(page.getByTestId('price-with-vat')).toHaveCount(0);
  } finally {
    expect((await page.request.put('/api/admin/settings/shop', { data: original })).status()).toBe(200);
  }
});
