import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pino from 'pino';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/bench', poolSize: 20 });
const config = loadConfig({ NODE_ENV: 'production', PORT: '0', DATA_DIR: '/tmp/bench-catalog-data', LOG_LEVEL: 'warn' });
const app = await buildApp({ config, database, mailer: { kind: 'file', send: async () => {} }, logger: pino({ level: 'warn' }) });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const run = (url: string) => new Promise<autocannon.Result>((res, rej) => autocannon({ url, connections: 50, duration: 5, workers: 1 }, (e, r) => (e ? rej(e) : res(r))));
for (const path of process.argv.slice(2)) {
  const url = base + path;
  const r0 = await fetch(url); const b = await r0.arrayBuffer();
  const r = await run(url);
  console.log(path, b.byteLength, 'bytes', r.requests.average, 'rps p50', r.latency.p50, 'p99', r.latency.p99);
}
await app.close(); await database.close();
