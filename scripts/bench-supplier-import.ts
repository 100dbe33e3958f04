/**
 * `npm run bench:supplier-import`: a large supplier price list through the importer's HTTP API
 * on a fresh database — upload, dry run, apply — with the seconds of each phase, and while it
 * applies and for 8 s after (the search index rebuilds once the writes stop), the latency of a
 * catalogue request made every 200 ms, a list and a search in turn (does the shop stay responsive?).
 *
 *   npm run bench:supplier-import                         50 000 rows, CSV and XLSX, on PGlite (a new data folder)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:supplier-import
 *                                                         the same on PGlite and on that PostgreSQL server
 *                                                         (a fresh database is created there and dropped after,
 *                                                         named BENCH_DATABASE_PREFIX_<random>, default supplier_import_bench)
 *   options: --rows N (default 50 000), --formats csv,xlsx, --databases pglite,postgres,worker
 *            (default: all three when DATABASE_URL is set; `worker`: PostgreSQL with the import run by
 *            `src/server/worker.ts` in a process of its own, the serving process BACKGROUND_WORK=worker)
 *
 * The lists come from the parsers' generator (scripts/make-supplier-fixtures.ts). Nothing here
 * is a test: it prints figures.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Database } from '../src/server/db/connection.ts';
import { seedIfEmpty } from '../src/server/db/seed/seed.ts';
import type { ImportDetail } from '../src/shared/schemas/supplier-import.ts';
import { staffSession } from './bench/staff.ts';
import { asDeployedWorker } from './bench/worker-priority.ts';
import { writeLargePriceList } from './make-supplier-fixtures.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '50000' },
    formats: { type: 'string', default: 'csv,xlsx' },
    databases: { type: 'string' },
  },
});
const ROWS = Number(args.rows);
const FORMATS = args.formats.split(',').map((f) => f.trim()) as ('csv' | 'xlsx')[];
const PROBE_MS = 200;
const ADMIN = { username: 'admin', password: 'bench-import-pass-2026' };
const quiet = { info: () => {}, warn: () => {} };

const log = (...parts: unknown[]) => console.log(...parts);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A fresh database: PGlite in a new data folder (on disk, as the shop runs it), or a new database
 * on the server of DATABASE_URL (dropped by `drop`).
 */
async function freshDatabase(kind: 'pglite' | 'postgres', dataDir: string): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    return { database, drop: async () => {} };
  }
  const serverUrl = new URL(process.env.DATABASE_URL!);
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? 'supplier_import_bench'}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl.toString() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A GET as a browser sends it, timed from the request to the last byte, on a new connection each
 * time (a kept-alive one may be closed by the server between two probes).
 */
function timedGet(url: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ ms: performance.now() - started, status });
    const request = http.get(url, { agent: false, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    });
    request.on('error', () => done(0));
  });
}

/** Latencies of one kind of catalogue probe in a phase. */
type Latencies = { p50: number; max: number; probes: number; failed: number };
/** A phase's probes by kind, and the serving process's longest event-loop stall meanwhile. */
type Probed = { list: Latencies; search: Latencies; loopMax: number };
type Figures = { upload: number; check: number; apply: number; created: number; applying: Probed; after: Probed };

/**
 * After the apply the probes go on this long: the searches then find the index with every written
 * product taken in, and the first look after two quiet seconds starts its rebuild
 * (search/live-index.ts), whose pauses belong to the import's cost too.
 */
const AFTER_MS = 8000;

/** Searches taken in turn: a repeated one is answered from the cache until the next change. */
const SEARCHES = ['дрель аккумуляторная', 'перфоратор', 'шуруповерт', 'болгарка', 'лобзик', 'пила дисковая', 'гайковерт', 'фен строительный', 'рубанок', 'миксер', 'штроборез', 'краскопульт'];

function latencies(samples: number[], failed: number): Latencies {
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length / 2)] ?? 0, max: samples.at(-1) ?? 0, probes: samples.length, failed };
}

/**
 * Probes the catalogue every PROBE_MS until `until` settles, a list and a search in turn: a list
 * is answered by SQL; a search by this process's search index, after it has taken in every change
 * announced before the request (a look reads the written products and takes them in slices).
 */
async function probeWhile(base: string, until: Promise<unknown>): Promise<Probed> {
  const kinds = {
    list: { urls: [`${base}/api/products`], samples: [] as number[], failed: 0 },
    search: { urls: SEARCHES.map((query) => `${base}/api/products?query=${encodeURIComponent(query)}`), samples: [] as number[], failed: 0 },
  };
  let running = true;
  const probes = (async () => {
    for (let turn = 0; running; turn++) {
      const next = performance.now() + PROBE_MS;
      const kind = turn % 2 === 0 ? kinds.list : kinds.search;
      const { ms, status } = await timedGet(kind.urls[(turn >> 1) % kind.urls.length]!);
      if (status === 200) kind.samples.push(ms);
      else kind.failed++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  // The longest time the process could not answer anything (PGlite works on the event loop).
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  try {
    await until;
  } finally {
    running = false;
    loop.disable();
    await probes;
  }
  return { list: latencies(kinds.list.samples, kinds.list.failed), search: latencies(kinds.search.samples, kinds.search.failed), loopMax: loop.max / 1e6 };
}

const shown = (name: string, l: Latencies) => `${name} p50 ${l.p50.toFixed(0)} ms, max ${l.max.toFixed(0)} ms (${l.probes}${l.failed > 0 ? `, ${l.failed} failed` : ''})`;
const probed = (p: Probed) => `${shown('list', p.list)}; ${shown('search', p.search)}; longest event-loop stall ${p.loopMax.toFixed(0)} ms`;

type Kind = 'pglite' | 'postgres' | 'worker';

/**
 * The shop's background work in a process of its own (`npm run worker`), on the same database and
 * data folder, at the priority deploy/shop-worker.service gives it.
 */
async function startWorker(url: string, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  asDeployedWorker(child.pid!);
  // It says so once its job runner has started.
  for await (const chunk of child.stdout!) if (String(chunk).includes('Фоновые задачи')) break;
  return async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  };
}

async function run(kind: Kind, format: 'csv' | 'xlsx', file: string): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-supplier-import-'));
  const { database, url, drop } = await freshDatabase(kind === 'pglite' ? 'pglite' : 'postgres', dataDir);
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    BACKGROUND_WORK: kind === 'worker' ? 'worker' : 'here',
    // The database is opened here; the URL tells the config that the worker shares it.
    DATABASE_URL: url,
  });
  await database.migrate();
  await seedIfEmpty(database.db, config, quiet);
  const app = await buildApp({ config, database, mailer: { kind: 'file', send: async () => {} } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const stopWorker = kind === 'worker' ? await startWorker(url!, dataDir) : async () => {};
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const staff = await staffSession(base, ADMIN);
    const { call } = staff;
    const waitForJob = async (jobId: number) => {
      for (;;) {
        const job = await call<{ status: string; error: string | null }>('GET', `/api/admin/jobs/${jobId}`);
        if (job.status === 'done') return;
        if (job.status !== 'queued' && job.status !== 'running') throw new Error(`job ${jobId}: ${job.status} ${job.error ?? ''}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    let started = performance.now();
    const { detail } = await staff.uploadPriceList(file);
    const upload = performance.now() - started;
    log(`  ${kind}: uploaded in ${seconds(upload)}, checking…`);

    started = performance.now();
    await waitForJob(await staff.checkPriceList(detail));
    const check = performance.now() - started;
    const checked = await call<ImportDetail>('GET', `/api/admin/supplier-imports/${detail.id}`);
    log(`  ${kind}: checked in ${seconds(check)} (${JSON.stringify(checked.counts)}), applying…`);

    started = performance.now();
    const applying = await probeWhile(
      base,
      staff.applyPriceList(detail.id).then((jobId) => waitForJob(jobId)),
    );
    const apply = performance.now() - started;
    const after = await probeWhile(base, new Promise((resolve) => setTimeout(resolve, AFTER_MS)));
    return { upload, check, apply, created: checked.counts?.create ?? 0, applying, after };
  } finally {
    await stopWorker();
    await app.close();
    await database.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const kinds = (args.databases?.split(',').map((k) => k.trim()) ?? (process.env.DATABASE_URL ? ['pglite', 'postgres', 'worker'] : ['pglite'])) as Kind[];
  if (kinds.some((k) => k !== 'pglite') && !process.env.DATABASE_URL) throw new Error('--databases postgres,worker need DATABASE_URL (a PostgreSQL server to create the benchmark database on)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-price-lists-'));
  log(`supplier import benchmark: ${ROWS} rows, ${FORMATS.join(' and ')}, on ${kinds.join(' and ')}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  try {
    for (const format of FORMATS) {
      const file = path.join(dir, `price-${ROWS}.${format}`);
      const started = performance.now();
      await writeLargePriceList(file, ROWS, format);
      log(`\n${format.toUpperCase()}: ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB, generated in ${seconds(performance.now() - started)}`);
      for (const kind of kinds) {
        const f = await run(kind, format, file);
        log(
          `  ${kind.padEnd(8)} upload ${seconds(f.upload).padStart(7)}   check ${seconds(f.check).padStart(7)}   apply ${seconds(f.apply).padStart(7)}` +
            `   (${f.created} new products)\n           catalogue while applying: ${probed(f.applying)}` +
            `\n           the ${AFTER_MS / 1000} s after it: ${probed(f.after)}`,
        );
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
