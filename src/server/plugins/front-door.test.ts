import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SHOP_SETTINGS } from '#shared/settings-defaults.ts';
import { createAdminTestApp, createTestApp, type TestContext } from '../../../tests/helpers/test-app.ts';
import { saveSettings } from '../modules/settings/service.ts';

/**
 * The front door answers through a listening server only (inject never passes through it), so
 * these requests go over HTTP, as a browser's would.
 */
let ctx: TestContext;
let base: string;
let admin: string;
let served: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  // The door answers only while the maintenance switch it remembers (for one second) is fresh;
  // the wall clock stands still here so a slow machine does not let it lapse between two requests.
  vi.useFakeTimers({ toFake: ['Date'] });
  ({ ctx, admin } = await createAdminTestApp());
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  served = vi.spyOn(ctx.app.frontDoor, 'answer');
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

/** Whether the front door answered the last request (rather than handing it to Fastify). */
const answeredAtTheDoor = () => served.mock.results.at(-1)?.value === true;

/** Headers a client sees, without the per-connection ones. */
const headersOf = (res: Response) => {
  const all = Object.fromEntries(res.headers);
  delete all.date;
  delete all.connection;
  delete all['keep-alive'];
  return all;
};

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

/** The bytes as sent (fetch would decompress them). */
const rawGet = (path: string, headers: Record<string, string>) =>
  new Promise<Buffer>((resolve, reject) => {
    http.get(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
    }).on('error', reject);
  });

describe('front door for cached public catalogue answers', () => {
  it('answers a repeated anonymous request exactly as the full path did, in every encoding', async () => {
    const url = '/api/products?sort=price-low&page=2';
    expect((await get(url)).status).toBe(200);
    expect(answeredAtTheDoor()).toBe(false);
    for (const encoding of ['identity', 'gzip', 'br']) {
      // A cookie naming a session (here an unknown one) always takes the full path.
      const full = await get(url, { 'accept-encoding': encoding, cookie: 'sid=unknown' });
      expect(answeredAtTheDoor()).toBe(false);
      const door = await get(url, { 'accept-encoding': encoding });
      expect(answeredAtTheDoor()).toBe(true);
      expect(door.status).toBe(200);
      expect(headersOf(door)).toEqual(headersOf(full));
      expect(await door.text()).toBe(await full.text());
    }
    const { products } = (await (await get(url)).json()) as { products: { price: number | null }[] };
    expect(products).toHaveLength(12);
    const raw = await rawGet(url, { 'accept-encoding': 'br' });
    expect(answeredAtTheDoor()).toBe(true);
    expect(JSON.parse(zlib.brotliDecompressSync(raw).toString()).products).toEqual(products);
  });

  it('answers 304 to a client that already has the page', async () => {
    const url = '/api/products?page=3';
    const first = await get(url);
    const etag = first.headers.get('etag')!;
    const again = await get(url, { 'if-none-match': etag });
    expect(answeredAtTheDoor()).toBe(true);
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('shows a changed product at once', async () => {
    const list = (await (await get('/api/products?limit=1')).json()) as { products: { id: number; slug: string; price: number }[] };
    const product = list.products[0]!;
    const url = `/api/products/${product.slug}`;
    await get(url);
    expect(((await (await get(url)).json()) as { price: number }).price).toBe(product.price);
    expect(answeredAtTheDoor()).toBe(true);
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/products/${product.id}`, payload: { price: product.price + 1000 }, headers: { cookie: admin } });
    expect(patch.statusCode).toBe(200);
    const fresh = await get(url);
    expect(answeredAtTheDoor()).toBe(false);
    expect(((await fresh.json()) as { price: number }).price).toBe(product.price + 1000);
  });

  it('never hands the public what only staff may ask for', async () => {
    const url = '/api/products?limit=100';
    const staff = await get(url, { cookie: admin });
    expect(staff.status).toBe(200);
    expect(((await staff.json()) as { products: unknown[] }).products).toHaveLength(100);
    const visitor = await get(url);
    expect(visitor.status).toBe(400);
    expect(((await visitor.json()) as { message: string }).message).toMatch(/48/);
  });

  it('leaves signed-in visitors to the full path', async () => {
    const url = '/api/products?page=4';
    await get(url);
    const res = await get(url, { cookie: admin });
    expect(res.status).toBe(200);
    expect(answeredAtTheDoor()).toBe(false);
  });

  it('closes with the shop: maintenance mode answers 503 even for a cached page', async () => {
    const url = '/api/products?page=5';
    await get(url);
    await get(url);
    expect(answeredAtTheDoor()).toBe(true);
    await saveSettings(ctx.database.db, 'shop', { ...DEFAULT_SHOP_SETTINGS, maintenanceMode: true }, ctx.clock.now());
    const closed = await get(url);
    expect(closed.status).toBe(503);
    expect(((await closed.json()) as { message: string }).message).toBe(
      'Магазин временно закрыт на техническое обслуживание. Пожалуйста, зайдите позже.',
    );
    await saveSettings(ctx.database.db, 'shop', DEFAULT_SHOP_SETTINGS, ctx.clock.now());
    expect((await get(url)).status).toBe(200);
  });
});

describe('the front door of a shop served over https', () => {
  let secure: TestContext;
  let secureBase: string;
  let door: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    secure = await createTestApp({ PUBLIC_URL: 'https://shop.test' });
    await secure.app.listen({ port: 0, host: '127.0.0.1' });
    secureBase = `http://127.0.0.1:${(secure.app.server.address() as AddressInfo).port}`;
    door = vi.spyOn(secure.app.frontDoor, 'answer');
  });
  afterAll(() => secure.close());

  it('sends Strict-Transport-Security as the full path does', async () => {
    const url = `${secureBase}/api/products?page=2`;
    const full = await fetch(url);
    expect(door.mock.results.at(-1)?.value).toBe(false);
    const atTheDoor = await fetch(url);
    expect(door.mock.results.at(-1)?.value).toBe(true);
    for (const res of [full, atTheDoor]) expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(headersOf(atTheDoor)).toEqual(headersOf(full));
  });
});
