import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, categories, orders, products, productStock, settings } from '#server/db/schema.ts';
import { migrationsFolder } from '#server/db/connection.ts';
import type { AdminBranch, Branch } from '#shared/schemas/branches.ts';
import { PHONE_FORMAT_MESSAGE } from '#shared/schemas/phone.ts';
import type { PublicSettings } from '#shared/schemas/settings.ts';
import type { Product } from '#shared/types.ts';
import { createCustomer } from '../../../../tests/helpers/customers.ts';
import { insertOrder } from '../../../../tests/helpers/orders.ts';
import { sourceSsr } from '../../../../tests/helpers/ssr-source.ts';
import { importerApi } from '../../../../tests/helpers/supplier-import.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { expectFieldErrors } from '../../../../tests/helpers/field-errors.ts';

/** Branches as data (issue 16): the public list, the back office's CRUD, stock per branch and the customer's city. */

let ctx: TestContext;
let admin: string;
let all: Branch[];
let categoryId: number;

const db = () => ctx.database.db;
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie = admin) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });
const bySlug = (slug: string) => all.find((b) => b.slug === slug)!;

/** Products whose stock is not the sum of their branches' quantities (null counts as none). */
async function brokenSums(): Promise<number> {
  const result = await db().execute(sql`
    select count(*)::int as n from products p
    where coalesce(p.stock, 0) <> coalesce((select sum(ps.quantity) from product_stock ps where ps.product_id = p.id), 0)`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const newBranch = (extra: object = {}) => ({
  slug: 'krasnodar',
  city: 'Краснодар',
  cityIn: 'Краснодаре',
  address: 'г. Краснодар, ул. Уральская, д. 99',
  phone: '+7 (861) 200-10-20',
  workingHours: 'Пн–Пт 9:00–18:00, Сб–Вс выходной',
  pickup: true,
  latitude: '45.0355',
  longitude: '39.0125',
  sortOrder: 6,
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestApp({}, { ssr: sourceSsr() });
  admin = await ctx.login();
  all = (await get('/api/branches')).json() as Branch[];
  [{ id: categoryId }] = await db().select({ id: categories.id }).from(categories).limit(1);
});
afterAll(() => ctx.close());

describe('GET /api/branches', () => {
  it('lists the five branches, the head office first, with every public field, cached for everyone', async () => {
    const res = await get('/api/branches');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(all.map((b) => b.city)).toEqual(['Волгоград', 'Ростов-на-Дону', 'Санкт-Петербург', 'Новороссийск', 'Мариуполь']);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      slug: 'volgograd',
      city: 'Волгоград',
      cityIn: 'Волгограде',
      address: 'г. Волгоград, ул. Промышленная, д. 12',
      // Typed «+7 (8442) 50-37-12» by migration 0006, kept one way since 0015.
      phone: '+78442503712',
      workingHours: 'Пн–Пт 8:00–18:00, Сб–Вс выходной',
      pickup: true,
      latitude: 48.708,
      longitude: 44.5133,
    });
  });
});

describe('admin branches', () => {
  it('are for administrators only', async () => {
    const manager = await createCustomer(ctx, 'manager');
    expect((await get('/api/admin/branches')).statusCode).toBe(401);
    expect((await get('/api/admin/branches', manager.cookie)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/branches', newBranch(), manager.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/branches', admin)).json()).toHaveLength(5);
  });

  it('refuses a bad branch with a Russian message per field', async () => {
    const res = await send('POST', '/api/admin/branches', newBranch({ slug: 'Краснодар', city: ' ', phone: 'звоните', latitude: '123', sortOrder: 'первый' }));
    expectFieldErrors(res, {
      slug: ['Укажите slug: латиница, цифры и дефисы'],
      city: ['Укажите город'],
      phone: [PHONE_FORMAT_MESSAGE],
      latitude: ['Широта: число от −90 до 90'],
      sortOrder: ['Порядок: целое число'],
    });
    const taken = await send('POST', '/api/admin/branches', newBranch({ slug: 'volgograd' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ slug: ['Филиал с таким slug уже есть'] });
  });

  it('adds a branch, edits it and shows it in the public list in its order', async () => {
    const created = await send('POST', '/api/admin/branches', newBranch());
    expect(created.statusCode).toBe(201);
    const branch = created.json() as AdminBranch;
    expect(branch).toMatchObject({ slug: 'krasnodar', city: 'Краснодар', latitude: 45.0355, sortOrder: 6 });
    const edited = await send('PUT', `/api/admin/branches/${branch.id}`, { ...newBranch({ pickup: false, sortOrder: 0 }), slug: undefined });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ slug: 'krasnodar', pickup: false, sortOrder: 0 });
    const list = (await get('/api/branches')).json() as Branch[];
    expect(list[0]).toMatchObject({ city: 'Краснодар', pickup: false });
    // An empty branch can go.
    const removed = await send('DELETE', `/api/admin/branches/${branch.id}`);
    expect(removed.json()).toEqual({ success: true, message: 'Филиал «Краснодар» удалён' });
    expect((await get('/api/branches')).json()).toHaveLength(5);
  });

  it('keeps phones one way: the usual Russian ways of typing are accepted and kept as +7 and ten digits, others refused', async () => {
    const novorossiysk = bySlug('novorossiysk');
    const edit = (phone: string) => send('PUT', `/api/admin/branches/${novorossiysk.id}`, { ...novorossiysk, sortOrder: 4, phone });
    for (const typed of ['89281234567', '8 (928) 123-45-67', '+7 928 123 45 67', '928-123-45-67']) {
      const res = await edit(typed);
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().phone).toBe('+79281234567');
    }
    for (const typed of ['8928123456', '+49 30 1234567', '8 928 123-45-67 доб. 5']) {
      const res = await edit(typed);
      expect(res.statusCode, typed).toBe(400);
      expect(res.json().errors).toEqual({ phone: [PHONE_FORMAT_MESSAGE] });
    }
    expect((await get('/api/branches')).json().find((b: Branch) => b.slug === 'novorossiysk').phone).toBe('+79281234567');
    expect((await edit(novorossiysk.phone)).statusCode).toBe(200);

    const shop = (await get('/api/admin/settings/shop', admin)).json();
    const saved = await send('PUT', '/api/admin/settings/shop', { ...shop, contactPhone: '8 (800) 250 37 12' });
    expect(saved.statusCode).toBe(200);
    expect(((await get('/api/settings/public')).json() as PublicSettings).shop.contactPhone).toBe('+78002503712');
    const refused = await send('PUT', '/api/admin/settings/shop', { ...shop, contactPhone: '250-37-12' });
    expectFieldErrors(refused, { contactPhone: [PHONE_FORMAT_MESSAGE] });
  });

  it('migration 0015 puts the phones typed before it in that form and leaves what is no Russian number as it was', async () => {
    const file = fs.readdirSync(migrationsFolder).find((f) => f.startsWith('0017_'))!;
    const updates = fs
      .readFileSync(path.join(migrationsFolder, file), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => /^UPDATE/m.test(statement));
    expect(updates).toHaveLength(2);
    const [rostov, mariupol] = [bySlug('rostov-na-donu'), bySlug('mariupol')];
    const [shopRow] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, 'shop'));
    try {
      await db().update(branches).set({ phone: '8 (863) 310-45-27' }).where(eq(branches.id, rostov.id));
      await db().update(branches).set({ phone: '+380 62 123 45 67' }).where(eq(branches.id, mariupol.id));
      await db().insert(settings).values({ key: 'shop', value: { ...(shopRow?.value as object), contactPhone: '88002503712' } })
        .onConflictDoUpdate({ target: settings.key, set: { value: { ...(shopRow?.value as object), contactPhone: '88002503712' } } });
      for (const statement of updates) await db().execute(sql.raw(statement));
      const phones = await db().select({ id: branches.id, phone: branches.phone }).from(branches);
      expect(phones.find((b) => b.id === rostov.id)!.phone).toBe('+78633104527');
      expect(phones.find((b) => b.id === mariupol.id)!.phone).toBe('+380 62 123 45 67');
      const [after] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, 'shop'));
      expect((after!.value as { contactPhone: string }).contactPhone).toBe('+78002503712');
      // A phone no rule reads is shown as it was typed; the other settings stay.
      await db().update(settings).set({ value: { ...(after!.value as object), contactPhone: '+380 62 123 45 67', shopName: 'Магазин Юг' } }).where(eq(settings.key, 'shop'));
      const shop = ((await get('/api/settings/public')).json() as PublicSettings).shop;
      expect(shop).toMatchObject({ contactPhone: '+380 62 123 45 67', shopName: 'Магазин Юг' });
    } finally {
      await db().update(branches).set({ phone: rostov.phone }).where(eq(branches.id, rostov.id));
      await db().update(branches).set({ phone: mariupol.phone }).where(eq(branches.id, mariupol.id));
      if (shopRow) await db().update(settings).set({ value: shopRow.value }).where(eq(settings.key, 'shop'));
      else await db().delete(settings).where(eq(settings.key, 'shop'));
    }
  });

  it('keeps a branch with stock or orders, and the head office, saying why', async () => {
    const head = await send('DELETE', `/api/admin/branches/${bySlug('volgograd').id}`);
    expect(head.statusCode).toBe(409);
    expect(head.json().message).toMatch(/^Головной офис удалить нельзя/);

    const rostov = bySlug('rostov-na-donu');
    const stocked = await db().select({ n: sql<number>`count(*)::int` }).from(productStock).where(sql`${productStock.branchId} = ${rostov.id} and ${productStock.quantity} > 0`);
    const refused = await send('DELETE', `/api/admin/branches/${rostov.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(new RegExp(`^Филиал удалить нельзя: на его складе ${stocked[0]!.n} товар`));

    const created = (await send('POST', '/api/admin/branches', newBranch({ slug: 'sochi', city: 'Сочи', cityIn: 'Сочи' }))).json() as AdminBranch;
    const orderId = await insertOrder(ctx, 1, 1000);
    await db().update(orders).set({ deliveryMethod: 'pickup', pickupBranchId: created.id }).where(eq(orders.id, orderId));
    const withOrder = await send('DELETE', `/api/admin/branches/${created.id}`);
    expect(withOrder.statusCode).toBe(409);
    expect(withOrder.json().message).toBe('Филиал удалить нельзя: с ним связан 1 заказ. Отключите в нём самовывоз, если он больше не выдаёт заказы.');
  });

  it('the head office’s hours are the shop’s hours, whichever screen changes them', async () => {
    const volgograd = bySlug('volgograd');
    await send('PUT', `/api/admin/branches/${volgograd.id}`, { ...newBranch(), ...volgograd, slug: undefined, id: undefined, sortOrder: 1, workingHours: 'Пн–Пт 9:00–19:00, Сб–Вс выходной' });
    expect(((await get('/api/settings/public')).json() as PublicSettings).shop.workingHours).toBe('Пн–Пт 9:00–19:00, Сб–Вс выходной');

    const shop = (await get('/api/admin/settings/shop', admin)).json();
    expect((await send('PUT', '/api/admin/settings/shop', { ...shop, workingHours: 'Пн–Пт 8:00–18:00, Сб–Вс выходной' })).statusCode).toBe(200);
    expect(((await get('/api/branches')).json() as Branch[])[0]).toMatchObject({ slug: 'volgograd', workingHours: 'Пн–Пт 8:00–18:00, Сб–Вс выходной' });
  });
});

describe('stock per branch', () => {
  it('the seed spreads stock over the branches, and each product’s stock is their sum', async () => {
    expect(await brokenSums()).toBe(0);
    const perBranch = await db()
      .select({ branchId: productStock.branchId, n: sql<number>`count(*)::int` })
      .from(productStock)
      .where(sql`${productStock.quantity} > 0`)
      .groupBy(productStock.branchId);
    // Most in the head office, every branch with some.
    expect(perBranch).toHaveLength(5);
    const head = perBranch.find((b) => b.branchId === bySlug('volgograd').id)!.n;
    for (const b of perBranch) expect(head).toBeGreaterThanOrEqual(b.n);
  });

  it('GET /api/products/{slugOrId} gives the quantity in every branch; stock stays the sum', async () => {
    const [row] = await db().select({ id: products.id }).from(products).where(sql`${products.isActive} and ${products.stock} > 0`).limit(1);
    const product = (await get(`/api/products/${row!.id}`)).json() as Product;
    expect(product.branchStock.map((b) => b.city)).toEqual(((await get('/api/branches')).json() as Branch[]).map((b) => b.city));
    expect(product.branchStock[0]).toEqual({ branchId: all[0]!.id, city: 'Волгоград', quantity: expect.any(Number) });
    expect(product.branchStock.reduce((sum, b) => sum + b.quantity, 0)).toBe(product.stock);
  });

  it('the product form writes per branch; a plain stock (edit, bulk import) goes to the head office', async () => {
    const rostov = bySlug('rostov-na-donu');
    const volgograd = bySlug('volgograd');
    const res = await send('POST', '/api/products', {
      name: 'Шуруповёрт P.I.T PSR20-C2',
      sku: 'BR-TEST-1',
      price: 4990,
      categoryId,
      branchStock: [
        { branchId: volgograd.id, quantity: '3' },
        { branchId: rostov.id, quantity: 4 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as Product;
    expect(created.stock).toBe(7);
    expect(created.branchStock.find((b) => b.branchId === rostov.id)!.quantity).toBe(4);

    const edited = (await send('PATCH', `/api/products/${created.id}`, { stock: 10 })).json() as Product;
    expect(edited.branchStock.filter((b) => b.quantity > 0).map((b) => [b.city, b.quantity])).toEqual([
      ['Волгоград', 10],
      ['Ростов-на-Дону', 4],
    ]);
    expect(edited.stock).toBe(14);

    const imported = await send('POST', '/api/admin/products', { sku: 'BR-TEST-1', name: 'Шуруповёрт P.I.T PSR20-C2', price: 4990, categoryId, stock: 0 });
    expect(imported.json().product).toMatchObject({ stock: 4 });
    const fresh = await send('POST', '/api/admin/products', { sku: 'BR-TEST-2', name: 'Лобзик P.I.T PST65-C', price: 3990, categoryId, stock: 5 });
    expect(fresh.json().product.branchStock[0]).toEqual({ branchId: volgograd.id, city: 'Волгоград', quantity: 5 });
    expect(await brokenSums()).toBe(0);
  });

  it('refuses a bad quantity or an unknown branch with a field error', async () => {
    const bad = await send('POST', '/api/products', { name: 'Товар', sku: 'BR-TEST-3', price: 1, categoryId, branchStock: [{ branchId: all[0]!.id, quantity: '-2' }] });
    expectFieldErrors(bad, { 'branchStock.0.quantity': ['Количество должно быть положительным'] });
    const unknown = await send('POST', '/api/products', { name: 'Товар', sku: 'BR-TEST-3', price: 1, categoryId, branchStock: [{ branchId: 99_999, quantity: 1 }] });
    expectFieldErrors(unknown, { branchStock: ['Филиал не найден: обновите страницу'] });
  });
});

describe('price lists with a stock column per branch', () => {
  it('are guessed from the headers, applied per branch (a plain column is the head office’s) and rolled back per branch', async () => {
    const api = importerApi(ctx, admin);
    const [volgograd, spb] = ['volgograd', 'sankt-peterburg'].map(bySlug);
    const created = (await send('POST', '/api/products', {
      name: 'Гайковёрт DCK KDPB20-14',
      sku: 'BR-IMPORT-1',
      price: 9990,
      categoryId,
      branchStock: [
        { branchId: volgograd!.id, quantity: 1 },
        { branchId: spb!.id, quantity: 2 },
      ],
    })).json() as Product;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'branch-import-'));
    const file = path.join(dir, 'branches.csv');
    fs.writeFileSync(file, 'Артикул;Наименование;Цена;Остаток;Остаток: Ростов-на-Дону\nBR-IMPORT-1;Гайковёрт DCK KDPB20-14;9990;5;7\n');
    const supplier = await api.createSupplier('BRANCHES', 'Поставщик с филиалами');
    const imp = await api.upload(supplier.id, file);
    expect(imp.preview.guessedMapping).toEqual({ sku: 0, name: 1, price: 2, stock: 3, 'stock:rostov-na-donu': 4 });

    const unknown = await api.inject('POST', `/api/admin/supplier-imports/${imp.id}/check`, {
      read: imp.options.read,
      mapping: { sku: 0, price: 2, 'stock:atlantida': 4 },
      pricing: { mode: 'retail', markupPercent: null, ending: null },
    });
    expectFieldErrors(unknown, { 'mapping.stock:atlantida': ['Такого филиала нет: выберите колонку для филиала из списка'] });

    const { detail } = await api.check(imp.id, { read: imp.options.read, mapping: imp.preview.guessedMapping, pricing: { mode: 'retail', markupPercent: null, ending: null } });
    expect(detail.counts).toMatchObject({ update: 1, error: 0 });
    await api.apply(imp.id, { absent: 'leave', newProducts: 'active' });
    const quantities = async () =>
      Object.fromEntries(((await get(`/api/products/${created.id}`, admin)).json() as Product).branchStock.filter((b) => b.quantity > 0).map((b) => [b.city, b.quantity]));
    expect(await quantities()).toEqual({ Волгоград: 5, 'Ростов-на-Дону': 7, 'Санкт-Петербург': 2 });
    expect(((await get(`/api/products/${created.id}`)).json() as Product).stock).toBe(14);
    expect(await brokenSums()).toBe(0);

    expect((await api.rollback(imp.id)).statusCode).toBe(200);
    expect(await quantities()).toEqual({ Волгоград: 1, 'Санкт-Петербург': 2 });
    expect(await brokenSums()).toBe(0);
  });
});

describe('the customer’s city', () => {
  let slug: string;
  beforeAll(async () => {
    const rostov = bySlug('rostov-na-donu');
    const volgograd = bySlug('volgograd');
    const [product] = await db().select({ id: products.id, slug: products.slug }).from(products).where(eq(products.sku, 'BR-TEST-1'));
    await send('PATCH', `/api/products/${product!.id}`, { isActive: true, branchStock: [{ branchId: volgograd.id, quantity: 0 }, { branchId: rostov.id, quantity: 4 }] });
    slug = product!.slug;
  });

  it('is remembered by the form post and sends the visitor back to the page', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/city',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
      payload: `city=rostov-na-donu&back=${encodeURIComponent(`/product/${slug}`)}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/product/${slug}`);
    expect(String(res.headers['set-cookie'])).toMatch(/^city=rostov-na-donu; Max-Age=\d+; Path=\/; SameSite=Lax/);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/city',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
      payload: 'city=atlantis&back=//evil.example',
    });
    expect(foreign.headers.location).toBe('/');
    expect(foreign.headers['set-cookie']).toBeUndefined();
    for (const back of ['/.//evil.example/x', '/%5c/evil.example', '/\\evil.example']) {
      const disguised = await ctx.app.inject({
        method: 'POST',
        url: '/api/city',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://shop.test' },
        payload: `city=rostov-na-donu&back=${encodeURIComponent(back)}`,
      });
      expect(disguised.headers.location, back).toBe('/');
    }
  });

  it('renders the availability of the chosen city on the server; the head office by default', async () => {
    const page = async (cookie?: string) => (await get(`/product/${slug}`, cookie)).body;
    const rostov = await page('city=rostov-na-donu');
    expect(rostov).toContain('В наличии в Ростове-на-Дону: 4 шт.');
    expect(rostov).toContain('Ваш город:');
    const volgograd = await page();
    expect(volgograd).toContain('Нет в вашем городе, есть в 1 филиале');
    expect(volgograd).not.toContain('В наличии в Ростове-на-Дону');
    expect(await page('city=unknown')).toContain('Нет в вашем городе, есть в 1 филиале');
  });
});
