/**
 * `npm run bench:load`: the shop as production runs it, under a mixed load and two faults.
 *
 * Two compiled serving processes (BACKGROUND_WORK=worker) and `npm run worker`'s process on one
 * PostgreSQL database holding PRODUCTS products, behind nginx with the site of deploy/. Virtual
 * customers browse and filter, search, open pages, fill carts and check out products with little
 * stock (scripts/bench-load/workload.ts) for a fixed time; the figures are printed. Then, under the
 * same load, a price list is uploaded and applied, the worker applying it is killed (SIGKILL) and
 * started again, and one serving process is killed and started again; the figures of that phase
 * are printed too. Last, the database is checked: every order placed was answered, no stock below
 * zero, no unit sold twice, the price list applied exactly once. Exits 1 when a check fails.
 *
 *   npm run bench:load
 *   options: --products N (default 100 000), --users N (virtual customers, default 48),
 *            --duration S (the steady phase, default 30), --rows N (the price list, default 20 000)
 *   BENCH_LOAD_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_load): the run's
 *   database, made afresh from `<name>_template` (made once, with the products, and kept).
 *
 * Needs nginx (apt-get install -y nginx-light) and a PostgreSQL server. Nothing here is a test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../src/server/db/connection.ts';
import { PROJECT_ROOT } from '../src/server/core/project-root.ts';
import { staffSession } from './bench/staff.ts';
import { dropRunDatabase, freshRunDatabase, type LowStock } from './bench-load/database.ts';
import { kill, startNginx, startServer, startWorker, stop, type Running, type Shop } from './bench-load/processes.ts';
import { KINDS, percentile, Workload, type Catalogue, type Customer, type Outcome } from './bench-load/workload.ts';
import { writeLargePriceList } from './make-supplier-fixtures.ts';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    users: { type: 'string', default: '48' },
    duration: { type: 'string', default: '30' },
    rows: { type: 'string', default: '20000' },
  },
});
const PRODUCTS = Number(args.products);
const USERS = Number(args.users);
const DURATION_S = Number(args.duration);
const ROWS = Number(args.rows);
const LOW_STOCK = { count: 100, quantity: 5 };
const ADMIN = { username: 'admin', password: 'bench-load-pass-2026' };
const DATABASE_URL = process.env.BENCH_LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_load';

const log = (...parts: unknown[]) => console.log(...parts);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const since = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** What the virtual customers pick from: categories, products, brands, numeric filters, the scarce products. */
async function catalogueOf(database: Database, lowStock: LowStock[]): Promise<Catalogue> {
  const db = database.db;
  const categories = rowsOf<{ id: number; slug: string }>(await db.execute(sql`select id, slug from categories`));
  const slugs = rowsOf<{ slug: string }>(await db.execute(sql`select slug from products where is_active order by random() limit 5000`));
  const stocked = rowsOf<{ id: number }>(await db.execute(sql`select id from products where is_active and price_kopecks > 0 and stock > 10 order by random() limit 5000`));
  const brands = rowsOf<{ brand: string }>(await db.execute(sql`select distinct brand from products where brand is not null`));
  const numbers = rowsOf<{ slug: string; min: number }>(
    await db.execute(sql`select a.slug, percentile_disc(0.5) within group (order by pa.number) as min
      from attributes a join product_attributes pa on pa.attribute_id = a.id where a.kind = 'number' group by a.slug`),
  );
  return {
    categoryIds: categories.map((c) => Number(c.id)),
    categorySlugs: categories.map((c) => c.slug),
    productSlugs: slugs.map((p) => p.slug),
    stockedIds: stocked.map((p) => Number(p.id)),
    brands: brands.map((b) => b.brand),
    numberFilters: numbers.map((n) => ({ slug: n.slug, min: Number(n.min) })),
    lowStockIds: lowStock.map((l) => l.productId),
  };
}

/** Customers registered through the shop (nginx in front), each from an address of its own (documentation ranges). */
async function registerCustomers(base: string, count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = 0; i < count; i++) {
    const address = `${i % 2 ? '198.51.100' : '203.0.113'}.${1 + Math.floor(i / 2)}`;
    const id = `loadbuyer${i}${Date.now().toString(36)}`;
    const res = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ username: id, email: `${id}@example.ru`, password: `Stanok-${id}-42`, consent: true }),
    });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
    customers.push({ cookie: res.headers.get('set-cookie')!.split(';')[0]!, address });
  }
  return customers;
}

function printOutcome(title: string, outcome: Outcome, seconds: number) {
  const rows = KINDS.map((kind) => {
    const t = outcome.tallies.get(kind)!;
    const sorted = [...t.latencies].sort((a, b) => a - b);
    return { kind, t, sorted, count: sorted.length + t.errors + t.limited + t.refused };
  });
  const total = rows.reduce((n, r) => n + r.count, 0);
  log(`\n${title}: ${total} requests in ${seconds.toFixed(0)} s, ${(total / seconds).toFixed(0)} req/s`);
  log(`${'kind'.padEnd(15)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'errors'.padStart(7)} ${'429'.padStart(5)} ${'4xx'.padStart(5)}`);
  for (const { kind, t, sorted, count } of rows) {
    const f = (p: number) => percentile(sorted, p).toFixed(1).padStart(7);
    log(`${kind.padEnd(15)} ${(count / seconds).toFixed(1).padStart(7)} ${f(50)} ${f(95)} ${f(99)} ${(sorted.at(-1) ?? 0).toFixed(0).padStart(7)} ${String(t.errors).padStart(7)} ${String(t.limited).padStart(5)} ${String(t.refused).padStart(5)}`);
  }
  log(`orders answered ${outcome.answeredOrders.size}, refused for lack of stock ${outcome.soldOut}, checkouts never answered ${outcome.unanswered}`);
  for (const sample of outcome.samples) log(`  error: ${sample}`);
}

/** Staff's side of the price list: logged in through nginx, the list uploaded and its check queued. */
async function startPriceListImport(base: string, file: string) {
  const staff = await staffSession(base, ADMIN);
  const { detail, supplierId } = await staff.uploadPriceList(file);
  return { importId: detail.id, checkJob: await staff.checkPriceList(detail), supplierId, apply: () => staff.applyPriceList(detail.id) };
}

/** The serving processes' catalogue cache lookups so far (their /metrics, from loopback), hits and misses summed. */
async function cacheLookups(ports: number[]): Promise<{ hit: number; miss: number }> {
  const total = { hit: 0, miss: 0 };
  for (const port of ports) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    for (const result of ['hit', 'miss'] as const) total[result] += Number(new RegExp(`shop_catalogue_cache_lookups_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
  }
  return total;
}

const hitShare = (before: { hit: number; miss: number }, after: { hit: number; miss: number }) => {
  const hit = after.hit - before.hit;
  const all = hit + after.miss - before.miss;
  return all === 0 ? 'no lookups' : `${((100 * hit) / all).toFixed(0)} % of ${all} catalogue answers from the cache`;
};

type JobRow = { status: string; done: number; total: number; attempts: number };

async function jobOf(database: Database, id: number): Promise<JobRow> {
  const [row] = rowsOf<JobRow>(await database.db.execute(sql`select status, progress_done as done, progress_total as total, attempts from jobs where id = ${id}`));
  return { ...row!, done: Number(row!.done), total: Number(row!.total), attempts: Number(row!.attempts) };
}

async function waitForJob(database: Database, id: number, until: (job: JobRow) => boolean, timeoutMs: number): Promise<JobRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobOf(database, id);
    if (until(job)) return job;
    if (job.status === 'failed' || job.status === 'stopped') throw new Error(`job ${id}: ${job.status}`);
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} (${job.done}/${job.total}) after ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

type Check = { name: string; ok: boolean; detail: string };

/** The database after the load: orders against answers, stock, the scarce products' units, the price list. */
async function checkDatabase(database: Database, answered: Set<number>, lowStock: LowStock[], importFacts: { supplierId: number; productsBefore: number; created: number }): Promise<Check[]> {
  const db = database.db;
  const placed = new Set(rowsOf<{ id: number }>(await db.execute(sql`select id from orders`)).map((o) => Number(o.id)));
  const lost = [...placed].filter((id) => !answered.has(id));
  const phantom = [...answered].filter((id) => !placed.has(id));
  const [negative] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from product_stock where quantity < 0`));
  const [twice] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (select cart_id, cart_generation from orders group by 1, 2 having count(*) > 1) d`));
  const sold = new Map(
    rowsOf<{ productId: number; branchId: number; quantity: number }>(
      await db.execute(sql`select product_id as "productId", stock_branch_id as "branchId", sum(quantity)::int as quantity from order_items group by 1, 2`),
    ).map((s) => [`${s.productId}:${s.branchId}`, Number(s.quantity)]),
  );
  const left = new Map(
    rowsOf<{ productId: number; branchId: number; quantity: number }>(await db.execute(sql`select product_id as "productId", branch_id as "branchId", quantity from product_stock`)).map((s) => [
      `${s.productId}:${s.branchId}`,
      Number(s.quantity),
    ]),
  );
  const oversold = lowStock.filter((l) => (sold.get(`${l.productId}:${l.branchId}`) ?? 0) > l.quantity);
  const unbalanced = lowStock.filter((l) => (sold.get(`${l.productId}:${l.branchId}`) ?? 0) + (left.get(`${l.productId}:${l.branchId}`) ?? 0) !== l.quantity);
  const unitsSold = lowStock.reduce((n, l) => n + (sold.get(`${l.productId}:${l.branchId}`) ?? 0), 0);
  const [products] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from products`));
  const [doubled] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select supplier_sku from supplier_offers where supplier_id = ${importFacts.supplierId} and supplier_sku is not null group by 1 having count(*) > 1) d`),
  );
  const added = Number(products!.n) - importFacts.productsBefore;
  return [
    { name: 'orders placed = orders answered', ok: lost.length === 0 && phantom.length === 0, detail: `${placed.size} placed, ${answered.size} answered, ${lost.length} lost, ${phantom.length} answered but not in the database` },
    { name: 'no stock below zero', ok: Number(negative!.n) === 0, detail: `${negative!.n} branch quantities below zero` },
    { name: 'no cart ordered twice', ok: Number(twice!.n) === 0, detail: `${twice!.n} cart generations with more than one order` },
    {
      name: 'no unit sold twice',
      ok: oversold.length === 0 && unbalanced.length === 0,
      detail: `${unitsSold} of ${lowStock.length * LOW_STOCK.quantity} scarce units sold; ${oversold.length} products oversold, ${unbalanced.length} whose sold + left ≠ ${LOW_STOCK.quantity}`,
    },
    {
      name: 'price list applied exactly once',
      ok: added === importFacts.created && Number(doubled!.n) === 0,
      detail: `${added} products added, the check promised ${importFacts.created}; ${doubled!.n} supplier SKUs with two offers`,
    },
  ];
}

async function main() {
  log(`load benchmark: ${PRODUCTS} products, ${USERS} virtual customers, ${DURATION_S} s steady + faults; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const built = spawnSync('npx', ['tsx', 'scripts/build.ts', '--if-stale'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');

  const { database, lowStock } = await freshRunDatabase(DATABASE_URL, { products: PRODUCTS, admin: ADMIN, lowStock: LOW_STOCK, log });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
  const processes: Running[] = [];
  try {
    const [portA, portB, nginxPort] = [await freePort(), await freePort(), await freePort()];
    const base = `http://127.0.0.1:${nginxPort}`;
    const shop: Shop = { databaseUrl: DATABASE_URL, dataDir: path.join(work, 'data'), publicUrl: base };
    const priceList = path.join(work, `price-${ROWS}.csv`);
    await writeLargePriceList(priceList, ROWS, 'csv');

    let t0 = performance.now();
    const [a, b] = await Promise.all([startServer(shop, portA), startServer(shop, portB)]);
    let serverB = b;
    let worker = await startWorker(shop);
    processes.push(a, b, worker);
    log(`two serving processes and the worker started in ${since(t0)}`);
    const nginx = await startNginx(path.join(work, 'nginx'), nginxPort, [portA, portB], shop.dataDir);
    processes.push(nginx);
    const catalogue = await catalogueOf(database, lowStock);
    t0 = performance.now();
    const customers = await registerCustomers(base, USERS);
    log(`${customers.length} customers registered in ${since(t0)}; ${lowStock.length} products with ${LOW_STOCK.quantity} units each for the checkouts`);

    const workload = new Workload(base, catalogue, customers);
    // Warm-up: the processes' answer caches and compiled code, as a running shop has them.
    const warm = workload.run(Math.min(8, USERS));
    await sleep(5000);
    workload.finish();
    await warm;
    const warmOrders = workload.takeOutcome().answeredOrders;

    const steady = new Workload(base, catalogue, customers);
    const lookupsBefore = await cacheLookups([portA, portB]);
    const running = steady.run(USERS);
    t0 = performance.now();
    await sleep(DURATION_S * 1000);
    const steadySeconds = (performance.now() - t0) / 1000;
    const steadyOutcome = steady.takeOutcome();
    const steadyCache = hitShare(lookupsBefore, await cacheLookups([portA, portB]));
    log(`\nsteady phase done; faults next, under the same load`);

    t0 = performance.now();
    const [productsBefore] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from products`));
    const priceImport = await startPriceListImport(base, priceList);
    await waitForJob(database, priceImport.checkJob, (j) => j.status === 'done', 300_000);
    const [checked] = rowsOf<{ counts: { create?: number } }>(await database.db.execute(sql`select counts from supplier_imports where id = ${priceImport.importId}`));
    const created = Number(checked!.counts?.create ?? 0);
    log(`  ${since(t0)}: price list of ${ROWS} rows uploaded and checked (${created} new products), applying`);
    const applyJob = await priceImport.apply();

    const restartServer = (async () => {
      await sleep(3000);
      log(`  ${since(t0)}: SIGKILL to the serving process :${portB}`);
      await kill(serverB);
      await sleep(2000);
      const restarted = performance.now();
      serverB = await startServer(shop, portB);
      processes.push(serverB);
      log(`  ${since(t0)}: :${portB} serving again (${since(restarted)} to start)`);
    })();
    const applying = await waitForJob(database, applyJob, (j) => j.status === 'running' && j.done > 0, 300_000);
    log(`  ${since(t0)}: SIGKILL to the worker applying the price list (${applying.done} of ${applying.total} rows done)`);
    await kill(worker);
    await sleep(1000);
    worker = await startWorker(shop);
    processes.push(worker);
    log(`  ${since(t0)}: a new worker started; the job waits for its lease to run out (60 s), then goes on from its checkpoint`);
    const finished = await waitForJob(database, applyJob, (j) => j.status === 'done', 600_000);
    log(`  ${since(t0)}: price list applied (${finished.attempts} attempts)`);
    await restartServer;
    await sleep(3000);
    const faultSeconds = (performance.now() - t0) / 1000;
    steady.finish();
    await running;
    const faultOutcome = steady.takeOutcome();

    printOutcome(`Steady (${USERS} customers, two processes)`, steadyOutcome, steadySeconds);
    log(`${steadyCache} (every order changes stock, and with it what the cached lists say)`);
    printOutcome('Faults (a price list applied, its worker and one serving process killed and started again)', faultOutcome, faultSeconds);

    const answered = new Set([...warmOrders, ...steadyOutcome.answeredOrders, ...faultOutcome.answeredOrders]);
    const checks = await checkDatabase(database, answered, lowStock, { supplierId: priceImport.supplierId, productsBefore: Number(productsBefore!.n), created });
    log('\nThe database afterwards');
    for (const c of checks) log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    const unanswered = steadyOutcome.unanswered + faultOutcome.unanswered;
    if (unanswered > 0) log(`  FAIL ${unanswered} checkouts never got an answer`);
    log(`\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, load after ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    if (checks.some((c) => !c.ok) || unanswered > 0) process.exitCode = 1;
  } finally {
    for (const running of processes.reverse()) await stop(running).catch(() => {});
    await database.close();
    await dropRunDatabase(DATABASE_URL);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
