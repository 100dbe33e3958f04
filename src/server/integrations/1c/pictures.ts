import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { exchange1cPictures } from '../../db/schema.ts';
import { PictureStoreError } from '../../core/picture-store.ts';
import { PICTURE_MAX_BYTES, UPLOAD_TYPE_MESSAGE, detectImage, saveUpload, toWebp } from '../../core/pictures.ts';
import { ExchangeFileError, resolveInFolder } from './files.ts';

/**
 * A product's picture from the archive's `import_files`: checked by its content and converted
 * like the web scraper's pictures (WebP, at most 1200 px), stored with the uploads. A file sent
 * again (the same bytes) is not stored twice. A picture store that refuses is reported for the
 * picture, like a broken file: the product is imported without it.
 */
export async function storeExchangePicture(db: Db, config: Config, folder: string, name: string): Promise<{ url: string } | { message: string }> {
  let file: string;
  try {
    file = resolveInFolder(folder, name);
  } catch (error) {
    if (error instanceof ExchangeFileError) return { message: error.message };
    throw error;
  }
  const stat = await fs.stat(file).catch(() => null);
  if (!stat?.isFile()) return { message: `Картинка ${name} не найдена в выгрузке` };
  if (stat.size > PICTURE_MAX_BYTES) return { message: `Картинка ${name} больше ${PICTURE_MAX_BYTES / 1024 / 1024} МБ` };
  const bytes = await fs.readFile(file);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const [known] = await db.select({ url: exchange1cPictures.url }).from(exchange1cPictures).where(eq(exchange1cPictures.sha256, sha256));
  if (known) return { url: known.url };
  if (!detectImage(bytes)) return { message: `Картинка ${name}: ${UPLOAD_TYPE_MESSAGE.toLowerCase()}` };
  let webp: Buffer;
  try {
    webp = await toWebp(bytes);
  } catch {
    return { message: `Картинка ${name} повреждена: её не удалось прочитать` };
  }
  let url: string;
  try {
    ({ url } = await saveUpload(config, webp));
  } catch (error) {
    if (error instanceof PictureStoreError) return { message: `Картинка ${name}: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}` };
    throw error;
  }
  await db.insert(exchange1cPictures).values({ sha256, url }).onConflictDoNothing();
  return { url };
}

/**
 * Pictures moved to object storage (`npm run pictures:to-s3`): the remembered addresses follow,
 * so a catalogue sent again links the moved picture. The number of addresses rewritten.
 */
export async function replaceExchangePictureUrls(db: Db, moved: Map<string, string>): Promise<number> {
  let rewritten = 0;
  for (const [from, to] of moved) {
    rewritten += (await db.update(exchange1cPictures).set({ url: to }).where(eq(exchange1cPictures.url, from)).returning({ sha256: exchange1cPictures.sha256 })).length;
  }
  return rewritten;
}
