import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../config.ts';
import { HttpError } from './http-errors.ts';
import { isNotFound, s3Client, s3Refusal } from './picture-store.ts';

/**
 * Files the shop receives for its jobs and never shows: uploaded and fetched price lists, 1C's
 * exchange files (docs/decisions/039, «Files the jobs read»). With S3_PRIVATE_BUCKET they are
 * objects of that closed bucket, so a job on any machine reads what another machine received;
 * without it they stay in DATA_DIR and `privateFiles` is null. Objects go up and come down as
 * streams through a local file (a price list is up to 50 MB, a 1C catalogue hundreds).
 */
export type PrivateFiles = {
  bucket: string;
  /** Writes a local file to the key (replacing what was there). */
  upload(key: string, filePath: string): Promise<void>;
  put(key: string, body: Buffer): Promise<void>;
  /** Writes the object into a local file, or appends it; false when there is no such object. */
  download(key: string, filePath: string, options?: { append?: boolean }): Promise<boolean>;
  /** The object as a stream with its size (a download passed on as it comes), or null when there is none. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Removes an object; one already gone is no error. */
  delete(key: string): Promise<void>;
  /** The objects under a prefix, by key. */
  list(prefix: string): Promise<{ key: string; size: number }[]>;
};

/** What staff (or 1C) read when the closed bucket refuses or cannot be reached. */
export class PrivateFilesError extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}

function s3PrivateFiles(s3: S3Config, bucket: string): PrivateFiles {
  const client: S3Client = s3Client(s3);
  const guard = async <T>(action: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw new PrivateFilesError(`Не удалось ${action} в хранилище S3: ${s3Refusal(bucket, 'S3_PRIVATE_BUCKET', error)}`);
    }
  };
  const open: PrivateFiles['open'] = (key) =>
    guard('прочитать файл', async () => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
  return {
    bucket,
    open,
    upload: (key, filePath) =>
      guard('сохранить файл', async () => {
        const { size } = await fs.promises.stat(filePath);
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: fs.createReadStream(filePath), ContentLength: size }));
      }),
    put: (key, body) => guard('сохранить файл', async () => void (await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body })))),
    async download(key, filePath, options = {}) {
      const object = await open(key);
      if (!object) return false;
      await pipeline(object.stream, fs.createWriteStream(filePath, { flags: options.append ? 'a' : 'w' }));
      return true;
    },
    exists: (key) =>
      guard('проверить файл', async () => {
        try {
          await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
          return true;
        } catch (error) {
          if (isNotFound(error)) return false;
          throw error;
        }
      }),
    delete: (key) =>
      guard('удалить файл', async () => {
        try {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }),
    list: (prefix) =>
      guard('прочитать список файлов', async () => {
        const found: { key: string; size: number }[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
          for (const object of page.Contents ?? []) found.push({ key: object.Key!, size: object.Size ?? 0 });
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
        return found;
      }),
  };
}

const stores = new WeakMap<Config, PrivateFiles>();

/** The closed bucket the configuration names, or null: the files then stay in DATA_DIR. */
export function privateFiles(config: Config): PrivateFiles | null {
  if (!config.s3?.privateBucket) return null;
  let store = stores.get(config);
  if (!store) {
    store = s3PrivateFiles(config.s3, config.s3.privateBucket);
    stores.set(config, store);
  }
  return store;
}
