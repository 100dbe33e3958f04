import { labelledValues } from '../labelled-values.ts';
import { z } from './z.ts';

export const { values: BACKUP_FREQUENCIES, labels: BACKUP_FREQUENCY_LABELS } = labelledValues({
  daily: 'Ежедневно',
  weekly: 'Еженедельно (по понедельникам)',
  monthly: 'Ежемесячно (1-го числа)',
});
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

export const BACKUP_RETENTION_DAYS = [7, 14, 30, 90] as const;
export type BackupRetentionDays = (typeof BACKUP_RETENTION_DAYS)[number];

/** Automatic copies start at this time of the shop's day (Moscow time). */
export const BACKUP_TIME = '03:00';

/** The `backup` settings key: automatic copies on or off, how often, how long copies are kept. */
export const BackupSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Некорректное значение' }).default(false),
  frequency: z.enum(BACKUP_FREQUENCIES, { error: 'Выберите периодичность' }).default('daily'),
  retentionDays: z.coerce
    .number({ error: 'Выберите срок хранения' })
    .refine((v) => (BACKUP_RETENTION_DAYS as readonly number[]).includes(v), 'Выберите срок хранения: 7, 14, 30 или 90 дней')
    .default(30),
});
export type BackupSettingsInput = z.input<typeof BackupSettingsSchema>;
export type BackupSettings = z.output<typeof BackupSettingsSchema>;

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { enabled: false, frequency: 'daily', retentionDays: 30 };

/** Names of backup files: made by the shop, so nothing else can be asked for (no paths). */
export const BACKUP_FILE_NAME = /^backup-(\d{8})-(\d{6})-(manual|auto|restore)\.(tar\.gz|sql\.gz)$/;

export const { values: BACKUP_KINDS, labels: BACKUP_KIND_LABELS } = labelledValues({ manual: 'Вручную', auto: 'Автоматически', restore: 'Перед восстановлением' });
export type BackupKind = (typeof BACKUP_KINDS)[number];

/**
 * Where the product pictures are, which no copy holds (docs/decisions/039): the shop's `uploads`
 * folder, or the bucket of the object storage (S3_* settings).
 */
export type BackupPictures = { storage: 'disk' } | { storage: 's3'; bucket: string; publicUrl: string };

/** What a copy says about the pictures: on the backups screen and in the copy's description. */
export function backupPicturesNote(pictures: BackupPictures): string {
  return pictures.storage === 's3'
    ? `Картинки товаров не входят в копию: они хранятся в объектном хранилище, в корзине «${pictures.bucket}» (${pictures.publicUrl}), и остаются там.`
    : 'Картинки товаров не входят в копию: они лежат в папке uploads на сервере магазина, сохраняйте её вместе с сервером.';
}

/** Where the copies are kept: the shop's data folder, or the closed bucket every server sees (S3_PRIVATE_BUCKET). */
export type BackupShelfPlace = { storage: 'disk' } | { storage: 's3'; bucket: string };

/** Where the copies are, on the backups screen. */
export function backupShelfNote(place: BackupShelfPlace): string {
  return place.storage === 's3'
    ? `Копии хранятся в закрытой корзине объектного хранилища «${place.bucket}»: их видят и скачивают все серверы магазина.`
    : 'Копии хранятся в папке backups на сервере магазина.';
}
