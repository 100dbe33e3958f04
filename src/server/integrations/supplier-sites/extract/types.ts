import type { CheerioAPI } from 'cheerio';
import type { Availability, ProductOffer, ProductSpec } from '#shared/schemas/web-scraper.ts';

/** A loaded page and the address its relative links resolve against (`<base href>` included). */
export type Page = { $: CheerioAPI; baseUrl: string };

/** A picture's absolute address and, when the page tells it, its size in pixels. */
export type Picture = { url: string; width?: number; height?: number };

/** What one source (JSON-LD, microdata, Open Graph, the layout) found; absent when it found nothing. */
export type Found = {
  name?: string;
  sku?: string;
  brand?: string;
  priceKopecks?: number;
  currency?: string;
  availability?: Availability;
  description?: string;
  shortDescription?: string;
  pictures?: Picture[];
  specs?: ProductSpec[];
  breadcrumbs?: string[];
  offers?: ProductOffer[];
};
