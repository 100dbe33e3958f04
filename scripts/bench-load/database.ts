/**
 * The load benchmark's databases on one PostgreSQL server: a template holding the migrated, seeded
 * shop with PRODUCTS generated products and their characteristics (made once, kept between runs),
 * and a fresh copy of it for each run, so every run starts from the same stock and no orders.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/connection.ts';
import { setProductsStock } from '../../src/server/db/product-stock.ts';
import { demoCategories, generateBenchmarkProducts } from '../../src/server/db/seed/catalog-data.ts';
import { insertProducts } from '../../src/server/db/seed/seed-catalog.ts';
import { seedIfEmpty } from '../../src/server/db/seed/seed.ts';
import { giveBenchAttributes } from '../bench/attributes.ts';
import { markerHolds } from '../bench/marker.ts';

const SEED = 1;
const quiet = { info: () => {}, warn: () => {} };

/** The server's maintenance database, for creating and dropping the bench's own. */
function adminUrl(url: string) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

function databaseName(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`BENCH_LOAD_DATABASE_URL: database name "${name}" must be letters, digits and _`);
  return name;
}

function withName(url: string, name: string) {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** What the template holds; a template made with other figures is made again. */
const markerOf = (products: number) => ({ products, seed: SEED, attributes: 30 });

async function templateIsCurrent(url: string, products: number): Promise<boolean> {
  const exists = await onServer(url, async (c) => (await c.query('select 1 from pg_database where datname = $1', [databaseName(url)])).rowCount === 1);
  if (!exists) return false;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select value::text as v from settings where key = 'bench_load'`).catch(() => ({ rows: [] as { v: string }[] }));
    return markerHolds(rows[0]?.v, markerOf(products));
  } finally {
    await client.end();
  }
}

/** The shop as `npm start` seeds it (staff account `admin`), plus `products` generated products with characteristics. */
async function makeTemplate(url: string, products: number, admin: { username: string; password: string }, log: (line: string) => void) {
  const name = databaseName(url);
  await onServer(url, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const database = await openDatabase({ url, poolSize: 4 });
  try {
    const started = Date.now();
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'production', ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
    await seedIfEmpty(database.db, config, quiet);
    log(`  generating ${products} products…`);
    const categoryIds = new Map(rowsOf<{ id: number; slug: string }>(await database.db.execute(sql`select id, slug from categories`)).map((c) => [c.slug, Number(c.id)]));
    const list = generateBenchmarkProducts(products, demoCategories.map((c) => c.slug), SEED);
    await insertProducts(database.db, list, categoryIds, 1000);
    log(`  products loaded in ${((Date.now() - started) / 1000).toFixed(0)} s; characteristics…`);
    const productIds = rowsOf<{ id: number }>(await database.db.execute(sql`select id from products order by id`)).map((p) => Number(p.id));
    await giveBenchAttributes(database.db, productIds, SEED, log);
    await database.db.execute(sql`vacuum analyze`);
    await database.db.execute(sql`insert into settings (key, value) values ('bench_load', ${JSON.stringify(markerOf(products))}::jsonb)`);
    log(`  template ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

export type LowStock = { productId: number; branchId: number; quantity: number };

/**
 * A new database for one run, copied from the template (made first when missing or stale), with
 * `lowStock.count` products left with `lowStock.quantity` units in one branch each: the lines the
 * checkouts fight over.
 */
export async function freshRunDatabase(
  url: string,
  options: { products: number; admin: { username: string; password: string }; lowStock: { count: number; quantity: number }; log: (line: string) => void },
): Promise<{ database: Database; lowStock: LowStock[] }> {
  const template = withName(url, `${databaseName(url)}_template`);
  if (!(await templateIsCurrent(template, options.products))) {
    options.log(`making the template database ${databaseName(template)} (once; later runs copy it)`);
    await makeTemplate(template, options.products, options.admin, options.log);
  }
  const name = databaseName(url);
  await onServer(url, async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name} template ${databaseName(template)}`);
  });
  const database = await openDatabase({ url, poolSize: 4 });
  // Spread over the catalogue (every 997th active, priced product), each in the branch that holds most of it.
  const picked = rowsOf<{ productId: number; branchId: number }>(
    await database.db.execute(sql`
      select p.id as "productId", (select ps.branch_id from product_stock ps where ps.product_id = p.id order by ps.quantity desc limit 1) as "branchId"
      from products p where p.is_active and p.price_kopecks > 0 and p.stock > 0 and p.id % 997 = 0 order by p.id limit ${options.lowStock.count}`),
  );
  const lowStock = picked.map((p) => ({ productId: Number(p.productId), branchId: Number(p.branchId), quantity: options.lowStock.quantity }));
  // Through the stock door: the chosen branch gets the few units, every other branch none.
  const branchIds = rowsOf<{ id: number }>(await database.db.execute(sql`select id from branches`)).map((b) => Number(b.id));
  await setProductsStock(
    database.db,
    lowStock.map((l) => l.productId),
    lowStock.flatMap((l) => branchIds.map((branchId) => ({ productId: l.productId, branchId, quantity: branchId === l.branchId ? l.quantity : 0 }))),
  );
  return { database, lowStock };
}

export async function dropRunDatabase(url: string) {
  await onServer(url, (c) => c.query(`drop database if exists ${databaseName(url)} with (force)`));
}
