/**
 * Automatic copies. Every serving process looks once a minute whether a copy is due; the first
 * to insert the slot's row into `scheduled_runs` (primary key: job + run key) makes the copy,
 * every other process finds the row taken and does nothing. So exactly one copy is made per
 * slot however many processes serve, and a process started after 03:00 still makes the day's
 * missed copy.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { App } from '../../core/app-types.ts';
import { claimScheduledRun, everyMinute } from '../../jobs/scheduled-runs.ts';
import type { BackupFile } from '#shared/types.ts';
import { applyRetention, createBackup, getStoredBackupSettings, type BackupDeps } from './service.ts';
import { lastSlot } from './schedule.ts';

export const BACKUP_JOB = 'backup';
const FIRST_TICK_MS = 15_000;

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * One look: returns the copy this process made, or null (not due, switched off, or another
 * process took the slot).
 */
export async function runScheduledBackup(deps: BackupDeps, now: Date, log?: Log): Promise<BackupFile | null> {
  const { db } = deps.database;
  const backupSettings = await getStoredBackupSettings(db);
  if (!backupSettings.enabled) return null;
  const slot = lastSlot(backupSettings.frequency, now);
  // Switched on after this slot: the first copy comes at the next one.
  if (backupSettings.enabledSince && slot < new Date(backupSettings.enabledSince)) return null;
  if (!(await claimScheduledRun(db, BACKUP_JOB, slot, now))) return null;
  const file = await createBackup(deps, 'auto', now);
  const removed = await applyRetention(deps.config, backupSettings.retentionDays, now);
  log?.info({ backup: file.name, size: file.size, removed }, 'automatic backup made');
  return file;
}

/** Looks once a minute while the app serves. */
export function registerBackupScheduler(app: App) {
  everyMinute(
    app,
    FIRST_TICK_MS,
    async () => {
      await runScheduledBackup({ config: app.deps.config, database: app.deps.database }, app.deps.clock(), app.log);
    },
    'automatic backup failed',
  );
}
