import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema.ts';
import { type PublicSettings } from '#shared/schemas/settings.ts';
import { DEFAULT_SEO_SETTINGS, DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { createCustomer } from '../../../../tests/helpers/customers.ts';
import { REGISTRATION_CLOSED } from '../auth/service.ts';
import { CHECKOUT_DISABLED_MESSAGE } from '../../flows/checkout.ts';
import { MAINTENANCE_MESSAGE } from '../../plugins/maintenance.ts';
import { expectSomeFieldErrors } from '../../../../tests/helpers/field-errors.ts';

let ctx: TestContext;
let admin: string;

const put = (kind: 'shop' | 'seo', payload: unknown, cookie = admin) =>
  ctx.app.inject({ method: 'PUT', url: `/api/admin/settings/${kind}`, headers: { cookie }, payload: payload as object });
const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const publicSettings = async () => (await get('/api/settings/public')).json() as PublicSettings;

beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
});
afterAll(() => ctx.close());

describe('access', () => {
  it('shop and SEO settings are for administrators only', async () => {
    const manager = await createCustomer(ctx, 'manager');
    for (const url of ['/api/admin/settings/shop', '/api/admin/settings/seo']) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, manager.cookie)).statusCode).toBe(403);
      expect((await get(url, admin)).statusCode).toBe(200);
    }
    expect((await put('shop', DEFAULT_SHOP_SETTINGS, manager.cookie)).statusCode).toBe(403);
  });
});

describe('shop settings', () => {
  it('answers the saved values, the free-delivery threshold included', async () => {
    const res = await get('/api/admin/settings/shop', admin);
    expect(res.json()).toEqual(DEFAULT_SHOP_SETTINGS);
    expect(res.json().freeDeliveryThreshold).toBe(7500);
  });

  it("refuses bad values with the spec's messages and keeps the old ones", async () => {
    const res = await put('shop', { ...DEFAULT_SHOP_SETTINGS, shopName: ' ', contactEmail: '', contactPhone: '', address: '' });
    expectSomeFieldErrors(res, {
      shopName: ['Название магазина обязательно'],
      contactEmail: ['Email обязателен'],
      contactPhone: ['Телефон обязателен'],
      address: ['Адрес обязателен'],
    });
    const email = await put('shop', { ...DEFAULT_SHOP_SETTINGS, contactEmail: 'почта' });
    expect(email.json().errors.contactEmail).toEqual(['Введите корректный email']);
    const threshold = await put('shop', { ...DEFAULT_SHOP_SETTINGS, freeDeliveryThreshold: -1 });
    expect(threshold.json().errors.freeDeliveryThreshold).toEqual(['Сумма не может быть отрицательной']);
    expect((await publicSettings()).shop).toEqual(DEFAULT_SHOP_SETTINGS);
  });

  it('a saved value is what the storefront gets on the very next request', async () => {
    const next = { ...DEFAULT_SHOP_SETTINGS, shopName: 'ПрофИнструмент Юг', contactPhone: '8 (800) 555-35-35', freeDeliveryThreshold: 10000 };
    const res = await put('shop', next);
    expect(res.statusCode).toBe(200);
    const saved = { ...next, contactPhone: '+78005553535' };
    expect(res.json()).toEqual(saved);
    const shop = (await publicSettings()).shop;
    expect(shop.contactPhone).toBe('+78005553535');
    expect(shop.shopName).toBe('ПрофИнструмент Юг');
    expect(shop.freeDeliveryThreshold).toBe(10000);
    expect((await get('/api/admin/settings/shop', admin)).json()).toEqual(saved);
  });

  it('the switches take effect at once: registration, ordering, maintenance', async () => {
    const customer = await createCustomer(ctx, 'user');
    await put('shop', { ...DEFAULT_SHOP_SETTINGS, enableRegistration: false, enableCheckout: false });
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'new_buyer_1', email: 'new_buyer_1@example.ru', password: 'Pila-DCK-2026', consent: true },
    });
    expect(register.statusCode).toBe(403);
    expect(register.json().message).toBe(REGISTRATION_CLOSED);
    const order = await ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie: customer.cookie }, payload: {} });
    expect(order.statusCode).toBe(403);
    expect(order.json().message).toBe(CHECKOUT_DISABLED_MESSAGE);

    await put('shop', { ...DEFAULT_SHOP_SETTINGS, maintenanceMode: true });
    const visitor = await get('/api/categories');
    expect(visitor.statusCode).toBe(503);
    expect(visitor.json().message).toBe(MAINTENANCE_MESSAGE);
    expect((await get('/api/categories', customer.cookie)).statusCode).toBe(503);
    expect((await get('/api/categories', admin)).statusCode).toBe(200);

    await put('shop', DEFAULT_SHOP_SETTINGS);
    expect((await get('/api/categories')).statusCode).toBe(200);
  });
});

describe('SEO settings', () => {
  it("refuses bad values with the spec's messages", async () => {
    const res = await put('seo', { ...DEFAULT_SEO_SETTINGS, siteTitle: '', metaDescription: 'д'.repeat(161), ogImage: 'картинка' });
    expectSomeFieldErrors(res, {
      siteTitle: ['Title обязателен'],
      metaDescription: ['Описание должно быть не более 160 символов'],
      ogImage: ['Укажите корректный URL'],
    });
    const ids = await put('seo', { ...DEFAULT_SEO_SETTINGS, googleAnalyticsId: '12345', yandexMetrikaId: 'abc' });
    expect(ids.json().errors.googleAnalyticsId).toEqual(['Идентификатор Google Analytics имеет вид G-XXXXXXXXXX']);
    expect(ids.json().errors.yandexMetrikaId).toEqual(['Номер счётчика Яндекс Метрики состоит из цифр']);
  });

  it('saves 160 characters exactly, an empty image, and the storefront reads them at once', async () => {
    const next = {
      ...DEFAULT_SEO_SETTINGS,
      siteTitle: 'Инструмент DCK и P.I.T в Волгограде',
      metaDescription: 'о'.repeat(160),
      ogImage: 'https://example.ru/og.png',
      yandexMetrikaId: '12345678',
    };
    const res = await put('seo', next);
    expect(res.statusCode).toBe(200);
    expect((await publicSettings()).seo).toEqual(next);
    const cleared = await put('seo', { ...next, ogImage: '' });
    expect(cleared.json().ogImage).toBe('');
  });
});

describe('payment settings', () => {
  it('ЕНВД, abolished in 2021, is neither offered nor accepted; a saved one falls back to the default and keeps the rest', async () => {
    const put4 = await ctx.app.inject({ method: 'PUT', url: '/api/admin/settings/payment', headers: { cookie: admin }, payload: { taxSystemCode: 4 } });
    expect(put4.statusCode).toBe(400);
    expect(put4.json().errors.taxSystemCode).toEqual(['Выберите систему налогообложения']);

    // A shop that chose ЕНВД before: the migration clears it, the other settings stay.
    await ctx.database.db.insert(settings).values({ key: 'payment', value: { taxSystemCode: 4, holdMinutes: 90 } });
    const migrations = new URL('../../db/migrations/', import.meta.url);
    const file = fs.readdirSync(migrations).find((name) => name.endsWith('_staff_order_tools.sql'))!;
    const statement = fs.readFileSync(new URL(file, migrations), 'utf8').split('--> statement-breakpoint').find((part) => part.includes('taxSystemCode'))!;
    await ctx.database.db.execute(sql.raw(statement));
    const saved = (await get('/api/admin/settings/payment', admin)).json().settings;
    expect(saved).toMatchObject({ taxSystemCode: 1, holdMinutes: 90 });
  });
});
