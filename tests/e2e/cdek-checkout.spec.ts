import { formatRub } from '../../src/shared/money.ts';
import { deliveryDaysText, distanceText, type DeliveryOption, type DeliveryPoint } from '../../src/shared/delivery.ts';
import { expect, test, waitForHydration } from './fixtures.ts';
import { cartToCheckout, cheapProductInStock, registerCustomer } from './orders.ts';


test('a customer has the order brought to a СДЭК pickup point: ways with days and prices, points nearest first, the point on the order', async ({ page }) => {
  await registerCustomer(page.request, 'cdek');
  const product = await cheapProductInStock(page.request);
  const form = await cartToCheckout(page, product.slug);
  await expect(form.getByRole('radio', { name: /^Доставка/ })).toBeChecked();
  await form.getByLabel('Город').fill('Москва');

  // The ways and their figures are the server's, for this cart and city.
  const cartId = await page.evaluate(() => localStorage.getItem('cartId'));
  const options = (await (await page.request.get(`/api/cart/${cartId}/delivery?city=${encodeURIComponent('Москва')}`)).json()) as DeliveryOption[];
  expect(options.map((o) => o.method)).toEqual(['delivery', 'cdek-door', 'cdek-point']);
  const ways = form.getByRole('radiogroup', { name: 'Как доставить' });
  await expect(ways.getByRole('radio')).toHaveCount(3);
  const byPoint = options.find((o) => o.method === 'cdek-point')!;
  await expect(ways.getByTestId('delivery-way-cdek-point')).toHaveText(`${deliveryDaysText(byPoint.daysMin!, byPoint.daysMax!)}, ${formatRub(byPoint.price)}`);
  await expect(ways.getByRole('radio', { name: /^Курьером или транспортной компанией/ })).toBeChecked();

  await ways.getByRole('radio', { name: /^СДЭК до пункта выдачи/ }).check();
  // A point replaces the address; the points come nearest the city's centre first.
  await expect(form.getByRole('textbox', { name: 'Адрес', exact: true })).toHaveCount(0);
  const points = (await (await page.request.get(`/api/delivery/points?city=${encodeURIComponent('Москва')}`)).json()) as DeliveryPoint[];
  const pointGroup = form.getByRole('radiogroup', { name: 'Пункт выдачи СДЭК' });
  await expect(pointGroup.getByRole('radio')).toHaveCount(points.length);
  const [nearest, farther] = [points[0]!, points[1]!];
  expect(nearest.distanceKm!).toBeLessThan(farther.distanceKm!);
  const labels = pointGroup.locator('label');
  await expect(labels.nth(0)).toContainText(nearest.address);
  await expect(labels.nth(0)).toContainText(nearest.workingHours);
  await expect(labels.nth(0)).toContainText(distanceText(nearest.distanceKm!));
  await expect(labels.nth(1)).toContainText(farther.address);

  const review = page.getByRole('heading', { name: 'Ваш заказ' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(review.getByTestId('order-total')).toHaveText(formatRub(byPoint.total));

  // No point chosen: the form says so at the group.
  await form.getByLabel('Имя и фамилия').fill('Игорь Соколов');
  await form.getByLabel('Телефон').fill('+7 900 555-44-33');
  await form.getByRole('checkbox', { name: /согласие на обработку/ }).click();
  await form.getByRole('button', { name: /Оформить заказ на/ }).click();
  await expect(form.getByText('Выберите пункт выдачи СДЭК из списка')).toBeVisible();
  await expect(pointGroup).toBeFocused();

  await pointGroup.getByRole('radio', { name: new RegExp(`^${nearest.address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).check();
  await form.getByRole('button', { name: `Оформить заказ на ${formatRub(byPoint.total)}` }).click();

  await expect(page).toHaveURL(/\/order-complete\/\d+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Спасибо за заказ!' })).toBeVisible();
  const delivery = page.getByTestId('order-delivery');
  await expect(delivery).toContainText('СДЭК до пункта выдачи');
  await expect(delivery).toContainText(`Пункт выдачи: Москва, ${nearest.address}`);
  await expect(delivery).toContainText(`Часы работы: ${nearest.workingHours}`);
  await expect(delivery).toContainText(`Срок доставки: ${deliveryDaysText(byPoint.daysMin!, byPoint.daysMax!)}`);
  await expect(page.getByTestId('order-total')).toHaveText(formatRub(byPoint.total));

  // The profile's history says the same.
  await page.goto('/profile');
  await waitForHydration(page);
  await expect(page.getByTestId('order-delivery').first()).toContainText(`Пункт выдачи: Москва, ${nearest.address}`);
});
