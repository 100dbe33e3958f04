import { formatRub } from '../../src/shared/money.ts';
import { expect, test } from './fixtures.ts';
import { cartToCheckout, cheapProductInStock, registerCustomer } from './orders.ts';

type PickupOption = { id: number; city: string; address: string; workingHours: string; available: boolean; reason: string | null };

test('a customer collects an order at a branch: only branches holding the cart can be chosen, no address, no delivery cost', async ({ page, playwright, baseURL }) => {
  await registerCustomer(page.request, 'pickup');
  // A product with stock to spare that costs less than the free-delivery threshold: delivery would cost 500 ₽.
  const product = await cheapProductInStock(page.request);
  const form = await cartToCheckout(page, product.slug);
  await expect(form.getByRole('radio', { name: /^Доставка/ })).toBeChecked();
  await expect(form.getByRole('textbox', { name: 'Адрес', exact: true })).toBeVisible();
  const review = page.getByRole('heading', { name: 'Ваш заказ' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
  const subtotal = product.price!;
  const vat = Math.round(subtotal * 0.2);
  await expect(review.getByTestId('order-total')).toHaveText(formatRub(subtotal + vat + 500));

  await form.getByRole('radio', { name: /Самовывоз из филиала/ }).check();
  // The address is not needed for pickup.
  await expect(form.getByRole('textbox', { name: 'Адрес', exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Почтовый индекс')).toHaveCount(0);

  // The server's word on which branches can hand out this cart; the page shows the same.
  const cartId = await page.evaluate(() => localStorage.getItem('cartId'));
  const pickup = (await (await page.request.get(`/api/cart/${cartId}/pickup`)).json()) as { branches: PickupOption[] };
  const branchGroup = form.getByRole('radiogroup', { name: 'Филиал, где заберёте заказ' });
  await expect(branchGroup.getByRole('radio')).toHaveCount(pickup.branches.length);
  for (const option of pickup.branches) {
    const named = { name: new RegExp(`^${option.city}`) };
    const radio = branchGroup.getByRole('radio', named);
    if (option.available) await expect(radio).toBeEnabled();
    else {
      await expect(radio).toBeDisabled();
      await expect(branchGroup.locator('label', { has: page.getByRole('radio', named) })).toContainText(option.reason!);
    }
  }
  const chosen = pickup.branches.find((b) => b.available)!;
  expect(chosen).toBeDefined();

  // Nothing chosen yet: the form asks for a branch.
  await form.getByRole('checkbox', { name: /согласие на обработку/ }).click();
  await form.getByLabel('Имя и фамилия').fill('Анна Кузнецова');
  await form.getByLabel('Телефон').fill('+7 900 777-11-22');
  await form.getByRole('button', { name: /Оформить заказ на/ }).click();
  // The customer sees why nothing happened: the branch group, far above the button, has the focus
  // and its message is on the screen, below the sticky header.
  const branchError = form.getByText('Выберите филиал, из которого заберёте заказ');
  await expect(branchError).toBeVisible();
  await expect(branchGroup).toBeFocused();
  await expect(branchError).toBeInViewport();
  const headerHeight = (await page.getByRole('banner').boundingBox())!.height;
  expect((await branchError.boundingBox())!.y).toBeGreaterThanOrEqual(headerHeight);

  await branchGroup.getByRole('radio', { name: new RegExp(`^${chosen.city}`) }).check();
  // Pickup is free: the summary and the button drop the delivery cost.
  await expect(review.getByText('Самовывоз', { exact: true })).toBeVisible();
  await expect(review.getByTestId('order-total')).toHaveText(formatRub(subtotal + vat));
  await form.getByRole('button', { name: `Оформить заказ на ${formatRub(subtotal + vat)}` }).click();

  await expect(page).toHaveURL(/\/order-complete\/\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за заказ!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Самовывоз из филиала' })).toBeVisible();
  const branch = page.getByTestId('pickup-branch');
  await expect(branch).toContainText(`Филиал в городе ${chosen.city}`);
  await expect(branch).toContainText(chosen.address);
  await expect(branch).toContainText(`Часы работы: ${chosen.workingHours}`);
  await expect(page.getByTestId('order-total')).toHaveText(formatRub(subtotal + vat));
  await expect(page.getByText('Мы позвоним по телефону +7 900 777-11-22, когда заказ будет готов к выдаче в филиале.')).toBeVisible();
  await expect(page.getByText('Ожидает обработки')).toBeVisible();

  // Staff mark it ready at the branch: the customer reads it.
  const orderId = Number(page.url().split('/').pop());
  const staff = await playwright.request.newContext({ baseURL });
  expect((await staff.post('/api/login', { data: { username: 'admin', password: 'Admin-e2e-pass-2026' } })).ok()).toBe(true);
  expect((await staff.patch(`/api/orders/${orderId}/status`, { data: { status: 'ready' } })).ok()).toBe(true);
  await staff.dispose();
  await page.reload();
  await expect(page.getByText('Готов к выдаче', { exact: true })).toBeVisible();
});
