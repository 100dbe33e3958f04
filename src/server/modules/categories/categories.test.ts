import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import type { Category, ProductListResponse } from '#shared/types.ts';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ({ ctx, admin } = await createAdminTestApp());
});
afterAll(() => ctx.close());

describe('GET /api/categories', () => {
  it('lists the seeded categories in order with counts and a picture each', async () => {
    const res = await ctx.app.inject({ url: '/api/categories?t=123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    const list = res.json<Category[]>();
    expect(list.length).toBeGreaterThanOrEqual(10);
    expect(list[0]).toMatchObject({ slug: 'perforatory', name: 'Перфораторы' });
    for (const c of list) {
      expect(c.productCount).toBeGreaterThan(0);
      expect(c.imageUrl).toMatch(/^\/images\/products\/.+\.svg$/);
    }
  });

  it('counts one supplier only when asked', async () => {
    const all = (await ctx.app.inject({ url: '/api/categories' })).json<Category[]>();
    const dck = (await ctx.app.inject({ url: '/api/categories?supplier=DCK' })).json<Category[]>();
    const pit = (await ctx.app.inject({ url: '/api/categories?supplier=P.I.T' })).json<Category[]>();
    const sum = (l: Category[]) => l.reduce((s, c) => s + c.productCount, 0);
    expect(sum(dck)).toBeGreaterThan(0);
    expect(sum(pit)).toBeGreaterThan(0);
    expect(sum(dck) + sum(pit)).toBeLessThanOrEqual(sum(all));
  });

  it('counts follow a product staff hide, though the list is kept between requests', async () => {
    const before = (await ctx.app.inject({ url: '/api/categories' })).json<Category[]>();
    const category = before[0]!;
    const listed = (await ctx.app.inject({ url: `/api/products?categoryId=${category.id}` })).json<ProductListResponse>();
    const hidden = await ctx.app.inject({ method: 'PATCH', url: `/api/products/${listed.products[0]!.id}`, payload: { isActive: false }, headers: { cookie: admin } });
    expect(hidden.statusCode).toBe(200);
    const after = (await ctx.app.inject({ url: '/api/categories' })).json<Category[]>();
    expect(after.find((c) => c.id === category.id)!.productCount).toBe(category.productCount - 1);
  });

  it('refuses an unknown supplier with 400', async () => {
    const res = await ctx.app.inject({ url: '/api/categories?supplier=Bosch' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

describe('shell endpoints', () => {
  it('GET /api/health answers ok with the database kind', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: ctx.database.kind });
  });

  it('GET /api/settings/public gives the shop and SEO defaults', async () => {
    const res = await ctx.app.inject({ url: '/api/settings/public' });
    const body = res.json();
    expect(body.shop).toMatchObject({ shopName: 'ПрофИнструмент', enableRegistration: true, enableCheckout: true, maintenanceMode: false, freeDeliveryThreshold: 7500 });
    expect(body.seo.siteTitle).toContain('Волгоград');
  });

  it('an unknown API path answers 404 JSON', async () => {
    const res = await ctx.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Не найдено' });
  });
});
