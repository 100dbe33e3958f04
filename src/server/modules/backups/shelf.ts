/**
 * Where finished copies are kept (docs/decisions/005, 039): `DATA_DIR/backups`, or, with
 * S3_PRIVATE_BUCKET, the closed bucket under `backups/`, so every machine lists, downloads and
 * prunes the same copies whichever machine made them. A copy is written on the local disk first
 * (`workDir`) and handed to the shelf once complete, so no list ever shows half a copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { notFound } from '../../core/http-errors.ts';
import { privateFiles, type PrivateFiles } from '../../core/private-files.ts';
import { SHOP_OFFSET_MS } from '../../core/time.ts';
import { BACKUP_FILE_NAME, type BackupKind, type BackupPictures, type BackupShelfPlace } from '#shared/schemas/backup.ts';
import type { BackupFile } from '#shared/types.ts';

/** What a copy says of itself beside it (`<copy>.json`): an embedded database's archive has no room for it. */
export type BackupDescription = { pictures: BackupPictures; note: string };

export type BackupShelf = {
  place: BackupShelfPlace;
  /** Where a copy of this name is (or would be) kept, as an operator finds it. */
  where(name: string): string;
  has(name: string): Promise<boolean>;
  /** Takes a finished copy from the local disk (the caller removes what is left of it), with its description. */
  keep(file: string, name: string, description: BackupDescription): Promise<void>;
  /** The copies, newest first. */
  list(): Promise<BackupFile[]>;
  /** A copy to download; 404 for any name the shop does not make or does not have. */
  open(name: string): Promise<{ stream: Readable; size: number }>;
  remove(name: string): Promise<void>;
  /** A copy as a local file, brought from the bucket into `workDir` when it is kept there (restoring reads a file). */
  localCopy(name: string): Promise<string>;
};

/** The local folder copies are written in (and kept in, without the bucket). */
export const workDir = (config: Config) => path.join(config.dataDir, 'backups');

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** File names carry the shop's (Moscow) wall-clock time, which is what the admin thinks in. */
export function backupFileName(kind: BackupKind, ext: 'tar.gz' | 'sql.gz', now: Date): string {
  const local = new Date(now.getTime() + SHOP_OFFSET_MS);
  const day = `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`;
  return `backup-${day}-${time}-${kind}.${ext}`;
}

/** The moment a backup was made, from its name. */
export function backupTime(name: string): Date | null {
  const m = BACKUP_FILE_NAME.exec(name);
  if (!m) return null;
  const [, d, t] = m;
  const utc = Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +t.slice(0, 2), +t.slice(2, 4), +t.slice(4, 6));
  return new Date(utc - SHOP_OFFSET_MS);
}

const descriptionName = (name: string) => `${name}.json`;

function parseDescription(text: string): BackupPictures | null {
  try {
    return (JSON.parse(text) as { pictures?: BackupPictures }).pictures ?? null;
  } catch {
    return null;
  }
}

/** A listed copy; null for any other file that happens to be there. */
function backupFile(name: string, size: number, pictures: BackupPictures | null): BackupFile | null {
  const m = BACKUP_FILE_NAME.exec(name);
  const createdAt = backupTime(name);
  if (!m || !createdAt) return null;
  return { name, size, createdAt: createdAt.toISOString(), kind: m[3] as BackupKind, pictures };
}

const newestFirst = (a: BackupFile, b: BackupFile) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.name < b.name ? 1 : -1);

const missing = () => notFound('Резервная копия не найдена');

function diskShelf(dir: string): BackupShelf {
  const fileOf = (name: string) => {
    if (!BACKUP_FILE_NAME.test(name)) throw missing();
    return path.join(dir, name);
  };
  return {
    place: { storage: 'disk' },
    where: (name) => path.join(dir, name),
    has: async (name) => fs.existsSync(fileOf(name)),
    async keep(file, name, description) {
      fs.writeFileSync(path.join(dir, descriptionName(name)), JSON.stringify(description, null, 2));
      fs.renameSync(file, fileOf(name));
    },
    async list() {
      if (!fs.existsSync(dir)) return [];
      const files: BackupFile[] = [];
      for (const name of fs.readdirSync(dir)) {
        const stat = fs.statSync(path.join(dir, name));
        if (!stat.isFile()) continue;
        const description = fs.existsSync(path.join(dir, descriptionName(name))) ? parseDescription(fs.readFileSync(path.join(dir, descriptionName(name)), 'utf8')) : null;
        const file = backupFile(name, stat.size, description);
        if (file) files.push(file);
      }
      return files.sort(newestFirst);
    },
    async open(name) {
      const file = fileOf(name);
      if (!fs.existsSync(file)) throw missing();
      return { stream: fs.createReadStream(file), size: fs.statSync(file).size };
    },
    async remove(name) {
      fs.rmSync(fileOf(name), { force: true });
      fs.rmSync(path.join(dir, descriptionName(name)), { force: true });
    },
    async localCopy(name) {
      if (!fs.existsSync(fileOf(name))) throw missing();
      return fileOf(name);
    },
  };
}

const PREFIX = 'backups/';

function bucketShelf(store: PrivateFiles, dir: string): BackupShelf {
  const keyOf = (name: string) => {
    if (!BACKUP_FILE_NAME.test(name)) throw missing();
    return `${PREFIX}${name}`;
  };
  // A description never changes once written: each is read from the bucket once per process.
  const descriptions = new Map<string, BackupPictures | null>();
  const description = async (name: string) => {
    if (!descriptions.has(name)) {
      const object = await store.open(`${PREFIX}${descriptionName(name)}`);
      let text = '';
      if (object) for await (const chunk of object.stream) text += String(chunk);
      descriptions.set(name, object ? parseDescription(text) : null);
    }
    return descriptions.get(name)!;
  };
  return {
    place: { storage: 's3', bucket: store.bucket },
    where: (name) => `S3_PRIVATE_BUCKET «${store.bucket}», ${keyOf(name)}`,
    has: (name) => store.exists(keyOf(name)),
    async keep(file, name, value) {
      await store.put(`${PREFIX}${descriptionName(name)}`, Buffer.from(JSON.stringify(value, null, 2)));
      try {
        await store.upload(keyOf(name), file);
      } catch (error) {
        await store.delete(`${PREFIX}${descriptionName(name)}`).catch(() => {});
        throw error;
      }
    },
    async list() {
      const objects = await store.list(PREFIX);
      const files = await Promise.all(
        objects.map(async ({ key, size }) => {
          const name = key.slice(PREFIX.length);
          return BACKUP_FILE_NAME.test(name) ? backupFile(name, size, await description(name)) : null;
        }),
      );
      return files.filter((file): file is BackupFile => file !== null).sort(newestFirst);
    },
    async open(name) {
      const object = await store.open(keyOf(name));
      if (!object) throw missing();
      return object;
    },
    async remove(name) {
      await store.delete(keyOf(name));
      await store.delete(`${PREFIX}${descriptionName(name)}`);
      descriptions.delete(name);
    },
    async localCopy(name) {
      const file = path.join(dir, name);
      fs.mkdirSync(dir, { recursive: true });
      if (!(await store.download(keyOf(name), file))) throw missing();
      return file;
    },
  };
}

const shelves = new WeakMap<Config, BackupShelf>();

/** The shelf the configuration names: the closed bucket when there is one, else the data folder. */
export function backupShelf(config: Config): BackupShelf {
  let shelf = shelves.get(config);
  if (!shelf) {
    const store = privateFiles(config);
    shelf = store ? bucketShelf(store, workDir(config)) : diskShelf(workDir(config));
    shelves.set(config, shelf);
  }
  return shelf;
}
