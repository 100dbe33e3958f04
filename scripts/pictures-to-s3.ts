/**
 * Moves the pictures in DATA_DIR/uploads to the S3 bucket and rewrites their addresses:
 * `npm run pictures:to-s3`. Reads the same environment as the shop (S3_*, DATA_DIR, DATABASE_URL).
 * Run again at will: what is moved already is not moved twice. See README, «Картинки в объектном
 * хранилище», and docs/decisions/039-pictures-in-object-storage.md.
 */
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/connection.ts';
import { S3_NOT_CONFIGURED, movePicturesToS3 } from '#server/flows/pictures-to-s3.ts';

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
