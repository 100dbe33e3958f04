import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Config } from '../config.ts';
import { HttpError, badRequest } from './http-errors.ts';
import { CONTENT_TYPES, pictureStore } from './picture-store.ts';

/** Product pictures: JPEG, PNG or WebP, at most 5 MB, recognised by their first bytes. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPE_MESSAGE = 'Можно загрузить только изображение JPEG, PNG или WebP';
export const UPLOAD_SIZE_MESSAGE = 'Файл слишком большой: не более 5 МБ';

type ImageKind = { ext: 'jpg' | 'png' | 'webp' };

/** The image type from the file's content (magic bytes), never from its name or stated type. */
export function detectImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { ext: 'jpg' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { ext: 'png' };
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return { ext: 'webp' };
  return null;
}

/**
 * Stores a picture in the picture store (`DATA_DIR/uploads` or the S3 bucket) under a random name
 * and returns its public address (cached for a year: a name is never reused). A bucket that
 * refuses answers PictureStoreError (502) and nothing is stored.
 */
export async function saveUpload(config: Config, bytes: Buffer): Promise<{ url: string }> {
  if (bytes.length === 0) throw badRequest('Файл пустой');
  const kind = detectImage(bytes);
  if (!kind) throw new HttpError(415, UPLOAD_TYPE_MESSAGE);
  const key = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  return { url: await pictureStore(config).put(key, bytes, CONTENT_TYPES[kind.ext]!) };
}

/** A picture fetched from elsewhere (a supplier's site, a 1C export) is larger than an upload may be. */
export const PICTURE_MAX_BYTES = 20 * 1024 * 1024;
/** The longest side kept: the product page shows pictures up to 600 px wide, twice that for sharp screens. */
const PICTURE_MAX_SIDE = 1200;
const WEBP_QUALITY = 82;
/** Decoding a picture with more pixels than this is refused (a 20 MB file can claim gigapixels). */
const MAX_INPUT_PIXELS = 60_000_000;

/** Turned upright by its EXIF orientation, at most PICTURE_MAX_SIDE on the longest side, never enlarged. */
export function toWebp(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
}
