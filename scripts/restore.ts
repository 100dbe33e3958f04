/**
 * Restores a backup made by the shop: `npm run restore -- <file>`.
 * Stop the shop first. Reads the same environment as the shop (DATA_DIR, DATABASE_URL).
 * See README.md, "Backups", and docs/decisions/005-backups.md.
 */
import path from 'node:path';
import { loadConfig } from '#server/config.ts';
import { restoreBackup } from '#server/modules/backups/restore.ts';

const file = process.argv[2];
if (!file) {
  console.error('Укажите файл резервной копии: npm run restore -- <файл>');
  process.exit(2);
}

try {
  const config = loadConfig();
  const target = config.databaseUrl ? 'сервер PostgreSQL (DATABASE_URL)' : `встроенная база в ${path.join(config.dataDir, 'pglite')}`;
  console.log(`Восстановление из ${path.resolve(file)}\nКуда: ${target}\nМагазин должен быть остановлен.`);
  const result = await restoreBackup(config, path.resolve(file), new Date(), (message) => console.log(message));
  console.log(`Готово: данные восстановлены${result.safetyCopy ? ` (прежние данные: ${result.safetyCopy})` : ''}. Запустите магазин.`);
  process.exit(0);
} catch (error) {
  console.error(`Восстановление не выполнено: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
