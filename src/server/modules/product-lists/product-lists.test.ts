import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts';
import { pickProducts, setProduct } from '../../../../tests/helpers/customers.ts';
import { newCustomer, someAddress } from '../../../../tests/helpers/accounts.ts';
import { productLists, rateLimits } from '../../db/schema.ts';
import { NEW_VISITOR_LIST_LIMIT } from './service.ts';
import { LIST_LIMITS } from '#shared/list-limits.ts';
import type { ListsSummary } from '#shared/product-lists.ts';
import type { Product } from '#shared/types.ts';

let ctx: TestContext;
let ids: number[];

beforeAll(async () => {
  ctx = await createTestApp();
  ids = (await pickProducts(ctx.database.db, 6)).map((p) => p.id);
});
afterAll(() => ctx.close());

type Answer = { statusCode: number; json: () => unknown; cookies: { name: string; value: string }[]; headers: Record<string, unknown> };

/** A browser: it keeps the cookies the shop sets, as a browser would. */
function browser(remoteAddress = someAddress()) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = <T extends Answer>(res: T) => {
    for (const c of res.cookies) jar.set(c.name, c.value);
    return res;
  };
  return {
    jar,
    remoteAddress,
    get: async (url: string) => keep(await ctx.app.inject({ method: 'GET', url, headers: { cookie: cookie() }, remoteAddress })),
    add: async (kind: string, productId: unknown) =>
      keep(await ctx.app.inject({ method: 'POST', url: `/api/lists/${kind}`, headers: { cookie: cookie() }, payload: { productId }, remoteAddress })),
    remove: async (kind: string, productId: number) =>
      keep(await ctx.app.inject({ method: 'DELETE', url: `/api/lists/${kind}/${productId}`, headers: { cookie: cookie() }, remoteAddress })),
    clear: async (kind: string) => keep(await ctx.app.inject({ method: 'DELETE', url: `/api/lists/${kind}`, headers: { cookie: cookie() }, remoteAddress })),
    form: async (kind: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
      keep(
        await ctx.app.inject({
          method: 'POST',
          url: `/api/lists/${kind}/form`,
          headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: new URLSearchParams(body).toString(),
          remoteAddress,
        }),
      ),
    post: async (url: string, payload: object) => keep(await ctx.app.inject({ method: 'POST', url, headers: { cookie: cookie() }, payload, remoteAddress })),
  };
}

const summaryOf = async (b: ReturnType<typeof browser>) => (await b.get('/api/lists')).json() as ListsSummary;

describe('favourites and comparison', () => {
  it('keeps a visitor’s lists by a visitor cookie (httpOnly, SameSite=Lax, a year), privately', async () => {
    const b = browser();
    expect(await summaryOf(b)).toEqual({ favorites: [], compare: [] });

    const added = await b.add('favorites', ids[0]);
    expect(added.statusCode).toBe(201);
    expect(added.headers['cache-control']).toBe('no-store');
    const cookie = added.cookies.find((c) => c.name === 'visitor') as { httpOnly?: boolean; sameSite?: string; maxAge?: number; path?: string };
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60, path: '/' });
    expect(added.json()).toEqual({ favorites: [ids[0]], compare: [] });

    await b.add('favorites', ids[1]);
    await b.add('favorites', ids[1]); // again: kept once
    await b.add('compare', ids[2]);
    // Favourites newest first, comparison in the order added.
    expect(await summaryOf(b)).toEqual({ favorites: [ids[1], ids[0]], compare: [ids[2]] });

    // Only the hash is kept: the cookie's value is nowhere in the table.
    const rows = await ctx.database.db.select().from(productLists);
    expect(rows.some((r) => r.visitorHash === b.jar.get('visitor'))).toBe(false);

    const favourites = await b.get('/api/lists/favorites');
    expect(favourites.headers['cache-control']).toBe('no-store');
    expect((favourites.json() as { products: Product[] }).products.map((p) => p.id)).toEqual([ids[1], ids[0]]);
  });

  it('shows another visitor nothing of it', async () => {
    const a = browser();
    await a.add('favorites', ids[0]);
    const other = browser();
    expect(await summaryOf(other)).toEqual({ favorites: [], compare: [] });
    expect((await other.get('/api/lists/favorites')).json()).toEqual({ products: [] });
    // A made-up cookie is a visitor with nothing.
    other.jar.set('visitor', 'A'.repeat(43));
    expect(await summaryOf(other)).toEqual({ favorites: [], compare: [] });
  });

  it('answers the comparison with the products’ characteristics', async () => {
    const b = browser();
    await b.add('compare', ids[0]);
    const products = ((await b.get('/api/lists/compare')).json() as { products: Product[] }).products;
    expect(products).toHaveLength(1);
    expect(Array.isArray(products[0]!.attributes)).toBe(true);
  });

  it('refuses an unknown or inactive product with 404 «Товар не найден», and hides a product taken off sale', async () => {
    const b = browser();
    const unknown = await b.add('favorites', 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Товар не найден' });

    const invalid = await b.add('favorites', 'abc');
    expect(invalid.statusCode).toBe(400);
    expect((invalid.json() as { message: string }).message).toContain('Не указан товар');

    const wrongKind = await b.add('wishlist', ids[0]);
    expect(wrongKind.statusCode).toBe(400);

    await b.add('favorites', ids[3]);
    await setProduct(ctx.database.db, ids[3]!, { isActive: false });
    try {
      const inactive = await b.add('compare', ids[3]);
      expect(inactive.statusCode).toBe(404);
      expect(inactive.json()).toMatchObject({ message: 'Товар не найден' });
      expect((await summaryOf(b)).favorites).toEqual([]);
      expect((await b.get('/api/lists/favorites')).json()).toEqual({ products: [] });
    } finally {
      await setProduct(ctx.database.db, ids[3]!, { isActive: true });
    }
    // Sold again, it is back in the list.
    expect((await summaryOf(b)).favorites).toEqual([ids[3]]);
  });

  it('removes one product and clears a list', async () => {
    const b = browser();
    await b.add('compare', ids[0]);
    await b.add('compare', ids[1]);
    await b.add('favorites', ids[0]);
    const removed = await b.remove('compare', ids[0]!);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ favorites: [ids[0]], compare: [ids[1]] });
    const cleared = await b.clear('compare');
    expect(cleared.json()).toEqual({ favorites: [ids[0]], compare: [] });
  });

  it('holds each list to its limit with the Russian message', async () => {
    const many = (await pickProducts(ctx.database.db, LIST_LIMITS.compare.max + 1)).map((p) => p.id);
    const b = browser();
    for (const id of many.slice(0, LIST_LIMITS.compare.max)) expect((await b.add('compare', id)).statusCode).toBe(201);
    const over = await b.add('compare', many[LIST_LIMITS.compare.max]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ message: 'В сравнении может быть не больше 20 товаров' });
    expect((await summaryOf(b)).compare).toHaveLength(20);
    // Adding one already there is no addition.
    expect((await b.add('compare', many[0])).statusCode).toBe(201);
    expect(LIST_LIMITS.favorites).toEqual({ max: 100, message: 'В избранном может быть не больше 100 товаров' });
  });

  it('changes a list by a plain form and comes back to the page (303), to a local path only', async () => {
    const b = browser();
    const added = await b.form('favorites', { productId: String(ids[4]), action: 'add', back: '/category/perforatory?page=2' });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/category/perforatory?page=2');
    expect((await summaryOf(b)).favorites).toEqual([ids[4]]);

    const removed = await b.form('favorites', { productId: String(ids[4]), action: 'remove', back: '//evil.example/' });
    expect(removed.headers.location).toBe('/favorites');
    expect((await summaryOf(b)).favorites).toEqual([]);

    const missing = await b.form('compare', { productId: '999999', action: 'add', back: '/' });
    expect(missing.statusCode).toBe(303);
    expect(missing.headers.location).toBe('/compare?error=missing');
  });

  it('clears a list by a plain form and comes back to the page it was on (303)', async () => {
    const b = browser();
    await b.add('compare', ids[0]);
    await b.add('compare', ids[1]);
    await b.add('favorites', ids[2]);
    const cleared = await b.form('compare', { action: 'clear' }, { host: 'shop.example', referer: 'http://shop.example/compare?category=perforatory&diff=1' });
    expect(cleared.statusCode).toBe(303);
    expect(cleared.headers.location).toBe('/compare?category=perforatory&diff=1');
    expect(await summaryOf(b)).toEqual({ favorites: [ids[2]], compare: [] });

    // A page off the site is not followed: the list's own page.
    const other = await b.form('favorites', { action: 'clear', back: '//evil.example/favorites' });
    expect(other.headers.location).toBe('/favorites');
    expect(await summaryOf(b)).toEqual({ favorites: [], compare: [] });

    // A browser with no lists at all clears nothing and still comes back.
    const nobody = await browser().form('favorites', { action: 'clear' });
    expect(nobody.statusCode).toBe(303);
    expect(nobody.headers.location).toBe('/favorites');

    const unknown = await b.form('favorites', { action: 'wipe' });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as { message: string }).message).toContain('Неизвестное действие');
    const noProduct = await b.form('favorites', { action: 'add' });
    expect(noProduct.statusCode).toBe(400);
    expect((noProduct.json() as { message: string }).message).toContain('Не указан товар');
  });

  it('sends a plain form refused for too many new lists from its address to the list’s page with the reason, not JSON', async () => {
    const b = browser('10.231.7.1');
    // The flood: the address's counter at the limit, as a script starting lists would leave it.
    await ctx.database.db
      .insert(rateLimits)
      .values({ key: `lists:address:${b.remoteAddress}`, count: NEW_VISITOR_LIST_LIMIT.limit, resetAt: new Date(ctx.clock.now().getTime() + 60 * 60 * 1000) })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: NEW_VISITOR_LIST_LIMIT.limit } });
    const refused = await b.form('favorites', { productId: String(ids[0]), action: 'add' }, { host: 'shop.example', referer: 'http://shop.example/products' });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/favorites?error=limited');
    // Refused, the browser got no visitor cookie: its next first addition is counted again.
    expect(refused.cookies).toEqual([]);
    expect(await summaryOf(b)).toEqual({ favorites: [], compare: [] });
    // The script's request is told the same in JSON, with the wait.
    const scripted = await b.add('favorites', ids[0]);
    expect(scripted.statusCode).toBe(429);
    expect((scripted.json() as { message: string }).message).toMatch(/^Слишком много новых списков товаров\. Попробуйте через \d+ минут/);
    expect(scripted.cookies).toEqual([]);
  });

  it('merges the visitor’s lists into the account at registration and login (union, the visitor’s rows go)', async () => {
    const b = browser();
    await b.add('favorites', ids[0]);
    await b.add('compare', ids[1]);
    const customer = newCustomer('lists');
    const registered = await b.post('/api/register', { ...customer, consent: true });
    expect(registered.statusCode).toBe(201);
    expect(await summaryOf(b)).toEqual({ favorites: [ids[0]], compare: [ids[1]] });
    await b.add('favorites', ids[2]);
    await b.post('/api/logout', {});
    // Logged out, the browser's own lists are empty: the visitor's went into the account.
    expect(await summaryOf(b)).toEqual({ favorites: [], compare: [] });

    // Another visit before logging in again: one product the account already holds, one new.
    await b.add('favorites', ids[2]);
    await b.add('favorites', ids[5]);
    await b.add('compare', ids[1]);
    const login = await b.post('/api/login', { username: customer.username, password: customer.password });
    expect(login.statusCode).toBe(200);
    const merged = await summaryOf(b);
    expect([...merged.favorites].sort()).toEqual([ids[0], ids[2], ids[5]].sort());
    expect(merged.compare).toEqual([ids[1]]);

    await b.post('/api/logout', {});
    expect(await summaryOf(b)).toEqual({ favorites: [], compare: [] });
  });
});
