import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuardedRoute } from '#server/core/app-types.ts';
import { createCustomer, CUSTOMER_PASSWORD, type TestCustomer } from '../../../../tests/helpers/customers.ts';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';

let ctx: TestContext;
let customer: TestCustomer;
let manager: TestCustomer;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await createCustomer(ctx, 'user');
  manager = await createCustomer(ctx, 'manager');
});
afterAll(() => ctx.close());

/** Every API route as the access plugin registered it, with its declared access and staff log. */
const apiRoutes = () => ctx.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
/** A concrete address for a route pattern: every parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');

describe('every API route declares who may call it', () => {
  it('found the routes of the whole API', () => {
    const urls = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('GET /api/admin/dashboard');
    expect(urls).toContain('POST /api/products');
    expect(urls).toContain('DELETE /api/categories/:id');
    expect(urls.length).toBeGreaterThan(15);
  });

  it('back office and catalogue writes check a staff role', () => {
    // A product's reviews are the customers' to write (moderation is under /api/admin/).
    const catalogueWrite = (r: GuardedRoute) => r.method !== 'GET' && /^\/api\/(products|categories)(\/|$)/.test(r.url) && !/^\/api\/products\/:id\/reviews(\/|$)/.test(r.url);
    const open = apiRoutes().filter((r) => (r.url.startsWith('/api/admin/') || catalogueWrite(r)) && r.access !== 'staff' && r.access !== 'admin');
    expect(open).toEqual([]);
  });

  it('every staff route that is not a GET says what the staff action log records', () => {
    const staffWrites = apiRoutes().filter((r) => (r.access === 'staff' || r.access === 'admin') && r.method !== 'GET');
    expect(staffWrites.length).toBeGreaterThan(30);
    expect(staffWrites.filter((r) => r.staffLog === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // Only previews, which change nothing, are left out of the log.
    expect(staffWrites.filter((r) => r.staffLog === false).map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /api/admin/catalog-adapter/rules/preview',
      'POST /api/admin/supplier-imports/:id/preview',
    ]);
  });

  it('no route that needs a login answers an anonymous caller with anything but 401', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes().filter((x) => x.access !== 'public')) {
      const res = await ctx.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      if (res.statusCode !== 401) wrong.push(`${r.method} ${r.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('no staff or admin route lets a customer in, and no admin route lets a manager in', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes().filter((x) => x.access === 'staff' || x.access === 'admin')) {
      const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const asCustomer = await ctx.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload, headers: { cookie: customer.cookie } });
      if (asCustomer.statusCode !== 403) wrong.push(`customer ${r.method} ${r.url}: ${asCustomer.statusCode}`);
      if (r.access === 'admin') {
        const asManager = await ctx.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload, headers: { cookie: manager.cookie } });
        if (asManager.statusCode !== 403) wrong.push(`manager ${r.method} ${r.url}: ${asManager.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** The back office's catalogue endpoints, called by each kind of caller. */
const STAFF_ENDPOINTS: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
  { method: 'GET', url: '/api/admin/dashboard' },
  { method: 'GET', url: '/api/admin/categories' },
  { method: 'POST', url: '/api/products', payload: { name: 'Проверка доступа', sku: 'ACCESS-1', price: 100, categoryId: 1 } },
  { method: 'PATCH', url: '/api/products/1', payload: { isFeatured: true } },
  { method: 'POST', url: '/api/admin/products', payload: { name: 'Проверка импорта', sku: 'ACCESS-2', price: 100, categoryId: 1 } },
  { method: 'DELETE', url: '/api/admin/hard-delete-product/2' },
  { method: 'POST', url: '/api/categories', payload: { name: 'Проверка доступа', slug: 'proverka-dostupa', icon: 'wrench' } },
  { method: 'PATCH', url: '/api/categories/1', payload: { description: 'Описание после проверки доступа' } },
  { method: 'DELETE', url: '/api/categories/999999' },
  { method: 'POST', url: '/api/admin/uploads' },
  { method: 'GET', url: '/api/admin/suppliers' },
  { method: 'POST', url: '/api/admin/suppliers', payload: { code: 'ACCESS', name: 'Проверка доступа' } },
  { method: 'PATCH', url: '/api/admin/suppliers/1', payload: { name: 'DCK' } },
  { method: 'POST', url: '/api/admin/supplier-imports', payload: {} },
  { method: 'GET', url: '/api/admin/supplier-imports' },
  { method: 'GET', url: '/api/admin/supplier-imports/999999' },
  { method: 'POST', url: '/api/admin/supplier-imports/999999/preview', payload: { read: {} } },
  { method: 'POST', url: '/api/admin/supplier-imports/999999/check', payload: { read: {}, mapping: {}, pricing: { mode: 'retail', markupPercent: null, ending: null } } },
  { method: 'GET', url: '/api/admin/supplier-imports/999999/rows' },
  { method: 'POST', url: '/api/admin/supplier-imports/999999/apply', payload: { absent: 'leave', newProducts: 'hidden' } },
  { method: 'POST', url: '/api/admin/supplier-imports/999999/rollback' },
  { method: 'GET', url: '/api/admin/supplier-imports/999999/report.csv' },
  { method: 'POST', url: '/api/admin/web-scraper/extract', payload: { url: 'http://127.0.0.1/' } },
  { method: 'GET', url: '/api/admin/catalog-adapter/supplier-categories' },
  { method: 'POST', url: '/api/admin/catalog-adapter/rules/preview', payload: { kind: 'name_contains', supplierId: null, pattern: 'перфоратор', categoryId: 1 } },
  { method: 'POST', url: '/api/admin/catalog-adapter/rules', payload: { kind: 'name_contains', supplierId: null, pattern: 'проверка доступа', categoryId: 1 } },
  { method: 'DELETE', url: '/api/admin/catalog-adapter/rules/999999' },
  { method: 'GET', url: '/api/admin/catalog-adapter/awaiting' },
  { method: 'POST', url: '/api/admin/catalog-adapter/reapply' },
  { method: 'POST', url: '/api/admin/catalog-adapter/brand-aliases', payload: { alias: 'проверка доступа', brand: 'DCK' } },
  { method: 'POST', url: '/api/admin/catalog-adapter/unit-rules', payload: { pattern: 'проверка', replacement: 'доступа' } },
  { method: 'GET', url: '/api/admin/mass-scraper/runs' },
  { method: 'POST', url: '/api/admin/mass-scraper/runs', payload: { source: 'list', text: '' } },
  { method: 'GET', url: '/api/admin/mass-scraper/runs/999999' },
  { method: 'GET', url: '/api/admin/mass-scraper/runs/999999/items' },
  { method: 'GET', url: '/api/admin/mass-scraper/items/999999' },
  { method: 'PUT', url: '/api/admin/mass-scraper/items/999999/draft', payload: {} },
  { method: 'POST', url: '/api/admin/mass-scraper/items/publish', payload: { ids: [999999], mode: 'hidden', categoryId: null } },
  { method: 'POST', url: '/api/admin/mass-scraper/items/discard', payload: { ids: [999999] } },
];

describe('catalogue administration by role', () => {
  it.each(STAFF_ENDPOINTS)('$method $url: anonymous 401, customer 403, manager allowed', async ({ method, url, payload }) => {
    const anonymous = await ctx.app.inject({ method, url, payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Требуется вход в систему' });
    const asCustomer = await ctx.app.inject({ method, url, payload, headers: { cookie: customer.cookie } });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json()).toEqual({ message: 'Доступ запрещён' });
    const asManager = await ctx.app.inject({ method, url, payload, headers: { cookie: manager.cookie } });
    expect([401, 403]).not.toContain(asManager.statusCode);
    expect(asManager.statusCode).toBeLessThan(500);
  });

  it('delete-all: anonymous 401, customer 403, manager allowed (run last: it empties the catalogue)', async () => {
    const url = '/api/admin/products/delete-all?t=1';
    expect((await ctx.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    const asManager = await ctx.app.inject({ method: 'DELETE', url, payload: { currentPassword: CUSTOMER_PASSWORD }, headers: { cookie: manager.cookie } });
    expect(asManager.statusCode).toBe(200);
    expect(asManager.json()).toMatchObject({ after: 0 });
  });
});
