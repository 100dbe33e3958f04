import type { APIRequestContext } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };

type Import = { id: number; status: string; options: { read: object } };

/** An import of the distributor's one-row price list, run to its end through the API as the importer's screen does. */
async function importOffer(request: APIRequestContext, supplierId: number, sku: string) {
  const upload = await request.post('/api/admin/supplier-imports', {
    multipart: {
      supplierId: String(supplierId),
      file: { name: 'instryug.csv', mimeType: 'text/csv', buffer: Buffer.from(`Артикул;Код;Наименование;Закупочная цена;Цена;Остаток\n${sku};IY-777;Товар;1000;1490;7\n`) },
    },
  });
  expect(upload.status(), 'upload').toBe(201);
  const imp = (await upload.json()) as Import;
  const until = async (status: string) =>
    expect.poll(async () => ((await (await request.get(`/api/admin/supplier-imports/${imp.id}`)).json()) as Import).status, { timeout: 20_000 }).toBe(status);
  const mapping = { sku: 0, supplierSku: 1, name: 2, purchasePrice: 3, price: 4, stock: 5 };
  const pricing = { mode: 'retail', markupPercent: null, ending: null };
  expect((await request.post(`/api/admin/supplier-imports/${imp.id}/check`, { data: { read: imp.options.read, mapping, pricing } })).status()).toBe(202);
  await until('previewed');
  expect((await request.post(`/api/admin/supplier-imports/${imp.id}/apply`, { data: { absent: 'leave', newProducts: 'hidden' } })).status()).toBe(202);
  await until('applied');
}

test.describe('back office: one product, several suppliers', { tag: '@back-office' }, () => {
  test("a distributor's offer of a DCK product is listed in the product form, and staff make it set the price", async ({ page }) => {
    expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
    const supplier = await page.request.post('/api/admin/suppliers', { data: { code: 'E2E-OFFERS', name: 'ИнструментЮг (e2e)' } });
    expect(supplier.status()).toBe(201);
    const { id: supplierId } = (await supplier.json()) as { id: number };
    const list = (await (await page.request.get('/api/products?supplier=DCK&limit=1')).json()) as { products: { id: number; sku: string; price: number }[] };
    const product = list.products[0]!;
    await importOffer(page.request, supplierId, product.sku);

    await page.goto(`/admin/products/edit/${product.id}`);
    const offers = page.getByTestId('supplier-offer');
    await expect(offers).toHaveCount(2);
    await expect(page.getByRole('radio', { name: /DCK.*цена от этого поставщика/ })).toBeChecked();
    const distributor = page.getByRole('radio', { name: /ИнструментЮг \(e2e\).*цена от этого поставщика/ });
    await expect(distributor).not.toBeChecked();
    await expect(offers.nth(1)).toContainText('IY-777');
    await expect(offers.nth(1)).toContainText(/1\s490\s₽/);
    expect(await axeViolations(page), 'the product form with offers').toEqual([]);

    // The choice is saved at once: the radio follows the server's answer.
    await distributor.click();
    await expect(page.getByText('Цена теперь от поставщика', { exact: true })).toBeVisible();
    await expect(distributor).toBeChecked();
    await expect(page.locator('#product-price')).toHaveValue('1490');
    const after = (await (await page.request.get(`/api/products/${product.id}`)).json()) as { price: number };
    expect(after.price).toBe(1490);
  });

  test("a distributor's own product keeps its supplier when staff save it from the form", async ({ page }) => {
    expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
    const supplier = await page.request.post('/api/admin/suppliers', { data: { code: 'E2E-OWN', name: 'Дистрибьютор (e2e)' } });
    expect(supplier.status()).toBe(201);
    const sku = `E2E-OWN-${Date.now().toString(36).toUpperCase()}`;
    await importOffer(page.request, ((await supplier.json()) as { id: number }).id, sku);
    const found = (await (await page.request.get(`/api/products?query=${sku}&status=all`)).json()) as { products: { id: number; sku: string }[] };
    const product = found.products.find((p) => p.sku === sku)!;

    await page.goto(`/admin/products/edit/${product.id}`);
    await expect(page.locator('#product-supplier')).toHaveValue('E2E-OWN');
    await expect(page.locator('#product-supplier option:checked')).toHaveText('Дистрибьютор (e2e) (E2E-OWN)');
    await page.locator('#product-name').fill('Товар дистрибьютора, проверен');
    // Imported into «Без категории»: staff place it.
    await page.locator('#product-categoryId').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Сохранить' }).first().click();
    await expect(page.getByText('Товар обновлён', { exact: true })).toBeVisible();
    const saved = (await (await page.request.get(`/api/products/${product.id}`)).json()) as { name: string; supplier: string };
    expect(saved).toMatchObject({ name: 'Товар дистрибьютора, проверен', supplier: 'E2E-OWN' });
  });
});
