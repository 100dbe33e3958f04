import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminShopForFile } from '../../../../tests/helpers/file-app.ts';
import { products } from '#server/db/schema.ts';
import type { Product } from '#shared/types.ts';
import { createCustomer, readProduct, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { firstCategoryIds } from '../../../../tests/helpers/catalog-ids.ts';
import { expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

const shop = adminShopForFile();
let manager: TestCustomer;
let categoryId: number;
let otherCategoryId: number;

beforeAll(async () => {
  manager = await createCustomer(shop.ctx, 'manager');
  [categoryId, otherCategoryId] = await firstCategoryIds(shop.ctx.database.db, 2);
});

const create = (payload: object, cookie = shop.admin) => shop.ctx.app.inject({ method: 'POST', url: '/api/products', payload, headers: { cookie } });
const patch = (id: number, payload: object, cookie = shop.admin) =>
  shop.ctx.app.inject({ method: 'PATCH', url: `/api/products/${id}`, payload, headers: { cookie } });
const valid = (extra: object = {}) => ({ name: 'Дрель ударная DCK KJZ02-13', sku: `T-${Math.random().toString(36).slice(2, 10)}`, price: 5490, categoryId, ...extra });

describe('POST /api/products', () => {
  it('creates a product with every field and answers 201 with it', async () => {
    // What the answer gives back as it was sent.
    const asSent = {
      name: 'Перфоратор DCK KZC05-26 Тест',
      sku: 'TEST-KZC05-26',
      originalPrice: 14990,
      stock: 7,
      categoryId,
      supplier: 'DCK',
      tag: 'Новинка',
      imageUrl: '/uploads/abc.png',
      isActive: true,
      isFeatured: true,
    };
    const res = await create({ ...asSent, slug: '', price: '12 990', shortDescription: 'Мощный перфоратор SDS-plus', description: 'Полное описание' });
    expect(res.statusCode).toBe(201);
    const product = res.json<Product>();
    expect(product).toMatchObject({ ...asSent, slug: 'perforator-dck-kzc05-26-test', price: 12990 });
    expect(product.category?.id).toBe(categoryId);
    const [row] = await shop.ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row!.priceKopecks).toBe(1_299_000);
  });

  it('defaults: active, not featured, no supplier, no old price, stock empty', async () => {
    const res = await create(valid({ supplier: 'none' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isActive: true, isFeatured: false, supplier: null, originalPrice: null, stock: null, tag: null, imageUrl: null });
  });

  it('a manager may create products too', async () => {
    const res = await create(valid(), manager.cookie);
    expect(res.statusCode).toBe(201);
  });

  it('refuses invalid fields with the spec messages, per field', async () => {
    const res = await create({ name: 'Д', slug: 'Плохой slug', sku: 'X', price: -1, originalPrice: -5, stock: -1, categoryId: 0, imageUrl: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors.name).toEqual(['Название должно содержать не менее 2 символов']);
    expect(errors.slug).toEqual(['Только строчные буквы, цифры и дефисы']);
    expect(errors.sku).toEqual(['Артикул должен содержать не менее 2 символов']);
    expect(errors.price).toEqual(['Цена должна быть больше или равна 0']);
    expect(errors.originalPrice).toEqual(['Старая цена должна быть больше или равна 0']);
    expect(errors.stock).toEqual(['Количество должно быть положительным']);
    expect(errors.categoryId).toEqual(['Выберите категорию']);
    expect(errors.imageUrl).toEqual(['Укажите адрес изображения: https://… или /uploads/…']);
  });

  it('takes DCK, P.I.T or a price list’s supplier, and a distributor’s product keeps its own when the form saves it', async () => {
    const unknown = await create(valid({ supplier: 'Makita' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.supplier).toEqual(['Выберите поставщика из списка или «Без поставщика»']);

    const supplier = await shop.ctx.app.inject({ method: 'POST', url: '/api/admin/suppliers', payload: { code: 'INSTRYUG', name: 'ИнструментЮг' }, headers: { cookie: shop.admin } });
    expect(supplier.statusCode).toBe(201);
    const created = await create(valid({ supplier: 'INSTRYUG' }));
    expect(created.statusCode).toBe(201);
    const product = created.json<{ id: number; supplier: string }>();
    expect(product.supplier).toBe('INSTRYUG');
    // The form sends every field back, the supplier included.
    const saved = await patch(product.id, { ...valid({ sku: `T-${product.id}` }), supplier: 'INSTRYUG', name: 'Дрель ударная DCK KJZ02-13 (2)' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ supplier: 'INSTRYUG', name: 'Дрель ударная DCK KJZ02-13 (2)' });
    expect((await patch(product.id, { supplier: 'NOBODY' })).json().errors.supplier).toEqual(['Выберите поставщика из списка или «Без поставщика»']);
  });

  it('requires a price and a category', async () => {
    const res = await create({ name: 'Болгарка', sku: 'UGM-1' });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: Record<string, string[]> }>();
    expect(errors.price).toEqual(['Укажите цену']);
    expect(errors.categoryId).toEqual(['Выберите категорию']);
  });

  it('accepts a zero price ("price on request")', async () => {
    const res = await create(valid({ price: 0 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().price).toBe(0);
  });

  it('refuses an unknown category and a taken SKU', async () => {
    const unknown = await create(valid({ categoryId: 999999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.categoryId).toEqual(['Категория не найдена']);
    const first = await create(valid({ sku: 'DUP-SKU-1' }));
    expect(first.statusCode).toBe(201);
    const second = await create(valid({ sku: 'DUP-SKU-1' }));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'Товар с таким артикулом уже существует', errors: { sku: ['Товар с таким артикулом уже существует'] } });
  });

  it('makes generated slugs unique with -2, -3 and never all digits; refuses a typed one that is taken', async () => {
    const a = (await create(valid({ name: 'Уровень лазерный Тестовый' }))).json<Product>();
    const b = (await create(valid({ name: 'Уровень лазерный Тестовый' }))).json<Product>();
    const c = (await create(valid({ name: 'Уровень лазерный Тестовый', slug: '' }))).json<Product>();
    expect([a.slug, b.slug, c.slug]).toEqual(['uroven-lazernyy-testovyy', 'uroven-lazernyy-testovyy-2', 'uroven-lazernyy-testovyy-3']);
    const typed = await create(valid({ name: 'Уровень лазерный Другой', slug: 'uroven-lazernyy-testovyy-2' }));
    expect(typed.statusCode).toBe(409);
    expect(typed.json()).toEqual({ message: 'Такой slug уже используется', errors: { slug: ['Такой slug уже используется'] } });
    const numeric = (await create(valid({ name: '2024' }))).json<Product>();
    expect(numeric.slug).toBe('2024-2');
    const explicitDigits = await create(valid({ slug: '12345' }));
    expect(explicitDigits.statusCode).toBe(400);
    expect(explicitDigits.json().errors.slug).toEqual(['Slug не может состоять только из цифр']);
  });
});

describe('PATCH /api/products/{id}', () => {
  it('toggles isActive alone, leaving the rest untouched', async () => {
    const product = (await create(valid({ stock: 3 }))).json<Product>();
    const res = await patch(product.id, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...product, isActive: false, updatedAt: expect.any(String) });
    expect((await patch(product.id, { isActive: true })).json().isActive).toBe(true);
  });

  it('edits fields, validates them, and keeps the slug when only the name changes', async () => {
    const product = (await create(valid({ name: 'Шуруповерт Тестовый' }))).json<Product>();
    const renamed = await patch(product.id, { name: 'Шуруповерт Переименованный', price: 3990, originalPrice: null, categoryId: otherCategoryId, supplier: 'P.I.T' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Шуруповерт Переименованный', slug: product.slug, price: 3990, originalPrice: null, categoryId: otherCategoryId, supplier: 'P.I.T' });
    const regenerated = await patch(product.id, { slug: '' });
    expect(regenerated.json().slug).toBe('shurupovert-pereimenovannyy');
    const bad = await patch(product.id, { name: 'Ш', stock: -3 });
    expectSomeFieldErrors(bad, { name: ['Название должно содержать не менее 2 символов'], stock: ['Количество должно быть положительным'] });
  });

  it('refuses a typed slug and a SKU that another product has', async () => {
    const a = (await create(valid({ name: 'Пила цепная Тест' }))).json<Product>();
    const b = (await create(valid({ name: 'Пила дисковая Тест' }))).json<Product>();
    const moved = await patch(b.id, { slug: a.slug });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({ message: 'Такой slug уже используется', errors: { slug: ['Такой slug уже используется'] } });
    expect((await patch(b.id, { isActive: true })).json().slug).toBe(b.slug);
    const own = await patch(a.id, { slug: a.slug });
    expect(own.json().slug).toBe(a.slug);
    const sku = await patch(b.id, { sku: a.sku });
    expect(sku.statusCode).toBe(409);
  });

  it('answers 400 «Некорректное значение» for a number the database cannot hold, changing nothing', async () => {
    const id = (await create(valid())).json().id as number;
    const before = (await readProduct(shop.ctx.database.db, id)).categoryId;
    const tooBig = await patch(id, { categoryId: 2147483648 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ message: 'Некорректное значение' });
    expect((await readProduct(shop.ctx.database.db, id)).categoryId).toBe(before);
  });

  it('answers 404 for a missing product and 400 for a bad id', async () => {
    expect((await patch(999999, { isActive: false })).json()).toEqual({ message: 'Товар не найден' });
    expect((await patch(999999, { isActive: false })).statusCode).toBe(404);
    expect((await shop.ctx.app.inject({ method: 'PATCH', url: '/api/products/abc', payload: { isActive: false }, headers: { cookie: shop.admin } })).statusCode).toBe(400);
  });
});

describe('bodies that are not objects', () => {
  const send = (method: 'POST' | 'PATCH', url: string, body: string) =>
    shop.ctx.app.inject({ method, url, payload: body, headers: { cookie: shop.admin, 'content-type': 'application/json' } });

  // A missing body is a missing value; anything else is not what a product is.
  for (const [body, message] of [['null', 'Обязательное поле'], ['[]', 'Некорректное значение'], ['1', 'Некорректное значение'], ['"x"', 'Некорректное значение']]) {
    it(`answers 400 «${message}» to ${body} when creating, importing or editing a product`, async () => {
      const id = (await create(valid())).json().id as number;
      for (const [method, url] of [['POST', '/api/products'], ['POST', '/api/admin/products'], ['PATCH', `/api/products/${id}`]] as const) {
        const res = await send(method, url, body!);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json(), `${method} ${url}`).toEqual({ message, errors: { _: [message] } });
      }
    });
  }
});

describe('weight and size in the product form (issue 28)', () => {
  it('keeps «2,4» kg and centimetres as whole grams and millimetres and answers them as typed', async () => {
    const res = await create(valid({ weightKg: '2,4', lengthCm: '38,5', widthCm: 31, heightCm: '11' }));
    expect(res.statusCode).toBe(201);
    const product = res.json<Product>();
    expect(product).toMatchObject({ weightKg: 2.4, lengthCm: 38.5, widthCm: 31, heightCm: 11 });
    const [row] = await shop.ctx.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ weightGrams: 2400, lengthMm: 385, widthMm: 310, heightMm: 110 });
    // The storefront's answer carries them too (the product page's «Вес» and «Габариты»).
    const shown = (await shop.ctx.app.inject({ url: `/api/products/${product.slug}` })).json<Product>();
    expect(shown).toMatchObject({ weightKg: 2.4, lengthCm: 38.5, widthCm: 31, heightCm: 11 });

    // Emptied, a figure is none again (the category's default ships it); the others stay.
    const cleared = await patch(product.id, { weightKg: '' });
    expect(cleared.json<Product>()).toMatchObject({ weightKg: null, lengthCm: 38.5, widthCm: 31, heightCm: 11 });
    expect((await create(valid())).json<Product>()).toMatchObject({ weightKg: null, lengthCm: null, widthCm: null, heightCm: null });
  });

  it('refuses a weight or a side that is not a number, not positive or beyond the limits, with Russian messages, and writes nothing', async () => {
    const id = (await create(valid({ weightKg: 3 }))).json<Product>().id;
    const res = await patch(id, { weightKg: '-1', lengthCm: 'тридцать', widthCm: 0, heightCm: 600 });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      weightKg: ['Вес должен быть больше нуля'],
      lengthCm: ['Введите длину числом в сантиметрах, например 30'],
      widthCm: ['Ширина должна быть больше нуля'],
      heightCm: ['Высота не больше 500 см'],
    });
    const heavy = await create(valid({ weightKg: '1000,5', lengthCm: '0,01' }));
    expect(heavy.json<{ errors: Record<string, string[]> }>().errors).toEqual({ weightKg: ['Вес не больше 1000 кг'], lengthCm: ['Длина не меньше 0,1 см (1 мм)'] });
    expect((await readProduct(shop.ctx.database.db, id)).weightGrams).toBe(3000);
  });
});
