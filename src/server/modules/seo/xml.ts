/**
 * Pieces of the machine-readable documents: sitemaps (sitemaps.org 0.9) and the Yandex Market
 * YML feed. Pure string building, so the documents can be written in batches as they stream.
 */

/** Characters XML 1.0 forbids anywhere (control characters other than tab, CR and LF; U+FFFE/F). */
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text or attribute value made safe for XML: the five entities escaped, forbidden characters dropped. */
export function xmlEscape(value: string): string {
  return value.replace(INVALID_XML_CHARS, '').replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** W3C datetime without milliseconds: 2026-11-20T02:25:18+00:00. */
export const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

// ---------------------------------------------------------------------------------------------
// Sitemaps

/** A sitemap may list at most 50 000 URLs (sitemaps.org); more go to several files under an index. */
export const SITEMAP_MAX_URLS = 50_000;

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';

export type SitemapUrl = { loc: string; lastmod?: Date | null };

/** A `<url>` of a sitemap or a `<sitemap>` of an index: the location and its last change. */
const sitemapEntry = (tag: 'url' | 'sitemap', { loc, lastmod }: SitemapUrl) =>
  `<${tag}><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : ''}</${tag}>\n`;

export const sitemapUrl = (url: SitemapUrl) => sitemapEntry('url', url);

export function sitemapIndex(entries: SitemapUrl[]): string {
  const items = entries.map((entry) => sitemapEntry('sitemap', entry)).join('');
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n${items}</sitemapindex>\n`;
}

// ---------------------------------------------------------------------------------------------
// Yandex Market YML

/** Yandex Market reads at most 3000 characters of a description. */
export const YML_DESCRIPTION_MAX = 3000;
export const YML_CURRENCY = 'RUB';

export type YmlShop = { name: string; company: string; url: string; date: Date };
/** One `<option>` of `delivery-options` / `pickup-options`: whole roubles, working days ("1-2"), order before this hour. */
export type YmlOption = { cost: number; days: string; orderBefore: number };
/** The shop's courier delivery and pickup; pickup is left out when no branch hands out orders. */
export type YmlReceiving = { delivery: YmlOption; pickup: YmlOption | null };
export type YmlCategory = { id: number; name: string; parentId: number | null };
export type YmlOffer = {
  id: number;
  available: boolean;
  url: string;
  /** Roubles as written by `ymlPrice`. */
  price: string;
  /** Only when above the price (Yandex Market rejects an old price below the current one). */
  oldprice: string | null;
  categoryId: number;
  picture: string | null;
  name: string;
  vendor: string | null;
  vendorCode: string;
  description: string;
  /** Can be collected at a branch that hands out orders (some such branch holds it). */
  pickup: boolean;
  /** The shop's delivery is free at this price (the free-delivery threshold): the offer's own option. */
  freeDelivery: YmlOption | null;
};

const ymlOptions = (tag: 'delivery-options' | 'pickup-options', o: YmlOption) =>
  `<${tag}><option cost="${o.cost}" days="${xmlEscape(o.days)}" order-before="${o.orderBefore}"/></${tag}>`;

/** Kopecks as a YML price: whole roubles without decimals, otherwise with two. */
export const ymlPrice = (kopecks: number) => (kopecks % 100 === 0 ? String(kopecks / 100) : (kopecks / 100).toFixed(2));

/** yml_catalog date with the time zone: 2026-11-20T02:25:18+00:00. */
export function ymlHead(shop: YmlShop, categories: YmlCategory[], receiving: YmlReceiving): string {
  const cats = categories
    .map((c) => `      <category id="${c.id}"${c.parentId ? ` parentId="${c.parentId}"` : ''}>${xmlEscape(c.name)}</category>\n`)
    .join('');
  return (
    XML_DECLARATION +
    `<yml_catalog date="${w3cDate(shop.date)}">\n` +
    '  <shop>\n' +
    `    <name>${xmlEscape(shop.name)}</name>\n` +
    `    <company>${xmlEscape(shop.company)}</company>\n` +
    `    <url>${xmlEscape(shop.url)}</url>\n` +
    `    <currencies>\n      <currency id="${YML_CURRENCY}" rate="1"/>\n    </currencies>\n` +
    `    <categories>\n${cats}    </categories>\n` +
    `    ${ymlOptions('delivery-options', receiving.delivery)}\n` +
    (receiving.pickup ? `    ${ymlOptions('pickup-options', receiving.pickup)}\n` : '') +
    '    <offers>\n'
  );
}

export const YML_TAIL = '    </offers>\n  </shop>\n</yml_catalog>\n';

/** Cuts a long text at a word boundary, with an ellipsis. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function ymlOffer(o: YmlOffer): string {
  const lines = [
    `<url>${xmlEscape(o.url)}</url>`,
    `<price>${o.price}</price>`,
    o.oldprice !== null ? `<oldprice>${o.oldprice}</oldprice>` : '',
    `<currencyId>${YML_CURRENCY}</currencyId>`,
    `<categoryId>${o.categoryId}</categoryId>`,
    o.picture ? `<picture>${xmlEscape(o.picture)}</picture>` : '',
    `<pickup>${o.pickup}</pickup>`,
    '<delivery>true</delivery>',
    o.freeDelivery ? ymlOptions('delivery-options', o.freeDelivery) : '',
    `<name>${xmlEscape(o.name)}</name>`,
    o.vendor ? `<vendor>${xmlEscape(o.vendor)}</vendor>` : '',
    `<vendorCode>${xmlEscape(o.vendorCode)}</vendorCode>`,
    o.description ? `<description>${xmlEscape(clip(o.description, YML_DESCRIPTION_MAX))}</description>` : '',
  ].filter(Boolean);
  return `      <offer id="${o.id}" available="${o.available}">\n${lines.map((l) => `        ${l}\n`).join('')}      </offer>\n`;
}
