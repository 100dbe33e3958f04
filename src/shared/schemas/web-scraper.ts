import type { AttributeKind } from '../attributes.ts';
import type { Supplier } from '../constants.ts';
import { z } from './z.ts';

/**
 * «Товар по ссылке» (/admin/web-scraper): a product page's address in, a product card out.
 * The card is what a supplier's page says, each field with where on the page it was found.
 */

export const SCRAPE_URL_MESSAGE = 'Вставьте ссылку на страницу товара';

/** The address is only required here: the server's safe fetcher is what judges it. */
export const ScrapeRequestSchema = z.object({
  url: z.string({ error: SCRAPE_URL_MESSAGE }).trim().min(1, SCRAPE_URL_MESSAGE).max(2000, 'Ссылка не длиннее 2000 символов'),
});
export type ScrapeRequest = z.output<typeof ScrapeRequestSchema>;

/** Where a value was found: schema.org JSON-LD, microdata, Open Graph tags, or the page's own layout. */
export const FIELD_SOURCES = ['json-ld', 'microdata', 'opengraph', 'page'] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

export const FIELD_SOURCE_LABELS: Record<FieldSource, string> = {
  'json-ld': 'JSON-LD',
  microdata: 'Микроразметка',
  opengraph: 'Open Graph',
  page: 'Страница',
};

export type Extracted<T> = { value: T; source: FieldSource } | null;

export type Availability = 'in_stock' | 'out_of_stock';
export type ProductSpec = { name: string; value: string };

/** One of several offers on a page (configurations, sets): what distinguishes it. */
export type ProductOffer = {
  name: string | null;
  sku: string | null;
  priceKopecks: number | null;
  currency: string | null;
  availability: Availability | null;
};

/** What a product page says; a field the page does not give is null. */
export type ProductCard = {
  name: Extracted<string>;
  sku: Extracted<string>;
  brand: Extracted<string>;
  priceKopecks: Extracted<number>;
  /** ISO 4217, `RUB` for roubles (`RUR` and `₽` included). */
  currency: Extracted<string>;
  availability: Extracted<Availability>;
  /** Clean text: paragraphs separated by an empty line, list items as «— …» lines. */
  description: Extracted<string>;
  shortDescription: Extracted<string>;
  /** Absolute http(s) addresses, largest first where the page tells sizes, each once. */
  pictures: Extracted<string[]>;
  specs: Extracted<ProductSpec[]>;
  /** The catalogue path above the product, without «Главная» and the product itself. */
  breadcrumbs: Extracted<string[]>;
  /** Only when the page offers several (two or more) variants. */
  offers: Extracted<ProductOffer[]>;
};

/** A picture taken from the page and stored by the shop (WebP under /uploads/). */
export type StoredPicture = { source: string; url: string };

/** `POST /api/admin/web-scraper/extract`. */
export type ScrapeResult = {
  /** The page's final address (after redirects). */
  url: string;
  card: ProductCard;
  /** The card's pictures the shop stored, in the card's order (at most 10); those that failed are in `pictureErrors`. */
  pictures: StoredPicture[];
  pictureErrors: { source: string; message: string }[];
  /** Shop products with the card's SKU or an offer's SKU (`matchedSku`), as their SKU or supplier SKU. */
  duplicates: { id: number; name: string; sku: string; matchedSku: string }[];
  /** The shop's supplier the card's brand names (DCK, P.I.T), if any. */
  supplier: Supplier | null;
  /** The card's brand as the catalogue adapter's spellings write it (`Dck` → `DCK`), if the page names one. */
  brand: string | null;
  /** The shop category the catalogue adapter's rules give for the page's breadcrumbs and name, if any. */
  categoryId: number | null;
};

/**
 * A row of the page's «Характеристики» as the product form's «Характеристики» takes it
 * (docs/decisions/034): the shop's attribute its name resolves to through the suppliers'
 * spellings (a spelling never seen made a new attribute, as every import does) and its value.
 */
export type ScrapedCharacteristic = {
  /** The row as the page writes it. */
  name: string;
  value: string;
  attribute: { id: number; name: string; unit: string | null; kind: AttributeKind };
  /**
   * The form field's text: the value as the attribute keeps it («1 100 Вт» → «1100»), or as
   * written when it is not of the attribute's kind (`fits` false: saving says why). Null when an
   * earlier row of the page already filled this attribute.
   */
  formValue: string | null;
  fits: boolean;
};

/** `POST /api/admin/web-scraper/extract`: the page read, and its characteristics for the product form. */
export type ExtractAnswer = ScrapeResult & { characteristics: ScrapedCharacteristic[] };
