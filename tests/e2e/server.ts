/**
 * A shop of the end-to-end run: the production server on a fresh data folder. Every shop starts
 * from the seed, with the test seller's requisites (the demo has none, so «Оплата по счёту» would
 * not be offered), written before the server starts so no test meets the shop without them. It
 * runs the compiled server, as `npm start` does.
 *
 * The run's first shop (E2E_TEMPLATE=make) migrates and seeds its database with the server's own
 * start-up (openShopDatabase), then keeps a copy in E2E_TEMPLATE_DIR; the shops after it start
 * from that copy (E2E_TEMPLATE=copy) instead of making and seeding a database each. Playwright
 * starts the servers one after another, in the order of playwright.config.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsFresh } from '../../scripts/build-freshness.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/core/log.ts';
import { settings } from '../../src/server/db/schema.ts';
import { openShopDatabase } from '../../src/server/start-up.ts';
import { TEST_SELLER_REQUISITES } from '../helpers/seller-requisites.ts';

const dataDir = process.env.DATA_DIR;
const templateDir = process.env.E2E_TEMPLATE_DIR;
const template = process.env.E2E_TEMPLATE;
if (!dataDir?.includes('e2e') || !templateDir?.includes('e2e')) throw new Error('DATA_DIR and E2E_TEMPLATE_DIR must be e2e folders');
// The compiled server, as `npm start` runs it; the build must be the sources' (npm run test:e2e builds first).
const distDir = process.env.DIST_DIR ?? 'dist';
if (!buildIsFresh(distDir)) throw new Error(`The build in ${distDir} is older than the sources: run npm run build`);

const pgliteDir = path.join(dataDir, 'pglite');
fs.rmSync(dataDir, { recursive: true, force: true });
if (template === 'make') {
  fs.rmSync(templateDir, { recursive: true, force: true });
  const config = loadConfig();
  const database = await openShopDatabase(config, createLogger({ level: config.logLevel }));
  await database.db.insert(settings).values({ key: 'requisites', value: TEST_SELLER_REQUISITES });
  await database.close();
  fs.cpSync(pgliteDir, templateDir, { recursive: true });
} else if (template === 'copy') {
  if (!fs.existsSync(templateDir)) throw new Error(`No seeded database in ${templateDir}: the run's first shop makes it (E2E_TEMPLATE=make)`);
  fs.cpSync(templateDir, pgliteDir, { recursive: true });
} else {
  throw new Error('E2E_TEMPLATE must be make or copy');
}
await import(pathToFileURL(path.resolve(distDir, 'node/main.js')).href);
