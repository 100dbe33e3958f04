import type { APIRequestContext, Page } from '@playwright/test';
import { formatRub, hasPrice } from '../../src/shared/money.ts';
import type { PaymentSettingsAnswer } from '../../src/shared/schemas/payments.ts';
import type { E2EShop } from './env.ts';
import { adminApi, axeViolations, expect, test, waitForHydration } from './fixtures.ts';
import { cartToCheckout, registerCustomer } from './orders.ts';

type ApiProduct = { id: number; slug: string; name: string; price: number | null; stock: number | null };
type StandInRequest = { method: string; path: string; idempotenceKey: string | null; body: { metadata?: { orderId?: string } } | null };

async function buyableProduct(api: APIRequestContext) {
  const list = (await (await api.get('/api/products?limit=48')).json()) as { products: ApiProduct[] };
  const product = list.products.find((p) => hasPrice(p.price) && (p.stock ?? 0) >= 10);
  expect(product, 'a product in stock').toBeDefined();
  return product!;
}

/** An online order placed through the API as checkout does it; the answer names the shop's YooKassa page. */
async function placeOnlineOrder(api: APIRequestContext, shop: E2EShop, email: string) {
  const product = await buyableProduct(api);
  const cartId = crypto.randomUUID();
  expect((await api.post('/api/cart/items', { data: { cartId, productId: product.id, quantity: 1 } })).ok()).toBe(true);
  const cart = (await (await api.get(`/api/cart/${cartId}`)).json()) as { generation: number };
  const res = await api.post('/api/orders', {
    data: {
      customerName: 'Ольга Платёжная',
      customerEmail: email,
      customerPhone: '+7 900 321-54-76',
      address: 'ул. Мира, д. 5, кв. 12',
      city: 'Волгоград',
      postalCode: '400005',
      paymentMethod: 'online',
      consent: true,
      cartId,
      cartGeneration: cart.generation,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as { id: number; totalAmount: number; confirmationUrl: string | null };
  expect(order.confirmationUrl).toMatch(new RegExp(`^${shop.yookassaUrl}/checkout/`));
  return order as { id: number; totalAmount: number; confirmationUrl: string };
}

/** The payments the stand-in was asked to create for this order. */
async function paymentsCreatedFor(api: APIRequestContext, shop: E2EShop, orderId: number) {
  const requests = (await (await api.get(`${shop.yookassaUrl}/__test/requests`)).json()) as StandInRequest[];
  return requests.filter((r) => r.method === 'POST' && r.path === '/payments' && r.body?.metadata?.orderId === String(orderId));
}

const standInPage = (page: Page) => page.getByRole('heading', { name: 'Тестовая оплата ЮKassa' });

/** The hold's end: the time alone on the order's day, with the date after Moscow's midnight (an order placed after 23:00). */
const HOLD_TEXT = /^Заказ ждёт оплаты до (\d{1,2} [а-я]+ \d{4} г\., )?\d{2}:\d{2}$/;

test.describe('online payment through YooKassa (the local stand-in)', () => {
  test('@mobile a customer checks out with «Онлайн оплата», pays on YooKassa\'s page and comes back to «Оплачен»', async ({ page, shop, consoleErrors }) => {
    void consoleErrors;
    const email = await registerCustomer(page.request, 'm');
    const product = await buyableProduct(page.request);

    const form = await cartToCheckout(page, product.slug);
    await form.getByLabel('Имя и фамилия').fill('Ольга Платёжная');
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await form.getByLabel('Телефон').fill('+7 900 321-54-76');
    await form.getByRole('textbox', { name: 'Адрес', exact: true }).fill('ул. Мира, д. 5, кв. 12');
    await form.getByLabel('Город').fill('Волгоград');
    await form.getByLabel('Почтовый индекс').fill('400005');
    // The city's ways of delivery come once the typing pauses and push what is below them down.
    await expect(form.getByRole('radiogroup', { name: 'Как доставить' })).toBeVisible();
    await form.getByRole('radio', { name: /Онлайн оплата/ }).check();
    await form.getByRole('checkbox', { name: /согласие на обработку/ }).click();

    // An impatient double click: one order, one payment.
    await form.getByRole('button', { name: /Оформить заказ на/ }).dblclick();
    await expect(page).toHaveURL(new RegExp(`^${shop.yookassaUrl}/checkout/`), { timeout: 15_000 });
    await expect(standInPage(page)).toBeVisible();
    const description = await page.getByText(/^Заказ №\s*\d+$/).textContent();
    const orderId = Number(description!.replace(/\D/g, ''));
    expect(await paymentsCreatedFor(page.request, shop, orderId)).toHaveLength(1);
    const mine = (await (await page.request.get('/api/orders/my-orders')).json()) as { orders: { id: number }[] };
    expect(mine.orders.map((o) => o.id)).toEqual([orderId]);

    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect(page).toHaveURL(new RegExp(`/order-complete/${orderId}\\?payment=return$`));
    await expect(page.getByRole('heading', { name: 'Спасибо за заказ!' })).toBeVisible();
    await expect(page.getByTestId('payment-state')).toHaveText('Оплачен');
    await expect(page.getByRole('button', { name: 'Оплатить' })).toHaveCount(0);
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);

    // The personal account says the same.
    await page.goto('/profile');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Заказ № ${orderId}` }) });
    await expect(card.getByTestId('order-payment-state')).toHaveText('Оплачен');
    await expect(card.getByRole('button', { name: 'Оплатить' })).toHaveCount(0);
  });

  test('@mobile a cancelled payment shows its reason, and «Оплатить» starts a new one that goes through', async ({ page, shop, consoleErrors }) => {
    void consoleErrors;
    const email = await registerCustomer(page.request, 'c');
    const order = await placeOnlineOrder(page.request, shop, email);

    // Waiting for payment: the order page offers it and says how long the order is held.
    await page.goto(`/order-complete/${order.id}`);
    await waitForHydration(page);
    await expect(page.getByTestId('payment-state')).toHaveText('Ожидает оплаты');
    await expect(page.getByText(HOLD_TEXT)).toBeVisible();

    await page.goto(order.confirmationUrl);
    await page.getByRole('button', { name: 'Отменить оплату' }).click();
    await expect(page).toHaveURL(new RegExp(`/order-complete/${order.id}\\?payment=return$`));
    await expect(page.getByTestId('payment-state')).toHaveText('Оплата отменена: Время на оплату истекло');
    await expect(page.getByText(HOLD_TEXT)).toBeVisible();
    await waitForHydration(page);
    expect(await axeViolations(page)).toEqual([]);

    // The list in the profile offers the payment too.
    await page.goto('/profile');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Заказ № ${order.id}` }) });
    await expect(card.getByTestId('order-payment-state')).toHaveText('Оплата отменена: Время на оплату истекло');
    await waitForHydration(page);
    await card.getByRole('button', { name: 'Оплатить' }).click();
    await expect(standInPage(page)).toBeVisible();
    expect(page.url()).not.toBe(order.confirmationUrl);
    expect(await paymentsCreatedFor(page.request, shop, order.id)).toHaveLength(2);

    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect(page).toHaveURL(new RegExp(`/order-complete/${order.id}\\?payment=return$`));
    await expect(page.getByTestId('payment-state')).toHaveText('Оплачен');
  });

  test('@desktop an administrator refunds part of a paid order, then the rest', async ({ page, playwright, baseURL, shop, consoleErrors }) => {
    void consoleErrors;
    const customer = await playwright.request.newContext({ baseURL });
    const email = await registerCustomer(customer, 'r');
    const order = await placeOnlineOrder(customer, shop, email);
    const paymentId = new URL(order.confirmationUrl).pathname.split('/').pop()!;
    // The payment goes through at YooKassa, which tells the shop.
    const paid = await customer.post(`${shop.yookassaUrl}/__test/payments/${paymentId}/status`, { data: { status: 'succeeded', notify: true } });
    expect(paid.status()).toBe(200);

    expect((await page.request.post('/api/login', { data: { username: 'admin', password: 'Admin-e2e-pass-2026' } })).status()).toBe(200);
    await page.goto('/admin/orders');
    await page.getByRole('button', { name: `Детали заказа №${order.id}` }).first().click();
    const detail = page.getByRole('dialog', { name: `Заказ №${order.id}` });
    await expect(detail.getByTestId('admin-payment-state')).toHaveText('Оплачен');
    await expect(detail.getByTestId('admin-paid-amount')).toHaveText(formatRub(order.totalAmount));

    await detail.getByRole('button', { name: 'Вернуть деньги' }).click();
    const refund = page.getByRole('dialog', { name: `Вернуть деньги по заказу №${order.id}` });
    const amount = refund.getByLabel('Сумма возврата, ₽');
    await expect(amount).toHaveValue(String(order.totalAmount));
    // What cannot be refunded is said before anything is sent.
    await amount.fill('0');
    await refund.getByRole('button', { name: 'Вернуть деньги' }).click();
    await expect(refund.getByText('Сумма возврата должна быть больше нуля')).toBeVisible();
    await amount.fill(String(order.totalAmount + 1));
    await refund.getByRole('button', { name: 'Вернуть деньги' }).click();
    await expect(refund.getByText(/^Нельзя вернуть больше, чем доступно к возврату: /)).toBeVisible();

    await amount.fill('100');
    await refund.getByLabel('Причина').fill('Покупатель вернул одну позицию');
    await refund.getByRole('button', { name: 'Вернуть деньги' }).click();
    await expect(refund).toHaveCount(0);
    await expect(page.getByText('Возврат оформлен', { exact: true })).toBeVisible();
    await expect(detail.getByTestId('admin-payment-state')).toHaveText(`Частично возвращён: ${formatRub(100)}`);
    await expect(detail.getByTestId('admin-refunded-amount')).toHaveText(formatRub(100));
    await expect(detail.getByRole('list', { name: 'Возвраты' }).getByRole('listitem')).toHaveCount(1);
    await expect(detail.getByRole('list', { name: 'Возвраты' })).toContainText('Причина: Покупатель вернул одну позицию');
    expect(await axeViolations(page)).toEqual([]);

    await detail.getByRole('button', { name: 'Вернуть деньги' }).click();
    await refund.getByRole('button', { name: 'Вся сумма' }).click();
    await expect(amount).toHaveValue(String(order.totalAmount - 100));
    await refund.getByRole('button', { name: 'Вернуть деньги' }).click();
    await expect(refund).toHaveCount(0);
    await expect(detail.getByTestId('admin-payment-state')).toHaveText('Возвращён');
    await expect(detail.getByTestId('admin-refunded-amount')).toHaveText(formatRub(order.totalAmount));
    await expect(detail.getByRole('list', { name: 'Возвраты' }).getByRole('listitem')).toHaveCount(2);
    await expect(detail.getByRole('button', { name: 'Вернуть деньги' })).toHaveCount(0);

    // The customer's order page says so too.
    const seen = (await (await customer.get(`/api/orders/${order.id}`)).json()) as { payment: { state: string } };
    expect(seen.payment.state).toBe('refunded');
    await customer.dispose();
  });

  test('a payment that comes after staff cancelled the order is refunded by the shop, and the order says why', async ({ page, playwright, baseURL, shop, consoleErrors }) => {
    void consoleErrors;
    const customer = await playwright.request.newContext({ baseURL });
    const email = await registerCustomer(customer, 'c');
    const order = await placeOnlineOrder(customer, shop, email);
    const paymentId = new URL(order.confirmationUrl).pathname.split('/').pop()!;
    expect((await page.request.post('/api/login', { data: { username: 'admin', password: 'Admin-e2e-pass-2026' } })).status()).toBe(200);
    expect((await page.request.patch(`/api/orders/${order.id}/status`, { data: { status: 'cancelled' } })).status()).toBe(200);
    // The customer still had YooKassa's page open and paid there; YooKassa tells the shop.
    const paid = await customer.post(`${shop.yookassaUrl}/__test/payments/${paymentId}/status`, { data: { status: 'succeeded', notify: true } });
    expect(paid.status()).toBe(200);

    await page.goto('/admin/orders');
    await page.getByRole('button', { name: `Детали заказа №${order.id}` }).first().click();
    const detail = page.getByRole('dialog', { name: `Заказ №${order.id}` });
    await expect(detail.getByTestId('admin-payment-state')).toHaveText('Возвращён');
    const refunds = detail.getByRole('list', { name: 'Возвраты' });
    await expect(refunds.getByRole('listitem')).toHaveCount(1);
    await expect(refunds).toContainText('магазин, автоматически');
    await expect(refunds).toContainText('Причина: Оплата пришла после отмены заказа');
    const history = detail.getByRole('list', { name: 'История статусов' });
    await expect(history).toContainText('Оплата пришла после отмены заказа; деньги возвращаются покупателю автоматически, полностью, с чеком возврата');
    await expect(history).toContainText('Автоматический возврат оплаты, пришедшей после отмены заказа');
    expect(await axeViolations(page)).toEqual([]);

    // The customer's order says the money is back.
    const seen = (await (await customer.get(`/api/orders/${order.id}`)).json()) as { status: string; payment: { state: string } };
    expect(seen).toMatchObject({ status: 'cancelled', payment: { state: 'refunded' } });
    await customer.dispose();
  });

  test('the «Оплата» settings tab shows the connection and saves the receipts and the hold time', { tag: '@back-office' }, async ({ page, baseURL, consoleErrors }) => {
    void consoleErrors;
    const admin = await adminApi(baseURL!);
    const original = (await (await admin.get('/api/admin/settings/payment')).json()) as PaymentSettingsAnswer;
    try {
      expect((await page.request.post('/api/login', { data: { username: 'admin', password: 'Admin-e2e-pass-2026' } })).status()).toBe(200);
      await page.goto('/admin/settings');
      await page.getByRole('tab', { name: 'Оплата' }).click();
      await expect(page).toHaveURL(/\?tab=payment$/);
      await expect(page.getByText('ЮKassa подключена', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Адрес для HTTP-уведомлений')).toHaveValue(`${baseURL}/api/payments/yookassa`);
      // The secret never reaches the page.
      await expect(page.locator('body')).not.toContainText('test_stand_in_secret_key');
      expect(await axeViolations(page)).toEqual([]);

      const form = page.getByRole('form', { name: 'Настройки онлайн-оплаты' });
      const hold = form.getByLabel('Время на оплату, минут');
      await hold.fill('5');
      await form.getByRole('button', { name: 'Сохранить настройки' }).click();
      await expect(form.getByText('Укажите целое число минут от 10 до 4320 (3 суток)')).toBeVisible();

      await hold.fill('90');
      await form.getByLabel('Система налогообложения').selectOption({ label: 'Упрощённая, доходы (УСН доходы)' });
      await form.getByLabel('Доставка: предмет расчёта').selectOption({ label: 'Услуга' });
      await form.getByRole('switch', { name: 'Отправлять чеки через ЮKassa' }).click();
      await form.getByRole('button', { name: 'Сохранить настройки' }).click();
      await expect(page.getByText('Настройки сохранены', { exact: true })).toBeVisible();

      await page.reload();
      await expect(hold).toHaveValue('90');
      await expect(form.getByLabel('Система налогообложения')).toHaveValue('2');
      await expect(form.getByRole('switch', { name: 'Отправлять чеки через ЮKassa' })).toHaveAttribute('aria-checked', String(!original.settings.receiptsEnabled));
      const saved = (await (await admin.get('/api/admin/settings/payment')).json()) as PaymentSettingsAnswer;
      expect(saved.settings).toMatchObject({ holdMinutes: 90, taxSystemCode: 2, deliveryPaymentSubject: 'service', receiptsEnabled: !original.settings.receiptsEnabled });
      expect(JSON.stringify(saved)).not.toContain('test_stand_in_secret_key');
    } finally {
      expect((await admin.put('/api/admin/settings/payment', { data: original.settings })).status()).toBe(200);
      await admin.dispose();
    }
  });
});
