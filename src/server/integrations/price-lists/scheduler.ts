/**
 * Scheduled imports. Every serving process looks once a minute which suppliers' daily time has
 * come; the first to insert the slot's row into `scheduled_runs` enqueues the import job, every
 * other process finds the row taken. A process started after the time still runs the day's
 * missed import, as the backups do. The same look removes price-list files older than a week.
 */
import { and, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { App } from '../../core/app-types.ts';
import { supplierImports, suppliers } from '../../db/schema.ts';
import { SCHEDULED_JOB, type ImportDeps } from './deps.ts';
import { removeLeftCopies, removeStoredFile } from './files.ts';
import { claimSlot, lastDailySlot } from './schedule.ts';
import { everyMinute } from '../../jobs/scheduled-runs.ts';
import { DAY_MS } from '../../core/time.ts';

const FIRST_TICK_MS = 20_000;
/** Files of imports left unapplied are kept this long for another look, then removed. */
const KEEP_FILES_MS = 7 * DAY_MS;

/** One look: the jobs this process enqueued (none when nothing is due or others took the slots). */
export async function enqueueDueImports(deps: Pick<ImportDeps, 'db' | 'jobs'>, now: Date): Promise<number[]> {
  const scheduled = await deps.db
    .select({ id: suppliers.id, scheduleTime: suppliers.scheduleTime })
    .from(suppliers)
    .where(and(isNotNull(suppliers.sourceUrl), isNotNull(suppliers.scheduleTime)));
  const jobIds: number[] = [];
  for (const supplier of scheduled) {
    const slot = lastDailySlot(supplier.scheduleTime!, now);
    if (await claimSlot(deps.db, supplier.id, slot, now)) jobIds.push(await deps.jobs.enqueue(SCHEDULED_JOB, { supplierId: supplier.id }));
  }
  return jobIds;
}

/** Removes the stored files of imports older than a week (an import never applied keeps its file that long). */
export async function removeOldFiles(deps: Pick<ImportDeps, 'db' | 'config'>, now: Date): Promise<number> {
  const old = await deps.db
    .select({ id: supplierImports.id, storedFile: supplierImports.storedFile })
    .from(supplierImports)
    .where(and(isNotNull(supplierImports.storedFile), lt(supplierImports.createdAt, new Date(now.getTime() - KEEP_FILES_MS)), ne(supplierImports.status, 'checking')));
  for (const imp of old) await removeStoredFile(deps.config, imp.storedFile);
  if (old.length > 0) await deps.db.update(supplierImports).set({ storedFile: null }).where(inArray(supplierImports.id, old.map((imp) => imp.id)));
  await removeLeftCopies(deps.config, KEEP_FILES_MS, now);
  return old.length;
}

/** Looks once a minute while the app serves. */
export function registerImportScheduler(app: App, deps: ImportDeps) {
  everyMinute(
    app,
    FIRST_TICK_MS,
    async () => {
      const now = deps.clock();
      const jobs = await enqueueDueImports(deps, now);
      if (jobs.length > 0) app.log.info({ jobs }, 'scheduled supplier imports started');
      await removeOldFiles(deps, now);
    },
    'scheduled supplier imports failed to start',
  );
}
