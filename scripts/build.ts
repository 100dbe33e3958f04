/**
 * Builds the client, the SSR bundle and the compiled server with the same build info into a new
 * folder of `<DIST_DIR>.builds/`, then points the `DIST_DIR` link at it (core/build-folder.ts:
 * a running process keeps serving its own build, and the previous builds' assets stay served).
 * Two builds of one commit are identical (scripts/check-reproducible-build.ts). Prints the
 * storefront's first-load JavaScript (gzipped) for the home page: a budget to watch, not a test.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build as compile } from 'esbuild';
import { build } from 'vite';
import { NONCE_PLACEHOLDER } from '../src/server/core/content-security-policy.ts';
import { buildIsFresh } from './build-freshness.ts';

const git = (args: string) => {
  try {
    return execSync(`git ${args}`, { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null; // not a git checkout
  }
};
process.env.BUILD_COMMIT ??= git('rev-parse --short HEAD') ?? 'unknown';
// The commit's time, not the clock's: the build info is in the bundles, and a clock time would
// give every build of one commit different asset names (two machines behind one balancer).
process.env.BUILD_TIME ??= git('log -1 --format=%cI HEAD') ?? 'unknown';

// DIST_DIR lets several builds live side by side (parallel test runs); the server reads the same variable.
const link = process.env.DIST_DIR ?? 'dist';

// `--if-stale` (npm start, npm test, test:e2e): keep a build newer than all its sources, so one run builds once.
if (process.argv.includes('--if-stale') && buildIsFresh(link)) {
  console.log(`The build in ${link} is newer than its sources: not building again`);
  process.exit(0);
}

const builds = `${link}.builds`;
const dist = path.join(builds, `${process.env.BUILD_COMMIT}-${Date.now().toString(36)}`);
await build({ logLevel: 'warn', build: { outDir: `${dist}/client` } });
await build({ logLevel: 'warn', build: { ssr: 'src/client/entry-server.tsx', outDir: `${dist}/server`, manifest: false } });
// The server runs as plain JavaScript under node (npm start): no TypeScript tooling at run time.
// Packages stay in node_modules; only the shop's own code is bundled.
await compile({
  entryPoints: ['src/server/main.ts', 'src/server/worker.ts'],
  outdir: `${dist}/node`,
  // What the server and the worker share is one chunk, not two copies.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
});

/**
 * Fingerprinted assets are compressed once here at the highest settings (brotli 11, gzip 9) and
 * served as they are: no compression work per request, and smaller than on-the-fly compression.
 */
function precompress(folder: string) {
  for (const name of fs.readdirSync(folder)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(folder, name);
    const body = fs.readFileSync(file);
    if (body.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  }
}
precompress(`${dist}/client/assets`);

/**
 * The stylesheet goes into the page itself: on a slow phone network a render-blocking request for
 * it cost the first paint a round trip (Lighthouse: about 0.4 s). It is one file of ~15 KB
 * compressed, the same for every page, and compresses with the HTML. It carries the page's
 * Content-Security-Policy nonce like the scripts.
 */
function inlineStylesheet(htmlFile: string) {
  const html = fs.readFileSync(htmlFile, 'utf8');
  const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/;
  const match = link.exec(html);
  if (!match) throw new Error(`${htmlFile}: no stylesheet link to inline`);
  const css = fs.readFileSync(path.join(dist, 'client', match[1]!), 'utf8');
  if (/<\/style/i.test(css)) throw new Error(`${match[1]} contains </style: it cannot be inlined`);
  fs.writeFileSync(htmlFile, html.replace(match[0], () => `<style nonce="${NONCE_PLACEHOLDER}">${css}</style>`));
}

inlineStylesheet(`${dist}/client/index.html`);

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] };
const manifest = JSON.parse(fs.readFileSync(`${dist}/client/.vite/manifest.json`, 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, 'client', file))).length;

/** Files a page loads before it is interactive: the entry, its static imports, and the page chunk. */
function closure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
const homeKey = Object.keys(manifest).find((k) => k.endsWith('features/home/home-page.tsx'));
const files = closure([entryKey, ...(homeKey ? [homeKey] : [])]);
const js = [...files].filter((f) => f.endsWith('.js'));
const total = js.reduce((sum, f) => sum + gz(f), 0);
const css = (manifest[entryKey].css ?? []).reduce((sum, f) => sum + gz(f), 0);
console.log(`\nHome page first-load JavaScript: ${(total / 1024).toFixed(1)} KB gzipped in ${js.length} files (budget 130 KB); CSS ${(css / 1024).toFixed(1)} KB gzipped`);

/**
 * The link moves to the new build in one step (a new link renamed over the old one), so `dist`
 * always names a complete build. The three newest builds are kept, for the processes still
 * serving them and for the pages they rendered.
 */
function switchTo(target: string) {
  if (fs.existsSync(link) && !fs.lstatSync(link).isSymbolicLink()) fs.rmSync(link, { recursive: true }); // a build from before build folders
  fs.rmSync(`${link}.next`, { force: true });
  fs.symlinkSync(path.relative(path.dirname(path.resolve(link)), path.resolve(target)), `${link}.next`);
  fs.renameSync(`${link}.next`, link);
  const kept = fs
    .readdirSync(builds)
    .map((id) => ({ dir: path.join(builds, id), at: fs.statSync(path.join(builds, id)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { dir } of kept.slice(3)) if (path.resolve(dir) !== path.resolve(target)) fs.rmSync(dir, { recursive: true, force: true });
}
switchTo(dist);
