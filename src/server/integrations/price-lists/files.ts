import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';
import { conflict } from '../../core/http-errors.ts';
import { privateFiles } from '../../core/private-files.ts';

/**
 * Price lists as received: uploads and fetched files are kept by a random name (never the
 * sender's) until the import that read them is applied. They are written to `<dataDir>/imports/`;
 * with S3_PRIVATE_BUCKET (docs/decisions/039) each then moves to the object `imports/<name>` of
 * that closed bucket, so the jobs read it on whichever machine they run, and every later reading
 * brings it down to a temporary local file (the readers take files: an xlsx is a zip).
 */

const STORED_NAME = /^[0-9a-f]{32}$/;
const FILE_GONE = 'Файл прайс-листа больше не хранится: загрузите его снова';

export const importsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'imports');

const objectKey = (name: string) => `imports/${name}`;

/** A fresh name and its path; the folder is made when missing. */
export function newStoredFile(config: Pick<Config, 'dataDir'>): { name: string; filePath: string } {
  const dir = importsDir(config);
  fs.mkdirSync(dir, { recursive: true });
  const name = randomBytes(16).toString('hex');
  return { name, filePath: path.join(dir, name) };
}

const localPath = (config: Pick<Config, 'dataDir'>, name: string | null) => (name && STORED_NAME.test(name) ? path.join(importsDir(config), name) : null);

/**
 * Hands a file just written by `newStoredFile` or `storeStream` to the closed bucket, when there
 * is one, and removes the local copy. Nothing to do on the disk.
 */
export async function shareStoredFile(config: Config, name: string): Promise<void> {
  const store = privateFiles(config);
  const filePath = localPath(config, name);
  if (!store || !filePath) return;
  await store.upload(objectKey(name), filePath);
  await fs.promises.rm(filePath, { force: true });
}

/** Whether the file is still kept (the dry run will read it); 409 when it is gone. */
export async function requireStoredFile(config: Config, name: string | null): Promise<void> {
  const filePath = localPath(config, name);
  const kept = filePath !== null && (fs.existsSync(filePath) || ((await privateFiles(config)?.exists(objectKey(name!))) ?? false));
  if (!kept) throw conflict(FILE_GONE);
}

/**
 * Reads a stored file through `read`, which gets a local path: the file in `imports/`, or the
 * bucket's object brought down to a temporary file, removed once read. An import whose file is
 * gone (applied, removed after a week) cannot be read again: 409.
 */
export async function withStoredFile<T>(config: Config, name: string | null, read: (filePath: string) => Promise<T>): Promise<T> {
  const filePath = localPath(config, name);
  if (!filePath) throw conflict(FILE_GONE);
  if (fs.existsSync(filePath)) return read(filePath);
  const store = privateFiles(config);
  if (!store) throw conflict(FILE_GONE);
  const copy = `${filePath}.${randomBytes(4).toString('hex')}.download`;
  await fs.promises.mkdir(importsDir(config), { recursive: true });
  try {
    if (!(await store.download(objectKey(name!), copy))) throw conflict(FILE_GONE);
    return await read(copy);
  } finally {
    await fs.promises.rm(copy, { force: true });
  }
}

/**
 * With the closed bucket every file in `imports/` is passing through (an upload before it is
 * moved, a copy being read): one older than `age` was left by a process that stopped midway.
 */
export async function removeLeftCopies(config: Config, age: number, now: Date): Promise<void> {
  if (!privateFiles(config)) return;
  const dir = importsDir(config);
  for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (stat && stat.mtimeMs < now.getTime() - age) await fs.promises.rm(path.join(dir, name), { force: true });
  }
}

/** Removes a stored file, on the disk and in the bucket. */
export async function removeStoredFile(config: Config, name: string | null): Promise<void> {
  const filePath = localPath(config, name);
  if (!filePath) return;
  await fs.promises.rm(filePath, { force: true });
  await privateFiles(config)?.delete(objectKey(name!));
}

/**
 * Writes an upload's stream to a new stored file as it arrives (the file never sits in memory as
 * a whole). A stream that fails (too large, cut off) leaves no file behind.
 */
export async function storeStream(config: Pick<Config, 'dataDir'>, stream: Readable): Promise<{ name: string; bytes: number }> {
  const { name, filePath } = newStoredFile(config);
  const out = fs.createWriteStream(filePath);
  try {
    await pipeline(stream, out);
    return { name, bytes: out.bytesWritten };
  } catch (error) {
    await fs.promises.rm(filePath, { force: true });
    throw error;
  }
}
