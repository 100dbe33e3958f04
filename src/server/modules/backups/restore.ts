/**
 * Restoring a backup (`npm run restore -- <file>`, scripts/restore.ts). The shop must be stopped
 * first: the data is replaced underneath it.
 * - `.tar.gz` (PGlite data folder): the archive is opened once to prove it is sound, the current
 *   folder is moved aside to `pglite.before-restore-<time>`, and the copy becomes the data folder.
 * - `.sql.gz` (logical copy, any PostgreSQL): the database is migrated, a safety copy of its
 *   present state is written to the backups folder, then every table is emptied and refilled
 *   in one transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { knownMigrations, openDatabase } from '../../db/connection.ts';
import { applySqlDump, dumpMigrations, SQL_DUMP_MAGIC } from './sql-dump.ts';
import { createBackup } from './service.ts';
import { backupShelf } from './shelf.ts';

export type RestoreResult = { kind: 'pglite-folder' | 'sql'; safetyCopy: string | null };

function lines(file: string): readline.Interface {
  const raw = fs.createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  return readline.createInterface({ input, crlfDelay: Infinity });
}

/** The first lines of a SQL copy, read without loading the file. */
async function headerOf(file: string): Promise<string[]> {
  const header: string[] = [];
  const reader = lines(file);
  for await (const line of reader) {
    if (!line.startsWith('--')) break;
    header.push(line);
  }
  reader.close();
  return header;
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

export async function restoreBackup(config: Config, file: string, now = new Date(), say: (message: string) => void = () => {}): Promise<RestoreResult> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new Error(`Файл не найден: ${file}`);

  if (file.endsWith('.tar.gz')) {
    if (config.databaseUrl) {
      throw new Error(
        'Это копия встроенной базы PGlite (.tar.gz): её можно восстановить только без DATABASE_URL. Для сервера PostgreSQL нужна копия .sql.gz.',
      );
    }
    const archive = new Blob([fs.readFileSync(file)]);
    say('Проверка копии...');
    const probe = await openDatabase({ loadDataDir: archive });
    try {
      await probe.db.execute(sql.raw('select count(*) from users'));
    } finally {
      await probe.close();
    }
    const target = path.join(config.dataDir, 'pglite');
    const aside = `${target}.before-restore-${stamp(now)}`;
    const hadData = fs.existsSync(target);
    if (hadData) fs.renameSync(target, aside);
    try {
      const restored = await openDatabase({ dataDir: target, loadDataDir: archive });
      await restored.migrate();
      await restored.close();
    } catch (error) {
      fs.rmSync(target, { recursive: true, force: true });
      if (hadData) fs.renameSync(aside, target);
      throw error;
    }
    if (hadData) say(`Прежние данные сохранены в ${aside}`);
    return { kind: 'pglite-folder', safetyCopy: hadData ? aside : null };
  }

  if (!/\.sql(\.gz)?$/.test(file)) throw new Error('Нужен файл резервной копии магазина: .tar.gz (PGlite) или .sql.gz (SQL)');
  const header = await headerOf(file);
  if (header[0] !== SQL_DUMP_MAGIC) throw new Error('Файл не является резервной копией магазина (нет заголовка shop-sql-dump)');
  const fromMigrations = dumpMigrations(header);
  if (fromMigrations !== null && fromMigrations > knownMigrations()) {
    throw new Error('Копия сделана более новой версией магазина: обновите магазин, затем восстановите копию.');
  }

  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, poolSize: 2 } : { dataDir: path.join(config.dataDir, 'pglite') });
  try {
    await database.migrate();
    say('Сохранение текущих данных перед восстановлением...');
    const safety = await createBackup({ config, database }, 'restore', now);
    say(`Текущие данные сохранены: ${backupShelf(config).where(safety.name)}`);
    say('Восстановление...');
    await applySqlDump(database.db, () => lines(file));
    return { kind: 'sql', safetyCopy: safety.name };
  } finally {
    await database.close();
  }
}
