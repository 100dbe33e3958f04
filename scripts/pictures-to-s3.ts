/**
 * Moves the pictures in DATA_DIR/uploads to the S3 bucket and rewrites their addresses:
 * `npm run pictures:to-s3`. Reads the same environment as the shop (S3_*, DATA_DIR, DATABASE_URL).
 * Run again at will: what is moved already is not moved twice. See README, «Pictures in object
 * storage», and docs/decisions/039-pictures-in-object-storage.md.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { like } from 'drizzle-orm';
import { loadConfig, type Config } from '#server/config.ts';
import { openDatabase, type Db } from '#server/db/connection.ts';
import { products } from '#server/db/schema.ts';
import { contentTypeOf, diskPictureStore, pictureStore, uploadsDir } from '#server/core/picture-store.ts';
import { replacePictureUrls } from '#server/modules/products/write/pictures.ts';
import { replaceExchangePictureUrls } from '#server/integrations/1c/pictures.ts';
import { replaceScrapedPictureUrls } from '#server/integrations/supplier-sites/pictures.ts';

export const S3_NOT_CONFIGURED = 'S3 не настроено: задайте S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY и S3_PUBLIC_URL';

export type PictureMoveCounts = {
  /** Files written to the bucket by this run. */
  uploaded: number;
  /** Files the bucket already had (an earlier run stopped half-way, or another machine moved them). */
  alreadyInBucket: number;
  /** Addresses rewritten: products, cards of the web and mass scrapers, pictures 1C sent. */
  products: number;
  scrapedItems: number;
  exchangePictures: number;
  /** Pictures products show at /uploads/ that are neither on this disk nor in the bucket (their addresses are left as they are). */
  missing: number;
  /** Files removed from `DATA_DIR/uploads` once their addresses were rewritten. */
  removedFromDisk: number;
};

/**
 * `npm run pictures:to-s3` (docs/decisions/039): moves the pictures in `DATA_DIR/uploads` to the
 * bucket and rewrites the addresses the database stores, from `/uploads/<key>` to
 * `S3_PUBLIC_URL/<key>` (the same key). In this order, so a run stopped anywhere leaves every
 * address working and the next run finishes the job: a file is written to the bucket (skipped if
 * there already), then the addresses change, then the file leaves the disk. A bucket that refuses
 * stops the run before any address changes.
 */
export async function movePicturesToS3(db: Db, config: Config): Promise<PictureMoveCounts> {
  if (!config.s3) throw new Error(S3_NOT_CONFIGURED);
  const bucket = pictureStore(config);
  const disk = diskPictureStore(config.dataDir);
  const onDisk = (await fs.readdir(uploadsDir(config), { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile() && disk.keyOf(`/uploads/${entry.name}`))
    .map((entry) => entry.name);

  const counts: PictureMoveCounts = { uploaded: 0, alreadyInBucket: 0, products: 0, scrapedItems: 0, exchangePictures: 0, missing: 0, removedFromDisk: 0 };
  const moved = new Map<string, string>();
  for (const key of onDisk) {
    if (await bucket.exists(key)) counts.alreadyInBucket++;
    else {
      await bucket.put(key, await fs.readFile(`${uploadsDir(config)}/${key}`), contentTypeOf(key));
      counts.uploaded++;
    }
    moved.set(disk.publicUrl(key), bucket.publicUrl(key));
  }
  // Products still showing a picture this disk does not have: another machine's run moved it, or it is lost.
  const leftOver = await db.selectDistinct({ url: products.imageUrl }).from(products).where(like(products.imageUrl, '/uploads/%'));
  for (const { url } of leftOver) {
    const key = url && disk.keyOf(url);
    if (!key || moved.has(url!)) continue;
    if (await bucket.exists(key)) moved.set(url!, bucket.publicUrl(key));
    else counts.missing++;
  }

  counts.products = await replacePictureUrls(db, moved);
  counts.scrapedItems = await replaceScrapedPictureUrls(db, moved);
  counts.exchangePictures = await replaceExchangePictureUrls(db, moved);
  for (const key of onDisk) {
    await disk.delete(key);
    counts.removedFromDisk++;
  }
  return counts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const config = loadConfig();
    if (!config.s3) throw new Error(S3_NOT_CONFIGURED);
    // The embedded database is one process's: the shop must be stopped. A PostgreSQL server is shared.
    const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') });
    console.log(`Перенос картинок из ${path.join(config.dataDir, 'uploads')} в корзину «${config.s3.bucket}» (${config.s3.endpoint})`);
    try {
      const counts = await movePicturesToS3(database.db, config);
      console.log(
        [
          `Загружено в корзину: ${counts.uploaded}`,
          `Уже были в корзине: ${counts.alreadyInBucket}`,
          `Адресов обновлено: товары — ${counts.products}, карточки парсеров — ${counts.scrapedItems}, картинки 1С — ${counts.exchangePictures}`,
          `Удалено с диска: ${counts.removedFromDisk}`,
          `Не найдено ни на диске, ни в корзине: ${counts.missing}`,
        ].join('\n'),
      );
    } finally {
      await database.close();
    }
    process.exit(0);
  } catch (error) {
    console.error(`Перенос не выполнен: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
