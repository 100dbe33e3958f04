import { eq, inArray, or } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { HttpError } from '../../core/http-errors.ts';
import { FetchError } from '../../core/safe-fetch.ts';
import type { Db } from '../../db/connection.ts';
import { products, suppliers } from '../../db/schema.ts';
import { loadCatalogAdapter } from '../../modules/catalog-adapter/adapter.ts';
import { SUPPLIERS } from '#shared/constants.ts';
import type { ExtractAnswer, ProductCard, ScrapeResult } from '#shared/schemas/web-scraper.ts';
import { formCharacteristics } from './characteristics.ts';
import { extractProduct } from './extract/extract-product.ts';
import { shopFetch, type PageFetch } from './page-fetch.ts';
import { storePictures } from './pictures.ts';

/** A product page is read whole; 5 MB holds any real one, inline pictures and all. */
export const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const PAGE_TYPES = ['text/html', 'application/xhtml+xml'];

/**
 * «Товар по ссылке» and each page of a mass run: the page at `url` fetched safely and read into
 * a product card, its pictures stored as the shop's own, and what the shop already knows about
 * it (a product with one of its SKUs, the supplier and category the catalogue adapter gives).
 */
export async function scrapeProductPage(db: Db, config: Config, url: string, fetch: PageFetch = shopFetch(config)): Promise<ScrapeResult> {
  const page = await fetchPage(withScheme(url), fetch);
  const card = extractProduct({ html: page.body, url: page.url, contentType: page.contentType });
  if (!card.name && !card.sku) {
    throw unprocessable('На странице не найден товар: нет ни названия, ни артикула. Проверьте, что это страница одного товара.');
  }
  const [stored, suggested] = await Promise.all([storePictures(card.pictures?.value ?? [], config, fetch), suggestPlace(db, card)]);
  return {
    url: page.url,
    card,
    pictures: stored.pictures,
    pictureErrors: stored.errors,
    duplicates: await productsWithSkus(db, skusOf(card)),
    ...suggested,
  };
}

/** «Товар по ссылке»: the page read as above, and its characteristics as the product form's rows. */
export async function extractProductPage(db: Db, config: Config, url: string): Promise<ExtractAnswer> {
  const result = await scrapeProductPage(db, config, url);
  const { normaliseText } = await loadCatalogAdapter(db);
  return { ...result, characteristics: await formCharacteristics(db, result.card.specs?.value ?? [], normaliseText) };
}

/** `dck-tools.ru/catalog/…` as copied from an address bar without its scheme means https. */
const withScheme = (url: string) => (/^[a-z][a-z\d+.-]*:/i.test(url) ? url : `https://${url}`);

async function fetchPage(url: string, fetch: PageFetch) {
  try {
    return await fetch(url, { maxBytes: PAGE_MAX_BYTES, accept: PAGE_TYPES });
  } catch (error) {
    if (error instanceof FetchError) throw unprocessable(error.message);
    throw error;
  }
}

/** The page could not give a product: the message goes under the address field. */
const unprocessable = (message: string) => new HttpError(422, message, { url: [message] });

/** The card's SKU and each offer's: staff may pick any offer. */
function skusOf(card: ProductCard): string[] {
  const skus = [card.sku?.value, ...(card.offers?.value.map((o) => o.sku) ?? [])];
  return [...new Set(skus.filter((sku): sku is string => !!sku))];
}

/** Shop products whose SKU (or supplier SKU) is one of these. */
async function productsWithSkus(db: Db, skus: string[]): Promise<ScrapeResult['duplicates']> {
  if (skus.length === 0) return [];
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku, supplierSku: products.supplierSku })
    .from(products)
    .where(or(inArray(products.sku, skus), inArray(products.supplierSku, skus)));
  return rows.map((row) => ({ id: row.id, name: row.name, sku: row.sku, matchedSku: skus.includes(row.sku) ? row.sku : row.supplierSku! }));
}

/**
 * Where the catalogue adapter puts the card: the supplier its brand spelling means (`DCK Tools`,
 * `ДЦК` …, if the product form offers it) and the category its rules give for the page's
 * breadcrumbs and name, as they would for the same product in that supplier's price list.
 */
async function suggestPlace(db: Db, card: ProductCard): Promise<Pick<ScrapeResult, 'supplier' | 'brand' | 'categoryId'>> {
  const adapter = await loadCatalogAdapter(db);
  const brand = card.brand ? adapter.brandFor(card.brand.value) : null;
  // A maker the shop also buys from directly (DCK, P.I.T) is the supplier too.
  const supplier = SUPPLIERS.find((known) => known === brand) ?? null;
  const [row] = supplier ? await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.code, supplier)) : [];
  const categoryId = adapter.categoryFor({
    supplierId: row?.id ?? null,
    supplierCategory: card.breadcrumbs?.value.join(' / ') || null,
    name: card.name?.value ?? '',
  });
  return { supplier, brand, categoryId };
}
