/**
 * `npm run bench:catalog`: the catalogue and search under load, through HTTP, against a bare
 * node:http server sending a prepared buffer of the same size (the ceiling of this machine).
 *
 *   npm run bench:catalog                      100 000 products on PostgreSQL (BENCH_DATABASE_URL,
 *                                              default postgres://postgres@127.0.0.1:5432/bench; created if missing)
 *   npm run bench:catalog -- --pglite          10 000 products on embedded PGlite (in memory)
 *   options: --products N, --duration S (per list scenario, default 10), --search-duration S (default 3),
 *            --connections N (default 50), --fresh (reload the products even if they are there),
 *            --lists-only (skip the search part), --facets-only (only the facets and suggestions tables)
 *
 * The products get 30 characteristics (src/server/db/seed/bench-attributes.ts, also kept between
 * runs), and the «facets» table times a category page with three characteristic filters and its
 * facet counts, computed in this process right after a catalogue change (docs/decisions/034).
 *
 * The products are generated once (deterministic: the same seed gives the same catalogue) and
 * kept in the bench database; later runs reuse them. Nothing here is a test: it prints figures.
 *
 * The load comes from wrk (`apt-get install -y wrk`), one thread: a client written in C leaves
 * the server the other core and does not cap what is measured. autocannon does: it decodes every
 * response body into a string, which on a page of Cyrillic JSON holds it near 10 000 req/s
 * whatever the server does (docs/decisions/012).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/server/app.ts';
import type { App } from '../src/server/core/app-types.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, rowsOf, type Database } from '../src/server/db/connection.ts';
import { demoCategories, generateBenchmarkProducts } from '../src/server/db/seed/catalog-data.ts';
import { insertCategories, insertProducts } from '../src/server/db/seed/seed-catalog.ts';
import { CatalogMemo } from '../src/server/modules/products/answer-cache/memo.ts';
import { filteredList } from '../src/server/modules/products/catalog/filtered-list.ts';
import { catalogChanged } from '../src/server/modules/products/catalog-events.ts';
import { catalogSearchOf } from '../src/server/modules/products/search/catalog-search.ts';
import type { CatalogFilters } from '../src/shared/schemas/catalog.ts';
import { giveBenchAttributes } from './bench/attributes.ts';
import { markerHolds } from './bench/marker.ts';

const { values: args } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    products: { type: 'string' },
    duration: { type: 'string', default: '10' },
    'search-duration': { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    fresh: { type: 'boolean', default: false },
    'lists-only': { type: 'boolean', default: false },
    'facets-only': { type: 'boolean', default: false },
  },
});

const PGLITE = args.pglite;
const COUNT = Number(args.products ?? (PGLITE ? 10_000 : 100_000));
const DURATION = Number(args.duration);
const SEARCH_DURATION = Number(args['search-duration']);
const CONNECTIONS = Number(args.connections);
const SEED = 1;
const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';

const log = (...parts: unknown[]) => console.log(...parts);

async function ensurePostgresDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`BENCH_DATABASE_URL: database name "${name}" must be letters, digits and _`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) {
      log(`creating database ${name}`);
      await admin.query(`create database "${name}"`);
    }
  } finally {
    await admin.end();
  }
}

/** Loads COUNT generated products unless the database already holds exactly those. */
async function ensureCatalog(database: Database) {
  const db = database.db;
  const marker = { count: COUNT, seed: SEED };
  const [current] = rowsOf<{ v: string | null; n: number }>(
    await db.execute(sql`select (select value::text from settings where key = 'bench_catalog') as v, (select count(*)::int from products) as n`),
  );
  if (!args.fresh && markerHolds(current?.v, marker) && Number(current!.n) === COUNT) {
    log(`reusing ${COUNT} products already in the database`);
    return;
  }
  const started = Date.now();
  log(`generating ${COUNT} products…`);
  const list = generateBenchmarkProducts(COUNT, demoCategories.map((c) => c.slug), SEED);
  log(`  generated in ${((Date.now() - started) / 1000).toFixed(1)} s; loading…`);
  await db.execute(sql`truncate products, categories restart identity cascade`);
  await db.execute(sql`delete from settings where key = 'bench_catalog'`);
  const ids = await insertCategories(db, demoCategories);
  await insertProducts(db, list, ids, 1000);
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze search_feed.product_changes`);
  await db.execute(sql`vacuum analyze categories`);
  await db.execute(sql`insert into settings (key, value) values ('bench_catalog', ${JSON.stringify(marker)}::jsonb)`);
  log(`  loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Gives the products their characteristics unless the database already holds these. */
async function ensureAttributes(database: Database) {
  const db = database.db;
  const marker = { count: COUNT, seed: SEED, attributes: 30 };
  const [current] = rowsOf<{ v: string | null; n: number }>(
    await db.execute(sql`select (select value::text from settings where key = 'bench_attributes') as v, (select count(*)::int from product_attributes) as n`),
  );
  if (!args.fresh && markerHolds(current?.v, marker) && Number(current!.n) > 0) {
    log(`reusing ${Number(current.n)} characteristic values already in the database`);
    return;
  }
  const started = Date.now();
  log('giving the products 30 characteristics…');
  await db.execute(sql`delete from settings where key = 'bench_attributes'`);
  const productIds = rowsOf<{ id: number }>(await db.execute(sql`select id from products order by id`)).map((p) => Number(p.id));
  await giveBenchAttributes(db, productIds, SEED, log);
  await db.execute(sql`vacuum analyze product_attributes`);
  await db.execute(sql`insert into settings (key, value) values ('bench_attributes', ${JSON.stringify(marker)}::jsonb)`);
  log(`  written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

type Row = { name: string; rps: number; p50: number; p99: number; max: number; errors: number; ratio?: number };

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((file) => fs.existsSync(file));

type Load = { rps: number; p50: number; p99: number; max: number; errors: number };

/** A wrk duration ("850.00us", "1.20ms", "2.01s") in milliseconds. */
function wrkMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk: unexpected duration "${text}"`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * scale;
}

/** `duration` seconds of load on one URL from CONNECTIONS keep-alive connections, as wrk reports it. */
function load(url: string, duration: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    execFile(WRK!, ['-t1', `-c${CONNECTIONS}`, `-d${duration}s`, '--latency', url], (error, stdout) => {
      if (error) return reject(error);
      const grab = (re: RegExp) => re.exec(stdout)?.[1];
      const socketErrors = grab(/Socket errors: (.*)/)?.match(/\d+/g)?.reduce((n, v) => n + Number(v), 0) ?? 0;
      resolve({
        rps: Number(grab(/Requests\/sec:\s+([\d.]+)/)),
        p50: wrkMs(grab(/^\s+50%\s+(\S+)/m)!),
        p99: wrkMs(grab(/^\s+99%\s+(\S+)/m)!),
        max: wrkMs(grab(/^\s+Latency\s+\S+\s+\S+\s+(\S+)/m)!),
        errors: socketErrors + Number(grab(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
      });
    });
  });
}

async function measure(name: string, url: string, duration: number): Promise<Row> {
  await fetch(url).then((r) => r.arrayBuffer()); // the first request fills the cache
  return { name, ...(await load(url, duration)) };
}

/** One kept-alive connection for the one-at-a-time requests below. */
const oneConnection = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * A GET as a browser sends it (brotli or gzip accepted), through node:http on a kept-alive
 * connection, body read but not decoded: this client runs in the server's process, and fetch
 * (undici's streams, abort signals, decompression) added a millisecond or more of its own work
 * to every figure, and longer stalls when the machine was busy.
 */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: oneConnection, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Runs of a timed scenario before its figures count: a running shop's code is compiled and its
 * search vocabulary built; a benchmark's first runs would time the compiler instead.
 */
const WARM_UP = 5;

/** Latency of the first request after a catalogue change: the change, then one request, n times (after WARM_UP untimed). */
async function firstAfterChange(name: string, url: string, times: number) {
  const samples: number[] = [];
  for (let i = -WARM_UP; i < times; i++) {
    catalogChanged();
    const t0 = performance.now();
    const status = await get(url);
    if (i >= 0) samples.push(performance.now() - t0);
    if (status !== 200) throw new Error(`${name}: HTTP ${status}`);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { name, p50: at(0.5), p99: at(0.99), max: samples[samples.length - 1]! };
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(1)).padStart(7);
const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));

function printTable(title: string, rows: Row[], ceiling?: number) {
  log(`\n${title}`);
  log(`${pad('', 44)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'ceiling'.padStart(8)} errors`);
  for (const r of rows) {
    const ratio = ceiling ? `${((r.rps / ceiling) * 100).toFixed(0)} %` : '';
    log(`${pad(r.name, 44)} ${r.rps.toFixed(0).padStart(9)} ${ms(r.p50)} ${ms(r.p99)} ${ms(r.max)} ${ratio.padStart(8)} ${r.errors}`);
  }
}

/**
 * «suggestions»: what the header's search asks while a word is typed (issue 26: p50 ≤ 5 ms), each
 * the first request after a catalogue change, as the search table above. Returns the slowest.
 */
async function suggestionsTable(base: string, sku: string): Promise<number> {
  const typed: [string, string][] = [
    ['two letters: пе', 'пе'],
    ['cut off: перф', 'перф'],
    ['word: перфоратор', 'перфоратор'],
    ['cut off, two words: шуруповерт акк', 'шуруповерт акк'],
    ['typo: перфаратор', 'перфаратор'],
    ['typo: шурупаверт', 'шурупаверт'],
    ['wrong layout: lhtkm (дрель)', 'lhtkm'],
    ['synonym: болгарка', 'болгарка'],
    [`SKU whole: ${sku}`, sku],
    [`SKU partial: ${sku.slice(0, 4)}`, sku.slice(0, 4)],
    ['broad: аккумулятор', 'аккумулятор'],
  ];
  log('\nSuggestions, first request after a catalogue change (10 times each, one at a time)');
  log(`${pad('', 44)} ${'p50 ms'.padStart(7)} ${'max ms'.padStart(7)}`);
  let worst = 0;
  for (const [name, q] of typed) {
    const r = await firstAfterChange(name, `${base}/api/search/suggest?q=${encodeURIComponent(q)}`, 10);
    worst = Math.max(worst, r.max);
    log(`${pad(name, 44)} ${ms(r.p50)} ${ms(r.max)}`);
  }
  return worst;
}

/** p50, p99 and max of samples in ms. */
function quantiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

/**
 * The «facets» table: the largest category with three characteristic filters (two values of a
 * text one, «Да» of a yes/no one, the upper half of a number's range) and the counts of every
 * option, computed in this process right after a catalogue change (the index looks at its change
 * feed, the filter configuration is read again), 100 times one at a time; and the same page over HTTP.
 */
async function facetsTable(database: Database, base: string) {
  const db = database.db;
  const [category] = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select c.id, c.name from categories c order by (select count(*) from products p where p.category_id = c.id) desc limit 1`),
  );
  const own = rowsOf<{ slug: string; kind: string }>(
    await db.execute(sql`select a.slug, a.kind from category_attributes ca join attributes a on a.id = ca.attribute_id
      where ca.category_id = ${category!.id} order by ca.position`),
  );
  const text = own.find((a) => a.kind === 'text')!;
  const yesNo = own.find((a) => a.kind === 'boolean')!;
  const number = own.find((a) => a.kind === 'number')!;
  const memo = new CatalogMemo();
  const search = catalogSearchOf(db, (error) => console.error(error));
  const params = (filters: CatalogFilters) => ({
    query: '',
    filter: { categoryId: category!.id, status: 'active' as const },
    filters,
    sort: 'featured' as const,
    facets: true,
    offset: 0,
    limit: 12,
  });
  const none: CatalogFilters = { brands: [], inStock: false, attributes: [] };
  const first = await filteredList(db, memo, search, params(none));
  const textFacet = first.facets!.facets.find((f) => f.slug === text.slug);
  const numberFacet = first.facets!.facets.find((f) => f.slug === number.slug);
  if (!textFacet || !('values' in textFacet) || !numberFacet || !('min' in numberFacet)) throw new Error('facets: the category has no values to filter by');
  const middle = (numberFacet.min + numberFacet.max) / 2;
  const three: CatalogFilters = {
    ...none,
    attributes: [
      { slug: text.slug, values: textFacet.values.slice(0, 2).map((v) => v.value) },
      { slug: yesNo.slug, values: ['Да'] },
      { slug: number.slug, values: [], min: middle },
    ],
  };
  const timed = async (filters: CatalogFilters) => {
    const samples: number[] = [];
    let total = 0;
    for (let i = -WARM_UP; i < 100; i++) {
      catalogChanged();
      memo.invalidate();
      const t0 = performance.now();
      total = (await filteredList(db, memo, search, params(filters))).total;
      if (i >= 0) samples.push(performance.now() - t0);
    }
    return { ...quantiles(samples), total };
  };
  const query = new URLSearchParams({ categoryId: String(category!.id), facets: 'true' });
  for (const a of three.attributes) {
    for (const v of a.values) query.append(`attr.${a.slug}`, v);
    if (a.min !== undefined) query.append(`attr.${a.slug}.min`, String(a.min));
  }
  const rows = [
    { name: 'three filters + counts (in process)', ...(await timed(three)) },
    { name: 'no filter, counts only (in process)', ...(await timed(none)) },
    { ...(await firstAfterChange('three filters + counts + page (HTTP)', `${base}/api/products?${query}`, 100)), total: NaN },
  ];
  log(`\nFacets: category «${category!.name}» (${first.total} products), filters ${text.slug} (2 values), ${yesNo.slug}=Да, ${number.slug} ≥ ${middle}`);
  log(`first computation after a catalogue change, 100 times one at a time; load average ${loadAverage()}`);
  log(`${pad('', 44)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'found'.padStart(7)}`);
  for (const r of rows) log(`${pad(r.name, 44)} ${ms(r.p50)} ${ms(r.p99)} ${ms(r.max)} ${(Number.isNaN(r.total) ? '' : String(r.total)).padStart(7)}`);
}

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main() {
  if (!WRK) throw new Error('wrk is not installed: apt-get install -y wrk');
  log(`catalogue benchmark: ${COUNT} products on ${PGLITE ? 'PGlite (in memory)' : `PostgreSQL ${BENCH_URL.replace(/\/\/[^@]*@/, '//')}`}, ${CONNECTIONS} connections`);
  if (!PGLITE) await ensurePostgresDatabase(BENCH_URL);
  const database = await openDatabase(PGLITE ? {} : { url: BENCH_URL, poolSize: 20 });
  await database.migrate();
  await ensureCatalog(database);
  await ensureAttributes(database);

  const config = loadConfig({ NODE_ENV: 'production', PORT: '0', DATA_DIR: '/tmp/bench-catalog-data', LOG_LEVEL: 'warn' });
  const app: App = await buildApp({
    config,
    database,
    mailer: { kind: 'file', send: async () => {} },
    logger: pino({ level: 'warn' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const page1 = `${base}/api/products`;
  const first = (await (await fetch(page1)).json()) as { totalPages: number };
  const [category] = rowsOf<{ id: number; name: string }>(
    await database.db.execute(sql`select c.id, c.name from categories c order by (select count(*) from products p where p.category_id = c.id) desc limit 1`),
  );
  const categoryUrl = `${base}/api/products?categoryId=${category!.id}`;
  const deepPage = Math.ceil(first.totalPages / 2);
  const deepUrl = `${base}/api/products?page=${deepPage}`;
  const page = Buffer.from(await (await fetch(page1)).arrayBuffer());

  // The ceiling: node:http sending the same page as a prepared buffer, no framework, no work.
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': page.length });
    res.end(page);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  const skus = rowsOf<{ sku: string }>(
    await database.db.execute(sql`select sku from products where is_active and sku ~ '^[A-Z]+[0-9]+' order by id limit 3`),
  ).map((r) => r.sku);
  const sku = skus[0]!;
  const searches: [string, string][] = [
    ['morphology: дрели', 'дрели'],
    ['morphology: дрелью', 'дрелью'],
    ['morphology: перфораторы', 'перфораторы'],
    ['morphology+ё: аккумуляторный шуруповёрт', 'аккумуляторный шуруповёрт'],
    ['word order: шуруповерт аккумуляторный', 'шуруповерт аккумуляторный'],
    ['synonym: болгарки', 'болгарки'],
    ['morphology: лобзиком', 'лобзиком'],
    ['typo: перфаратор', 'перфаратор'],
    ['typo: шурупаверт', 'шурупаверт'],
    ['typo: балгарка', 'балгарка'],
    ['typo: гайкаверт ударный', 'гайкаверт ударный'],
    [`SKU whole: ${sku}`, sku],
    [`SKU partial: ${sku.slice(0, 4)}`, sku.slice(0, 4)],
    [`SKU spaced: ${sku.replace(/(\d)/, ' $1').toLowerCase()}`, sku.replace(/(\d)/, ' $1').toLowerCase()],
    ['wrong layout: lhtkm (дрель)', 'lhtkm'],
    ['wrong layout: gthajhfnjh (перфоратор)', 'gthajhfnjh'],
    ['broad: инструмент', 'инструмент'],
    ['broad: аккумулятор', 'аккумулятор'],
    ['with supplier: дрель + DCK', 'дрель&supplier=DCK'],
    ['with sort: перфоратор + price-low', 'перфоратор&sort=price-low'],
  ];
  const searchUrl = (q: string) => {
    const [text, ...rest] = q.split('&');
    return `${base}/api/products?query=${encodeURIComponent(text!)}${rest.length ? `&${rest.join('&')}` : ''}`;
  };

  log(`page size ${page.length} bytes (12 products), ${first.totalPages} pages; category «${category!.name}»; deep page ${deepPage}`);
  log('warming up…');
  // A running shop has its search index built (in the background as it starts): wait for it here.
  await fetch(`${base}/api/products?query=${encodeURIComponent('дрель')}`).then((r) => r.arrayBuffer());
  if (args['facets-only']) {
    await facetsTable(database, base);
    await suggestionsTable(base, sku);
    bare.close();
    oneConnection.destroy();
    await app.close();
    await database.close();
    return;
  }
  await load(page1, 2);

  const ceiling = await measure('node:http, prepared buffer (ceiling)', bareUrl, DURATION);
  const listRows = [
    ceiling,
    await measure('category page (cached)', categoryUrl, DURATION),
    await measure('/products page 1 (cached)', page1, DURATION),
    await measure(`/products page ${deepPage} (cached)`, deepUrl, DURATION),
  ];
  printTable(`Lists, ${CONNECTIONS} connections, ${DURATION} s each`, listRows, ceiling.rps);
  await facetsTable(database, base);

  const uncached = [
    await firstAfterChange('category page', categoryUrl, 100),
    await firstAfterChange('/products page 1', page1, 100),
    await firstAfterChange(`/products page ${deepPage}`, deepUrl, 100),
  ];
  log('\nFirst request after a catalogue change (cache dropped before each of 100 requests, one at a time)');
  log(`${pad('', 44)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}`);
  for (const r of uncached) log(`${pad(r.name, 44)} ${ms(r.p50)} ${ms(r.p99)} ${ms(r.max)}`);

  const searchRows: Row[] = [];
  if (args['lists-only']) searches.length = 0;
  for (const [name, q] of searches) searchRows.push(await measure(name, searchUrl(q), SEARCH_DURATION));
  printTable(`Search, ${CONNECTIONS} connections, ${SEARCH_DURATION} s each (the first request of each computes, the rest are cached)`, searchRows, ceiling.rps);

  if (searches.length) log('\nSearch, first request after a catalogue change (10 times each, one at a time)');
  log(`${pad('', 44)} ${'p50 ms'.padStart(7)} ${'max ms'.padStart(7)}`);
  let worst = 0;
  for (const [name, q] of searches) {
    const r = await firstAfterChange(name, searchUrl(q), 10);
    worst = Math.max(worst, r.max);
    log(`${pad(name, 44)} ${ms(r.p50)} ${ms(r.max)}`);
  }
  worst = Math.max(worst, await suggestionsTable(base, sku));

  const all = [...listRows.slice(1), ...searchRows];
  const errors = all.reduce((n, r) => n + r.errors, 0);
  const slowest = Math.max(...all.map((r) => r.max), worst);
  log(`\nerrors: ${errors}; slowest request: ${slowest.toFixed(1)} ms`);

  bare.close();
  oneConnection.destroy();
  await app.close();
  await database.close();
  if (errors > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
