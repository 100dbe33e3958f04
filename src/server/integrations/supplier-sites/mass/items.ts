import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { scrapedItems } from '../../../db/schema.ts';
import { ITEM_STATUSES, fieldsOfPage, type ItemCounts, type ScrapedDraft } from '#shared/schemas/mass-scraper.ts';
import type { ScrapeResult } from '#shared/schemas/web-scraper.ts';

/**
 * What a `scraped_items` row keeps in `data`: the page as the web scraper read it (card,
 * stored pictures, suggested supplier and category), and staff's edits once they saved some.
 */
export type ItemData = { page: ScrapeResult; draft: ScrapedDraft | null };

export async function countItems(db: Db, jobId: number): Promise<ItemCounts> {
  const rows = await db.select({ status: scrapedItems.status, n: count() }).from(scrapedItems).where(eq(scrapedItems.jobId, jobId)).groupBy(scrapedItems.status);
  const counts = Object.fromEntries(ITEM_STATUSES.map((status) => [status, 0])) as ItemCounts;
  for (const row of rows) counts[row.status as keyof ItemCounts] = row.n;
  return counts;
}

/**
 * The product form's values a page gives before staff touch it (no price in roubles is 0,
 * «Цена по запросу»); the category the catalogue adapter suggests, or staff's to choose.
 */
export function draftFromPage(page: ScrapeResult): ScrapedDraft {
  const { values } = fieldsOfPage(page);
  return {
    name: values.name ?? '',
    slug: '',
    sku: values.sku ?? '',
    price: values.price ?? 0,
    originalPrice: null,
    stock: null,
    categoryId: values.categoryId ?? null,
    supplier: values.supplier ?? null,
    brand: values.brand ?? '',
    tag: '',
    imageUrl: values.imageUrl ?? '',
    shortDescription: values.shortDescription ?? '',
    description: values.description ?? '',
    isActive: false,
    isFeatured: false,
    weightKg: values.weightKg ?? null,
    lengthCm: values.lengthCm ?? null,
    widthCm: values.widthCm ?? null,
    heightCm: values.heightCm ?? null,
  };
}

/** Staff's edits if saved, else what the page gave. */
export const draftOf = (data: ItemData): ScrapedDraft => data.draft ?? draftFromPage(data.page);
