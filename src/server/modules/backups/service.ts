/**
 * Backups: a full copy of the shop's data in `${dataDir}/backups/`.
 * - PGlite: the data folder itself (`dumpDataDir`, a .tar.gz), restored by loading it back.
 * - PostgreSQL: a logical SQL copy written by `sql-dump.ts` (.sql.gz).
 * Restoring is `npm run restore -- <file>` (restore.ts). Decision record: docs/decisions/005-backups.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/connection.ts';
import { settings } from '../../db/schema.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import {
  BACKUP_FILE_NAME,
  BackupSettingsSchema,
  DEFAULT_BACKUP_SETTINGS,
  backupPicturesNote,
  type BackupKind,
  type BackupPictures,
  type BackupSettings,
} from '#shared/schemas/backup.ts';
import type { BackupFile, BackupOverview } from '#shared/types.ts';
import { queryRows, writeSqlDump } from './sql-dump.ts';
import { DAY_MS, SHOP_OFFSET_MS } from '../../core/time.ts';
import { nextSlot } from './schedule.ts';

export type BackupDeps = { config: Config; database: Database };

const SETTINGS_KEY = 'backup';

export const backupDir = (config: Config) => path.join(config.dataDir, 'backups');

/** Where the pictures are: no copy holds them (docs/decisions/039), and each copy says so. */
export const picturesOf = (config: Config): BackupPictures =>
  config.s3 ? { storage: 's3', bucket: config.s3.bucket, publicUrl: config.s3.publicUrl } : { storage: 'disk' };

/**
 * A copy's description beside it (`<copy>.json`: where the pictures were, in words too), as an
 * embedded database's archive has no room for one; a SQL copy also says it in its header.
 */
const descriptionPath = (file: string) => `${file}.json`;

function readDescription(file: string): BackupPictures | null {
  try {
    const value = JSON.parse(fs.readFileSync(descriptionPath(file), 'utf8')) as { pictures?: BackupPictures };
    return value.pictures ?? null;
  } catch {
    return null;
  }
}

/** What is stored under the `backup` key: the settings and since when automatic copies are on. */
type StoredBackupSettings = BackupSettings & { enabledSince?: string | null };

export async function getStoredBackupSettings(db: Db): Promise<StoredBackupSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTINGS_KEY));
  const value = (row?.value ?? {}) as Partial<StoredBackupSettings>;
  const parsed = BackupSettingsSchema.safeParse({ ...DEFAULT_BACKUP_SETTINGS, ...value });
  return { ...(parsed.success ? parsed.data : DEFAULT_BACKUP_SETTINGS), enabledSince: value.enabledSince ?? null };
}

export async function getBackupSettings(db: Db): Promise<BackupSettings> {
  const { enabledSince: _since, ...rest } = await getStoredBackupSettings(db);
  return rest;
}

/** Saves the settings; switching automatic copies on starts counting from now (no instant copy). */
export async function saveBackupSettings(db: Db, value: BackupSettings, now: Date): Promise<BackupSettings> {
  const before = await getStoredBackupSettings(db);
  const enabledSince = value.enabled ? (before.enabled && before.enabledSince ? before.enabledSince : now.toISOString()) : null;
  const stored: StoredBackupSettings = { ...value, enabledSince };
  await db
    .insert(settings)
    .values({ key: SETTINGS_KEY, value: stored, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: stored, updatedAt: now } });
  return value;
}

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

export function listBackups(config: Config): BackupFile[] {
  const dir = backupDir(config);
  if (!fs.existsSync(dir)) return [];
  const files: BackupFile[] = [];
  for (const name of fs.readdirSync(dir)) {
    const m = BACKUP_FILE_NAME.exec(name);
    const createdAt = backupTime(name);
    if (!m || !createdAt) continue;
    const stat = fs.statSync(path.join(dir, name));
    if (!stat.isFile()) continue;
    files.push({ name, size: stat.size, createdAt: createdAt.toISOString(), kind: m[3] as BackupKind, pictures: readDescription(path.join(dir, name)) });
  }
  return files.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.name < b.name ? 1 : -1));
}

/** The path of a backup to download: only names the shop makes, only files that exist. */
export function backupPath(config: Config, name: string): string {
  if (!BACKUP_FILE_NAME.test(name)) throw notFound('Резервная копия не найдена');
  const file = path.join(backupDir(config), name);
  if (!fs.existsSync(file)) throw notFound('Резервная копия не найдена');
  return file;
}

/** A backup to download: its stream and size. */
export function openBackup(config: Config, name: string): { stream: fs.ReadStream; size: number } {
  const file = backupPath(config, name);
  return { stream: fs.createReadStream(file), size: fs.statSync(file).size };
}

async function appliedMigrations(db: Db): Promise<number> {
  try {
    const [row] = await queryRows<{ n: number }>(db, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    return Number(row?.n ?? 0);
  } catch {
    return 0;
  }
}

/** Writes a logical SQL copy of any PostgreSQL (server or PGlite) to a gzip file. */
export async function writeSqlBackup(db: Db, file: string, now: Date, pictures?: BackupPictures) {
  const gzip = createGzip({ level: 6 });
  // Opened here, synchronously: a file that already exists (a copy in progress) fails at once.
  const out = fs.createWriteStream(file, { fd: fs.openSync(file, 'wx') });
  const finished = new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve());
    out.on('error', reject);
    gzip.on('error', reject);
  });
  gzip.pipe(out);
  try {
    await writeSqlDump(
      db,
      async (line) => {
        if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
      },
      { createdAt: now, migrations: await appliedMigrations(db), pictures: pictures && backupPicturesNote(pictures) },
    );
  } catch (error) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(file, { force: true });
    throw error;
  }
  gzip.end();
  await finished;
}

/**
 * A full copy of the data, written to a temporary name and renamed when complete, so the list
 * never shows half a copy. A second copy in the same second is refused.
 */
export async function createBackup(deps: BackupDeps, kind: BackupKind, now: Date): Promise<BackupFile> {
  const dir = backupDir(deps.config);
  fs.mkdirSync(dir, { recursive: true });
  const { database } = deps;
  const name = backupFileName(kind, database.kind === 'pglite' ? 'tar.gz' : 'sql.gz', now);
  const final = path.join(dir, name);
  const partial = `${final}.partial`;
  if (fs.existsSync(final)) throw conflict('Резервная копия уже создаётся. Подождите несколько секунд и повторите.');
  const pictures = picturesOf(deps.config);
  try {
    if (database.kind === 'pglite' && database.pglite) {
      const handle = fs.openSync(partial, 'wx');
      try {
        await database.pglite.query('CHECKPOINT');
        const dump = await database.pglite.dumpDataDir('gzip');
        fs.writeFileSync(handle, Buffer.from(await dump.arrayBuffer()));
      } finally {
        fs.closeSync(handle);
      }
    } else {
      await writeSqlBackup(database.db, partial, now, pictures);
    }
    fs.writeFileSync(descriptionPath(final), JSON.stringify({ pictures, note: backupPicturesNote(pictures) }, null, 2));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw conflict('Резервная копия уже создаётся. Подождите несколько секунд и повторите.');
    }
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, final);
  const stat = fs.statSync(final);
  return { name, size: stat.size, createdAt: (backupTime(name) ?? now).toISOString(), kind, pictures };
}

/** Deletes copies older than the retention period; the newest copy is always kept. */
export function applyRetention(config: Config, retentionDays: number, now: Date): string[] {
  const [newest, ...older] = listBackups(config);
  if (!newest) return [];
  const limit = now.getTime() - retentionDays * DAY_MS;
  const removed: string[] = [];
  for (const file of older) {
    if (new Date(file.createdAt).getTime() < limit) {
      fs.rmSync(path.join(backupDir(config), file.name), { force: true });
      fs.rmSync(descriptionPath(path.join(backupDir(config), file.name)), { force: true });
      removed.push(file.name);
    }
  }
  return removed;
}

export async function backupOverview(deps: BackupDeps, now: Date): Promise<BackupOverview> {
  const backupSettings = await getBackupSettings(deps.database.db);
  const backups = listBackups(deps.config);
  return {
    backups,
    settings: backupSettings,
    lastBackupAt: backups[0]?.createdAt ?? null,
    nextRunAt: backupSettings.enabled ? nextSlot(backupSettings.frequency, now).toISOString() : null,
    databaseKind: deps.database.kind,
    pictures: picturesOf(deps.config),
  };
}
