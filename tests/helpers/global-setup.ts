import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '#server/db/connection.ts';
import { seedIfEmpty } from '#server/db/seed/seed.ts';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { serverCopyPrefix } from './database-copies.ts';
import { databaseUrl, testConfig } from './test-config.ts';

const quietLog = { info: () => {}, warn: () => {} };

/**
 * Migrate and seed once; every test file then starts from a copy: a PGlite data-dir dump, and
 * on PostgreSQL a template database (CREATE DATABASE ... TEMPLATE is a file copy), which the
 * workers keep and put back in the template's state for their next files (database-copies.ts).
 */
export default async function setup() {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const TEMPLATE_DB_NAME = `shop_test_template_${runId}`;
  const PGLITE_DUMP = path.join(os.tmpdir(), `shop-test-template-${runId}.tar.gz`);
  process.env.TEST_TEMPLATE_DB = TEMPLATE_DB_NAME;
  process.env.TEST_PGLITE_DUMP = PGLITE_DUMP;
  // Each worker's data folder lives under this run's folder (test-config.ts: testDataDir).
  const DATA_ROOT = path.join(os.tmpdir(), `shop-test-data-${runId}`);
  process.env.TEST_DATA_ROOT = DATA_ROOT;
  const config = testConfig();
  // The two templates are independent: made at once (PGlite works in this process, the server in its own).
  const pglite = async () => {
    const lite = await openDatabase({});
    await lite.migrate();
    await seedIfEmpty(lite.db, config, quietLog);
    const dump = await lite.pglite!.dumpDataDir('gzip');
    fs.writeFileSync(PGLITE_DUMP, Buffer.from(await dump.arrayBuffer()));
    await lite.close();
  };
  const postgres = async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB_NAME}`);
    await admin.end();
    const server = await openDatabase({ url: databaseUrl(TEMPLATE_DB_NAME), poolSize: 2 });
    await server.migrate();
    await seedIfEmpty(server.db, config, quietLog);
    await server.close();
  };
  await Promise.all([pglite(), postgres()]);

  return async () => {
    fs.rmSync(PGLITE_DUMP, { force: true });
    fs.rmSync(DATA_ROOT, { recursive: true, force: true });
    if (!process.env.TEST_DATABASE_URL) return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    // The workers' copies (database-copies.ts), then the template they were made from.
    const copies = await admin.query<{ name: string }>('SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)', [serverCopyPrefix()]);
    for (const { name } of copies.rows) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB_NAME} WITH (FORCE)`);
    await admin.end();
  };
}
