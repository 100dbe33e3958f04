import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { privateFiles, type PrivateFiles } from '../../core/private-files.ts';
import type { Exchange1cType } from '#shared/schemas/exchange-1c.ts';
import { ExchangeFileError, MAX_FILE_BYTES, resolveInFolder, safeRelativePath } from './files.ts';

/**
 * The catalogue exchange's files in the closed bucket (S3_PRIVATE_BUCKET, docs/decisions/039),
 * so the `import` job runs on whichever machine takes it, whichever machines took 1C's calls.
 * S3 cannot append, so each part 1C sends is its own object, `exchange-1c/<type>/<name>/<nnnnnn>`
 * (numbered from 1 in the order received); the job brings every file of the exchange down into a
 * folder of its own, parts joined in order, and unpacks archives there as the disk's exchange
 * does. The order exchange keeps its files on the disk: each is applied in the call that sent it.
 */

const PART = /^\d{6}$/;

/** The bucket when the catalogue's files are shared, or null (they stay in `DATA_DIR/exchange-1c`). */
export const sharedExchange = (config: Config, type: Exchange1cType): PrivateFiles | null => (type === 'catalog' ? privateFiles(config) : null);

const prefixOf = (type: Exchange1cType) => `exchange-1c/${type}/`;

/** Every part in the bucket by file name, in order. */
async function partsByName(store: PrivateFiles, prefix: string): Promise<Map<string, { key: string; size: number }[]>> {
  const byName = new Map<string, { key: string; size: number }[]>();
  for (const object of await store.list(prefix)) {
    const rest = object.key.slice(prefix.length);
    const slash = rest.lastIndexOf('/');
    if (slash <= 0 || !PART.test(rest.slice(slash + 1))) continue;
    const name = rest.slice(0, slash);
    byName.set(name, [...(byName.get(name) ?? []), object]);
  }
  for (const parts of byName.values()) parts.sort((a, b) => (a.key < b.key ? -1 : 1));
  return byName;
}

/** `init`: the previous exchange's objects are removed. */
export async function clearShared(store: PrivateFiles, type: Exchange1cType): Promise<void> {
  for (const object of await store.list(prefixOf(type))) await store.delete(object.key);
}

/** `file`: one more part of the named file. */
export async function storeSharedPart(store: PrivateFiles, type: Exchange1cType, name: string, body: Buffer): Promise<void> {
  const relative = safeRelativePath(name);
  const prefix = `${prefixOf(type)}${relative}/`;
  const parts = (await store.list(prefix)).filter((object) => PART.test(object.key.slice(prefix.length)));
  const size = parts.reduce((sum, part) => sum + part.size, 0);
  if (size + body.length > MAX_FILE_BYTES) throw new ExchangeFileError(`Файл ${name} больше ${MAX_FILE_BYTES / 1024 ** 3} ГБ`);
  await store.put(`${prefix}${String(parts.length + 1).padStart(6, '0')}`, body);
}

/** The names of the files received in this exchange (archives not unpacked yet). */
export async function sharedNames(store: PrivateFiles, type: Exchange1cType): Promise<string[]> {
  return [...(await partsByName(store, prefixOf(type))).keys()];
}

/** Writes every file of the exchange into the folder, each one's parts joined in order. */
export async function bringDown(store: PrivateFiles, type: Exchange1cType, folder: string): Promise<void> {
  for (const [name, parts] of await partsByName(store, prefixOf(type))) {
    const target = resolveInFolder(folder, name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, '');
    for (const part of parts) await store.download(part.key, target, { append: true });
  }
}

/** A job's folder older than this was left by a process stopped midway (an import takes minutes). */
const LEFT_AFTER_MS = 24 * 60 * 60 * 1000;

/** A folder of its own for a job, under `DATA_DIR/exchange-1c`; folders left by stopped processes go. */
export async function jobFolder(dataDir: string, now: Date): Promise<string> {
  const root = path.join(dataDir, 'exchange-1c');
  await fs.mkdir(root, { recursive: true });
  for (const name of (await fs.readdir(root)).filter((n) => n.startsWith('job-'))) {
    const stat = await fs.stat(path.join(root, name)).catch(() => null);
    if (stat && stat.mtimeMs < now.getTime() - LEFT_AFTER_MS) await fs.rm(path.join(root, name), { recursive: true, force: true });
  }
  return fs.mkdtemp(path.join(root, 'job-'));
}
