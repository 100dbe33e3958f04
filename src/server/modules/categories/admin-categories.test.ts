import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '#server/db/schema.ts';
import { isUniqueViolation } from '#server/db/unique-slug.ts';
import type { AdminCategory, Category } from '#shared/types.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { parcelsOf } from '../delivery/parcels.ts';
import { DEFAULT_PARCEL } from '#shared/delivery.ts';
import { expectFieldErrors, expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie: admin } });

describe('GET /api/admin/categories', () => {
  it('counts all products and the active ones', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/categories?t=1', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const list = res.json<AdminCategory[]>();
    const publicList = (await ctx.app.inject({ url: '/api/categories' })).json<Category[]>();
    expect(list.map((c) => c.id)).toEqual(publicList.map((c) => c.id));
    for (const c of list) {
      const [{ n }] = await ctx.database.db.select({ n: count() }).from(products).where(eq(products.categoryId, c.id));
      expect(c.productCount).toBe(n);
      expect(c.activeProductCount).toBe(publicList.find((p) => p.id === c.id)!.productCount);
    }
  });
});

describe('POST /api/categories', () => {
  it('creates a category with an icon and appears in the public list', async () => {
    const res = await send('POST', '/api/categories', { name: 'Компрессоры', slug: 'kompressory', description: 'Поршневые и винтовые', icon: 'gauge' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Компрессоры', slug: 'kompressory', description: 'Поршневые и винтовые', icon: 'gauge', productCount: 0, activeProductCount: 0 });
    const publicList = (await ctx.app.inject({ url: '/api/categories' })).json<Category[]>();
    expect(publicList.at(-1)).toMatchObject({ slug: 'kompressory', productCount: 0 });
  });

  it('refuses a missing name and slug, a bad slug and an unknown icon with the spec messages', async () => {
    const empty = await send('POST', '/api/categories', { name: '  ', slug: '' });
    expectSomeFieldErrors(empty, { name: ['Название категории обязательно'], slug: ['Slug обязателен'] });
    const bad = await send('POST', '/api/categories', { name: 'Насосы', slug: 'Насосы!', icon: 'not-an-icon' });
    expect(bad.json().errors).toMatchObject({ slug: ['Только строчные буквы, цифры и дефисы'], icon: ['Выберите значок из списка'] });
    const digits = await send('POST', '/api/categories', { name: 'Насосы', slug: '2024' });
    expect(digits.json().errors).toMatchObject({ slug: ['Slug не может состоять только из цифр'] });
  });

  it('refuses a typed slug that another category has: 409 on the slug field, nothing created', async () => {
    const a = await send('POST', '/api/categories', { name: 'Генераторы', slug: 'generatory' });
    expect(a.json().slug).toBe('generatory');
    const before = (await send('GET', '/api/admin/categories')).json<AdminCategory[]>().length;
    const b = await send('POST', '/api/categories', { name: 'Генераторы бензиновые', slug: 'generatory' });
    expect(b.statusCode).toBe(409);
    expect(b.json()).toEqual({ message: 'Такой slug уже используется', errors: { slug: ['Такой slug уже используется'] } });
    expect((await send('GET', '/api/admin/categories')).json<AdminCategory[]>()).toHaveLength(before);
  });
});

describe('PATCH /api/categories/{id}', () => {
  it('changes the given fields only', async () => {
    const created = (await send('POST', '/api/categories', { name: 'Сварка', slug: 'svarka', icon: 'flame' })).json<AdminCategory>();
    const res = await send('PATCH', `/api/categories/${created.id}`, { description: 'Сварочные аппараты и расходники' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Сварка', slug: 'svarka', icon: 'flame', description: 'Сварочные аппараты и расходники' });
    const taken = await send('PATCH', `/api/categories/${created.id}`, { name: 'Сварочное оборудование', slug: 'kompressory', icon: 'zap' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Такой slug уже используется', errors: { slug: ['Такой slug уже используется'] } });
    const renamed = await send('PATCH', `/api/categories/${created.id}`, { name: 'Сварочное оборудование', slug: 'svarochnoe', icon: 'zap' });
    expect(renamed.json()).toMatchObject({ name: 'Сварочное оборудование', slug: 'svarochnoe', icon: 'zap' });
    const invalid = await send('PATCH', `/api/categories/${created.id}`, { name: '' });
    expectFieldErrors(invalid, { name: ['Название категории обязательно'] });
    expect((await send('PATCH', '/api/categories/999999', { name: 'Нет такой' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/categories/{id}', () => {
  it('deletes an empty category', async () => {
    const created = (await send('POST', '/api/categories', { name: 'Пустая', slug: 'pustaya' })).json<AdminCategory>();
    const res = await send('DELETE', `/api/categories/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Категория «Пустая» удалена' });
    expect(await ctx.database.db.select().from(categories).where(eq(categories.id, created.id))).toEqual([]);
  });

  it('refuses a category with products, even inactive ones (409)', async () => {
    const created = (await send('POST', '/api/categories', { name: 'С товаром', slug: 's-tovarom' })).json<AdminCategory>();
    const product = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: { name: 'Единственный товар', sku: 'ONLY-1', price: 10, categoryId: created.id, isActive: false },
    });
    expect(product.statusCode).toBe(201);
    const res = await send('DELETE', `/api/categories/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Возможно, в ней есть товары.');
    expect(await ctx.database.db.select().from(categories).where(eq(categories.id, created.id))).toHaveLength(1);
  });

  it('answers 404 for a missing category', async () => {
    expect((await send('DELETE', '/api/categories/999999')).statusCode).toBe(404);
  });
});

describe('unique slug violations are recognised on this database', () => {
  it('reads the constraint from the driver error', async () => {
    const error = await ctx.database.db
      .insert(categories)
      .values({ name: 'Дубликат', slug: 'perforatory' })
      .then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(error, 'categories_slug_unique')).toBe(true);
    expect(isUniqueViolation(error, 'products_slug_unique')).toBe(false);
  });
});

describe('a category’s default weight and size (issue 28)', () => {
  it('keeps «4,2» kg and centimetres, and the parcels of its products without their own figures take them', async () => {
    const created = await send('POST', '/api/categories', { name: 'Тестовые генераторы', slug: 'testovye-generatory', icon: 'gauge', defaultWeightKg: '4,2', defaultLengthCm: '50', defaultWidthCm: 30, defaultHeightCm: '15,5' });
    expect(created.statusCode).toBe(201);
    const category = created.json<AdminCategory>();
    expect(category).toMatchObject({ defaultWeightKg: 4.2, defaultLengthCm: 50, defaultWidthCm: 30, defaultHeightCm: 15.5 });
    const listed = (await send('GET', '/api/admin/categories')).json<AdminCategory[]>().find((c) => c.id === category.id);
    expect(listed).toMatchObject({ defaultWeightKg: 4.2, defaultHeightCm: 15.5 });

    const product = (sku: string, extra: object = {}) =>
      send('POST', '/api/products', { name: `Генератор ${sku}`, sku, price: 49990, categoryId: category.id, ...extra }).then((r) => r.json<{ id: number }>().id);
    const bare = await product('GEN-1');
    const weighed = await product('GEN-2', { weightKg: '2,4', lengthCm: 38, widthCm: 31, heightCm: 11 });
    // One parcel per line, units stacked: the bare one by its category, the weighed one by its own.
    expect(await parcelsOf(ctx.database.db, [{ productId: bare, quantity: 2 }, { productId: weighed, quantity: 1 }])).toEqual([
      { weightGrams: 8400, lengthMm: 500, widthMm: 300, heightMm: 310 },
      { weightGrams: 2400, lengthMm: 380, widthMm: 310, heightMm: 110 },
    ]);

    // Emptied, the category's figures give way to the shop's.
    const cleared = await send('PATCH', `/api/categories/${category.id}`, { defaultWeightKg: '', defaultLengthCm: null, defaultWidthCm: '', defaultHeightCm: '' });
    expect(cleared.json<AdminCategory>()).toMatchObject({ defaultWeightKg: null, defaultLengthCm: null, defaultWidthCm: null, defaultHeightCm: null });
    expect(await parcelsOf(ctx.database.db, [{ productId: bare, quantity: 1 }])).toEqual([DEFAULT_PARCEL]);
  });

  it('refuses figures that are not positive or beyond the limits, with Russian messages', async () => {
    const [first] = await ctx.database.db.select({ id: categories.id }).from(categories).limit(1);
    const res = await send('PATCH', `/api/categories/${first!.id}`, { defaultWeightKg: '1200', defaultLengthCm: '-5', defaultWidthCm: 'широкий', defaultHeightCm: 501 });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      defaultWeightKg: ['Вес не больше 1000 кг'],
      defaultLengthCm: ['Длина должна быть больше нуля'],
      defaultWidthCm: ['Введите ширину числом в сантиметрах, например 30'],
      defaultHeightCm: ['Высота не больше 500 см'],
    });
  });
});
