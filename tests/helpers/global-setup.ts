import fs from 'node:fs';
import pg from 'pg';
import { openDatabase } from '#server/db/connection.ts';
import { seedIfEmpty } from '#server/db/seed/seed.ts';
import { PGLITE_DUMP, TEMPLATE_DB_NAME, databaseUrl, testConfig } from './test-config.ts';

const quietLog = { info: () => {}, warn: () => {} };

/**
 * Migrate and seed once; every test file then starts from a copy: a PGlite data-dir dump, and
 * on PostgreSQL a template database (CREATE DATABASE ... TEMPLATE is a file copy).
 */
export default async function setup() {
  const config = testConfig();
  const lite = await openDatabase({});
  await lite.migrate();
  await seedIfEmpty(lite.db, config, quietLog);
  const dump = await lite.pglite!.dumpDataDir('gzip');
  fs.writeFileSync(PGLITE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await lite.close();

  if (process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await dropTestDatabases(admin);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB_NAME}`);
    await admin.end();
    const server = await openDatabase({ url: databaseUrl(TEMPLATE_DB_NAME), poolSize: 2 });
    await server.migrate();
    await seedIfEmpty(server.db, config, quietLog);
    await server.close();
  }

  return async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await dropTestDatabases(admin);
    await admin.end();
  };
}

async function dropTestDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'shop_test_%'");
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}
