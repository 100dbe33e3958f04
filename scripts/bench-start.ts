/**
 * `npm run bench:start`: how long the production server takes from launch to its first answer,
 * and the memory it holds after a few pages, run from source through tsx (as `npm start` did
 * before issue 29) and compiled (`node dist/node/main.js`, as it does now). Each way starts three
 * times on the same seeded embedded database; the figures are medians. Prints figures only.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIsFresh } from './build-freshness.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4390);
const RUNS = 3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-start-'));
if (!buildIsFresh('dist')) execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });

const ways = [
  { name: 'tsx src/server/main.ts', args: ['--import', 'tsx', 'src/server/main.ts'] },
  { name: 'node dist/node/main.js', args: ['--enable-source-maps', 'dist/node/main.js'] },
];

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function startOnce(args: string[]): Promise<{ readyMs: number; rss: number }> {
  const env = { ...process.env, NODE_ENV: 'production', PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const readyMs = performance.now() - started;
    for (const page of ['/', '/products', '/api/products', '/about', '/']) await (await fetch(`http://127.0.0.1:${PORT}${page}`)).arrayBuffer();
    return { readyMs, rss: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

// The first start seeds the database; it is not measured.
await startOnce(ways[1]!.args);
console.log(`Cold start to the first answer and memory after five pages (median of ${RUNS}), load ${os.loadavg()[0]!.toFixed(2)}, ${os.cpus().length} cores:`);
for (const way of ways) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await startOnce(way.args));
  console.log(`  ${way.name.padEnd(26)} ${median(runs.map((r) => r.readyMs)).toFixed(0).padStart(6)} ms  ${median(runs.map((r) => r.rss)).toFixed(1).padStart(6)} MB`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
