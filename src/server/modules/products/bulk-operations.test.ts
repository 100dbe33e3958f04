import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, orderItems, products } from '#server/db/schema.ts';
import type { Product } from '#shared/types.ts';
import { insertOrder } from '../../../../tests/helpers/orders.ts';
import { adminAppWithCategory } from '../../../../tests/helpers/catalog-ids.ts';
import { type TestContext } from '../../../../tests/helpers/test-app.ts';
import { TEST_ADMIN } from '../../../../tests/helpers/test-config.ts';

/** The back office's bulk product operations: import items, hard delete, delete all (run last: it empties the catalogue). */

let ctx: TestContext;
let admin: string;
let categoryId: number;

beforeAll(async () => ({ ctx, admin, categoryId } = await adminAppWithCategory()));
afterAll(() => ctx.close());

const db = () => ctx.database.db;

const addOrder = (daysAgo: number, totalRub: number, status?: string, customerName?: string) =>
  insertOrder(ctx, daysAgo, totalRub, status, customerName);

describe('POST /api/admin/products (bulk import item)', () => {
  const importItem = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/admin/products', headers: { cookie: admin }, payload });

  it('creates a new product (201) and updates the one with the same SKU (200)', async () => {
    const created = await importItem({ name: 'Импортированная дрель', sku: 'IMP-001', price: 2990, categoryId, stock: 4, isFeatured: true });
    expect(created.statusCode).toBe(201);
    const first = created.json<{ action: string; product: Product }>();
    expect(first.action).toBe('created');
    expect(first.product).toMatchObject({ name: 'Импортированная дрель', slug: 'importirovannaya-drel', isActive: true, isFeatured: true, stock: 4 });

    const updated = await importItem({ name: 'Импортированная дрель v2', sku: 'IMP-001', price: 3190, categoryId });
    expect(updated.statusCode).toBe(200);
    const second = updated.json<{ action: string; product: Product }>();
    expect(second.action).toBe('updated');
    expect(second.product).toMatchObject({ id: first.product.id, name: 'Импортированная дрель v2', price: 3190, slug: 'importirovannaya-drel', isFeatured: true, stock: 4 });
    const [{ n }] = await db().select({ n: count() }).from(products).where(eq(products.sku, 'IMP-001'));
    expect(n).toBe(1);
  });

  it('refuses an invalid item with Russian field errors', async () => {
    const res = await importItem({ name: 'X', sku: 'IMP-002', price: -10, categoryId: 'abc' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.errors.name).toEqual(['Название должно содержать не менее 2 символов']);
    expect(body.errors.price).toEqual(['Цена должна быть больше или равна 0']);
    expect(body.errors.categoryId).toEqual(['Выберите категорию']);
  });
});

describe('DELETE /api/admin/hard-delete-product/{id}', () => {
  it('deletes the product, removes it from carts and keeps order snapshots', async () => {
    const product = (
      await ctx.app.inject({ method: 'POST', url: '/api/products', headers: { cookie: admin }, payload: { name: 'Удаляемый товар', sku: 'DEL-001', price: 1500, categoryId, stock: 10 } })
    ).json<Product>();
    const orderId = await addOrder(2, 1500);
    await db().insert(orderItems).values({ orderId, productId: product.id, productName: product.name, productSku: product.sku, productSlug: product.slug, unitPriceKopecks: 150_000, quantity: 1, totalKopecks: 150_000 });
    const cartId = '4f0c5b8e-3c1a-4d8e-9b7a-2f6e1d0c9a11';
    await db().insert(carts).values({ id: cartId });
    await db().insert(cartItems).values({ cartId, productId: product.id, quantity: 2 });

    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/hard-delete-product/${product.id}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Товар «Удаляемый товар» удалён' });
    expect(await db().select().from(products).where(eq(products.id, product.id))).toEqual([]);
    expect(await db().select().from(cartItems).where(eq(cartItems.cartId, cartId))).toEqual([]);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line).toMatchObject({ productId: null, productName: 'Удаляемый товар', productSku: 'DEL-001', unitPriceKopecks: 150_000 });

    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/admin/hard-delete-product/${product.id}`, headers: { cookie: admin } });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Товар не найден' });
  });
});

describe('DELETE /api/admin/products/delete-all', () => {
  const deleteAll = (payload?: object) =>
    ctx.app.inject({ method: 'DELETE', url: '/api/admin/products/delete-all?t=123', headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  it("needs the staff member's own password in the request; without it nothing is deleted", async () => {
    const [{ n }] = await db().select({ n: count() }).from(products);
    const missing = await deleteAll();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.currentPassword).toEqual(['Введите текущий пароль']);
    const wrong = await deleteAll({ currentPassword: 'Ne-tot-parol-1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Неверный текущий пароль', errors: { currentPassword: ['Неверный текущий пароль'] } });
    expect((await db().select({ n: count() }).from(products))[0]!.n).toBe(n);
  });

  it('deletes every product and reports the counts before and after', async () => {
    const [{ n }] = await db().select({ n: count() }).from(products);
    expect(n).toBeGreaterThan(0);
    const res = await deleteAll({ currentPassword: TEST_ADMIN.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ before: n, after: 0, message: `Удалено товаров: ${n}` });
    const again = await deleteAll({ currentPassword: TEST_ADMIN.password });
    expect(again.json()).toEqual({ before: 0, after: 0, message: 'Каталог уже пуст' });
    const orderLines = await db().select({ n: count() }).from(orderItems);
    expect(orderLines[0]!.n).toBeGreaterThan(0);
  });
});
