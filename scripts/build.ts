/**
 * Builds the client and the SSR bundle with the same build info, then prints the storefront's
 * first-load JavaScript (gzipped) for the home page: a budget to watch, not a test.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';
import { NONCE_PLACEHOLDER } from '../src/server/core/content-security-policy.ts';
import { buildIsFresh } from './build-freshness.ts';

let commit = 'unknown';
try {
  commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
} catch {
  // not a git checkout: the version marker says "unknown"
}
process.env.BUILD_COMMIT ??= commit;
process.env.BUILD_TIME ??= new Date().toISOString();

// DIST_DIR lets several builds live side by side (parallel test runs); the server reads the same variable.
const dist = process.env.DIST_DIR ?? 'dist';

// `--if-stale` (npm test, test:e2e): keep a build newer than all its sources, so one run builds once.
if (process.argv.includes('--if-stale') && buildIsFresh(dist)) {
  console.log(`The build in ${dist} is newer than its sources: not building again`);
  process.exit(0);
}
await build({ logLevel: 'warn', build: { outDir: `${dist}/client` } });
await build({ logLevel: 'warn', build: { ssr: 'src/client/entry-server.tsx', outDir: `${dist}/server`, manifest: false } });

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
