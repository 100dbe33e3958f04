import * as cheerio from 'cheerio';
import type { Extracted, FieldSource, ProductCard, ProductSpec } from '#shared/schemas/web-scraper.ts';
import { fromJsonLd } from './json-ld.ts';
import { fromMicrodata } from './microdata.ts';
import { fromOpenGraph } from './open-graph.ts';
import { fromPageLayout } from './page-layout.ts';
import type { Found, Page } from './types.ts';
import { absoluteUrl, cleanSpecs, namesProduct, orderPictures } from './values.ts';

/**
 * A product page → the product card. Each field comes from the first source that gives it, in
 * the order of trust: schema.org JSON-LD, microdata, Open Graph, then the page's own layout.
 * Pictures too come from one source: another one mostly repeats them at another size.
 */
export function extractProduct(input: { html: string | Buffer; url: string; contentType?: string }): ProductCard {
  const page = loadPage(input);
  const found: [FieldSource, Found][] = [
    ['json-ld', fromJsonLd(page)],
    ['microdata', fromMicrodata(page)],
    ['opengraph', fromOpenGraph(page)],
    ['page', fromPageLayout(page)],
  ];
  const pick = <K extends keyof Found>(key: K): Extracted<NonNullable<Found[K]>> => {
    for (const [source, values] of found) {
      const value = values[key];
      if (value !== undefined && value !== null) return { value: value as NonNullable<Found[K]>, source };
    }
    return null;
  };
  const description = pick('description');
  const name = pick('name');
  const sku = pick('sku');
  return {
    name,
    sku,
    brand: pick('brand'),
    priceKopecks: pick('priceKopecks'),
    currency: pick('currency'),
    availability: pick('availability'),
    description,
    // The page's meta description is written for search engines («купить … по низкой цене»): only a page without a description of its own gets it.
    shortDescription: shortFrom(description) ?? pick('shortDescription'),
    pictures: ((pictures) => pictures && { value: orderPictures(pictures.value).map((p) => p.url), source: pictures.source })(pick('pictures')),
    specs: combinedSpecs(found),
    breadcrumbs: categoryCrumbs(pick('breadcrumbs'), name?.value, sku?.value),
    offers: pick('offers'),
  };
}

/**
 * Specifications from every source, each name once (the more trusted source's value wins): a
 * shop's markup often gives one or two properties while its «Характеристики» table has them all.
 */
function combinedSpecs(found: [FieldSource, Found][]): Extracted<ProductSpec[]> {
  const giving = found.filter(([, values]) => values.specs?.length);
  if (giving.length === 0) return null;
  return { value: cleanSpecs(giving.flatMap(([, values]) => values.specs!)), source: giving[0]![0] };
}

/** The trail's categories: a last crumb that names the product itself (its name, shortened or not, or its SKU) is left out. */
function categoryCrumbs(crumbs: Extracted<string[]>, name: string | undefined, sku: string | undefined): Extracted<string[]> {
  if (!crumbs || !namesProduct(crumbs.value.at(-1)!, name, sku)) return crumbs;
  const value = crumbs.value.slice(0, -1);
  return value.length > 0 ? { value, source: crumbs.source } : null;
}

/**
 * Bytes are decoded as the page says (BOM, the Content-Type charset, `<meta charset>`), and as
 * UTF-8 when it says nothing; relative addresses resolve against `<base href>` or the page.
 */
function loadPage(input: { html: string | Buffer; url: string; contentType?: string }): Page {
  const charset = /charset=["']?([\w-]+)/i.exec(input.contentType ?? '')?.[1];
  const $ =
    typeof input.html === 'string'
      ? cheerio.load(input.html)
      : cheerio.loadBuffer(input.html, { encoding: { transportLayerEncodingLabel: charset, defaultEncoding: 'utf-8' } });
  const baseUrl = absoluteUrl($('base[href]').attr('href'), input.url) ?? input.url;
  return { $, baseUrl };
}

const SHORT_LIMIT = 500;

/** Without a short description of its own: the description's first paragraph, cut at a sentence within 500 characters. */
function shortFrom(description: Extracted<string>): Extracted<string> {
  if (!description) return null;
  const paragraph = description.value.split(/\n/)[0]!;
  if (paragraph.length <= SHORT_LIMIT) return { value: paragraph, source: description.source };
  const cut = paragraph.slice(0, SHORT_LIMIT);
  const sentenceEnd = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('! '), cut.lastIndexOf('? '));
  const value = sentenceEnd > 100 ? cut.slice(0, sentenceEnd + 1) : `${cut.slice(0, cut.lastIndexOf(' '))}…`;
  return { value, source: description.source };
}
