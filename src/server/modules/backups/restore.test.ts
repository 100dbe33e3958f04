/**
 * Seed, back up, change data, restore, compare every table: through `restoreBackup`, which is
 * what `npm run restore -- <file>` runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '#server/db/connection.ts';
import { contactMessages, orderItems, orders, products, settings, users } from '#server/db/schema.ts';
import { dbKind } from '../../../../tests/helpers/test-app.ts';
import { databaseUrl, templateNames, testConfig } from '../../../../tests/helpers/test-config.ts';
import { snapshotDatabase } from '../../../../tests/helpers/db-snapshot.ts';
import { createBackup, writeSqlBackup } from './service.ts';
import { backupShelf } from './shelf.ts';
import { restoreBackup } from './restore.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-restore-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Changes of every kind: inserts, updates, deletes, in several tables. */
async function changeEverything(db: Database['db']) {
  const [product] = await db.select().from(products).limit(1);
  await db.update(products).set({ stock: 999, name: 'Изменено после копии' }).where(eq(products.id, product!.id));
  await db.insert(users).values({ username: 'after_backup', passwordHash: 'x', role: 'user' });
  await db.delete(settings).where(eq(settings.key, 'seo'));
  const [order] = await db
    .insert(orders)
    .values({
      status: 'pending',
      paymentMethod: 'cash',
      customerName: 'После копии',
      customerEmail: 'after@example.ru',
      customerPhone: '1',
      address: 'a',
      city: 'b',
      postalCode: '1',
      subtotalKopecks: 1,
      vatKopecks: 0,
      vatInTotalKopecks: 0,
      deliveryKopecks: 0,
      totalKopecks: 1,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({ orderId: order!.id, productName: 'x', unitPriceKopecks: 1, quantity: 1, totalKopecks: 1 });
  await db.insert(contactMessages).values({ name: 'n', email: 'e@example.ru', phone: '1', message: 'после копии' });
}

/** Data the seed does not have, so the copy holds orders, history and messages too. */
async function addBusinessData(db: Database['db']) {
  const [product] = await db.select().from(products).limit(1);
  const [user] = await db.insert(users).values({ username: 'before_backup', email: 'Before@Example.ru', passwordHash: 'h', role: 'manager', lastLogin: new Date('2026-01-02T03:04:05.678Z') }).returning({ id: users.id });
  const [order] = await db
    .insert(orders)
    .values({
      userId: user!.id,
      status: 'shipped',
      paymentMethod: 'online',
      paymentStatus: 'paid',
      customerName: 'Иван «Кавычки» O\'Neil $d$ \\ ; --',
      customerEmail: 'ivan@example.ru',
      customerPhone: '+7 900',
      address: 'ул. Мира, 1\nподъезд 2',
      city: 'Волгоград',
      postalCode: '400001',
      notes: '{"json": [1, 2]}',
      subtotalKopecks: 1_299_000,
      vatKopecks: 259_800,
      vatInTotalKopecks: 259_800,
      deliveryKopecks: 0,
      totalKopecks: 1_558_800,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values({ orderId: order!.id, productId: product!.id, productName: product!.name, unitPriceKopecks: 1_299_000, quantity: 1, totalKopecks: 1_299_000 });
}

/** A fresh data folder with the seeded PGlite open in it, and the config that names the folder. */
async function seededPglite() {
  const dataDir = tempDataDir();
  const dump = new Blob([fs.readFileSync(templateNames().dump)]);
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump });
  return { dataDir, config: testConfig({ DATA_DIR: dataDir }), database };
}

/** Opens a database for `use`, and closes it whatever `use` did. */
async function withDatabase(options: Parameters<typeof openDatabase>[0], use: (db: Database['db']) => Promise<void>) {
  const database = await openDatabase(options);
  try {
    await use(database.db);
  } finally {
    await database.close();
  }
}

// Each database kind runs its own cases (the other project runs the other kind's).
if (dbKind === 'pglite') describe('restore on PGlite', { timeout: 120_000 }, () => {
  it('a data-folder copy (.tar.gz) brings back every table exactly, the replaced data kept aside', async () => {
    const { dataDir, config, database } = await seededPglite();
    await addBusinessData(database.db);
    const before = await snapshotDatabase(database.db);
    const backup = await createBackup({ config, database }, 'manual', new Date('2026-11-21T00:00:00Z'));
    expect(backup.name).toBe('backup-20261121-030000-manual.tar.gz');
    await changeEverything(database.db);
    expect(await snapshotDatabase(database.db)).not.toEqual(before);
    await database.close();

    const result = await restoreBackup(config, path.join(dataDir, 'backups', backup.name), new Date('2026-11-22T00:00:00Z'));
    expect(result.kind).toBe('pglite-folder');

    await withDatabase({ dataDir: path.join(dataDir, 'pglite') }, async (restored) => expect(await snapshotDatabase(restored)).toEqual(before));
    // What was replaced is kept in a folder beside, with the changes in it.
    await withDatabase({ dataDir: result.safetyCopy! }, async (aside) => {
      const [row] = await aside.select({ id: users.id }).from(users).where(eq(users.username, 'after_backup'));
      expect(row).toBeDefined();
    });
  });

  it('a SQL copy (.sql.gz) also restores into PGlite', async () => {
    const { dataDir, config, database } = await seededPglite();
    await addBusinessData(database.db);
    const before = await snapshotDatabase(database.db);
    const file = path.join(dataDir, 'copy.sql.gz');
    await writeSqlBackup(database.db, file, new Date());
    await changeEverything(database.db);
    await database.close();

    const result = await restoreBackup(config, file, new Date('2026-11-22T10:00:00Z'));
    expect(result.kind).toBe('sql');
    expect((await backupShelf(config).list()).map((b) => b.name)).toEqual(['backup-20261122-130000-restore.tar.gz']);
    await withDatabase({ dataDir: path.join(dataDir, 'pglite') }, async (restored) => expect(await snapshotDatabase(restored)).toEqual(before));
  });

  it('refuses a file that is not a shop backup and leaves the data alone', async () => {
    const { dataDir, config, database } = await seededPglite();
    const before = await snapshotDatabase(database.db);
    await database.close();
    const bogus = path.join(dataDir, 'bogus.sql');
    fs.writeFileSync(bogus, 'DROP TABLE users;\n');
    await expect(restoreBackup(config, bogus)).rejects.toThrow('Файл не является резервной копией магазина (нет заголовка shop-sql-dump)');
    await expect(restoreBackup(config, path.join(dataDir, 'missing.tar.gz'))).rejects.toThrow('Файл не найден');
    await withDatabase({ dataDir: path.join(dataDir, 'pglite') }, async (after) => expect(await snapshotDatabase(after)).toEqual(before));
  });
});

if (dbKind === 'postgres') describe('restore on a PostgreSQL server', { timeout: 120_000 }, () => {
  it('a SQL copy brings back every table and sequence exactly; the replaced data is saved first', async () => {
    const name = `shop_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateNames().db}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const dataDir = tempDataDir();
    const config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) });
    const database = await openDatabase({ url: databaseUrl(name), poolSize: 2 });
    await addBusinessData(database.db);
    const before = await snapshotDatabase(database.db);
    const backup = await createBackup({ config, database }, 'auto', new Date('2026-11-21T00:00:00Z'));
    expect(backup.name).toBe('backup-20261121-030000-auto.sql.gz');
    await changeEverything(database.db);
    await database.close();

    const result = await restoreBackup(config, path.join(dataDir, 'backups', backup.name), new Date('2026-11-22T00:00:00Z'));
    expect(result).toEqual({ kind: 'sql', safetyCopy: 'backup-20261122-030000-restore.sql.gz' });

    await withDatabase({ url: databaseUrl(name), poolSize: 2 }, async (restored) => {
      expect(await snapshotDatabase(restored)).toEqual(before);
      // The sequences continue where the copy left them: the next user gets a fresh id.
      const [fresh] = await restored.insert(users).values({ username: 'after_restore', passwordHash: 'x' }).returning({ id: users.id });
      const [{ max }] = ((await restored.execute(sql`select max(id)::int as max from users where username <> 'after_restore'`)) as unknown as { rows: { max: number }[] }).rows;
      expect(fresh!.id).toBeGreaterThan(max);
    });
  });

  it('refuses a PGlite folder copy when a server is configured', async () => {
    const dataDir = tempDataDir();
    const config = testConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl('shop_test_unused') });
    const file = path.join(dataDir, 'backup-20261121-030000-manual.tar.gz');
    fs.writeFileSync(file, 'x');
    await expect(restoreBackup(config, file)).rejects.toThrow('её можно восстановить только без DATABASE_URL');
  });
});
