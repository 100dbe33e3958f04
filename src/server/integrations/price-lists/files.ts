import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';

/**
 * Price lists as received: uploads and fetched files are kept under `<dataDir>/imports/` by a
 * random name (never the sender's), until the import that read them is applied.
 */

const STORED_NAME = /^[0-9a-f]{32}$/;

export const importsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'imports');

/** A fresh name and its path; the folder is made when missing. */
export function newStoredFile(config: Pick<Config, 'dataDir'>): { name: string; filePath: string } {
  const dir = importsDir(config);
  fs.mkdirSync(dir, { recursive: true });
  const name = randomBytes(16).toString('hex');
  return { name, filePath: path.join(dir, name) };
}

/** The path of a stored file, or null when the name is not one the shop made or the file is gone. */
export function storedFilePath(config: Pick<Config, 'dataDir'>, name: string | null): string | null {
  if (!name || !STORED_NAME.test(name)) return null;
  const filePath = path.join(importsDir(config), name);
  return fs.existsSync(filePath) ? filePath : null;
}

/** The file an import reads; an import whose file is gone (applied, removed by hand) cannot be read again. */
export function requireStoredFile(config: Pick<Config, 'dataDir'>, imp: { storedFile: string | null }): string {
  const filePath = storedFilePath(config, imp.storedFile);
  if (!filePath) throw new Error('Файл прайс-листа больше не хранится: загрузите его снова');
  return filePath;
}

export async function removeStoredFile(config: Pick<Config, 'dataDir'>, name: string | null): Promise<void> {
  if (!name || !STORED_NAME.test(name)) return;
  await fs.promises.rm(path.join(importsDir(config), name), { force: true });
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
