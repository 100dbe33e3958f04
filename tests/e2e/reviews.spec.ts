import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { adminApi, axeViolations, expect, test, waitForHydration } from './fixtures.ts';

const ADMIN = { username: 'admin', password: 'Admin-e2e-pass-2026' };
const TEXT = 'Сверлит бетон под подрозетники без рывков, за месяц работы не перегрелся.';

type Listed = { id: number; slug: string; name: string };

/**
 * A product nobody has reviewed, one per caller (`slot`), so the tests running at once never
 * share a product's reviews.
 */
async function unreviewedProduct(request: APIRequestContext, slot: number): Promise<Listed> {
  const { products } = (await (await request.get('/api/products?sort=price-low&limit=48')).json()) as { products: Listed[] };
  const free: Listed[] = [];
  for (const product of products.slice(10)) {
    const reviews = await (await request.get(`/api/products/${product.id}/reviews`)).json();
    if (reviews.rating.count === 0) free.push(product);
    if (free.length > slot) break;
  }
  return free[slot]!;
}

async function registerCustomer(request: APIRequestContext, testInfo: TestInfo, prefix: string) {
  const id = `${prefix}${testInfo.project.name}${Date.now().toString(36)}`;
  const res = await request.post('/api/register', { data: { username: id, email: `${id}@example.ru`, password: `Otzyv-${id}-42`, consent: true } });
  expect(res.status(), await res.text()).toBe(201);
}

test('a new customer writes a review and sees it waiting for moderation', async ({ page, consoleErrors }, testInfo) => {
  const product = await unreviewedProduct(page.request, testInfo.project.name === 'mobile' ? 1 : 0);
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const section = page.locator('#reviews');
  await expect(section.getByRole('heading', { name: 'Отзывы' })).toBeVisible();
  await expect(section.getByText('Отзывов пока нет.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('product-rating')).toHaveCount(0);
  const login = section.getByRole('link', { name: 'Войдите, чтобы оставить отзыв' });
  await expect(login).toHaveAttribute('href', `/auth?next=${encodeURIComponent(`/product/${product.slug}#reviews`)}`);

  await registerCustomer(page.request, testInfo, 'rev');
  await page.reload();
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Ваш отзыв о товаре' });
  await form.getByRole('button', { name: 'Отправить отзыв' }).click();
  await expect(form.getByText('Поставьте оценку')).toBeVisible();
  await expect(form.getByText('Напишите отзыв')).toBeVisible();

  await form.getByText('Отлично').click();
  await form.getByLabel('Отзыв').fill('Коротко');
  await form.getByRole('button', { name: 'Отправить отзыв' }).click();
  await expect(form.getByText('Отзыв — не короче 10 символов')).toBeVisible();

  await form.getByLabel('Отзыв').fill(TEXT);
  await form.getByLabel('Достоинства').fill('Лёгкий, удобная рукоятка');
  await form.getByRole('button', { name: 'Отправить отзыв' }).click();
  const own = page.getByTestId('own-review');
  await expect(own.getByText('Спасибо! Отзыв появится после проверки')).toBeVisible();
  await expect(own).toContainText(TEXT);
  await expect(form).toHaveCount(0);
  expect(await axeViolations(page, { within: '#reviews' })).toEqual([]);

  // Nobody else sees it before staff approve it.
  const publicView = await (await page.context().browser()!.newContext()).request.get(`${testInfo.project.use.baseURL}/api/products/${product.id}/reviews`);
  expect((await publicView.json()).reviews).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('staff approve a review and reply; the product page shows the review, the rating and the reply @back-office', async ({ page, playwright, consoleErrors }, testInfo) => {
  const customer = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const product = await unreviewedProduct(customer, 2);
  await registerCustomer(customer, testInfo, 'mod');
  const written = await customer.post(`/api/products/${product.id}/reviews`, { data: { rating: 4, text: TEXT, pros: '', cons: 'Коротковат шнур' } });
  expect(written.status(), await written.text()).toBe(201);

  expect((await page.request.post('/api/login', { data: ADMIN })).status()).toBe(200);
  await page.goto('/admin/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Отзывы' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^На проверке \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByTestId('admin-review').filter({ hasText: product.name }).filter({ hasText: TEXT });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByText('Отзыв опубликован').first()).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.getByRole('tab', { name: /^Опубликованы/ }).click();
  const published = page.getByTestId('admin-review').filter({ hasText: product.name }).filter({ hasText: TEXT });
  await published.getByRole('button', { name: 'Ответить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ответ магазина' });
  await dialog.getByRole('button', { name: 'Сохранить ответ' }).click();
  await expect(dialog.getByText('Напишите ответ')).toBeVisible();
  await dialog.getByLabel('Ответ').fill('Спасибо! В комплекте есть удлинитель на 3 м.');
  await dialog.getByRole('button', { name: 'Сохранить ответ' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(published).toContainText('Ответ магазина: Спасибо! В комплекте есть удлинитель на 3 м.');

  // The storefront at once: the rating under the name, the review, the shop's answer, and the data for search engines.
  const html = await (await customer.get(`/product/${product.slug}`)).text();
  expect(html).toContain('"aggregateRating"');
  expect(html).toContain('"reviewCount":1');
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  await expect(page.getByTestId('product-rating')).toHaveText('4,0 · 1 отзыв');
  const review = page.getByTestId('review');
  await expect(review).toContainText(TEXT);
  await expect(review).toContainText('Недостатки: Коротковат шнур');
  await expect(review.getByTestId('review-reply')).toHaveText('Ответ магазинаСпасибо! В комплекте есть удлинитель на 3 м.');
  expect(consoleErrors).toEqual([]);
  await customer.dispose();
});

const FIXED = 'Сверлит бетон под подрозетники ровно, корпус после часа работы тёплый, но не горячий.';

/**
 * A customer of this page (its cookies) whose review of a product staff rejected with `reason`:
 * the product, for the test to open.
 */
async function rejectedReview(page: Page, testInfo: TestInfo, slot: number, reason: string) {
  const product = await unreviewedProduct(page.request, slot);
  await registerCustomer(page.request, testInfo, 'fix');
  const written = await page.request.post(`/api/products/${product.id}/reviews`, { data: { rating: 2, text: TEXT, pros: '', cons: 'Шумный' } });
  expect(written.status(), await written.text()).toBe(201);
  const admin = await adminApi(testInfo.project.use.baseURL!);
  const { id } = (await written.json()) as { id: number };
  expect((await admin.post(`/api/admin/reviews/${id}/reject`, { data: { reason } })).status()).toBe(200);
  return { product, id, admin };
}

test('a customer corrects a rejected review: the reason is shown, the review goes back to moderation', async ({ page, consoleErrors }, testInfo) => {
  const { product, id, admin } = await rejectedReview(page, testInfo, testInfo.project.name === 'mobile' ? 4 : 3, 'Уберите, пожалуйста, ссылку на другой магазин');
  await page.goto(`/product/${product.slug}`);
  await waitForHydration(page);
  const own = page.getByTestId('own-review');
  await expect(own.getByText('Ваш отзыв не опубликован')).toBeVisible();
  await expect(own).toContainText('Причина: Уберите, пожалуйста, ссылку на другой магазин');
  const form = page.getByRole('form', { name: 'Ваш отзыв о товаре' });
  await expect(form.getByRole('heading', { name: 'Исправить отзыв' })).toBeVisible();
  // It starts from what the customer wrote.
  await expect(form.getByLabel('Отзыв')).toHaveValue(TEXT);
  await expect(form.getByLabel('Недостатки')).toHaveValue('Шумный');
  await expect(form.getByRole('radio', { name: /Так себе/ })).toBeChecked();

  await form.getByLabel('Отзыв').fill('Коротко');
  await form.getByRole('button', { name: 'Отправить на проверку' }).click();
  await expect(form.getByText('Отзыв — не короче 10 символов')).toBeVisible();
  await form.getByLabel('Отзыв').fill(FIXED);
  await form.getByText('Нормально').click();
  await form.getByRole('button', { name: 'Отправить на проверку' }).click();
  await expect(own.getByText('Спасибо! Отзыв появится после проверки')).toBeVisible();
  await expect(own).toContainText(FIXED);
  await expect(page.getByText('Причина:', { exact: false })).toHaveCount(0);
  await expect(form).toHaveCount(0);
  await expect(page.locator('#reviews').getByText('Изменить отзыв')).toBeVisible();
  expect(await axeViolations(page, { within: '#reviews' })).toEqual([]);

  // Staff find it waiting again, as corrected.
  const queue = (await (await admin.get('/api/admin/reviews?status=pending&limit=100')).json()) as { reviews: { id: number; text: string; rating: number }[] };
  expect(queue.reviews.find((r) => r.id === id)).toMatchObject({ text: FIXED, rating: 3 });
  await admin.dispose();
  expect(consoleErrors).toEqual([]);
});

test.describe('before the script loads', () => {
  test.use({ javaScriptEnabled: false });

  test('a rejected review is corrected by the plain form, and a waiting one changed under «Изменить отзыв»', async ({ page }, testInfo) => {
    const { product, admin } = await rejectedReview(page, testInfo, testInfo.project.name === 'mobile' ? 6 : 5, 'Отзыв не о товаре');
    await admin.dispose();
    await page.goto(`/product/${product.slug}`);
    await expect(page.getByTestId('own-review')).toContainText('Причина: Отзыв не о товаре');
    const form = page.getByRole('form', { name: 'Ваш отзыв о товаре' });
    await form.getByLabel('Отзыв').fill(FIXED);
    await Promise.all([page.waitForURL((url) => url.searchParams.get('review') === 'sent'), form.getByRole('button', { name: 'Отправить на проверку' }).click()]);
    const own = page.getByTestId('own-review');
    await expect(own.getByText('Спасибо! Отзыв появится после проверки')).toBeVisible();
    await expect(own).toContainText(FIXED);

    // Waiting, it can still be changed: the editor opens without the script.
    const edit = page.locator('#reviews details');
    await expect(edit.getByRole('form', { name: 'Ваш отзыв о товаре' })).toBeHidden();
    await edit.getByText('Изменить отзыв').click();
    const again = edit.getByRole('form', { name: 'Ваш отзыв о товаре' });
    await expect(again.getByLabel('Отзыв')).toHaveValue(FIXED);
    await again.getByLabel('Достоинства').fill('Держит нагрузку');
    // The same address comes back: the form's answer says it was taken.
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/reviews/form')), again.getByRole('button', { name: 'Отправить на проверку' }).click()]);
    expect(answer.status()).toBe(303);
    await page.waitForLoadState();
    await expect(page.getByTestId('own-review').getByText('Спасибо! Отзыв появится после проверки')).toBeVisible();
    const { mine } = await (await page.request.get(`/api/products/${product.id}/reviews`)).json();
    expect(mine).toMatchObject({ status: 'pending', text: FIXED, pros: 'Держит нагрузку' });
  });
});
