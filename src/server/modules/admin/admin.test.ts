import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '#server/db/schema.ts';
import type { AdminDashboard } from '#shared/types.ts';
import { createCustomer } from '../../../../tests/helpers/customers.ts';
import { changePercent } from './service.ts';
import { insertOrder } from '../../../../tests/helpers/orders.ts';
import { adminAppWithCategory } from '../../../../tests/helpers/catalog-ids.ts';
import { type TestContext } from '../../../../tests/helpers/test-app.ts';
import { testConfig } from '../../../../tests/helpers/test-config.ts';

let ctx: TestContext;
let admin: string;
let categoryId: number;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => ({ ctx, admin, categoryId } = await adminAppWithCategory()));
afterAll(() => ctx.close());

const db = () => ctx.database.db;

const addOrder = (daysAgo: number, totalRub: number, status?: string, customerName?: string) =>
  insertOrder(ctx, daysAgo, totalRub, status, customerName);

const get = (url: string, cookie = admin) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('GET /api/admin/dashboard', () => {
  it('counts revenue and orders of the last 30 days against the 30 days before', async () => {
    await addOrder(1, 10_000);
    await addOrder(10, 5_000, 'delivered');
    await addOrder(29, 1_000, 'cancelled'); // counted as an order, not as revenue
    await addOrder(31, 4_000, 'delivered');
    await addOrder(59, 1_000, 'shipped');
    await addOrder(61, 99_000, 'delivered'); // older than both periods
    const newest = await addOrder(0.01, 2_500, 'processing', 'Пётр Сидоров');

    const res = await get('/api/admin/dashboard?t=1');
    expect(res.statusCode).toBe(200);
    const d = res.json<AdminDashboard>();
    expect(d.periodDays).toBe(30);
    expect(d.revenue).toEqual({ current: 17_500, previous: 5_000, changePercent: 250 });
    expect(d.orders).toEqual({ current: 4, previous: 2, changePercent: 100 });
    expect(d.latestOrders[0]).toMatchObject({ id: newest, customerName: 'Пётр Сидоров', totalAmount: 2_500, status: 'processing' });
    expect(d.latestOrders).toHaveLength(5);
  });

  it('counts customers (not staff), new ones per period, and products', async () => {
    const before = (await get('/api/admin/dashboard')).json<AdminDashboard>();
    const recent = await createCustomer(ctx, 'user');
    const staff = await createCustomer(ctx, 'manager');
    const old = await createCustomer(ctx, 'user');
    const ago = (days: number) => new Date(ctx.clock.now().getTime() - days * DAY);
    await db().update(users).set({ createdAt: ago(2) }).where(eq(users.id, recent.id));
    await db().update(users).set({ createdAt: ago(2) }).where(eq(users.id, staff.id));
    await db().update(users).set({ createdAt: ago(40) }).where(eq(users.id, old.id));
    const after = (await get('/api/admin/dashboard')).json<AdminDashboard>();
    expect(after.customers.total).toBe(before.customers.total + 2);
    expect(after.customers.newCurrent).toBe(before.customers.newCurrent + 1);
    expect(after.customers.newPrevious).toBe(before.customers.newPrevious + 1);

    const [{ total }] = await db().select({ total: count() }).from(products);
    const [{ active }] = await db().select({ active: count() }).from(products).where(eq(products.isActive, true));
    expect(after.products).toEqual({ total, active, inactive: total - active });
  });

  it('lists low stock (active, stock ≤ 5) and products per category', async () => {
    const before = (await get('/api/admin/dashboard')).json<AdminDashboard>();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { name: 'Кончается на складе', sku: 'LOW-STOCK-1', price: 100, categoryId, stock: 0 },
    });
    const inactive = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { name: 'Неактивный с малым остатком', sku: 'LOW-STOCK-2', price: 100, categoryId, stock: 1, isActive: false },
    });
    expect(created.statusCode).toBe(201);
    expect(inactive.statusCode).toBe(201);
    const after = (await get('/api/admin/dashboard')).json<AdminDashboard>();
    expect(after.lowStock.threshold).toBe(5);
    expect(after.lowStock.count).toBe(before.lowStock.count + 1);
    expect(after.lowStock.items.length).toBeLessThanOrEqual(5);
    for (const item of after.lowStock.items) expect(item.stock ?? 0).toBeLessThanOrEqual(5);
    const cat = after.categories.find((c) => c.id === categoryId)!;
    const catBefore = before.categories.find((c) => c.id === categoryId)!;
    expect(cat.productCount).toBe(catBefore.productCount + 2);
    expect(cat.activeProductCount).toBe(catBefore.activeProductCount + 1);
  });

  it('change in percent: one decimal, 0 for nothing to nothing, none when there was nothing before', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 150)).toBe(-66.7);
    expect(changePercent(0, 0)).toBe(0);
    expect(changePercent(10, 0)).toBeNull();
  });
});

describe('POST /api/admin/uploads', () => {
  const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
  const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
  const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 3)]);

  function multipart(filename: string, contentType: string, content: Buffer, field = 'file') {
    const boundary = '----shoptestboundary7MA4YWxkTrZu0gW';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: admin } };
  }
  const upload = (filename: string, contentType: string, content: Buffer) =>
    ctx.app.inject({ method: 'POST', url: '/api/admin/uploads', ...multipart(filename, contentType, content) });

  it.each([
    ['photo.png', 'image/png', PNG, 'png'],
    ['photo.jpg', 'image/jpeg', JPEG, 'jpg'],
    ['photo.webp', 'image/webp', WEBP, 'webp'],
    ['named-wrong.gif', 'application/octet-stream', PNG, 'png'],
  ])('stores %s by its content under a random name', async (filename, type, content, ext) => {
    const res = await upload(filename, type, content);
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f]{32}\\.${ext}$`));
    const stored = path.join(testConfig().dataDir, url);
    expect(fs.readFileSync(stored).equals(content)).toBe(true);
    const served = await ctx.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('max-age=31536000');
  });

  it('refuses a file that is not JPEG, PNG or WebP whatever its name says', async () => {
    const res = await upload('evil.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Можно загрузить только изображение JPEG, PNG или WebP' });
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const res = await upload('big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Файл слишком большой: не более 5 МБ' });
  });

  it('refuses a request without a file', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/uploads', headers: { cookie: admin, 'content-type': 'application/json' }, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Отправьте файл изображения в поле file (multipart/form-data)');
  });
});
