import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, staffActions, users } from '#server/db/schema.ts';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import type { StaffAction, StaffActionPerson } from '#shared/staff-actions.ts';
import { createCustomer, readProduct, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { insertOrder } from '../../../../tests/helpers/orders.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { TEST_ADMIN } from '../../../../tests/helpers/test-config.ts';
import { runStaffLogPurge } from './purge.ts';
import { registerStaffLog } from './route-log.ts';
import { expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

const DAY = 24 * 60 * 60 * 1000;
const MANAGER_IP = '203.0.113.7';
const ADMIN_IP = '198.51.100.20';

let ctx: TestContext;
let dataDir: string;
let admin: string;
let adminId: number;
let manager: TestCustomer;
let customer: TestCustomer;

beforeAll(async () => {
  // Behind a proxy, so each caller's address comes from X-Forwarded-For; backups in a folder of its own.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-staff-log-'));
  ctx = await createTestApp({ TRUST_PROXY: 'true', DATA_DIR: dataDir });
  admin = await ctx.login();
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = row!.id;
  manager = await createCustomer(ctx, 'manager');
  customer = await createCustomer(ctx, 'user');
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie: string, ip: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie, 'x-forwarded-for': ip } });

const readLog = async (query = '') => {
  const res = await call('GET', `/api/admin/staff-actions${query}`, admin, ADMIN_IP);
  expect(res.statusCode).toBe(200);
  return res.json() as { actions: StaffAction[]; total: number };
};
const latest = async () => (await readLog('?limit=1')).actions[0]!;

describe('every change in the back office is recorded', () => {
  it('a product edit: who, from where, the changed fields before and after', async () => {
    const before = await readProduct(ctx.database.db, 1);
    const res = await call('PATCH', '/api/products/1', manager.cookie, MANAGER_IP, { price: 12990, isFeatured: !before!.isFeatured });
    expect(res.statusCode).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({
      kind: 'product.update',
      userId: manager.id,
      username: manager.username,
      ip: MANAGER_IP,
      objectId: '1',
      before: { price: (before!.priceKopecks ?? 0) / 100, isFeatured: before!.isFeatured },
      after: { price: 12990, isFeatured: !before!.isFeatured },
    });
    // Only what changed: the name and the description stayed.
    expect(Object.keys(entry.after!).sort()).toEqual(['isFeatured', 'price']);
    expect(new Date(entry.createdAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a product created and deleted keeps the whole product on its side', async () => {
    const created = await call('POST', '/api/products', manager.cookie, MANAGER_IP, { name: 'Дрель журнальная', sku: 'LOG-1', price: 500, categoryId: 1 });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await latest()).toMatchObject({ kind: 'product.create', objectId: String(id), before: null, after: { name: 'Дрель журнальная', sku: 'LOG-1', price: 500 } });
    expect((await call('DELETE', `/api/admin/hard-delete-product/${id}`, manager.cookie, MANAGER_IP)).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ kind: 'product.delete', objectId: String(id), before: { name: 'Дрель журнальная', sku: 'LOG-1' }, after: null });
  });

  it('an order status change', async () => {
    const orderId = await insertOrder(ctx, 0, 1500);
    const res = await call('PATCH', `/api/orders/${orderId}/status`, manager.cookie, MANAGER_IP, { status: 'processing' });
    expect(res.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      kind: 'order.status',
      objectId: String(orderId),
      username: manager.username,
      before: { status: 'pending' },
      after: { status: 'processing' },
    });
    const [order] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe('processing');
  });

  it('a role change, and a password change shown only as changed', async () => {
    const target = await createCustomer(ctx, 'user');
    const role = await call('PATCH', `/api/admin/users/${target.id}`, admin, ADMIN_IP, { role: 'manager', currentPassword: TEST_ADMIN.password });
    expect(role.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      kind: 'user.update',
      userId: adminId,
      username: 'admin',
      ip: ADMIN_IP,
      objectId: String(target.id),
      before: { role: 'user' },
      after: { role: 'manager' },
    });

    const password = await call('PATCH', `/api/admin/users/${target.id}`, admin, ADMIN_IP, { password: 'Новый-пароль-2026' });
    expect(password.statusCode).toBe(200);
    const entry = await latest();
    expect(entry).toMatchObject({ kind: 'user.update', before: { password: 'прежний' }, after: { password: 'новый' } });
    const stored = JSON.stringify(await ctx.database.db.select().from(staffActions));
    const [hash] = await ctx.database.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, target.id));
    expect(stored).not.toContain('Новый-пароль-2026');
    expect(stored).not.toContain(hash!.h);
    expect(stored).not.toContain('argon2');
    expect(stored).not.toContain(TEST_ADMIN.password);
  });

  it('a user created by an administrator: the entry has no password in any form', async () => {
    const res = await call('POST', '/api/admin/users', admin, ADMIN_IP, { username: 'journal_user', email: 'journal@example.ru', password: 'Журнал-пароль-2026', role: 'manager' });
    expect(res.statusCode).toBe(201);
    const entry = await latest();
    expect(entry).toMatchObject({ kind: 'user.create', before: null, after: { username: 'journal_user', role: 'manager', isActive: true } });
    expect(entry.after).not.toHaveProperty('password');
    expect(JSON.stringify(entry)).not.toContain('Журнал-пароль-2026');
  });

  it('a settings change', async () => {
    const res = await call('PUT', '/api/admin/settings/shop', admin, ADMIN_IP, { ...DEFAULT_SHOP_SETTINGS, shopName: 'ПрофИнструмент Журнал' });
    expect(res.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      kind: 'settings.shop',
      objectId: 'shop',
      before: { shopName: DEFAULT_SHOP_SETTINGS.shopName },
      after: { shopName: 'ПрофИнструмент Журнал' },
    });
  });

  it('the supplier tools: a supplier, a brand spelling; credentials in an address are masked', async () => {
    const supplier = await call('POST', '/api/admin/suppliers', manager.cookie, MANAGER_IP, { code: 'LOGSUP', name: 'Журнальный поставщик' });
    expect(supplier.statusCode).toBe(201);
    const id = supplier.json().id as number;
    expect(await latest()).toMatchObject({ kind: 'supplier.create', objectId: String(id), after: { code: 'LOGSUP', name: 'Журнальный поставщик' } });
    const patched = await call('PATCH', `/api/admin/suppliers/${id}`, manager.cookie, MANAGER_IP, { sourceUrl: 'https://price:s3cret@example.ru/price.yml' });
    expect(patched.statusCode).toBe(200);
    expect(await latest()).toMatchObject({ kind: 'supplier.update', before: { sourceUrl: null }, after: { sourceUrl: 'https://***@example.ru/price.yml' } });
    // The entry keeps the supplier's name, so the log reads «Поставщик «Журнальный поставщик»» even after a rename.
    expect((await latest()).objectName).toBe('Журнальный поставщик');
    await call('PATCH', `/api/admin/suppliers/${id}`, manager.cookie, MANAGER_IP, { name: 'ИнструментЮг' });
    expect(await latest()).toMatchObject({ kind: 'supplier.update', objectName: 'ИнструментЮг', before: { name: 'Журнальный поставщик' }, after: { name: 'ИнструментЮг' } });
    expect((await readLog('?kind=supplier.create')).actions[0]).toMatchObject({ objectId: String(id), objectName: 'Журнальный поставщик' });

    const alias = await call('POST', '/api/admin/catalog-adapter/brand-aliases', manager.cookie, MANAGER_IP, { alias: 'Журнал Тулз', brand: 'LOGSUP' });
    expect(alias.statusCode).toBe(201);
    const renamed = await call('PATCH', `/api/admin/catalog-adapter/brand-aliases/${encodeURIComponent('Журнал Тулз')}`, manager.cookie, MANAGER_IP, {
      alias: 'Журнал Тулс',
      brand: 'LOGSUP',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await latest()).toMatchObject({
      kind: 'adapter.alias.update',
      before: { alias: 'журнал тулз' },
      after: { alias: 'журнал тулс' },
    });
    expect(JSON.stringify(await readLog('?limit=100'))).not.toContain('s3cret');
  });

  it('downloading a backup is recorded without the password asked for it; a refused download and a preview are not', async () => {
    const made = await call('POST', '/api/admin/backups', admin, ADMIN_IP);
    expect(made.statusCode).toBe(201);
    const name = made.json().name as string;
    expect(await latest()).toMatchObject({ kind: 'backup.create', objectId: name });
    const download = (currentPassword: string) => call('POST', `/api/admin/backups/${name}/download`, admin, ADMIN_IP, { currentPassword });
    expect((await download(TEST_ADMIN.password)).statusCode).toBe(200);
    expect(await latest()).toMatchObject({ kind: 'backup.download', objectId: name, ip: ADMIN_IP });
    expect(JSON.stringify(await latest())).not.toContain(TEST_ADMIN.password);
    const { total } = await readLog();
    expect((await download('Не-тот-пароль-2026')).statusCode).toBe(403);
    const preview = await call('POST', '/api/admin/catalog-adapter/rules/preview', manager.cookie, MANAGER_IP, {
      kind: 'name_contains',
      supplierId: null,
      pattern: 'перфоратор',
      categoryId: 1,
    });
    expect(preview.statusCode).toBe(200);
    expect((await readLog()).total).toBe(total);
  });

  it('a refused request is not recorded', async () => {
    const { total } = await readLog();
    const bad = await call('PATCH', '/api/products/1', manager.cookie, MANAGER_IP, { price: -5 });
    expect(bad.statusCode).toBe(400);
    const missing = await call('PATCH', '/api/orders/999999/status', manager.cookie, MANAGER_IP, { status: 'processing' });
    expect(missing.statusCode).toBe(404);
    expect((await readLog()).total).toBe(total);
  });
});

describe('no back-office route can be forgotten', () => {
  it('the app does not start with a staff route that changes something and names no kind', async () => {
    const app = Fastify();
    registerStaffLog(app as never);
    expect(() => app.post('/api/admin/forgotten', { config: { access: 'staff' } }, async () => ({}))).toThrow(
      'Route POST /api/admin/forgotten has no config.staffLog',
    );
    app.get('/api/admin/read-only', { config: { access: 'staff' } }, async () => ({}));
    app.post('/api/admin/preview', { config: { access: 'staff', staffLog: false } }, async () => ({}));
    await app.close();
  });
});

describe('reading the log', () => {
  it('filters by person, kind and dates; pages newest first', async () => {
    const byManager = await readLog(`?userId=${manager.id}`);
    expect(byManager.total).toBeGreaterThanOrEqual(4);
    expect(byManager.actions.every((a) => a.username === manager.username)).toBe(true);

    const statuses = await readLog('?kind=order.status');
    expect(statuses.total).toBe(1);
    expect(statuses.actions[0]!.kind).toBe('order.status');

    const today = new Date(ctx.clock.now().getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const tomorrow = new Date(ctx.clock.now().getTime() + 27 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const all = await readLog(`?startDate=${today}&endDate=${today}&limit=100`);
    expect(all.total).toBe((await readLog()).total);
    expect((await readLog(`?startDate=${tomorrow}`)).total).toBe(0);

    const times = all.actions.map((a) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const second = await readLog('?limit=1&page=2');
    expect(second.actions[0]!.id).toBe(all.actions[1]!.id);
  });

  it('refuses bad filters with Russian messages', async () => {
    const res = await call('GET', '/api/admin/staff-actions?kind=product.steal&startDate=2026-02-30', admin, ADMIN_IP);
    expectSomeFieldErrors(res, { kind: ['Некорректный вид действия'], startDate: ['Некорректная дата начала'] });
  });

  it('lists the people who have entries', async () => {
    const res = await call('GET', '/api/admin/staff-actions/people', admin, ADMIN_IP);
    expect(res.statusCode).toBe(200);
    expect(res.json() as StaffActionPerson[]).toEqual(
      expect.arrayContaining([
        { userId: adminId, username: 'admin' },
        { userId: manager.id, username: manager.username },
      ]),
    );
  });

  it('is for administrators only', async () => {
    for (const url of ['/api/admin/staff-actions', '/api/admin/staff-actions/people']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call('GET', url, customer.cookie, MANAGER_IP)).statusCode).toBe(403);
      expect((await call('GET', url, manager.cookie, MANAGER_IP)).statusCode).toBe(403);
    }
  });
});

describe('the log cannot be edited', () => {
  const db = () => ctx.database.db;
  const refusal = async (statement: ReturnType<typeof sql>) => {
    const error = await db().execute(statement).then(() => null, (e: unknown) => e as Error);
    return String((error as { cause?: Error } | null)?.cause?.message ?? error?.message ?? '');
  };

  it('the database refuses to change an entry or delete a recent one', async () => {
    const { actions } = await readLog('?limit=1');
    const id = actions[0]!.id;
    expect(await refusal(sql`update staff_actions set after = '{}'::jsonb where id = ${id}`)).toContain('cannot be changed');
    expect(await refusal(sql`update staff_actions set user_id = null, username = 'someone' where id = ${id}`)).toContain('cannot be changed');
    expect(await refusal(sql`delete from staff_actions where id = ${id}`)).toContain('younger than 400 days');
    const [row] = await db().select().from(staffActions).where(eq(staffActions.id, id));
    expect(row!.after).toEqual(actions[0]!.after);
  });

  it('a deleted user is still named: the entry keeps the username, without the id', async () => {
    const leaver = await createCustomer(ctx, 'manager');
    expect((await call('PATCH', '/api/products/1', leaver.cookie, MANAGER_IP, { isFeatured: true })).statusCode).toBe(200);
    await db().delete(users).where(eq(users.id, leaver.id));
    const entry = (await readLog(`?username=${leaver.username}`)).actions[0]!;
    expect(entry).toMatchObject({ userId: null, username: leaver.username, kind: 'product.update' });
    const people = (await call('GET', '/api/admin/staff-actions/people', admin, ADMIN_IP)).json() as StaffActionPerson[];
    expect(people).toContainEqual({ userId: null, username: leaver.username });
  });

  it('the daily purge drops entries older than 730 days and keeps the rest', async () => {
    const now = ctx.clock.now();
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    const base = { username: 'старый_сотрудник', ip: '192.0.2.1', kind: 'product.update' };
    const [old, kept] = await db()
      .insert(staffActions)
      .values([
        { ...base, createdAt: at(800), objectId: 'purge-old' },
        { ...base, createdAt: at(500), objectId: 'purge-kept' },
      ])
      .returning({ id: staffActions.id });
    const { total } = await readLog();

    expect(await runStaffLogPurge(db(), now)).toBe(1);
    expect(await runStaffLogPurge(db(), now)).toBeNull();
    const left = await db().select({ id: staffActions.id }).from(staffActions);
    expect(left.map((r) => r.id)).not.toContain(old!.id);
    expect(left.map((r) => r.id)).toContain(kept!.id);
    expect((await readLog()).total).toBe(total - 1);

    // Past 400 days the database lets an entry go.
    expect(await refusal(sql`delete from staff_actions where id = ${kept!.id}`)).toBe('');
  });
});
