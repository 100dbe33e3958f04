import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { createCustomer, pickProducts, setProduct, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { insertOrder } from '../../../../tests/helpers/orders.ts';
import { orderItems, orders, reviews, staffActions, users } from '../../db/schema.ts';
import type { AdminReviewsResponse, ProductReviewsResponse } from '#shared/schemas/review.ts';
import { authorName } from './service.ts';
import { expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let adminCookie: string;
let productIds: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  adminCookie = await ctx.login();
  // Products the demo's reviews leave alone, so each test counts only its own.
  const reviewed = new Set((await ctx.database.db.select({ productId: reviews.productId }).from(reviews)).map((r) => r.productId));
  productIds = (await pickProducts(ctx.database.db, 30)).map((p) => p.id).filter((id) => !reviewed.has(id)).slice(0, 8);
});
afterAll(() => ctx.close());

const GOOD = { rating: 4, text: 'Сверлит бетон уверенно, за месяц работы нареканий нет.', pros: 'Лёгкий', cons: 'Короткий шнур' };

const post = (productId: number, cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, headers: cookie ? { cookie } : {}, payload: payload as object });

const list = async (productId: number, cookie?: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json() as ProductReviewsResponse;
};

const moderate = (id: number, action: 'approve' | 'reject', cookie = adminCookie, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/${action}`, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A customer named as given, with a written (pending) review of the product; its id. */
async function written(productId: number, rating: number, fullName = 'Петров Сергей Иванович'): Promise<{ id: number; author: TestCustomer }> {
  const author = await createCustomer(ctx);
  await ctx.database.db.update(users).set({ fullName }).where(eq(users.id, author.id));
  const res = await post(productId, author.cookie, { ...GOOD, rating });
  expect(res.statusCode).toBe(201);
  return { id: res.json().id, author };
}

describe('writing a review', () => {
  it('waits for moderation: the author sees it with its status, the public does not', async () => {
    const productId = productIds[0]!;
    const author = await createCustomer(ctx);
    const res = await post(productId, author.cookie, GOOD);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', verifiedBuyer: false, message: 'Спасибо! Отзыв появится после проверки' });

    const publicView = await list(productId);
    expect(publicView.reviews).toEqual([]);
    expect(publicView.rating).toMatchObject({ count: 0, average: 0 });
    expect(publicView.mine).toBeNull();

    const own = await list(productId, author.cookie);
    expect(own.mine).toMatchObject({ status: 'pending', text: GOOD.text, pros: 'Лёгкий', cons: 'Короткий шнур', rating: 4 });
  });

  it('refuses a second review of the same product with 409', async () => {
    const productId = productIds[1]!;
    const { author } = await written(productId, 5);
    const again = await post(productId, author.cookie, GOOD);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Вы уже оставили отзыв об этом товаре');
  });

  it('answers bad fields with Russian messages per field', async () => {
    const author = await createCustomer(ctx);
    const res = await post(productIds[0]!, author.cookie, { text: 'Коротко', pros: 'x'.repeat(1001), cons: 'y'.repeat(1001) });
    expectSomeFieldErrors(res, {
      rating: ['Поставьте оценку'],
      text: ['Отзыв — не короче 10 символов'],
      pros: ['Достоинства — не длиннее 1000 символов'],
      cons: ['Недостатки — не длиннее 1000 символов'],
    });

    const tooLong = await post(productIds[0]!, author.cookie, { rating: 6, text: 'т'.repeat(2001) });
    expect(tooLong.json().errors).toMatchObject({ rating: ['Поставьте оценку'], text: ['Отзыв — не длиннее 2000 символов'] });
    const empty = await post(productIds[0]!, author.cookie, { rating: 3, text: '   ' });
    expect(empty.json().errors.text).toEqual(['Напишите отзыв']);
  });

  it('asks a visitor to log in and refuses an unknown or hidden product', async () => {
    expect((await post(productIds[0]!, undefined, GOOD)).statusCode).toBe(401);
    const author = await createCustomer(ctx);
    const missing = await post(999_999, author.cookie, GOOD);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Товар не найден');
    const hidden = productIds[7]!;
    await setProduct(ctx.database.db, hidden, { isActive: false });
    expect((await post(hidden, author.cookie, GOOD)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${hidden}/reviews` })).statusCode).toBe(404);
    await setProduct(ctx.database.db, hidden, { isActive: true });
  });

  it('limits how many reviews one customer writes an hour', async () => {
    const author = await createCustomer(ctx);
    const answers = [];
    for (const productId of productIds.slice(0, 7)) answers.push((await post(productId, author.cookie, GOOD)).statusCode);
    expect(answers.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[5]).toBe(429);
    const refused = await post(productIds[6]!, author.cookie, GOOD);
    expect(refused.json().message).toMatch(/^Слишком много отзывов\. Попробуйте через \d+ минут/);
    ctx.clock.advance(61 * 60 * 1000);
    expect((await post(productIds[6]!, author.cookie, GOOD)).statusCode).toBe(201);
  });

  it('marks the author «Покупатель» when they have a delivered order with the product', async () => {
    const productId = productIds[2]!;
    const buyer = await createCustomer(ctx);
    const orderId = await insertOrder(ctx, 10, 5000, 'delivered');
    await ctx.database.db.update(orders).set({ userId: buyer.id }).where(eq(orders.id, orderId));
    await ctx.database.db
      .insert(orderItems)
      .values({ orderId, productId, productName: 'Товар', unitPriceKopecks: 500000, quantity: 1, totalKopecks: 500000 });
    const res = await post(productId, buyer.cookie, GOOD);
    expect(res.json().verifiedBuyer).toBe(true);

    // An order not yet delivered does not count.
    const waiting = await createCustomer(ctx);
    const pendingOrder = await insertOrder(ctx, 1, 5000, 'shipped');
    await ctx.database.db.update(orders).set({ userId: waiting.id }).where(eq(orders.id, pendingOrder));
    await ctx.database.db
      .insert(orderItems)
      .values({ orderId: pendingOrder, productId, productName: 'Товар', unitPriceKopecks: 500000, quantity: 1, totalKopecks: 500000 });
    expect((await post(productId, waiting.cookie, GOOD)).json().verifiedBuyer).toBe(false);
  });
});

describe('moderation', () => {
  it('shows and counts only approved reviews, newest first, with their average and distribution', async () => {
    const productId = productIds[3]!;
    const first = await written(productId, 5, 'Петров Сергей Иванович');
    ctx.clock.advance(60_000);
    const second = await written(productId, 4, 'Анна Смирнова');
    ctx.clock.advance(60_000);
    const third = await written(productId, 1, '');
    expect((await moderate(first.id, 'approve')).statusCode).toBe(200);
    expect((await moderate(second.id, 'approve')).statusCode).toBe(200);
    expect((await moderate(third.id, 'reject', adminCookie, { reason: 'Отзыв не о товаре' })).statusCode).toBe(200);

    const view = await list(productId);
    expect(view.rating.count).toBe(2);
    expect(view.rating.average).toBe(4.5);
    expect(view.rating.distribution).toEqual([
      { rating: 5, count: 1 },
      { rating: 4, count: 1 },
      { rating: 3, count: 0 },
      { rating: 2, count: 0 },
      { rating: 1, count: 0 },
    ]);
    expect(view.reviews.map((r) => r.author)).toEqual(['Анна', 'Сергей']);
    expect(view.reviews.map((r) => r.id)).toEqual([second.id, first.id]);

    // The rejected author sees why; the reason is nobody else's business.
    const own = await list(productId, third.author.cookie);
    expect(own.mine).toMatchObject({ status: 'rejected', rejectReason: 'Отзыв не о товаре', author: 'Клиент' });
    expect(JSON.stringify(view)).not.toContain('Отзыв не о товаре');
  });

  it('requires a reason to reject', async () => {
    const { id } = await written(productIds[4]!, 3);
    for (const payload of [{}, { reason: '  ' }]) {
      const res = await moderate(id, 'reject', adminCookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.reason).toEqual(['Укажите причину отклонения']);
    }
    expect((await list(productIds[4]!, adminCookie)).mine).toBeNull();
  });

  it('shows the shop’s reply under the review and logs each decision', async () => {
    const productId = productIds[5]!;
    const { id } = await written(productId, 5);
    await moderate(id, 'approve');
    const empty = await ctx.app.inject({ method: 'PUT', url: `/api/admin/reviews/${id}/reply`, headers: { cookie: adminCookie }, payload: { text: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.text).toEqual(['Напишите ответ']);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${id}/reply`,
      headers: { cookie: adminCookie },
      payload: { text: 'Спасибо за отзыв! Шнур удлиняется переходником из комплекта.' },
    });
    expect(res.statusCode).toBe(200);
    const [shown] = (await list(productId)).reviews;
    expect(shown).toMatchObject({ id, reply: 'Спасибо за отзыв! Шнур удлиняется переходником из комплекта.' });
    expect(shown!.repliedAt).not.toBeNull();

    const logged = await ctx.database.db.select({ kind: staffActions.kind, objectName: staffActions.objectName }).from(staffActions).where(eq(staffActions.objectId, String(id)));
    expect(logged.map((e) => e.kind).sort()).toEqual(['review.approve', 'review.reply']);
    expect(logged[0]!.objectName).toMatch(/ — Сергей$/);
  });

  it('lists reviews by status for staff, pending first in the queue, with counts', async () => {
    const manager = await createCustomer(ctx, 'manager');
    const { id } = await written(productIds[6]!, 2);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/reviews?status=pending&limit=100', headers: { cookie: manager.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminReviewsResponse;
    expect(body.counts.pending).toBeGreaterThan(0);
    expect(body.counts.approved).toBeGreaterThan(0);
    expect(body.counts.rejected).toBeGreaterThan(0);
    const item = body.reviews.find((r) => r.id === id)!;
    expect(item).toMatchObject({ status: 'pending', rating: 2, product: { id: productIds[6] }, author: 'Сергей' });
    expect(body.reviews.every((r) => r.status === 'pending')).toBe(true);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/reviews?status=spam', headers: { cookie: manager.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toEqual(['Неизвестный статус отзыва']);
  });

  it('is for staff only', async () => {
    const { id } = await written(productIds[4]!, 4, 'Ольга');
    const customer = await createCustomer(ctx);
    for (const cookie of [customer.cookie, undefined]) {
      const headers = cookie ? { cookie } : {};
      const answers = await Promise.all([
        ctx.app.inject({ method: 'GET', url: '/api/admin/reviews', headers }),
        ctx.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/approve`, headers }),
        ctx.app.inject({ method: 'POST', url: `/api/admin/reviews/${id}/reject`, headers, payload: { reason: 'Спам' } }),
        ctx.app.inject({ method: 'PUT', url: `/api/admin/reviews/${id}/reply`, headers, payload: { text: 'Ответ' } }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(4).fill(cookie ? 403 : 401));
    }
    expect((await moderate(999_999, 'approve')).statusCode).toBe(404);
    expect((await list(productIds[4]!)).reviews.find((r) => r.id === id)).toBeUndefined();
  });
});

describe('editing one’s own review', () => {
  const edit = (productId: number, cookie: string | undefined, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: `/api/products/${productId}/reviews/mine`, headers: cookie ? { cookie } : {}, payload: payload as object });
  const FIXED = { rating: 3, text: 'Перфоратор держит нагрузку, но через час работы заметно греется корпус.', pros: 'Мощный', cons: 'Греется' };

  it('sends a rejected review back to moderation with its new text; the reason goes, staff see it again', async () => {
    const productId = productIds[0]!;
    const { id, author } = await written(productId, 1);
    await moderate(id, 'reject', adminCookie, { reason: 'Нецензурные выражения' });
    expect((await list(productId, author.cookie)).mine).toMatchObject({ status: 'rejected', rejectReason: 'Нецензурные выражения' });

    const res = await edit(productId, author.cookie, FIXED);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'pending', message: 'Спасибо! Отзыв появится после проверки' });
    expect((await list(productId, author.cookie)).mine).toMatchObject({ id, status: 'pending', rejectReason: null, ...FIXED });
    expect((await list(productId)).reviews.find((r) => r.id === id)).toBeUndefined();

    const queue = await ctx.app.inject({ method: 'GET', url: '/api/admin/reviews?status=pending&limit=100', headers: { cookie: adminCookie } });
    expect((queue.json() as AdminReviewsResponse).reviews.find((r) => r.id === id)).toMatchObject({ status: 'pending', text: FIXED.text, rejectReason: null, moderatedAt: null });
    const rejected = await ctx.app.inject({ method: 'GET', url: '/api/admin/reviews?status=rejected&limit=100', headers: { cookie: adminCookie } });
    expect((rejected.json() as AdminReviewsResponse).reviews.find((r) => r.id === id)).toBeUndefined();
  });

  it('edits a review still waiting, and keeps an approved one as published (409)', async () => {
    const waiting = await written(productIds[1]!, 5);
    expect((await edit(productIds[1]!, waiting.author.cookie, FIXED)).statusCode).toBe(200);
    expect((await list(productIds[1]!, waiting.author.cookie)).mine).toMatchObject({ status: 'pending', text: FIXED.text, rating: 3 });

    const productId = productIds[6]!;
    const { id, author } = await written(productId, 5);
    await moderate(id, 'approve');
    const refused = await edit(productId, author.cookie, FIXED);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Опубликованный отзыв изменить нельзя');
    expect((await list(productId, author.cookie)).mine).toMatchObject({ status: 'approved', text: GOOD.text, rating: 5 });
  });

  it('is the author’s only: another customer has no review to edit (404), a visitor must log in (401)', async () => {
    const productId = productIds[2]!;
    const { author } = await written(productId, 2);
    const other = await createCustomer(ctx);
    const missing = await edit(productId, other.cookie, FIXED);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Отзыв не найден');
    expect((await edit(productId, undefined, FIXED)).statusCode).toBe(401);
    expect((await list(productId, author.cookie)).mine).toMatchObject({ text: GOOD.text, rating: 2 });
  });

  it('checks the fields as writing does and counts edits in the hourly limit', async () => {
    const productId = productIds[4]!;
    const { author } = await written(productId, 4);
    const bad = await edit(productId, author.cookie, { rating: 0, text: 'Коротко' });
    expectSomeFieldErrors(bad, { rating: ['Поставьте оценку'], text: ['Отзыв — не короче 10 символов'] });
    // The review itself was the first of five this hour.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await edit(productId, author.cookie, FIXED)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 429]);
    expect((await list(productId, author.cookie)).mine).toMatchObject({ text: FIXED.text });
  });
});

describe('the product page’s plain form', () => {
  const form = (productId: number, cookie: string | undefined, fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/reviews/form`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(fields).toString(),
    });

  it('writes the review and returns to the product’s reviews with the outcome', async () => {
    const productId = productIds[1]!;
    const author = await createCustomer(ctx);
    const sent = await form(productId, author.cookie, { rating: '5', text: GOOD.text, pros: '', cons: '' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(/^\/product\/[^/?]+\?review=sent#reviews$/);
    expect((await list(productId, author.cookie)).mine).toMatchObject({ rating: 5, status: 'pending' });

    expect((await form(productId, author.cookie, { rating: '5', text: GOOD.text })).headers.location).toContain('?review=duplicate#reviews');
    const other = await createCustomer(ctx);
    expect((await form(productId, other.cookie, { rating: '', text: GOOD.text })).headers.location).toContain('?review=invalid#reviews');
  });

  it('edits the own review with action=edit and says why when it cannot', async () => {
    const productId = productIds[5]!;
    const { id, author } = await written(productId, 2);
    await moderate(id, 'reject', adminCookie, { reason: 'Отзыв не о товаре' });
    const sent = await form(productId, author.cookie, { action: 'edit', rating: '4', text: GOOD.text, pros: 'Лёгкий', cons: '' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(/^\/product\/[^/?]+\?review=sent#reviews$/);
    expect((await list(productId, author.cookie)).mine).toMatchObject({ status: 'pending', rating: 4, rejectReason: null });

    await moderate(id, 'approve');
    expect((await form(productId, author.cookie, { action: 'edit', rating: '1', text: GOOD.text })).headers.location).toContain('?review=published#reviews');
    expect((await list(productId, author.cookie)).mine).toMatchObject({ status: 'approved', rating: 4 });
    const other = await createCustomer(ctx);
    expect((await form(productId, other.cookie, { action: 'edit', rating: '4', text: GOOD.text })).headers.location).toContain('?review=missing#reviews');
  });

  it('sends a visitor to the login page, coming back to the reviews', async () => {
    const res = await form(productIds[1]!, undefined, { rating: '5', text: GOOD.text });
    expect(res.statusCode).toBe(303);
    expect(decodeURIComponent(res.headers.location as string)).toMatch(/^\/auth\?next=\/product\/[^/?]+#reviews$/);
  });
});

describe('the demo reviews', () => {
  it('are a few approved reviews by demo customers who cannot log in, and count in the products’ rating', async () => {
    const seeded = await ctx.database.db
      .select({ productId: reviews.productId, status: reviews.status, verifiedBuyer: reviews.verifiedBuyer, role: users.role, email: users.email })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(users.username, 'demo-kolesnikov'));
    expect(seeded.length).toBeGreaterThanOrEqual(2);
    expect(seeded.every((r) => r.status === 'approved' && !r.verifiedBuyer && r.role === 'user' && r.email === null)).toBe(true);
    const view = await list(seeded[0]!.productId);
    expect(view.rating.count).toBeGreaterThan(0);
    expect(view.reviews.some((r) => r.author === 'Андрей')).toBe(true);
  });
});

describe('authorName', () => {
  it('shows the first name only', () => {
    expect(authorName('Петров Сергей Иванович')).toBe('Сергей');
    expect(authorName('Анна Смирнова')).toBe('Анна');
    expect(authorName('  Ольга ')).toBe('Ольга');
    expect(authorName(null)).toBe('Клиент');
  });
});
