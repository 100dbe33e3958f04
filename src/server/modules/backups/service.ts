/**
 * Backups: a full copy of the shop's data, kept on the shelf (`shelf.ts`: `${dataDir}/backups/`,
 * or the closed bucket S3_PRIVATE_BUCKET shared by every machine).
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
import { conflict } from '../../core/http-errors.ts';
import {
  BackupSettingsSchema,
  DEFAULT_BACKUP_SETTINGS,
  backupPicturesNote,
  type BackupKind,
  type BackupPictures,
  type BackupSettings,
} from '#shared/schemas/backup.ts';
import type { BackupFile, BackupOverview } from '#shared/types.ts';
import { queryRows, writeSqlDump } from './sql-dump.ts';
import { DAY_MS } from '../../core/time.ts';
import { nextSlot } from './schedule.ts';
import { backupFileName, backupShelf, backupTime, workDir } from './shelf.ts';

export type BackupDeps = { config: Config; database: Database };

const SETTINGS_KEY = 'backup';

/** Where the pictures are: no copy holds them (docs/decisions/039), and each copy says so. */
export const picturesOf = (config: Config): BackupPictures =>
  config.s3 ? { storage: 's3', bucket: config.s3.bucket, publicUrl: config.s3.publicUrl } : { storage: 'disk' };

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
 * A full copy of the data, written to a temporary name and put on the shelf when complete, so the
 * list never shows half a copy. A second copy in the same second is refused.
 */
export async function createBackup(deps: BackupDeps, kind: BackupKind, now: Date): Promise<BackupFile> {
  const dir = workDir(deps.config);
  fs.mkdirSync(dir, { recursive: true });
  const { database } = deps;
  const shelf = backupShelf(deps.config);
  const name = backupFileName(kind, database.kind === 'pglite' ? 'tar.gz' : 'sql.gz', now);
  const partial = path.join(dir, `${name}.partial`);
  const busy = () => conflict('Резервная копия уже создаётся. Подождите несколько секунд и повторите.');
  if (await shelf.has(name)) throw busy();
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
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw busy();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  const { size } = fs.statSync(partial);
  try {
    await shelf.keep(partial, name, { pictures, note: backupPicturesNote(pictures) });
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { name, size, createdAt: (backupTime(name) ?? now).toISOString(), kind, pictures };
}

/** Deletes copies older than the retention period; the newest copy is always kept. */
export async function applyRetention(config: Config, retentionDays: number, now: Date): Promise<string[]> {
  const shelf = backupShelf(config);
  const [newest, ...older] = await shelf.list();
  if (!newest) return [];
  const limit = now.getTime() - retentionDays * DAY_MS;
  const removed: string[] = [];
  for (const file of older) {
    if (new Date(file.createdAt).getTime() < limit) {
      await shelf.remove(file.name);
      removed.push(file.name);
    }
  }
  return removed;
}

export async function backupOverview(deps: BackupDeps, now: Date): Promise<BackupOverview> {
  const backupSettings = await getBackupSettings(deps.database.db);
  const shelf = backupShelf(deps.config);
  const backups = await shelf.list();
  return {
    backups,
    settings: backupSettings,
    lastBackupAt: backups[0]?.createdAt ?? null,
    nextRunAt: backupSettings.enabled ? nextSlot(backupSettings.frequency, now).toISOString() : null,
    databaseKind: deps.database.kind,
    pictures: picturesOf(deps.config),
    shelf: shelf.place,
  };
}
