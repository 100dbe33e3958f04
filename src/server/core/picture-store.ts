import fs from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../config.ts';
import { HttpError } from './http-errors.ts';

/**
 * Where the shop keeps its pictures (docs/decisions/039): `DATA_DIR/uploads`, served at /uploads/,
 * by default; an S3-compatible bucket (Yandex Object Storage, Selectel, VK Cloud, MinIO) read by
 * browsers at S3_PUBLIC_URL when the S3_* settings are given, so several machines share them.
 * Every picture the shop writes goes through `put`, and what is stored in the database is the
 * address `put` returns: pictures written before a switch keep theirs until `npm run pictures:to-s3`
 * moves them.
 */
export type PictureStore = {
  kind: 'disk' | 's3';
  /** Writes a new picture under a key never used before; its public address. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Removes a picture; one already gone is no error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The address pages link to: `/uploads/<key>` or `S3_PUBLIC_URL/<key>`. */
  publicUrl(key: string): string;
  /** The key of an address this store gave, or null for any other address. */
  keyOf(url: string): string | null;
};

/** Keys are the flat names the shop makes (`<32 hex>.webp`): no folders, nothing to escape. */
const KEY = /^[\w-]+\.[a-z]+$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a picture key: ${key}`);
  return key;
}

export const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The content type of a stored picture by its key's extension. */
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

export const uploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');

/** Today's behaviour: files in `DATA_DIR/uploads`, served by the shop at /uploads/ with a one-year cache. */
export function diskPictureStore(dataDir: string): PictureStore {
  const dir = uploadsDir({ dataDir });
  return {
    kind: 'disk',
    async put(key, bytes) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, checkKey(key)), bytes, { flag: 'wx' });
      return `/uploads/${key}`;
    },
    async delete(key) {
      await fs.rm(path.join(dir, checkKey(key)), { force: true });
    },
    async exists(key) {
      return fs.stat(path.join(dir, checkKey(key))).then((stat) => stat.isFile(), () => false);
    },
    publicUrl: (key) => `/uploads/${checkKey(key)}`,
    keyOf: (url) => {
      const key = /^\/uploads\/([^/]+)$/.exec(url)?.[1];
      return key && KEY.test(key) ? key : null;
    },
  };
}

/** What staff read when the bucket refuses or cannot be reached. */
export class PictureStoreError extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}

/**
 * S3's refusal (its XML error code) or the network's, in words an administrator can act on;
 * `setting` names what configures the bucket.
 */
export function s3Refusal(bucket: string, setting: string, error: unknown): string {
  const code = error instanceof S3ServiceException ? error.name : null;
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  if (code === 'InvalidAccessKeyId' || code === 'SignatureDoesNotMatch') {
    return 'хранилище не приняло ключ доступа. Сообщите администратору: проверьте S3_ACCESS_KEY_ID и S3_SECRET_ACCESS_KEY';
  }
  if (code === 'NoSuchBucket') return `корзина «${bucket}» не найдена. Сообщите администратору: проверьте ${setting}`;
  if (status === 403) {
    // AccessDenied, or a HEAD answer, which has no body to name the refusal.
    return `хранилище отказало в доступе к корзине «${bucket}». Сообщите администратору: проверьте ключ доступа (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) и его права на корзину`;
  }
  if (status) return `хранилище ответило ошибкой ${status}. Повторите позже`;
  return 'хранилище недоступно. Повторите позже';
}

const storeFailure = (action: string, s3: S3Config, error: unknown) =>
  new PictureStoreError(`Не удалось ${action} картинку в хранилище S3: ${s3Refusal(s3.bucket, 'S3_BUCKET', error)}`);

export const isNotFound = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;

/** A client of the configured storage; one per store, as it keeps its connections. */
export function s3Client(s3: S3Config): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // MinIO and most S3-compatible services address buckets by path, not by a subdomain.
    forcePathStyle: true,
    // The SDK's newer default checksums (CRC32 headers on every request) are not accepted by every
    // S3-compatible service; Content-MD5/SHA-256 signing is what they all take.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/** Pictures as objects of one bucket, read by browsers at `S3_PUBLIC_URL/<key>`. */
export function s3PictureStore(s3: S3Config): PictureStore {
  const client = s3Client(s3);
  const publicUrl = (key: string) => `${s3.publicUrl}/${checkKey(key)}`;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: s3.bucket,
            Key: checkKey(key),
            Body: bytes,
            ContentType: contentType,
            // A key is never reused (random names), so browsers and CDNs may keep a picture for a year.
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      } catch (error) {
        throw storeFailure('сохранить', s3, error);
      }
      return publicUrl(key);
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: checkKey(key) }));
      } catch (error) {
        if (!isNotFound(error)) throw storeFailure('удалить', s3, error);
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: checkKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw storeFailure('проверить', s3, error);
      }
    },
    publicUrl,
    keyOf: (url) => {
      if (!url.startsWith(`${s3.publicUrl}/`)) return null;
      const key = url.slice(s3.publicUrl.length + 1);
      return KEY.test(key) ? key : null;
    },
  };
}

const stores = new WeakMap<Config, PictureStore>();

/** The store the configuration names, one per configuration (the S3 client keeps its connections). */
export function pictureStore(config: Config): PictureStore {
  let store = stores.get(config);
  if (!store) {
    store = config.s3 ? s3PictureStore(config.s3) : diskPictureStore(config.dataDir);
    stores.set(config, store);
  }
  return store;
}

/**
 * Deletes a picture the shop stored, wherever it is: in the configured store or, for a picture
 * written before the switch to S3 and not moved yet, in `DATA_DIR/uploads`. Other addresses (a
 * picture on another site) are left alone.
 */
export async function deleteStoredPicture(config: Config, url: string): Promise<void> {
  const store = pictureStore(config);
  const key = store.keyOf(url);
  if (key) return store.delete(key);
  const disk = diskPictureStore(config.dataDir);
  const diskKey = disk.keyOf(url);
  if (diskKey) await disk.delete(diskKey);
}
