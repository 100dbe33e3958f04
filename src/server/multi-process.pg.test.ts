import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, databaseUrl } from '../../tests/helpers/test-config.ts';
import { dropTestDatabase } from '../../tests/helpers/database-copies.ts';
import { CUSTOMER_PASSWORD, pickProducts, readProduct, setProduct, validOrderBody } from '../../tests/helpers/customers.ts';
import { fixture } from '../../tests/helpers/supplier-import.ts';
import { startYooKassa, type YooKassaStandIn } from '../../tests/stand-ins/yookassa.ts';
import { PROJECT_ROOT } from './core/project-root.ts';
import { hashPassword } from './core/password.ts';
import { openDatabase, type Database } from './db/connection.ts';
import { jobs, orderStatusHistory, orders, users } from './db/schema.ts';
import type { AdminOrderDetail, Order, PlacedOrder, ProductListResponse } from '#shared/types.ts';
import type { Cart } from '#shared/schemas/cart.ts';
import type { ImportDetail } from '#shared/schemas/supplier-import.ts';

/**
 * Several real server processes on one PostgreSQL database behave as one shop (issue 29): what a
 * visitor or staff did through one process holds in the other — a session, a limit, a catalogue
 * change in its caches and search, a job, a scheduled run, a payment notification. The processes
 * run `src/server/main.ts` in production mode, as a deploy runs them behind a balancer, and start
 * at the same moment on an empty database, so they also migrate and seed it together. Files named
 * `*.pg.test.ts` run in vitest's postgres project only (vitest.config.ts).
 */

const PROCESSES = 2;
/** The hold scan's first look comes 20 s after a process is ready (orders/hold.ts). */
const SCHEDULED_DEADLINE_MS = 45_000;

type Server = { name: string; url: string; child: ChildProcess; output: string[] };

let dbName: string;
let database: Database;
let yookassa: YooKassaStandIn;
let servers: Server[] = [];
let tmp: string;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `probe` until it answers something, or `deadlineMs` passed (then one last time): its last answer. */
async function eventually<T>(probe: () => Promise<T | null | undefined | false>, deadlineMs: number, pauseMs = 100): Promise<T | null | undefined | false> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    const answer = await probe();
    if (answer) return answer;
    await sleep(pauseMs);
  }
  return probe();
}

/**
 * What the production server needs of a build: the page template with its slots and an SSR
 * entry. These tests ask the API only; a page would say so.
 */
function writeBuild(dir: string) {
  fs.mkdirSync(path.join(dir, 'client'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'client/index.html'), '<!doctype html><html lang="ru"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>');
  fs.writeFileSync(
    path.join(dir, 'server/entry-server.js'),
    "export const render = async () => ({ type: 'page', status: 200, head: '', html: 'Магазин', state: '' });\n",
  );
}

async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { name, url: `http://127.0.0.1:${port}`, child, output };
}

async function whenReady(server: Server) {
  const ready = await eventually(async () => {
    if (server.child.exitCode !== null) throw new Error(`${server.name} exited (${server.child.exitCode}):\n${server.output.join('')}`);
    const res = await fetch(`${server.url}/api/ready`).catch(() => null);
    return res?.status === 200;
  }, 90_000, 200);
  if (!ready) throw new Error(`${server.name} never became ready:\n${server.output.join('')}`);
}

/** An answer: its status, its JSON (or text) as the caller expects it, the session cookie it set. */
type Answer<T> = { status: number; body: T; cookie: string | null };

async function call<T = unknown>(server: Server, method: string, url: string, options: { cookie?: string; body?: unknown; form?: FormData } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${server.url}${url}`, { method, headers, body });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie()[0];
  return { status: res.status, body: (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text) as T, cookie: setCookie ? setCookie.split(';')[0]! : null };
}

async function login(server: Server, username: string, password: string): Promise<string> {
  const res = await call(server, 'POST', '/api/login', { body: { username, password } });
  expect(res.status).toBe(200);
  return res.cookie!;
}

/** A new customer's order of `quantity` of a product at 1 000 ₽, placed through `server` to be paid online. */
async function placeOnlineOrder(server: Server, quantity: number): Promise<{ customer: string; order: PlacedOrder }> {
  const [product] = await pickProducts(database.db, 1);
  await setProduct(database.db, product!.id, { stock: 10, price: 1000 });
  const username = `multi_${randomBytes(4).toString('hex')}`;
  await database.db.insert(users).values({ username, email: `${username}@example.ru`, passwordHash: await hashPassword(CUSTOMER_PASSWORD), role: 'user', fullName: 'Иван Петров' });
  const customer = await login(server, username, CUSTOMER_PASSWORD);
  const cartId = randomUUID();
  expect((await call(server, 'POST', '/api/cart/items', { body: { cartId, productId: product!.id, quantity } })).status).toBe(201);
  const placed = await call<PlacedOrder>(server, 'POST', '/api/orders', { cookie: customer, body: validOrderBody(cartId, { paymentMethod: 'online' }) });
  expect(placed.status).toBe(201);
  return { customer, order: placed.body };
}

/** The catalogue answers a process found in its cache so far (its /metrics, open to loopback). */
async function cacheHits(server: Server): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(/^shop_catalogue_cache_lookups_total\{result="hit"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

beforeAll(async () => {
  const runId = randomBytes(6).toString('hex');
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE shop_test_multi_${runId}`);
  await admin.end();
  dbName = `shop_test_multi_${runId}`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-multi-'));
  writeBuild(path.join(tmp, 'dist'));
  // YooKassa tells whichever process the balancer picks: here the second one.
  yookassa = await startYooKassa({
    deliver: async (notification) => (await call(servers[1]!, 'POST', '/api/payments/yookassa', { body: notification })).status,
  });
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl(dbName),
    // One folder for all, as machines behind a balancer mount one (price lists uploaded to one are read by a job on another).
    DATA_DIR: path.join(tmp, 'data'),
    DIST_DIR: path.join(tmp, 'dist'),
    PUBLIC_URL: 'http://shop.test',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_EMAIL: TEST_ADMIN.email,
    LOG_LEVEL: 'warn',
    YOOKASSA_SHOP_ID: yookassa.shopId,
    YOOKASSA_SECRET_KEY: yookassa.secretKey,
    YOOKASSA_API_URL: yookassa.apiUrl,
  };
  // All at once on the empty database: they migrate and seed it one after the other.
  servers = await Promise.all(Array.from({ length: PROCESSES }, (_, i) => startServer(String.fromCharCode(65 + i), env)));
  await Promise.all(servers.map(whenReady));
  database = await openDatabase({ url: databaseUrl(dbName), poolSize: 2 });
}, 120_000);

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (server.child.exitCode !== null) return resolve();
          server.child.once('exit', () => resolve());
          server.child.kill('SIGTERM');
        }),
    ),
  );
  await database?.close();
  await yookassa?.stop();
  if (dbName) await dropTestDatabase(dbName);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}, 30_000);

describe(`${PROCESSES} server processes on one PostgreSQL database`, () => {
  const a = () => servers[0]!;
  const b = () => servers[1]!;

  it('migrated and seeded the empty database once, together', async () => {
    const admins = await database.db.select({ id: users.id }).from(users).where(eq(users.username, TEST_ADMIN.username));
    expect(admins).toHaveLength(1);
    const [seeded] = await database.db.execute<{ categories: number; slugs: number }>(sql`select count(*)::int as categories, count(distinct slug)::int as slugs from categories`).then((r) => (r as unknown as { rows: { categories: number; slugs: number }[] }).rows);
    expect(seeded!.categories).toBeGreaterThan(0);
    expect(seeded!.categories).toBe(seeded!.slugs);
    // Neither logged an error (pino's levels 50 and 60) while starting.
    for (const server of servers) expect(server.output.join('')).not.toMatch(/"level":(50|60)/);
  });

  it('a login made through one process is valid on the other, and a logout through the other ends it on both', async () => {
    const cookie = await login(a(), TEST_ADMIN.username, TEST_ADMIN.password);
    const onB = await call(b(), 'GET', '/api/user', { cookie });
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ username: TEST_ADMIN.username, role: 'admin' });
    expect((await call(b(), 'POST', '/api/logout', { cookie })).status).toBe(200);
    expect((await call(a(), 'GET', '/api/user', { cookie })).status).toBe(401);
  });

  it('failed logins counted on both processes meet one limit', async () => {
    // The limit per account and address is 10 in 15 minutes (auth/service.ts): 5 failures through each.
    for (let i = 0; i < 10; i++) {
      const res = await call(servers[i % 2]!, 'POST', '/api/login', { body: { username: 'multi-guesser', password: `Wrong-password-${i}` } });
      expect(res.status).toBe(401);
    }
    for (const server of servers) {
      const refused = await call<{ message: string }>(server, 'POST', '/api/login', { body: { username: 'multi-guesser', password: 'Wrong-password-x' } });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Слишком много неудачных попыток входа. Попробуйте через 15 минут.');
    }
  });

  it('a cart filled through one process is the cart the other shows', async () => {
    const [product] = await pickProducts(database.db, 1);
    await setProduct(database.db, product!.id, { stock: 20 });
    const cartId = randomUUID();
    expect((await call(a(), 'POST', '/api/cart/items', { body: { cartId, productId: product!.id, quantity: 2 } })).status).toBe(201);
    const cart = await call(b(), 'GET', `/api/cart/${cartId}`);
    expect(cart.status).toBe(200);
    expect((cart.body as Cart).items.map((i) => [i.product.id, i.quantity])).toEqual([[product!.id, 2]]);
  });

  it("staff's catalogue change through one process shows in the other's cached answers and search within a second", async () => {
    const staff = await login(a(), TEST_ADMIN.username, TEST_ADMIN.password);
    const [picked] = await pickProducts(database.db, 1);
    const product = await readProduct(database.db, picked!.id);
    const sku = product.sku;
    const bySku = `/api/products?query=${encodeURIComponent(sku)}`;
    const page = `/api/products/${product.id}`;
    // B answers both from its memo (twice: the second time through its front door).
    for (let i = 0; i < 2; i++) {
      expect((await call<ProductListResponse>(b(), 'GET', bySku)).body.products.map((p) => p.id)).toContain(product.id);
      expect((await call<{ name: string }>(b(), 'GET', page)).body.name).toBe(product.name);
    }
    const word = `Многопроцессный${randomBytes(2).toString('hex')}`;
    const name = `Перфоратор ${word}`;
    const changed = await call(a(), 'PATCH', `/api/products/${product.id}`, { cookie: staff, body: { name, price: 12_345 } });
    expect(changed.status).toBe(200);

    // A visitor coming to B a second later, nobody having asked B meanwhile, gets the new answers.
    await sleep(1000);
    const list = (await call(b(), 'GET', bySku)).body as ProductListResponse;
    expect(list.products.find((p) => p.id === product.id)).toMatchObject({ name, price: 12_345 });
    expect((await call(b(), 'GET', page)).body).toMatchObject({ name, price: 12_345 });

    // Renamed again: a visitor searching B for the newest name finds it within a second.
    const newerWord = `Быстропроцессный${randomBytes(2).toString('hex')}`;
    const newer = `Перфоратор ${newerWord}`;
    expect((await call(a(), 'PATCH', `/api/products/${product.id}`, { cookie: staff, body: { name: newer } })).status).toBe(200);
    const found = await eventually(async () => {
      const res = await call(b(), 'GET', `/api/products?query=${encodeURIComponent(newerWord)}`);
      return (res.body as ProductListResponse).products.find((p) => p.id === product.id)?.name === newer;
    }, 1000);
    expect(found).toBe(true);
  });

  it("an order through one process shows in the other's cached product page within a second, and leaves its other answers cached", async () => {
    const [ordered, other] = (await pickProducts(database.db, 5)).slice(3);
    for (const product of [ordered!, other!]) await setProduct(database.db, product.id, { stock: 10, price: 1000 });
    const page = (id: number) => `/api/products/${id}`;
    for (const product of [ordered!, other!]) expect((await call<{ stock: number }>(b(), 'GET', page(product.id))).body.stock).toBe(10);
    const username = `multi_${randomBytes(4).toString('hex')}`;
    await database.db.insert(users).values({ username, email: `${username}@example.ru`, passwordHash: await hashPassword(CUSTOMER_PASSWORD), role: 'user', fullName: 'Иван Петров' });
    const customer = await login(a(), username, CUSTOMER_PASSWORD);
    const cartId = randomUUID();
    expect((await call(a(), 'POST', '/api/cart/items', { body: { cartId, productId: ordered!.id, quantity: 2 } })).status).toBe(201);
    expect((await call(a(), 'POST', '/api/orders', { cookie: customer, body: validOrderBody(cartId) })).status).toBe(201);

    await sleep(1000);
    const hits = await cacheHits(b());
    expect((await call<{ stock: number }>(b(), 'GET', page(other!.id))).body.stock).toBe(10);
    expect(await cacheHits(b())).toBe(hits + 1);
    expect((await call<{ stock: number }>(b(), 'GET', page(ordered!.id))).body.stock).toBe(8);
    expect(await cacheHits(b())).toBe(hits + 1);
  });

  it('a price list checked through one process is read by one job run, whichever process polls', async () => {
    const staff = await login(a(), TEST_ADMIN.username, TEST_ADMIN.password);
    const suppliers = (await call(a(), 'GET', '/api/admin/suppliers', { cookie: staff })).body as { id: number; code: string }[];
    const dck = suppliers.find((s) => s.code === 'DCK')!;
    const form = new FormData();
    form.append('supplierId', String(dck.id));
    form.append('file', new Blob([fs.readFileSync(fixture('dck-price-1251.csv'))]), 'dck-price-1251.csv');
    const uploaded = await call(a(), 'POST', '/api/admin/supplier-imports', { cookie: staff, form });
    expect(uploaded.status).toBe(201);
    const imp = uploaded.body as ImportDetail;
    const started = await call<{ jobId: number }>(a(), 'POST', `/api/admin/supplier-imports/${imp.id}/check`, {
      cookie: staff,
      body: { read: imp.options.read, mapping: imp.options.mapping, pricing: { mode: 'retail', markupPercent: null, ending: null } },
    });
    expect(started.status).toBe(202);
    const detail = await eventually(async () => {
      const res = await call<ImportDetail>(b(), 'GET', `/api/admin/supplier-imports/${imp.id}`, { cookie: staff });
      return res.body.status === 'previewed' && res.body;
    }, 20_000, 200);
    expect(detail).toMatchObject({ status: 'previewed', counts: { total: 41, error: 5 } });
    const [job] = await database.db.select().from(jobs).where(eq(jobs.id, started.body.jobId));
    expect(job).toMatchObject({ status: 'done', attempts: 1, error: null });
  });

  it('a payment made for an order placed through one process and notified to the other marks it paid once', async () => {
    const { customer, order } = await placeOnlineOrder(a(), 2);

    // The customer pays; YooKassa tells B, and tells it again (as it repeats until acknowledged).
    const paid = await fetch(`${order.confirmationUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const payment = [...yookassa.payments.values()].find((p) => p.metadata?.orderId === String(order.id))!;
    const again = await Promise.all(servers.map((server) => call(server, 'POST', '/api/payments/yookassa', { body: { type: 'notification', event: 'payment.succeeded', object: payment } })));
    expect(again.map((r) => r.status)).toEqual(servers.map(() => 200));

    const seen = (await call(a(), 'GET', `/api/orders/${order.id}`, { cookie: customer })).body as Order;
    expect(seen).toMatchObject({ paymentStatus: 'paid' });
    expect(seen.payment).toMatchObject({ state: 'paid', paidAmount: order.totalAmount });
    const staff = await login(b(), TEST_ADMIN.username, TEST_ADMIN.password);
    const detail = (await call(b(), 'GET', `/api/admin/orders/${order.id}`, { cookie: staff })).body as AdminOrderDetail;
    expect(detail.history.filter((h) => h.field === 'payment' && h.toValue === 'paid')).toHaveLength(1);
  });

  it('an order whose payment hold passed is cancelled by one scheduled run, though every process looks', async () => {
    const { customer, order } = await placeOnlineOrder(b(), 1);
    // The customer left YooKassa's page; the hold ran out a minute ago.
    await database.db.update(orders).set({ paymentHoldUntil: new Date(Date.now() - 60_000) }).where(eq(orders.id, order.id));

    const cancelled = await eventually(async () => {
      const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
      return row!.status === 'cancelled';
    }, SCHEDULED_DEADLINE_MS, 500);
    expect(cancelled).toBe(true);
    const cancellations = await database.db
      .select({ id: orderStatusHistory.id })
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.field, 'status'), eq(orderStatusHistory.toValue, 'cancelled')));
    expect(cancellations).toHaveLength(1);
    const seen = (await call(a(), 'GET', `/api/orders/${order.id}`, { cookie: customer })).body as Order;
    expect(seen.status).toBe('cancelled');
  }, SCHEDULED_DEADLINE_MS + 10_000);
});
