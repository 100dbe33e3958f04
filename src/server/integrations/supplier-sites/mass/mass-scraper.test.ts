import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, products, scrapedItems } from '#server/db/schema.ts';
import { JobRunner } from '#server/jobs/runner.ts';
import type { ItemDetail, ItemsPage, PublishResult, RunView } from '#shared/schemas/mass-scraper.ts';
import type { Product } from '#shared/types.ts';
import { nameOf, priceOf, skuOf, startProductSite, type ProductSite, type SiteRequest } from '../../../../../tests/helpers/product-site.ts';
import { createTestApp, type TestContext } from '../../../../../tests/helpers/test-app.ts';
import { ROBOTS_DISALLOWED } from './polite/robots.ts';
import { SiteGate } from './polite/site-gate.ts';
import { SITE_GAVE_UP } from './polite/polite-fetch.ts';
import { registerRunJob, type RunPayload } from './run-job.ts';
import { startRun } from './run-service.ts';

/** The tests' pause between requests to one site: small, so the suite stays quick. */
const DELAY_MS = 20;
/** The shop site's robots.txt asks for more: 30 ms (our own group wins over `*`, which closes everything). */
const CRAWL_DELAY_MS = 30;
/** Timers may fire a little early; the site must never see two requests much closer than asked. */
const TOLERANCE_MS = 5;

const SHOP_ROBOTS = ['User-agent: *', 'Disallow: /', '', 'User-agent: ProfInstrumentBot', 'Disallow: /closed/', 'Allow: /', `Crawl-delay: ${CRAWL_DELAY_MS / 1000}`].join('\n');

let ctx: TestContext;
let cookie: string;
let shop: ProductSite;
let broken: ProductSite;
let other: ProductSite;
let categoryId: number;
/** The category-page run over the other site: its 30 cards are what the review tests publish. */
let categoryRunId: number;

beforeAll(async () => {
  shop = await startProductSite({
    products: 300,
    robots: SHOP_ROBOTS,
    skuOverrides: { 8: skuOf(7) },
    redirects: { 9: 10 },
    sameName: [11, 12],
  });
  broken = await startProductSite({ products: 10, robots: 'User-agent: *\nDisallow: /private/', broken: true });
  other = await startProductSite({ products: 40, robots: null, skuPrefix: 'OT' });
  ctx = await createTestApp({ FETCH_ALLOW: [shop.host, broken.host, other.host].join(',') });
  cookie = await ctx.login();
  const [category] = await ctx.database.db.execute(sql`select id from categories order by id limit 1`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
  categoryId = category!.id;
});
afterAll(async () => {
  await ctx.close();
  await Promise.all([shop.close(), broken.close(), other.close()]);
});

const api = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url, payload, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as T };
};

/** A run started as the API starts one, with the tests' short pause (the API's minimum is 0.5 s). */
const start = (source: RunPayload['source']) => startRun(ctx.database.db, ctx.app.jobs, { source, delayMs: DELAY_MS }, null);
const run = async (id: number) => (await api<RunView>('GET', `/api/admin/mass-scraper/runs/${id}`)).body;
const items = async (id: number, query = '') => (await api<ItemsPage>('GET', `/api/admin/mass-scraper/runs/${id}/items${query}`)).body;
const item = async (id: number) => (await api<ItemDetail>('GET', `/api/admin/mass-scraper/items/${id}`)).body;
const byUrl = async (runId: number, url: string) => {
  const [row] = await ctx.database.db.select().from(scrapedItems).where(and(eq(scrapedItems.jobId, runId), eq(scrapedItems.url, url)));
  return row!;
};
/** Where a stored picture's /uploads/ address is on disk. */
const uploaded = (url: string) => path.join(ctx.app.deps.config.dataDir, 'uploads', path.basename(url));
const requestsTo = (site: ProductSite, path: string) => site.requests.filter((r) => r.path === path).length;
/** The pages of a run that have their result (not waiting any more). */
const finished = async (runId: number) =>
  (await ctx.database.db.select({ url: scrapedItems.url, status: scrapedItems.status }).from(scrapedItems).where(eq(scrapedItems.jobId, runId)))
    .filter((row) => row.status !== 'pending')
    .map((row) => row.url);
/**
 * After a pause or a restart no finished page is fetched again; the one page in the middle of
 * its pictures when the run was interrupted is fetched once more, as its result was not kept.
 */
function fetchedAgain(site: ProductSite, urls: string[], finishedBefore: string[]): string[] {
  const wrong: string[] = [];
  for (const url of urls) {
    const times = requestsTo(site, new URL(url).pathname);
    if (times !== 1 && (finishedBefore.includes(url) || times > 2)) wrong.push(`${url}: ${times}`);
  }
  return wrong;
}

/**
 * The site's view of the run's manners: requests one at a time, each after the pause. A
 * redirect is followed at once (as a browser does), so the request after a 3xx is not measured.
 */
function gapsTooShort(requests: SiteRequest[], minGapMs: number): string[] {
  const sorted = [...requests].sort((a, b) => a.at - b.at);
  const wrong: string[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    if (previous.status >= 300 && previous.status < 400) continue;
    const gap = sorted[i]!.at - previous.at;
    if (gap < minGapMs - TOLERANCE_MS) wrong.push(`${previous.path} → ${sorted[i]!.path}: ${gap.toFixed(1)} мс`);
  }
  return wrong;
}

describe('starting a run', () => {
  it('refuses bad lines of a pasted list, each by its number, and keeps a repeated address once', async () => {
    const bad = await api<{ message: string; errors: Record<string, string[]> }>('POST', '/api/admin/mass-scraper/runs', {
      source: 'list',
      text: `${shop.productUrl(1)}\nпросто текст\nftp://example.ru/file\n`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.text).toEqual(['Строка 2: это не ссылка, нужен адрес вида https://…', 'Строка 3: подходят только ссылки http и https']);

    const empty = await api<{ message: string }>('POST', '/api/admin/mass-scraper/runs', { source: 'list', text: '\n  \n' });
    expect(empty.body.message).toBe('Вставьте хотя бы одну ссылку на страницу товара');

    const tooFast = await api<{ message: string }>('POST', '/api/admin/mass-scraper/runs', { source: 'list', text: shop.productUrl(1), delaySeconds: 0.1 });
    expect(tooFast.status).toBe(400);
    expect(tooFast.body.message).toBe('Пауза между запросами к сайту: от 0,5 до 60 секунд');

    const tooMany = await api<{ message: string }>('POST', '/api/admin/mass-scraper/runs', { source: 'collect', url: `${shop.origin}/catalog`, limit: 5000 });
    expect(tooMany.body.message).toBe('Сколько товаров собрать: от 1 до 2000');

    const started = await api<RunView>('POST', '/api/admin/mass-scraper/runs', {
      source: 'list',
      text: `${shop.productUrl(290)}\n${shop.productUrl(290)}#reviews\n\n${shop.productUrl(291)}`,
    });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ status: 'queued', source: { kind: 'list', count: 2 }, delaySeconds: 2 });
    // Not for this file's runs: the 2-second pause is the API's default, too slow here.
    await ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/${started.body.id}/stop`, headers: { cookie } });
    expect((await run(started.body.id)).status).toBe('stopped');
  });
});

describe('a run of 200 pages collected from a sitemap index', () => {
  let runId: number;

  beforeAll(async () => {
    // The shop already sells product 5: its page is a repeat.
    const created = await api('POST', '/api/products', { name: 'Уже в магазине', sku: skuOf(5), price: 100, categoryId });
    expect(created.status).toBe(201);
    shop.requests.length = 0;
    runId = (await start({ kind: 'collect', url: `${shop.origin}/sitemap.xml`, limit: 200 })).id;
    await ctx.app.jobs.drain();
    // The 200 pages take about 15 s on an idle machine, and four times that in CI with the browser
    // tests beside them: a limit for a run that hangs, not a measure of speed.
  }, 180_000);

  it('completes with a result for every page', async () => {
    const view = await run(runId);
    expect(view).toMatchObject({ status: 'done', progressDone: 200, progressTotal: 200, error: null });
    expect(view.counts).toEqual({ pending: 0, extracted: 194, failed: 3, duplicate: 3, published: 0, discarded: 0 });

    const first = await item((await byUrl(runId, shop.productUrl(1))).id);
    expect(first).toMatchObject({ status: 'extracted', name: nameOf(1), sku: skuOf(1), price: priceOf(1), message: null });
    expect(first.page?.card.brand?.value).toBe('DCK');

    const list = await items(runId, '?status=failed');
    expect(list.items.map((i) => [i.url.replace(shop.origin, ''), i.message])).toEqual([
      ['/closed/1', ROBOTS_DISALLOWED],
      ['/closed/2', ROBOTS_DISALLOWED],
      ['/broken/product', 'Сайт ответил с ошибкой 500'],
    ]);
  });

  it('marks repeats: a product the shop has, a SKU seen before, a page reached twice', async () => {
    const duplicates = await items(runId, '?status=duplicate');
    const shopProduct = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.sku, skuOf(5)));
    expect(duplicates.items.map((i) => [i.url.replace(shop.origin, ''), i.message, i.productId])).toEqual([
      ['/product/5', 'В магазине уже есть товар с этим артикулом: «Уже в магазине»', shopProduct[0]!.id],
      ['/product/8', `Товар с этим артикулом уже загружен по ссылке ${shop.productUrl(7)}`, null],
      ['/product/10', `Та же страница, что и по ссылке ${shop.productUrl(9)}`, null],
    ]);
  });

  it('asks the site politely: robots.txt once, one request at a time, never closer than its Crawl-delay', () => {
    expect(requestsTo(shop, '/robots.txt')).toBe(1);
    expect(shop.requests[0]!.path).toBe('/robots.txt');
    expect(shop.requests.filter((r) => r.path.startsWith('/closed/'))).toEqual([]);
    expect(shop.maxInFlight()).toBe(1);
    expect(gapsTooShort(shop.requests, CRAWL_DELAY_MS)).toEqual([]);
    // Every product page once (page 10 also through page 9's redirect).
    const pages = shop.requests.filter((r) => r.path.startsWith('/product/'));
    expect(pages).toHaveLength(197);
  });

  it('tries again after 429 and 5xx, then gives the Russian reason', async () => {
    expect(requestsTo(shop, '/busy/product')).toBe(2);
    expect((await byUrl(runId, `${shop.origin}/busy/product`)).status).toBe('extracted');
    expect(requestsTo(shop, '/broken/product')).toBe(4);
  });

  it('stores the pictures as the shop\'s own WebP files', async () => {
    const first = await item((await byUrl(runId, shop.productUrl(1))).id);
    expect(first.page?.pictures).toEqual([{ source: `${shop.origin}/img/1.png`, url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/) }]);
    expect(first.imageUrl).toBe(first.page?.pictures[0]?.url);
    expect(fs.existsSync(uploaded(first.imageUrl!))).toBe(true);
  });

  it('publishes two cards of the same name under different addresses', async () => {
    const ids = [(await byUrl(runId, shop.productUrl(11))).id, (await byUrl(runId, shop.productUrl(12))).id];
    const res = await api<PublishResult>('POST', '/api/admin/mass-scraper/items/publish', { ids, mode: 'hidden', categoryId });
    expect(res.body).toEqual({ published: 2, problems: [] });
    const slugs = [];
    for (const id of ids) slugs.push((await api<{ slug: string }>('GET', `/api/products/${(await item(id)).productId}`)).body.slug);
    expect(slugs[1]).toBe(`${slugs[0]}-2`);
  });

  it('searches the results by name, SKU and address', async () => {
    expect((await items(runId, `?query=${encodeURIComponent(skuOf(42))}`)).items.map((i) => i.sku)).toEqual([skuOf(42)]);
    expect((await items(runId, `?query=${encodeURIComponent('тестовый FX-150')}`)).items.map((i) => i.name)).toEqual([nameOf(150)]);
    expect((await items(runId, '?query=closed')).total).toBe(2);
    expect((await items(runId)).total).toBe(200);
  });
});

describe('a site that stops answering', () => {
  it('fails five pages in a row, then skips the rest of the site; its robots.txt `*` group is obeyed', async () => {
    const urls = [`${broken.origin}/private/1`, ...Array.from({ length: 7 }, (_, i) => broken.productUrl(i + 1))];
    const id = (await start({ kind: 'list', urls })).id;
    await ctx.app.jobs.drain();
    const rows = await Promise.all(urls.map((url) => byUrl(id, url)));
    expect(rows.map((r) => [r.status, r.message])).toEqual([
      ['failed', ROBOTS_DISALLOWED],
      ...Array.from({ length: 5 }, () => ['failed', 'Сайт ответил с ошибкой 500']),
      ['failed', SITE_GAVE_UP],
      ['failed', SITE_GAVE_UP],
    ]);
    expect(broken.requests.map((r) => r.path)).toEqual(['/robots.txt', ...[1, 2, 3, 4, 5].flatMap((n) => Array(4).fill(`/product/${n}`))]);
    expect(gapsTooShort(broken.requests, DELAY_MS)).toEqual([]);
    expect((await run(id)).status).toBe('done');
  });
});

describe('pause, resume and a restart in the middle', () => {
  /** A list run of these pages for which staff ask this when the shop is asked for `atPath`; the queue is run until it rests. */
  async function listRunAsked(urls: string[], action: 'pause' | 'stop', atPath: string) {
    const id = (await start({ kind: 'list', urls })).id;
    shop.onRequest = (path) => {
      if (path === atPath) void ctx.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/${action}`, headers: { cookie } });
    };
    await ctx.app.jobs.drain();
    shop.onRequest = () => {};
    return id;
  }

  it('pauses at the next page when staff ask and goes on with the rest when resumed', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => shop.productUrl(201 + i));
    const id = await listRunAsked(urls, 'pause', '/product/203');
    const paused = await run(id);
    expect(paused.status).toBe('paused');
    expect(paused.counts.pending).toBeGreaterThan(0);
    expect(paused.counts.extracted).toBe(10 - paused.counts.pending);
    const finishedBefore = await finished(id);

    const resumed = await api<{ status: string }>('POST', `/api/admin/jobs/${id}/resume`);
    expect(resumed.body.status).toBe('queued');
    await ctx.app.jobs.drain();
    expect(await run(id)).toMatchObject({ status: 'done', progressDone: 10, counts: { extracted: 10, pending: 0 } });
    expect(fetchedAgain(shop, urls, finishedBefore)).toEqual([]);
  });

  it('stops when staff ask: the pages left say so, none stays in the queue', async () => {
    const urls = Array.from({ length: 5 }, (_, i) => shop.productUrl(261 + i));
    const id = await listRunAsked(urls, 'stop', '/product/262');
    const stopped = await run(id);
    expect(stopped.status).toBe('stopped');
    expect(stopped.counts.pending).toBe(0);
    expect(stopped.counts.failed).toBeGreaterThan(0);
    expect((await byUrl(id, shop.productUrl(265))).message).toBe('Запуск остановлен до этой страницы');
    expect(requestsTo(shop, '/product/265')).toBe(0);
  });

  it('goes on with the pages left after the shop is restarted in the middle, fetching no finished page again', async () => {
    const urls = Array.from({ length: 30 }, (_, i) => shop.productUrl(221 + i));
    const id = (await start({ kind: 'list', urls })).id;
    // The process that will go down: its own runner and gate, as another start of the shop has.
    const dying = new JobRunner(ctx.database.db);
    registerRunJob(dying, { db: ctx.database.db, config: ctx.app.deps.config, gate: new SiteGate() });
    const served = () => shop.requests.filter((r) => /^\/product\/2[2-5]\d$/.test(r.path)).length;
    dying.start();
    while (served() < 10) await new Promise((resolve) => setTimeout(resolve, 10));
    await dying.close();
    // Killed rather than closed: the row still says running, under a lease that ran out.
    await ctx.database.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'gone:1', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    const halfway = await run(id);
    expect(halfway.counts.pending).toBeGreaterThan(0);
    expect(halfway.counts.pending).toBeLessThan(30);
    const finishedBefore = await finished(id);

    await ctx.app.jobs.drain();
    expect(await run(id)).toMatchObject({ status: 'done', progressDone: 30, progressTotal: 30, counts: { extracted: 30, pending: 0 } });
    expect(fetchedAgain(shop, urls, finishedBefore)).toEqual([]);
  });
});

describe('collecting product links from a category page', () => {
  it('takes the product tiles of each page (rel="next"), not the menus, up to the limit', async () => {
    const id = (await start({ kind: 'collect', url: `${other.origin}/catalog`, limit: 30 })).id;
    categoryRunId = id;
    await ctx.app.jobs.drain();
    const rows = await ctx.database.db.select({ url: scrapedItems.url }).from(scrapedItems).where(eq(scrapedItems.jobId, id)).orderBy(scrapedItems.id);
    expect(rows.map((r) => r.url)).toEqual(Array.from({ length: 30 }, (_, i) => other.productUrl(i + 1)));
    expect(await run(id)).toMatchObject({ status: 'done', counts: { extracted: 30 } });
    expect(other.requests.slice(0, 3).map((r) => r.path)).toEqual(['/robots.txt', '/catalog', '/catalog?page=2']);
  });

  it('fails the run in Russian when the page links to no product', async () => {
    const id = (await start({ kind: 'collect', url: `${other.origin}/product/1`, limit: 10 })).id;
    await ctx.app.jobs.drain();
    expect(await run(id)).toMatchObject({
      status: 'failed',
      error: 'Не удалось собрать ссылки на товары. На странице не найдено ссылок на товары. Вставьте ссылки списком или дайте ссылку на sitemap.xml',
    });
  });

  it('turns away a second run over pages already waiting for review', async () => {
    const id = (await start({ kind: 'list', urls: [other.productUrl(1), other.productUrl(35)] })).id;
    await ctx.app.jobs.drain();
    const first = await byUrl(id, other.productUrl(1));
    expect(first.status).toBe('duplicate');
    expect(first.message).toMatch(/^Эта страница уже загружена в запуске №\d+$/);
    expect((await byUrl(id, other.productUrl(35))).status).toBe('extracted');
  });
});

describe('review: edit, publish, discard', () => {
  let runId: number;
  const idOf = async (n: number) => (await byUrl(runId, other.productUrl(n))).id;
  const publish = (body: object) => api<PublishResult>('POST', '/api/admin/mass-scraper/items/publish', body);

  beforeAll(async () => {
    runId = categoryRunId;
    expect((await run(runId)).counts.extracted).toBe(30);
  });

  it('publishes the chosen cards hidden, into the category staff chose', async () => {
    const ids = [await idOf(1), await idOf(2), await idOf(3)];
    const res = await publish({ ids, mode: 'hidden', categoryId });
    expect(res.body).toEqual({ published: 3, problems: [] });
    for (const [i, id] of ids.entries()) {
      const published = await item(id);
      expect(published.status).toBe('published');
      const product = (await api<Product>('GET', `/api/products/${published.productId}`)).body;
      expect(product).toMatchObject({ name: nameOf(i + 1, 'OT'), sku: skuOf(i + 1, 'OT'), isActive: false, categoryId, price: priceOf(i + 1) });
      // The page's «Характеристики» table became the product's characteristics, not description text.
      expect(published.page!.card.specs!.value).toEqual([
        { name: 'Мощность', value: '800 Вт' },
        { name: 'Энергия удара', value: '2,7 Дж' },
      ]);
      expect(product.attributes).toEqual([
        expect.objectContaining({ name: 'Мощность', value: '800', unit: 'Вт' }),
        expect.objectContaining({ name: 'Энергия удара', value: '2,7', unit: 'Дж' }),
      ]);
      expect(product.description).not.toContain('Характеристики');
    }
    // Hidden: nothing reaches the storefront.
    const storefront = await ctx.app.inject({ method: 'GET', url: `/api/products?query=${encodeURIComponent(skuOf(1, 'OT'))}` });
    expect(storefront.json().products).toEqual([]);

    const again = await publish({ ids: [ids[0]], mode: 'active', categoryId });
    expect(again.body).toEqual({ published: 0, problems: [{ id: ids[0], url: other.productUrl(1), message: 'Уже опубликован' }] });
  });

  it('publishes a card shown in the catalogue, and keeps one without a category back', async () => {
    const noCategory = await publish({ ids: [await idOf(4)], mode: 'active', categoryId: null });
    expect(noCategory.body.problems).toEqual([{ id: await idOf(4), url: other.productUrl(4), message: 'Выберите категорию: страница её не подсказала' }]);
    expect((await item(await idOf(4))).status).toBe('extracted');

    const shown = await publish({ ids: [await idOf(4)], mode: 'active', categoryId });
    expect(shown.body.published).toBe(1);
    const storefront = await ctx.app.inject({ method: 'GET', url: `/api/products?query=${encodeURIComponent(skuOf(4, 'OT'))}` });
    expect(storefront.json().products.map((p: { sku: string }) => p.sku)).toEqual([skuOf(4, 'OT')]);
  });

  it('publishes staff edits saved from the product form', async () => {
    const id = await idOf(5);
    const detail = await item(id);
    const saved = await api<ItemDetail>('PUT', `/api/admin/mass-scraper/items/${id}/draft`, {
      ...detail.draft,
      name: 'Перфоратор исправленный',
      price: '15 990',
      categoryId,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ edited: true, name: 'Перфоратор исправленный', price: 15990 });

    const invalid = await api<{ message: string; errors: Record<string, string[]> }>('PUT', `/api/admin/mass-scraper/items/${id}/draft`, { ...detail.draft, name: 'Я' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.name).toEqual(['Название должно содержать не менее 2 символов']);

    expect((await publish({ ids: [id], mode: 'hidden', categoryId: null })).body.published).toBe(1);
    const product = (await api<{ name: string; price: number; slug: string }>('GET', `/api/products/${(await item(id)).productId}`)).body;
    expect(product).toMatchObject({ name: 'Перфоратор исправленный', price: 15990, slug: 'perforator-ispravlennyy' });
  });

  it('discards cards: their pictures are deleted, they can no longer be edited or published', async () => {
    const ids = [await idOf(6), await idOf(7)];
    const picture = uploaded((await item(ids[0]!)).imageUrl!);
    expect(fs.existsSync(picture)).toBe(true);
    expect((await api('POST', '/api/admin/mass-scraper/items/discard', { ids })).body).toEqual({ discarded: 2 });
    expect((await item(ids[0]!)).status).toBe('discarded');
    expect(fs.existsSync(picture)).toBe(false);
    const res = await publish({ ids, mode: 'active', categoryId });
    expect(res.body.published).toBe(0);
    expect(res.body.problems.map((p) => p.message)).toEqual([
      'Править и публиковать можно только страницы со статусом «Готов к проверке»',
      'Править и публиковать можно только страницы со статусом «Готов к проверке»',
    ]);
    const edit = await api<{ message: string }>('PUT', `/api/admin/mass-scraper/items/${ids[0]}/draft`, { ...(await item(ids[0]!)).draft, categoryId });
    expect(edit.status).toBe(409);
  });

  it('answers in Russian about what does not exist', async () => {
    expect((await api<{ message: string }>('GET', '/api/admin/mass-scraper/items/999999')).body.message).toBe('Страница не найдена');
    expect((await api<{ message: string }>('GET', '/api/admin/mass-scraper/runs/999999')).body.message).toBe('Запуск не найден');
    const empty = await publish({ ids: [], mode: 'hidden', categoryId });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'Отметьте хотя бы одну страницу' });
  });
});
