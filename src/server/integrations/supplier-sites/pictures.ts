import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { scrapedItems } from '../../db/schema.ts';
import { FetchError } from '../../core/safe-fetch.ts';
import type { PageFetch } from './page-fetch.ts';
import type { StoredPicture } from '#shared/schemas/web-scraper.ts';
import { PictureStoreError } from '../../core/picture-store.ts';
import { PICTURE_MAX_BYTES, UPLOAD_TYPE_MESSAGE, detectImage, saveUpload, toWebp } from '../../core/pictures.ts';

/**
 * A supplier's pictures become the shop's own: downloaded through the safe fetcher, checked by
 * their content like an upload, converted to WebP no larger than the product page needs, and
 * stored with the uploads. The shop never shows a picture from another site.
 */

/** More pictures than a product card needs are not downloaded. */
export const PICTURES_LIMIT = 10;
/** Pictures downloaded at once: one page's pictures come from one or two hosts. */
const PARALLEL = 3;

export type PictureResult = { pictures: StoredPicture[]; errors: { source: string; message: string }[] };

/** Stores the first PICTURES_LIMIT pictures in their order; a picture that fails is reported, not fatal. */
export async function storePictures(sources: string[], config: Config, fetch: PageFetch): Promise<PictureResult> {
  const wanted = sources.slice(0, PICTURES_LIMIT);
  const outcomes: ({ url: string } | { message: string })[] = [];
  for (let i = 0; i < wanted.length; i += PARALLEL) {
    outcomes.push(...(await Promise.all(wanted.slice(i, i + PARALLEL).map((source) => storePicture(source, config, fetch)))));
  }
  const result: PictureResult = { pictures: [], errors: [] };
  outcomes.forEach((outcome, index) => {
    const source = wanted[index]!;
    if ('url' in outcome) result.pictures.push({ source, url: outcome.url });
    else result.errors.push({ source, message: outcome.message });
  });
  return result;
}

async function storePicture(source: string, config: Config, fetch: PageFetch): Promise<{ url: string } | { message: string }> {
  let bytes: Buffer;
  try {
    bytes = (await fetch(source, { maxBytes: PICTURE_MAX_BYTES, accept: ['image/'] })).body;
  } catch (error) {
    if (error instanceof FetchError) return { message: error.message };
    throw error;
  }
  if (!detectImage(bytes)) return { message: UPLOAD_TYPE_MESSAGE };
  let webp: Buffer;
  try {
    webp = await toWebp(bytes);
  } catch {
    return { message: 'Изображение повреждено: его не удалось прочитать' };
  }
  try {
    return await saveUpload(config, webp);
  } catch (error) {
    // The bucket refusing is this picture's failure, reported beside it, like a download that failed.
    if (error instanceof PictureStoreError) return { message: error.message };
    throw error;
  }
}

/** Every string in a stored card that is an old address, replaced by the new one. */
function replaceUrls(value: unknown, moved: Map<string, string>): unknown {
  if (typeof value === 'string') return moved.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => replaceUrls(item, moved));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceUrls(item, moved)]));
  return value;
}

/**
 * Pictures moved to object storage (`npm run pictures:to-s3`): the cards waiting for review
 * show them at their new addresses. The number of cards rewritten.
 */
export async function replaceScrapedPictureUrls(db: Db, moved: Map<string, string>): Promise<number> {
  if (moved.size === 0) return 0;
  const rows = await db.select({ id: scrapedItems.id, data: scrapedItems.data }).from(scrapedItems).where(sql`${scrapedItems.data}::text like '%"/uploads/%'`);
  let rewritten = 0;
  for (const row of rows) {
    const data = replaceUrls(row.data, moved);
    if (JSON.stringify(data) === JSON.stringify(row.data)) continue;
    await db.update(scrapedItems).set({ data }).where(eq(scrapedItems.id, row.id));
    rewritten++;
  }
  return rewritten;
}
