import * as cheerio from 'cheerio';
import type { Extracted, FieldSource, ProductCard } from '#shared/schemas/web-scraper.ts';
import { fromJsonLd } from './json-ld.ts';
import { fromMicrodata } from './microdata.ts';
import { fromOpenGraph } from './open-graph.ts';
import { fromPageLayout } from './page-layout.ts';
import type { Found, Page } from './types.ts';
import { absoluteUrl, orderPictures } from './values.ts';

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
  return {
    name: pick('name'),
    sku: pick('sku'),
    brand: pick('brand'),
    priceKopecks: pick('priceKopecks'),
    currency: pick('currency'),
    availability: pick('availability'),
    description,
    shortDescription: pick('shortDescription') ?? shortFrom(description),
    pictures: ((pictures) => pictures && { value: orderPictures(pictures.value).map((p) => p.url), source: pictures.source })(pick('pictures')),
    specs: pick('specs'),
    breadcrumbs: pick('breadcrumbs'),
    offers: pick('offers'),
  };
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
