import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { FetchError } from '../../../core/safe-fetch.ts';
import { HttpError } from '../../../core/http-errors.ts';
import type { Db } from '../../../db/connection.ts';
import { scrapedItems } from '../../../db/schema.ts';
import type { JobContext, JobRunner } from '../../../jobs/runner.ts';
import { isRoubles } from '#shared/scraped-product.ts';
import type { ItemCounts, RunSource } from '#shared/schemas/mass-scraper.ts';
import type { ScrapeResult } from '#shared/schemas/web-scraper.ts';
import { collectProductUrls, CollectError } from './collect.ts';
import { countItems, type ItemData } from './items.ts';
import { SITE_GAVE_UP, politeFetch, type PoliteFetch, type SiteState } from './polite/polite-fetch.ts';
import { readRobots, ROBOTS_DISALLOWED, type SiteRules } from './polite/robots.ts';
import type { SiteGate } from './polite/site-gate.ts';
import { scrapeProductPage } from '../service.ts';

/**
 * The job of one mass run (kind `mass-scraper.run`): the addresses become `scraped_items`
 * rows first (pending), then each site's pages are fetched one after another through the
 * site's gate while several sites go on side by side. The pending rows are the checkpoint: a
 * run resumed after a pause or a restart goes on with them and never fetches a done page again.
 */

export const RUN_KIND = 'mass-scraper.run';

export type RunPayload = { source: RunSource; delayMs: number };

export type RunDeps = {
  db: Db;
  config: Config;
  gate: SiteGate;
  log?: Pick<FastifyBaseLogger, 'error'>;
};

/** Sites fetched at the same time by one run (each of them one request at a time). */
const SITES_AT_ONCE = 4;
const NOT_PROCESSED = 'Не удалось обработать страницу';
const STOPPED_BEFORE = 'Запуск остановлен до этой страницы';
const FAILED_BEFORE = 'Запуск прервался до этой страницы';

export function registerRunJob(runner: JobRunner, deps: RunDeps) {
  runner.handle<RunPayload>(RUN_KIND, (ctx) => new Run(ctx, deps).execute(), {
    // A run that ends for good leaves no page «in the queue»: the review list tells why it was not fetched.
    settled: async (job) => {
      if (job.status !== 'stopped' && job.status !== 'failed') return;
      await deps.db
        .update(scrapedItems)
        .set({ status: 'failed', message: job.status === 'stopped' ? STOPPED_BEFORE : FAILED_BEFORE, updatedAt: sql`now()` })
        .where(and(eq(scrapedItems.jobId, job.id), eq(scrapedItems.status, 'pending')));
    },
  });
}

type Pending = { id: number; url: string };
type Outcome = { status: 'extracted' | 'failed' | 'duplicate'; message: string | null; data: ItemData | null; productId: number | null };

/** What the run knows about one site: its robots.txt (read once), its Crawl-delay and how it has been answering. */
type Site = SiteState & { rules: Promise<SiteRules> | null };

class Run {
  private readonly sites = new Map<string, Site>();
  private readonly fetch: PoliteFetch;
  /** Pages waiting for review by their final address and by SKU: a second one is a repeat. */
  private readonly byUrl = new Map<string, string>();
  private readonly bySku = new Map<string, string>();
  private done = 0;
  private total = 0;

  constructor(
    private readonly ctx: JobContext<RunPayload>,
    private readonly deps: RunDeps,
  ) {
    this.fetch = politeFetch({
      gate: deps.gate,
      signal: ctx.signal,
      allow: deps.config.fetchAllow,
      shopUrl: deps.config.publicUrl,
      delayMs: ctx.payload.delayMs,
      site: (host) => this.site(host),
    });
  }

  async execute(): Promise<ItemCounts | null> {
    try {
      if (!(await this.hasItems())) await this.prepare();
      await this.remember();
      const counts = await countItems(this.deps.db, this.ctx.id);
      this.total = Object.values(counts).reduce((a, b) => a + b, 0);
      this.done = this.total - counts.pending;
      await this.ctx.save({ done: this.done, total: this.total });
      await this.fetchPending();
    } catch (error) {
      // Staff's stop or pause (or the process closing) cut a wait or a fetch short: the runner records it.
      if (this.ctx.signal.aborted) return null;
      throw error;
    }
    if (this.ctx.signal.aborted) return null;
    return countItems(this.deps.db, this.ctx.id);
  }

  private async hasItems(): Promise<boolean> {
    const [row] = await this.deps.db.select({ id: scrapedItems.id }).from(scrapedItems).where(eq(scrapedItems.jobId, this.ctx.id)).limit(1);
    return row !== undefined;
  }

  /**
   * The run's pages, all written at once: a list as pasted, or what the category page or
   * sitemap links to. A page an earlier run already brought in is a repeat from the start.
   */
  private async prepare() {
    const { source } = this.ctx.payload;
    let urls: string[];
    if (source.kind === 'list') urls = source.urls;
    else {
      try {
        urls = await collectProductUrls(source.url, source.limit, { fetch: this.fetch, rulesFor: (url) => this.rulesFor(url) });
      } catch (error) {
        if (error instanceof CollectError) throw new Error(`Не удалось собрать ссылки на товары. ${error.message}`);
        throw error;
      }
    }
    const earlier = await this.deps.db
      .select({ url: scrapedItems.url, jobId: scrapedItems.jobId, productId: scrapedItems.productId })
      .from(scrapedItems)
      .where(and(inArray(scrapedItems.url, urls), inArray(scrapedItems.status, ['extracted', 'published']), ne(scrapedItems.jobId, this.ctx.id)));
    const seen = new Map(earlier.map((row) => [row.url, row]));
    const rows = urls.map((url) => {
      const before = seen.get(url);
      return before
        ? { jobId: this.ctx.id, url, status: 'duplicate', message: `Эта страница уже загружена в запуске №${before.jobId}`, productId: before.productId }
        : { jobId: this.ctx.id, url, status: 'pending' };
    });
    await this.deps.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(scrapedItems).values(rows.slice(i, i + 500));
    });
  }

  /**
   * The pages waiting for review (this run's, after a restart, and earlier runs'): a page that
   * leads to one of them, or has its SKU, is a repeat.
   */
  private async remember() {
    const rows = await this.deps.db
      .select({
        url: scrapedItems.url,
        finalUrl: sql<string | null>`${scrapedItems.data}->'page'->>'url'`,
        sku: sql<string | null>`${scrapedItems.data}->'page'->'card'->'sku'->>'value'`,
      })
      .from(scrapedItems)
      .where(eq(scrapedItems.status, 'extracted'));
    for (const row of rows) this.seen(row.url, row.finalUrl ?? row.url, row.sku);
  }

  private seen(url: string, finalUrl: string, sku: string | null | undefined) {
    this.byUrl.set(finalUrl, url);
    if (sku) this.bySku.set(sku.toLowerCase(), url);
  }

  private async fetchPending() {
    const pending = await this.deps.db
      .select({ id: scrapedItems.id, url: scrapedItems.url })
      .from(scrapedItems)
      .where(and(eq(scrapedItems.jobId, this.ctx.id), eq(scrapedItems.status, 'pending')))
      .orderBy(asc(scrapedItems.id));
    const bySite = new Map<string, Pending[]>();
    for (const item of pending) {
      const host = new URL(item.url).host;
      bySite.set(host, [...(bySite.get(host) ?? []), item]);
    }
    const queue = [...bySite.entries()];
    const worker = async () => {
      for (let next = queue.shift(); next && !this.ctx.signal.aborted; next = queue.shift()) await this.fetchSite(next[0], next[1]);
    };
    const ended = await Promise.allSettled(Array.from({ length: Math.min(SITES_AT_ONCE, queue.length) }, worker));
    const failure = ended.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  private site(host: string): Site {
    let site = this.sites.get(host);
    if (!site) {
      site = { rules: null, crawlDelayMs: 0, failuresInRow: 0, gaveUp: false };
      this.sites.set(host, site);
    }
    return site;
  }

  /** The site's robots.txt, read on the first page of the site; its Crawl-delay raises the run's pause from then on. */
  private rulesFor(url: string): Promise<SiteRules> {
    const { host, origin } = new URL(url);
    const site = this.site(host);
    site.rules ??= readRobots(origin, this.fetch).then((rules) => {
      site.crawlDelayMs = rules.crawlDelayMs ?? 0;
      return rules;
    });
    return site.rules;
  }

  private async fetchSite(host: string, items: Pending[]) {
    const site = this.site(host);
    for (const item of items) {
      if (this.ctx.signal.aborted) return;
      const outcome = await this.fetchItem(item, site);
      await this.deps.db
        .update(scrapedItems)
        .set({ ...outcome, updatedAt: sql`now()` })
        .where(and(eq(scrapedItems.id, item.id), eq(scrapedItems.status, 'pending')));
      this.done++;
      await this.ctx.save({ done: this.done, total: this.total });
    }
  }

  private async fetchItem(item: Pending, site: Site): Promise<Outcome> {
    const failed = (message: string): Outcome => ({ status: 'failed', message, data: null, productId: null });
    if (site.gaveUp) return failed(SITE_GAVE_UP);
    const rules = await this.rulesFor(item.url);
    if (rules.unreadable) return failed(rules.unreadable);
    if (!rules.allows(item.url)) return failed(ROBOTS_DISALLOWED);
    let page: ScrapeResult;
    try {
      page = await scrapeProductPage(this.deps.db, this.deps.config, item.url, this.fetch);
    } catch (error) {
      if (this.ctx.signal.aborted) throw error;
      // The fetcher's, the web scraper's and our own reasons are written for staff.
      if (error instanceof FetchError || error instanceof HttpError) return failed(error.message);
      this.deps.log?.error({ err: error, url: item.url, job: this.ctx.id }, 'mass scraper page failed');
      return failed(NOT_PROCESSED);
    }
    return this.judge(item, page);
  }

  /** A page that gave a card: ready for review, or a repeat of a shop product or of a page of this run. */
  private judge(item: Pending, page: ScrapeResult): Outcome {
    const data: ItemData = { page, draft: null };
    const [inShop] = page.duplicates;
    if (inShop) return { status: 'duplicate', message: `В магазине уже есть товар с этим артикулом: «${inShop.name}»`, data, productId: inShop.id };
    const sameUrl = this.byUrl.get(page.url);
    if (sameUrl) return { status: 'duplicate', message: `Та же страница, что и по ссылке ${sameUrl}`, data, productId: null };
    const sku = page.card.sku?.value;
    const sameSku = sku ? this.bySku.get(sku.toLowerCase()) : undefined;
    if (sameSku) return { status: 'duplicate', message: `Товар с этим артикулом уже загружен по ссылке ${sameSku}`, data, productId: null };
    this.seen(item.url, page.url, sku);
    const notes = [
      page.card.name ? null : 'Нет названия: укажите его перед публикацией',
      sku ? null : 'Нет артикула: укажите его перед публикацией',
      page.card.priceKopecks && !isRoubles(page.card.currency?.value) ? `Цена указана в ${page.card.currency?.value}: укажите её в рублях` : null,
      page.pictureErrors.length > 0 ? `Не загружено картинок: ${page.pictureErrors.length}` : null,
    ].filter(Boolean);
    return { status: 'extracted', message: notes.length > 0 ? notes.join('. ') : null, data, productId: null };
  }
}
