import { and, eq, sql } from 'drizzle-orm';
import { supplierImportRows, supplierImports } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/runner.ts';
import { mappingProblems, type ImportCounts } from '#shared/schemas/supplier-import.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { CHECK_JOB, APPLY_JOB, type ImportDeps } from './deps.ts';
import { fetchSource, fetchedFileName, recordImport, unreadOptions } from './imports.ts';
import { removeStoredFile } from './files.ts';
import { scheduledImportMail } from './mails.ts';
import { importDetail, requireImport, type StoredOptions } from './summaries.ts';
import { requireSupplier, settingsOf } from './suppliers.ts';

/**
 * A supplier's scheduled import, from its address to the shop's inbox: the scheduler enqueues
 * `supplier-import.scheduled`, whose handler fetches the file and starts the dry run; the dry run
 * refuses it above the supplier's limits or starts applying it with the supplier's saved choices;
 * however it ends, the result is mailed to the shop's address.
 */

export type ScheduledPayload = { supplierId: number };

const percent = (part: number, whole: number) => (whole === 0 ? 0 : (part / whole) * 100);
const shown = (value: number) => value.toLocaleString('ru-RU', { maximumFractionDigits: 1 });

/** The job's handler: the fetched file becomes an import (trigger 'schedule') and its dry run starts. */
export async function runScheduled(deps: ImportDeps, job: JobContext<ScheduledPayload>): Promise<unknown> {
  const { db } = deps;
  // A run resumed after a restart finds its import already recorded.
  const recorded = (job.checkpoint as { importId?: number } | null)?.importId;
  const importId = recorded ?? (await recordScheduledImport(deps, job.payload.supplierId));
  if (importId === null) return { importId: null };
  await job.save({ done: 1, total: 1, checkpoint: { importId } });
  const imp = await requireImport(db, importId);
  if (imp.status !== 'uploaded') return { importId };
  const options = imp.options as StoredOptions;
  const problems = mappingProblems(options.preview.format, options.mapping, options.pricing);
  if (Object.keys(problems).length > 0) {
    await finishScheduled(deps, importId, 'failed', `${Object.values(problems)[0]![0]}: проведите импорт этого поставщика вручную один раз, чтобы сохранить сопоставление колонок`);
    return { importId };
  }
  const jobId = await deps.jobs.enqueue(CHECK_JOB, { importId });
  await db.update(supplierImports).set({ status: 'checking', jobId }).where(eq(supplierImports.id, importId));
  return { importId };
}

/** Fetches the supplier's address into an import; a fetch or file that fails is recorded (and mailed) as a failed import. */
async function recordScheduledImport(deps: ImportDeps, supplierId: number): Promise<number | null> {
  const supplier = await requireSupplier(deps.db, supplierId);
  if (!supplier.sourceUrl) return null;
  try {
    const source = await fetchSource(deps, supplier.sourceUrl);
    return await recordImport(deps, { supplierId, ...source, sourceUrl: supplier.sourceUrl, read: {}, trigger: 'schedule', userId: null });
  } catch (error) {
    // The fetcher's and the readers' refusals speak Russian; anything else is a fault for the log.
    const russian = error instanceof Error && /[а-яё]/i.test(error.message);
    if (!russian) deps.log.error({ err: error, supplier: supplierId }, 'scheduled supplier import failed');
    const message = russian ? error.message : 'Не удалось загрузить прайс-лист';
    const fileName = fetchedFileName(supplier.sourceUrl, '');
    const [row] = await deps.db
      .insert(supplierImports)
      .values({
        supplierId,
        status: 'failed',
        trigger: 'schedule',
        fileName,
        sourceUrl: supplier.sourceUrl,
        options: unreadOptions(settingsOf(supplier.settings), fileName),
        message,
        createdAt: deps.clock(),
      })
      .returning({ id: supplierImports.id });
    await reportScheduled(deps, row!.id);
    return null;
  }
}

async function finishScheduled(deps: ImportDeps, importId: number, status: 'failed' | 'refused', message: string) {
  const imp = await requireImport(deps.db, importId);
  await deps.db.update(supplierImports).set({ status, message }).where(eq(supplierImports.id, importId));
  await removeStoredFile(deps.config, imp.storedFile);
  await reportScheduled(deps, importId);
}

/**
 * After a scheduled dry run: refused when more of the matched products change price, or more of
 * the supplier's products are missing from the list, than the supplier's limits allow (a broken
 * or truncated file must not reprice or empty the catalogue); otherwise applied with the choices
 * saved for the supplier.
 */
export async function decideScheduled(deps: ImportDeps, importId: number, supplierProducts: number): Promise<void> {
  const { db } = deps;
  const imp = await requireImport(db, importId);
  const settings = settingsOf((await requireSupplier(db, imp.supplierId)).settings);
  const counts = imp.counts as ImportCounts;
  const [{ n: repriced } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supplierImportRows)
    .where(
      and(
        eq(supplierImportRows.importId, importId),
        eq(supplierImportRows.action, 'update'),
        sql`${supplierImportRows.before}->'priceKopecks' is distinct from ${supplierImportRows.after}->'priceKopecks'`,
      ),
    );
  const matched = counts.update + counts.unchanged;
  const { maxPriceChangePercent, maxAbsentPercent } = settings.limits;
  const repricedShare = percent(repriced, matched);
  const absentShare = percent(counts.absent, supplierProducts);
  if (repricedShare > maxPriceChangePercent) {
    const message = `Отклонён автоматически: цена меняется у ${shown(repricedShare)} % товаров (${repriced} из ${matched}), допустимо не больше ${shown(maxPriceChangePercent)} %`;
    return finishScheduled(deps, importId, 'refused', message);
  }
  if (absentShare > maxAbsentPercent) {
    const message = `Отклонён автоматически: в прайс-листе нет ${shown(absentShare)} % товаров поставщика (${counts.absent} из ${supplierProducts}), допустимо не больше ${shown(maxAbsentPercent)} %`;
    return finishScheduled(deps, importId, 'refused', message);
  }
  const options: StoredOptions = { ...(imp.options as StoredOptions), absent: settings.absent, newProducts: settings.newProducts };
  const jobId = await deps.jobs.enqueue(APPLY_JOB, { importId });
  await db.update(supplierImports).set({ status: 'applying', options, jobId }).where(eq(supplierImports.id, importId));
}

/** Mails a scheduled import's result to the shop's contact address; a mail that cannot be sent is logged, the import stands. */
export async function reportScheduled(deps: ImportDeps, importId: number): Promise<void> {
  try {
    const [shop, detail] = await Promise.all([getSettings(deps.db, 'shop'), importDetail(deps.db, importId)]);
    await deps.mailer.send(scheduledImportMail(shop, detail, deps.config.publicUrl));
  } catch (error) {
    deps.log.error({ err: error, import: importId }, 'scheduled import report mail failed');
  }
}
