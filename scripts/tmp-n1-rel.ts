import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/bench', poolSize: 10 });
const config = loadConfig({ NODE_ENV: 'production', PORT: '0', DATA_DIR: '/tmp/bench-catalog-data', LOG_LEVEL: 'warn' });
const app = await buildApp({ config, database, mailer: { kind: 'file', send: async () => {} } });
await app.ready();
await new Promise((r) => setTimeout(r, 3000));
for (const q of process.argv.slice(2)) {
  const t0 = performance.now();
  const res = await app.inject(`/api/products?query=${encodeURIComponent(q)}`);
  const t = performance.now() - t0;
  const body = res.json();
  console.log(`\n${q}: ${res.statusCode} total=${body.total} capped=${body.capped} ${t.toFixed(0)} ms`);
  for (const p of body.products.slice(0, 5)) console.log('   ', p.sku, '|', p.name);
}
await app.close(); await database.close();
