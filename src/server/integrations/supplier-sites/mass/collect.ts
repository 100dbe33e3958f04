import { gunzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import { FetchError } from '../../../core/safe-fetch.ts';
import type { PoliteFetch } from './polite/polite-fetch.ts';
import { ROBOTS_DISALLOWED, type SiteRules } from './polite/robots.ts';

/**
 * Product addresses from a category page or a sitemap (sitemap index included), on the same
 * site as the address staff gave, at most `limit`, each once.
 */

/** A category page or a sitemap: pages are smaller, but a sitemap may list tens of thousands of addresses. */
const COLLECT_MAX_BYTES = 20 * 1024 * 1024;
const COLLECT_ACCEPT = ['text/html', 'application/xhtml+xml', 'application/xml', 'text/xml', 'text/plain', 'application/gzip', 'application/x-gzip', 'application/octet-stream'];
/** Child sitemaps of an index, and pages of a category (rel="next"), read at most. */
const MAX_FOLLOWED = 50;

export type CollectIo = {
  fetch: PoliteFetch;
  /** The site's robots.txt rules, read once per site by the run. */
  rulesFor(url: string): Promise<SiteRules>;
};

/** Why nothing could be collected, in Russian: the run fails with it. */
export class CollectError extends Error {}

export const NOTHING_FOUND = 'На странице не найдено ссылок на товары. Вставьте ссылки списком или дайте ссылку на sitemap.xml';

export async function collectProductUrls(startUrl: string, limit: number, io: CollectIo): Promise<string[]> {
  const found = new Found(startUrl, limit);
  const first = await read(startUrl, io);
  if (first.kind === 'xml') await fromSitemap(first.text, io, found, 0);
  else await fromCategory(startUrl, first.text, io, found);
  if (found.urls.length === 0) throw new CollectError(NOTHING_FOUND);
  return found.urls;
}

/** The addresses gathered so far: same site only, each once, not the start page itself. */
class Found {
  readonly urls: string[] = [];
  private readonly seen = new Set<string>();
  private readonly site: string;
  constructor(
    private readonly start: string,
    private readonly limit: number,
  ) {
    this.site = siteOf(new URL(start));
    this.seen.add(normalised(new URL(start)));
  }
  get full() {
    return this.urls.length >= this.limit;
  }
  sameSite(url: URL) {
    return siteOf(url) === this.site;
  }
  add(raw: string | undefined, base: string) {
    if (this.full || !raw) return;
    const url = absolute(raw.trim(), base);
    if (!url || !this.sameSite(url)) return;
    const key = normalised(url);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.urls.push(key);
  }
}

/** `www.` or not, the same site; another port is another site (test servers live on ports). */
const siteOf = (url: URL) => `${url.protocol === 'https:' || url.protocol === 'http:' ? 'web' : url.protocol}:${url.hostname.replace(/^www\./, '')}:${url.port}`;

function absolute(raw: string, base: string): URL | null {
  try {
    const url = new URL(raw, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function normalised(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

type Read = { kind: 'xml' | 'html'; text: string };

/** One collecting fetch, allowed by the site's robots.txt; a gzipped sitemap is unpacked. */
async function read(url: string, io: CollectIo): Promise<Read> {
  const rules = await io.rulesFor(url);
  if (rules.unreadable) throw new CollectError(rules.unreadable);
  if (!rules.allows(url)) throw new CollectError(ROBOTS_DISALLOWED);
  let body: Buffer;
  let contentType: string;
  try {
    ({ body, contentType } = await io.fetch(url, { maxBytes: COLLECT_MAX_BYTES, accept: COLLECT_ACCEPT }));
  } catch (error) {
    if (error instanceof FetchError) throw new CollectError(`Не удалось открыть ${url}: ${error.message}`);
    throw error;
  }
  if (body[0] === 0x1f && body[1] === 0x8b) {
    try {
      body = gunzipSync(body, { maxOutputLength: COLLECT_MAX_BYTES });
    } catch {
      throw new CollectError(`Не удалось распаковать ${url}: файл повреждён или больше 20 МБ`);
    }
  }
  const text = body.toString('utf8');
  const looksXml = /xml/i.test(contentType) || /^\s*(<\?xml|<urlset|<sitemapindex)/i.test(text.slice(0, 500).replace(/^\uFEFF/, ''));
  return { kind: looksXml && /<(\w+:)?(urlset|sitemapindex)[\s>]/i.test(text) ? 'xml' : 'html', text };
}

/** A sitemap's `<url><loc>`, or an index's child sitemaps one after another until enough are found. */
async function fromSitemap(xml: string, io: CollectIo, found: Found, depth: number): Promise<void> {
  const $ = cheerio.load(xml, { xml: true });
  const locs = (selector: string) => $(selector).map((_, el) => $(el).text().trim()).get();
  const baseUrl = 'http://invalid/';
  for (const loc of locs('url > loc')) found.add(loc, baseUrl);
  const children = locs('sitemap > loc');
  if (depth > 1) return;
  let followed = 0;
  for (const child of children) {
    if (found.full || followed >= MAX_FOLLOWED) break;
    const url = absolute(child, baseUrl);
    if (!url || !found.sameSite(url)) continue;
    const rules = await io.rulesFor(url.href);
    if (!rules.allows(url.href)) continue;
    followed++;
    const page = await read(url.href, io);
    if (page.kind === 'xml') await fromSitemap(page.text, io, found, depth + 1);
  }
}

/** A category page's product links, then the next pages (rel="next") while more are wanted. */
async function fromCategory(startUrl: string, html: string, io: CollectIo, found: Found): Promise<void> {
  const visited = new Set([startUrl]);
  let url = startUrl;
  for (let pages = 1; ; pages++) {
    const $ = cheerio.load(html);
    const base = new URL($('base[href]').attr('href') ?? url, url).href;
    for (const link of productLinks($)) found.add(link, base);
    const next = $('link[rel~="next"][href], a[rel~="next"][href]').first().attr('href');
    const nextUrl = next ? absolute(next, base) : null;
    if (found.full || pages >= MAX_FOLLOWED || !nextUrl || !found.sameSite(nextUrl) || visited.has(nextUrl.href)) return;
    const rules = await io.rulesFor(nextUrl.href);
    if (!rules.allows(nextUrl.href)) return;
    visited.add(nextUrl.href);
    url = nextUrl.href;
    const page = await read(url, io);
    if (page.kind !== 'html') return;
    html = page.text;
  }
}

/**
 * The links a category page marks as products: schema.org ItemList or Product in JSON-LD, then
 * microdata Product items, then the usual product-card classes of shop templates. A page's
 * menus and footer links are never taken: a run fetches only what looks like a product.
 */
export function productLinks($: cheerio.CheerioAPI): string[] {
  const fromJsonLd = jsonLdLinks($);
  if (fromJsonLd.length > 0) return fromJsonLd;
  const fromMicrodata = $('[itemscope][itemtype*="schema.org/Product" i]')
    .map((_, el) => {
      const item = $(el);
      const own = item.find('[itemprop="url"]').first();
      return own.attr('href') ?? own.attr('content') ?? item.find('a[href]').first().attr('href');
    })
    .get()
    .filter(Boolean);
  if (fromMicrodata.length > 0) return fromMicrodata;
  return $('[class]')
    .filter((_, el) => CARD_CLASS.test($(el).attr('class') ?? ''))
    .map((_, el) => firstLink($, el))
    .get()
    .filter(Boolean);
}

/**
 * A product's tile as shop templates name it: product, product-card, product-item, goods-item,
 * catalog-item, catalog__item, tovar… A class merely containing the word (nav-products) is not one.
 */
const CARD_CLASS =
  /(^|\s)((products?|goods|tovar|productCard|productItem)([-_]{1,2}(card|item|tile|box|preview|snippet))?|(catalog|listing)[-_]{1,2}(item|card|tile|product)|item[-_]{1,2}card)(\s|$)/i;

function firstLink($: cheerio.CheerioAPI, el: AnyNode): string | undefined {
  const self = $(el);
  return self.is('a[href]') ? self.attr('href') : self.find('a[href]').first().attr('href');
}

function jsonLdLinks($: cheerio.CheerioAPI): string[] {
  const links: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    const types = [object['@type']].flat().map(String);
    if (types.includes('ItemList')) {
      for (const element of [object.itemListElement].flat()) {
        const entry = element as Record<string, unknown> | string | undefined;
        if (typeof entry === 'string') links.push(entry);
        else if (entry) {
          const item = entry.item as Record<string, unknown> | string | undefined;
          const url = entry.url ?? (typeof item === 'string' ? item : (item?.url ?? item?.['@id']));
          if (typeof url === 'string') links.push(url);
        }
      }
      return;
    }
    if (types.includes('Product') && typeof object.url === 'string') {
      links.push(object.url);
      return;
    }
    if (object['@graph']) visit(object['@graph']);
  };
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      visit(JSON.parse($(el).text()));
    } catch {
      // A broken block says nothing; the other blocks and the markup still may.
    }
  });
  return links;
}
