import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productAttributes, products, staffActions } from '#server/db/schema.ts';
import type { AdminAttribute, CategoryFilter } from '#shared/schemas/attributes.ts';
import type { Product, ProductListResponse } from '#shared/types.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { createCustomer } from '../../../../tests/helpers/customers.ts';
import { onCatalogChange } from '../products/catalog-events.ts';
import { resolveAttributes } from './resolve.ts';
import { expectFieldErrors, expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });

const attributesList = async () => (await send('GET', '/api/admin/attributes')).json<AdminAttribute[]>();
const byName = async (name: string) => (await attributesList()).find((a) => a.name === name)!;
const productPage = async (id: number) => (await ctx.app.inject({ url: `/api/products/${id}` })).json<Product>();
const valueOn = async (productId: number, attributeName: string) => (await productPage(productId)).attributes?.find((a) => a.name === attributeName)?.value;

async function create(body: object): Promise<AdminAttribute> {
  const res = await send('POST', '/api/admin/attributes', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminAttribute>();
}

/** A fresh product in the first category, to give values to. */
async function newProduct(sku: string, extra: object = {}): Promise<Product> {
  const [category] = await ctx.database.db.select({ id: categories.id }).from(categories).limit(1);
  const res = await send('POST', '/api/products', { name: `Товар ${sku}`, sku, price: 1000, categoryId: category!.id, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
}

describe('GET /api/admin/attributes', () => {
  it('lists the demo attributes with unit, kind, group, spellings and how many products use them', async () => {
    const list = await attributesList();
    const power = list.find((a) => a.name === 'Мощность')!;
    expect(power).toMatchObject({ slug: 'moschnost', unit: 'Вт', kind: 'number', group: 'Основные', aliases: ['мощность'] });
    const [{ n }] = await ctx.database.db.select({ n: count() }).from(productAttributes).where(eq(productAttributes.attributeId, power.id));
    expect(power.productCount).toBe(n);
    expect(n).toBeGreaterThan(100);
    expect(power.categoryCount).toBeGreaterThanOrEqual(5);
    expect(list.find((a) => a.name === 'Реверс')).toMatchObject({ kind: 'boolean', unit: null });
  });

  it('is for staff only', async () => {
    const customer = await createCustomer(ctx);
    expect((await send('GET', '/api/admin/attributes', undefined, customer.cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/attributes' })).statusCode).toBe(401);
    expect((await send('POST', '/api/admin/attributes', { name: 'Цвет', kind: 'text' }, customer.cookie)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/attributes', () => {
  it('creates an attribute with a supplier spelling that imports then find', async () => {
    const created = await create({ name: 'Длина кабеля', unit: 'м', kind: 'number', group: 'Питание', aliases: ['Длина сетевого шнура, м'] });
    expect(created).toMatchObject({ slug: 'dlina-kabelya', unit: 'м', kind: 'number', group: 'Питание', productCount: 0, aliases: ['длина кабеля', 'длина сетевого шнура'] });
    // A price list spelling it the supplier's way reaches the same attribute, no new one.
    const resolved = await resolveAttributes(ctx.database.db, [{ name: 'Длина сетевого шнура (м)', values: ['3'] }]);
    expect(resolved.get('длина сетевого шнура')!.id).toBe(created.id);
    const log = await ctx.database.db.select().from(staffActions).where(eq(staffActions.kind, 'attribute.create'));
    expect(log.at(-1)).toMatchObject({ objectId: String(created.id), objectName: 'Длина кабеля' });
  });

  it('maps «Потребляемая мощность, Вт» to «Мощность» and refuses it for another attribute, naming the one it belongs to', async () => {
    const power = await byName('Мощность');
    const res = await send('PATCH', `/api/admin/attributes/${power.id}`, { aliases: [...power.aliases, 'Потребляемая мощность, Вт'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminAttribute>().aliases).toEqual(['мощность', 'потребляемая мощность']);

    const other = await send('POST', '/api/admin/attributes', { name: 'Мощность на выходе', kind: 'number', aliases: ['Потребляемая мощность'] });
    expectFieldErrors(other, { aliases: ['Написание «потребляемая мощность» уже относится к характеристике «Мощность»'] });
    const sameName = await send('POST', '/api/admin/attributes', { name: 'мощность', kind: 'number' });
    expect(sameName.json().errors).toEqual({ name: ['Это название уже относится к характеристике «Мощность»: объедините их или выберите другое'] });
  });

  it('refuses a taken slug, a missing name and an unknown kind in Russian, creating nothing', async () => {
    const before = (await attributesList()).length;
    const taken = await send('POST', '/api/admin/attributes', { name: 'Мощность двигателя насоса', slug: 'moschnost', kind: 'number' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ slug: ['Такой slug уже используется'] });
    const bad = await send('POST', '/api/admin/attributes', { name: ' ', kind: 'color', slug: 'Не slug' });
    expectSomeFieldErrors(bad, {
      name: ['Введите название характеристики'],
      kind: ['Выберите вид: число, текст или да / нет'],
      slug: ['Только строчные буквы, цифры и дефисы'],
    });
    expect((await attributesList()).length).toBe(before);
  });
});

describe('PATCH /api/admin/attributes/:id', () => {
  it('changes name, unit, group and order; the product page shows the new name', async () => {
    const product = await newProduct('ATTR-RENAME');
    const attribute = await create({ name: 'Ёмкость бака', unit: 'л', kind: 'number' });
    await send('PATCH', `/api/products/${product.id}`, { attributes: [{ attributeId: attribute.id, value: '1,5' }] });
    const res = await send('PATCH', `/api/admin/attributes/${attribute.id}`, { name: 'Объём бака', group: 'Габариты и вес', sortOrder: 500 });
    expect(res.json<AdminAttribute>()).toMatchObject({ name: 'Объём бака', group: 'Габариты и вес', sortOrder: 500, aliases: ['емкость бака', 'объем бака'] });
    expect((await productPage(product.id)).attributes).toContainEqual({ slug: attribute.slug, name: 'Объём бака', group: 'Габариты и вес', value: '1,5', unit: 'л' });
  });

  it('refuses a kind the values do not fit, saying how many; changes it when they fit', async () => {
    const a = await newProduct('ATTR-KIND-1');
    const b = await newProduct('ATTR-KIND-2');
    const attribute = await create({ name: 'Класс защиты', kind: 'text' });
    await send('PATCH', `/api/products/${a.id}`, { attributes: [{ attributeId: attribute.id, value: 'IP54' }] });
    await send('PATCH', `/api/products/${b.id}`, { attributes: [{ attributeId: attribute.id, value: '2' }] });
    const refused = await send('PATCH', `/api/admin/attributes/${attribute.id}`, { kind: 'number' });
    expectFieldErrors(refused, { kind: ['Нельзя сменить вид: 1 значение не подходит к виду «Число», например «IP54»'] });
    expect((await byName('Класс защиты')).kind).toBe('text');

    await send('PATCH', `/api/products/${a.id}`, { attributes: [{ attributeId: attribute.id, value: '1 100' }] });
    const changed = await send('PATCH', `/api/admin/attributes/${attribute.id}`, { kind: 'number' });
    expect(changed.statusCode, changed.body).toBe(200);
    const [kept] = await ctx.database.db
      .select({ value: productAttributes.value, number: productAttributes.number })
      .from(productAttributes)
      .where(and(eq(productAttributes.productId, a.id), eq(productAttributes.attributeId, attribute.id)));
    expect(kept).toEqual({ value: '1100', number: 1100 });
  });

  it('answers 404 for an attribute that is not there', async () => {
    const res = await send('PATCH', '/api/admin/attributes/999999', { name: 'Что-то' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Характеристика не найдена');
  });
});

describe('DELETE /api/admin/attributes/:id', () => {
  it('takes the values off the products through the door, says how many, and announces the change', async () => {
    const a = await newProduct('ATTR-DEL-1');
    const b = await newProduct('ATTR-DEL-2');
    const attribute = await create({ name: 'Цвет корпуса', kind: 'text' });
    const other = await byName('Вес');
    await send('PATCH', `/api/products/${a.id}`, { attributes: [{ attributeId: attribute.id, value: 'Синий' }, { attributeId: other.id, value: '2,5' }] });
    await send('PATCH', `/api/products/${b.id}`, { attributes: [{ attributeId: attribute.id, value: 'Жёлтый' }] });
    const before = (await ctx.database.db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, a.id)))[0]!.updatedAt;
    ctx.clock.advance(60_000);
    let announced = 0;
    const stop = onCatalogChange(() => announced++);
    const res = await send('DELETE', `/api/admin/attributes/${attribute.id}`);
    stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Характеристика «Цвет корпуса» удалена, 2 товара лишились её значения');
    expect(announced).toBeGreaterThan(0);
    expect((await productPage(a.id)).attributes?.map((x) => x.name)).toEqual(['Вес']);
    const after = (await ctx.database.db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, a.id)))[0]!.updatedAt;
    // The product row is touched, so the search index's change feed brings the loss to every process.
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    expect((await attributesList()).some((x) => x.name === 'Цвет корпуса')).toBe(false);
  });
});

describe('POST /api/admin/attributes/:id/merge', () => {
  it('moves the other attribute’s values, spellings and category filters here; a product with both keeps this one’s', async () => {
    const target = await create({ name: 'Тип аккумулятора', kind: 'text' });
    const from = await create({ name: 'Аккумулятор (тип)', kind: 'text', aliases: ['Тип АКБ'] });
    const both = await newProduct('ATTR-MERGE-1');
    const onlyFrom = await newProduct('ATTR-MERGE-2');
    await send('PATCH', `/api/products/${both.id}`, { attributes: [{ attributeId: target.id, value: 'Li-Ion' }, { attributeId: from.id, value: 'Ni-Cd' }] });
    await send('PATCH', `/api/products/${onlyFrom.id}`, { attributes: [{ attributeId: from.id, value: 'Li-Ion' }] });
    const [category] = await ctx.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'sadovaya-tehnika'));
    const current = (await send('GET', `/api/admin/categories/${category!.id}/attributes`)).json<CategoryFilter[]>().map((f) => f.id);
    await send('PUT', `/api/admin/categories/${category!.id}/attributes`, { attributeIds: [...current, from.id] });

    const res = await send('POST', `/api/admin/attributes/${target.id}/merge`, { fromId: from.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('«Аккумулятор (тип)» объединена с «Тип аккумулятора»: 1 значение перенесено');
    expect(res.json().attribute).toMatchObject({ productCount: 2, aliases: ['аккумулятор', 'тип акб', 'тип аккумулятора'] });
    expect(await valueOn(both.id, 'Тип аккумулятора')).toBe('Li-Ion');
    expect(await valueOn(both.id, 'Аккумулятор')).toBeUndefined();
    expect(await valueOn(onlyFrom.id, 'Тип аккумулятора')).toBe('Li-Ion');
    const filters = (await send('GET', `/api/admin/categories/${category!.id}/attributes`)).json<CategoryFilter[]>();
    expect(filters.at(-1)!.name).toBe('Тип аккумулятора');
    expect((await attributesList()).some((a) => a.id === from.id)).toBe(false);
    // An import spelling the merged one's way now finds this one.
    expect((await resolveAttributes(ctx.database.db, [{ name: 'Тип АКБ' }])).get('тип акб')!.id).toBe(target.id);
  });

  it('converts numbers kept in another unit of the quantity: «Мощность ТЭНа» in кВт into one in Вт', async () => {
    const target = await create({ name: 'Мощность нагревателя', unit: 'Вт', kind: 'number' });
    const from = await create({ name: 'Мощность ТЭНа', unit: 'кВт', kind: 'number' });
    const product = await newProduct('ATTR-MERGE-UNIT');
    await send('PATCH', `/api/products/${product.id}`, { attributes: [{ attributeId: from.id, value: '1,5' }] });
    const res = await send('POST', `/api/admin/attributes/${target.id}/merge`, { fromId: from.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await productPage(product.id)).attributes).toEqual([expect.objectContaining({ name: 'Мощность нагревателя', value: '1500', unit: 'Вт' })]);
  });

  it('refuses values that are not of this attribute’s kind, itself, and an unknown one', async () => {
    const target = await create({ name: 'Число ступеней', kind: 'number' });
    const from = await create({ name: 'Ступени', kind: 'text' });
    const product = await newProduct('ATTR-MERGE-3');
    await send('PATCH', `/api/products/${product.id}`, { attributes: [{ attributeId: from.id, value: 'две' }] });
    const refused = await send('POST', `/api/admin/attributes/${target.id}/merge`, { fromId: from.id });
    expectFieldErrors(refused, { fromId: ['Нельзя объединить с «Ступени»: 1 значение не подходит к виду «Число», например «две»'] });
    expect(await valueOn(product.id, 'Ступени')).toBe('две');
    expect((await send('POST', `/api/admin/attributes/${target.id}/merge`, { fromId: target.id })).json().errors).toEqual({ fromId: ['Выберите другую характеристику'] });
    expect((await send('POST', `/api/admin/attributes/${target.id}/merge`, { fromId: 999999 })).json().errors).toEqual({ fromId: ['Характеристика не найдена'] });
  });
});

describe('GET/PUT /api/admin/categories/:id/attributes', () => {
  it('gives the demo category’s filters in order and replaces them in the order given; the facets follow', async () => {
    const [perf] = await ctx.database.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'perforatory'));
    const filters = (await send('GET', `/api/admin/categories/${perf!.id}/attributes`)).json<CategoryFilter[]>();
    expect(filters.map((f) => f.name)).toEqual(['Тип питания', 'Патрон', 'Мощность', 'Энергия удара', 'Аккумуляторная платформа', 'Вес']);
    const reordered = [filters[3]!.id, filters[1]!.id];
    const res = await send('PUT', `/api/admin/categories/${perf!.id}/attributes`, { attributeIds: reordered });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CategoryFilter[]>().map((f) => f.name)).toEqual(['Энергия удара', 'Патрон']);
    const log = await ctx.database.db.select().from(staffActions)
      .where(and(eq(staffActions.kind, 'category.filters'), eq(staffActions.objectId, String(perf!.id))))
      .orderBy(staffActions.id);
    expect(log.at(-1)).toMatchObject({ objectName: 'Перфораторы', before: { filters: filters.map((f) => f.name) }, after: { filters: ['Энергия удара', 'Патрон'] } });
    const list = (await ctx.app.inject({ url: `/api/products?categoryId=${perf!.id}&facets=true` })).json<ProductListResponse>();
    // The category's facets follow the new filters at once.
    expect(list.facets?.map((f) => f.name)).toEqual(['Энергия удара', 'Патрон']);
    await send('PUT', `/api/admin/categories/${perf!.id}/attributes`, { attributeIds: filters.map((f) => f.id) });
  });

  it('refuses an unknown attribute and an unknown category', async () => {
    const [category] = await ctx.database.db.select({ id: categories.id }).from(categories).limit(1);
    const res = await send('PUT', `/api/admin/categories/${category!.id}/attributes`, { attributeIds: [999999] });
    expectFieldErrors(res, { attributeIds: ['Характеристика не найдена: обновите страницу'] });
    expect((await send('GET', '/api/admin/categories/999999/attributes')).statusCode).toBe(404);
  });
});

describe('product form characteristics', () => {
  it('creates and edits a product with values of each kind, kept as the kind keeps them', async () => {
    const power = await byName('Мощность');
    const reverse = await byName('Реверс');
    const chuck = await byName('Патрон');
    const product = await newProduct('ATTR-FORM-1', {
      attributes: [
        { attributeId: power.id, value: '1 100' },
        { attributeId: reverse.id, value: 'да' },
        { attributeId: chuck.id, value: '  SDS-plus ' },
      ],
    });
    const shown = Object.fromEntries((product.attributes ?? []).map((a) => [a.name, a.value]));
    expect(shown).toMatchObject({ Мощность: '1100', Реверс: 'Да', Патрон: 'SDS-plus' });

    const edited = await send('PATCH', `/api/products/${product.id}`, { attributes: [{ attributeId: power.id, value: '950' }] });
    expect(edited.json<Product>().attributes).toEqual([{ slug: power.slug, name: 'Мощность', group: 'Основные', value: '950', unit: 'Вт' }]);
    // A change of other fields leaves the characteristics as they are.
    await send('PATCH', `/api/products/${product.id}`, { isFeatured: true });
    expect(await valueOn(product.id, 'Мощность')).toBe('950');
  });

  it('refuses a value not of its kind on the value’s own field, writing nothing', async () => {
    const power = await byName('Мощность');
    const reverse = await byName('Реверс');
    const product = await newProduct('ATTR-FORM-2', { attributes: [{ attributeId: power.id, value: '500' }] });
    const res = await send('PATCH', `/api/products/${product.id}`, {
      name: 'Новое имя',
      attributes: [
        { attributeId: power.id, value: 'много' },
        { attributeId: reverse.id, value: 'может быть' },
        { attributeId: 999999, value: '1' },
        { attributeId: power.id, value: '1' },
      ],
    });
    expectFieldErrors(res, {
      'attributes.0.value': ['Введите число'],
      'attributes.1.value': ['Выберите «Да» или «Нет»'],
      'attributes.2.attributeId': ['Характеристика не найдена: обновите страницу'],
      'attributes.3.attributeId': ['Эта характеристика уже указана'],
    });
    const page = await productPage(product.id);
    expect(page.name).toBe('Товар ATTR-FORM-2');
    expect(page.attributes?.map((a) => a.value)).toEqual(['500']);
    const long = await send('PATCH', `/api/products/${product.id}`, { attributes: [{ attributeId: power.id, value: 'x'.repeat(201) }] });
    expect(long.json().errors).toEqual({ 'attributes.0.value': ['Не длиннее 200 символов'] });
    const empty = await send('PATCH', `/api/products/${product.id}`, { attributes: [{ attributeId: power.id, value: ' ' }] });
    expect(empty.json().errors).toEqual({ 'attributes.0.value': ['Введите значение'] });
  });

  it('keeps a number typed in another unit of the quantity in the attribute’s unit', async () => {
    const power = await byName('Мощность');
    const product = await newProduct('ATTR-FORM-UNIT', { attributes: [{ attributeId: power.id, value: '1,2 кВт' }] });
    expect(product.attributes).toEqual([expect.objectContaining({ name: 'Мощность', value: '1200', unit: 'Вт' })]);
  });

  it('an empty list takes every value off', async () => {
    const power = await byName('Мощность');
    const product = await newProduct('ATTR-FORM-3', { attributes: [{ attributeId: power.id, value: '500' }] });
    const res = await send('PATCH', `/api/products/${product.id}`, { attributes: [] });
    expect(res.json<Product>().attributes).toEqual([]);
  });
});
