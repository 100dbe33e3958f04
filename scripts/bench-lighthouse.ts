/**
 * `npm run bench:lighthouse`: builds the shop, starts the production server on a fresh data folder,
 * runs Lighthouse (mobile emulation, simulated slow 4G and 4× CPU slowdown: Lighthouse's
 * defaults) in the system Chromium on the home page, a category page, the same filtered by a
 * characteristic, and a product page, and
 * prints the four category scores with FCP, LCP, TBT and CLS for each, with Lighthouse's
 * `benchmarkIndex` (how fast this machine's CPU was during the run) and the machine's load average:
 * on a shared machine the simulated figures swing with both.
 *
 * Targets: Performance ≥ 95, Accessibility 100, Best Practices 100, SEO 100 on every page.
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), BENCH_PORT (3190), DIST_DIR (dist),
 * SKIP_BUILD=1 to reuse a build, LIGHTHOUSE_RUNS (3; the run with the median performance score is kept),
 * STRICT=1 to exit with 1 when a target is missed. Full reports: LIGHTHOUSE_REPORT_DIR (default
 * <tmp>/shop-lighthouse), one JSON file per page and run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 3190);
const base = `http://localhost:${port}`;
const distDir = process.env.DIST_DIR ?? 'dist';
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** Not under test-results/: a Playwright run empties that folder. */
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR ?? path.join(os.tmpdir(), 'shop-lighthouse');

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type CategoryId = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as CategoryId[];

if (!process.env.SKIP_BUILD) {
  console.log(`Сборка (${distDir})…`);
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, DIST_DIR: distDir } });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    PUBLIC_URL: base,
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    LOG_LEVEL: 'warn',
  },
});
let chrome: chromeLauncher.LaunchedChrome | undefined;

async function cleanup() {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server stopped with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start in 2 minutes');
}

/** A category with products, and a product with a picture, found the way a visitor would. */
async function pickPages(): Promise<{ name: string; url: string }[]> {
  const categories = (await (await fetch(`${base}/api/categories`)).json()) as { id: number; slug: string; productCount: number }[];
  const category = categories.find((c) => c.productCount > 0);
  if (!category) throw new Error('no category with products');
  const html = await (await fetch(`${base}/category/${category.slug}`)).text();
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const product = /href="(\/product\/[^"?#]+)"/.exec(html)?.[1] ?? /<loc>https?:\/\/[^/]+(\/product\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  if (!product) throw new Error(`no product link on /category/${category.slug} nor in the sitemap`);
  return [
    { name: 'Главная', url: `${base}/` },
    { name: 'Категория', url: `${base}/category/${category.slug}` },
    { name: 'Категория с фильтром', url: await filteredCategoryUrl(categories) },
    { name: 'Товар', url: `${base}${product}` },
  ];
}

/** A category page narrowed by the first option of its first characteristic filter that has products (issue 26). */
async function filteredCategoryUrl(categories: { id: number; slug: string; productCount: number }[]): Promise<string> {
  for (const category of categories.filter((c) => c.productCount > 0)) {
    const list = (await (await fetch(`${base}/api/products?categoryId=${category.id}&facets=true`)).json()) as {
      facets?: { slug: string; values?: { value: string; count: number }[] }[];
    };
    for (const facet of list.facets ?? []) {
      const option = facet.values?.find((v) => v.count > 0);
      if (option) return `${base}/category/${category.slug}?${new URLSearchParams({ [`attr.${facet.slug}`]: option.value })}`;
    }
  }
  throw new Error('no category with a characteristic filter');
}

type PageResult = {
  name: string;
  url: string;
  scores: Record<CategoryId, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  benchmarkIndex: number;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
  failed: string[];
};

function summarise(name: string, url: string, lhr: RunnerResult['lhr']): PageResult {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Record<CategoryId, number>;
  const failed: string[] = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable' || audit.scoreDisplayMode === 'manual') continue;
      failed.push(`[${c}] ${ref.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    }
  }
  return {
    name,
    url,
    scores,
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    load: os.loadavg()[0]!,
    failed,
  };
}

/**
 * One Lighthouse run. Chromium sometimes loses the trace's navigation start (NO_NAVSTART): that
 * run says nothing about the page, so it is made again, twice at most.
 */
async function runLighthouse(url: string, flags: Flags): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (error.code !== 'NO_NAVSTART' || attempt === 3) throw new Error(`${url}: ${error.message}`);
    console.log(`${url}: ${error.code}, прогон повторяется`);
  }
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const padL = (s: string | number, n: number) => String(s).padStart(n);

try {
  await waitForServer();
  const pages = await pickPages();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  fs.mkdirSync(reportDir, { recursive: true });

  // Warm the server (first renders load the page bundles).
  for (const page of pages) await fetch(page.url);

  const results: PageResult[] = [];
  for (const [i, page] of pages.entries()) {
    const attempts: PageResult[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await runLighthouse(page.url, flags);
      fs.writeFileSync(path.join(reportDir, `${i + 1}-${run + 1}.json`), JSON.stringify(result.lhr));
      const attempt = summarise(page.name, page.url, result.lhr);
      attempts.push(attempt);
      console.log(`${page.name}, прогон ${run + 1}/${runs}: Perf ${attempt.scores.performance}, benchmarkIndex ${Math.round(attempt.benchmarkIndex)}, load ${attempt.load.toFixed(2)}`);
    }
    attempts.sort((a, b) => a.scores.performance - b.scores.performance);
    results.push(attempts[Math.floor(attempts.length / 2)]!);
  }

  console.log(`\nLighthouse (мобильная эмуляция${runs > 1 ? `, медиана из ${runs} прогонов` : ''})\n`);
  console.log(
    `${pad('Страница', 10)} ${padL('Perf', 5)} ${padL('A11y', 5)} ${padL('BP', 5)} ${padL('SEO', 5)} ${padL('FCP', 8)} ${padL('LCP', 8)} ${padL('TBT', 7)} ${padL('CLS', 6)} ` +
      `${padL('Bench', 6)} ${padL('Load', 5)}  URL`,
  );
  for (const r of results) {
    console.log(
      `${pad(r.name, 10)} ${padL(r.scores.performance, 5)} ${padL(r.scores.accessibility, 5)} ${padL(r.scores['best-practices'], 5)} ${padL(r.scores.seo, 5)} ` +
        `${padL(`${(r.fcp / 1000).toFixed(2)} s`, 8)} ${padL(`${(r.lcp / 1000).toFixed(2)} s`, 8)} ${padL(`${Math.round(r.tbt)} ms`, 7)} ${padL(r.cls.toFixed(3), 6)} ` +
        `${padL(Math.round(r.benchmarkIndex), 6)} ${padL(r.load.toFixed(2), 5)}  ${r.url.replace(base, '')}`,
    );
  }
  console.log(`\nBench — benchmarkIndex Lighthouse в прогоне-медиане (больше — быстрее процессор); Load — средняя загрузка машины за минуту (os.loadavg) в конце прогона, ядер: ${os.cpus().length}.`);
  const misses = results.flatMap((r) => CATEGORIES.filter((c) => r.scores[c] < TARGETS[c]).map((c) => `${r.name}: ${c} ${r.scores[c]} < ${TARGETS[c]}`));
  for (const r of results) if (r.failed.length) console.log(`\n${r.name} — замечания:\n  ${r.failed.join('\n  ')}`);
  console.log(`\nОтчёты: ${reportDir}`);
  console.log(misses.length ? `\nЦели не достигнуты:\n  ${misses.join('\n  ')}` : '\nВсе цели достигнуты (Performance ≥ 95, Accessibility, Best Practices и SEO — 100).');
  await cleanup();
  process.exit(misses.length && process.env.STRICT ? 1 : 0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await cleanup();
  process.exit(1);
}
