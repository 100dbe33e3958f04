/**
 * Restores a backup made by the shop: `npm run restore -- <file>` (or a copy's name, looked up
 * where the shop keeps its copies: DATA_DIR/backups or the closed bucket S3_PRIVATE_BUCKET).
 * Stop the shop first. Reads the same environment as the shop (DATA_DIR, DATABASE_URL).
 * See README.md, "Backups", and docs/decisions/005-backups.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_FILE_NAME } from '#shared/schemas/backup.ts';
import { loadConfig } from '#server/config.ts';
import { restoreBackup } from '#server/modules/backups/restore.ts';
import { backupShelf } from '#server/modules/backups/shelf.ts';

const given = process.argv[2];
if (!given) {
  console.error('Укажите файл резервной копии: npm run restore -- <файл или имя копии>');
  process.exit(2);
}

try {
  const config = loadConfig();
  // A copy's name alone (backup-….sql.gz) is looked up where the shop keeps its copies: with
  // S3_PRIVATE_BUCKET it is brought from the bucket first.
  const file = fs.existsSync(given) || !BACKUP_FILE_NAME.test(given) ? path.resolve(given) : await backupShelf(config).localCopy(given);
  const target = config.databaseUrl ? 'сервер PostgreSQL (DATABASE_URL)' : `встроенная база в ${path.join(config.dataDir, 'pglite')}`;
  console.log(`Восстановление из ${file}\nКуда: ${target}\nМагазин должен быть остановлен.`);
  const result = await restoreBackup(config, file, new Date(), (message) => console.log(message));
  console.log(`Готово: данные восстановлены${result.safetyCopy ? ` (прежние данные: ${result.safetyCopy})` : ''}. Запустите магазин.`);
  process.exit(0);
} catch (error) {
  console.error(`Восстановление не выполнено: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
