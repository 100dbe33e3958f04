/**
 * The production server on a fresh data folder: every end-to-end run starts from the seed, with
 * the test seller's requisites (the demo has none, so «Оплата по счёту» would not be offered),
 * written before the server starts so no test meets the shop without them. It runs the compiled
 * server, as `npm start` does.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsFresh } from '../../scripts/build-freshness.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { settings } from '../../src/server/db/schema.ts';
import { TEST_SELLER_REQUISITES } from '../helpers/seller-requisites.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes('e2e')) throw new Error('DATA_DIR must be an e2e folder');
fs.rmSync(dataDir, { recursive: true, force: true });
const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
await database.migrate();
await database.db.insert(settings).values({ key: 'requisites', value: TEST_SELLER_REQUISITES });
await database.close();
// The compiled server, as `npm start` runs it; the build must be the sources' (npm run test:e2e builds first).
const distDir = process.env.DIST_DIR ?? 'dist';
if (!buildIsFresh(distDir)) throw new Error(`The build in ${distDir} is older than the sources: run npm run build`);
await import(pathToFileURL(path.resolve(distDir, 'node/main.js')).href);
