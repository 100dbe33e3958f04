import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { exchange1cLog } from '../../db/schema.ts';
import type { JobContext, SettledStatus } from '../../jobs/runner.ts';
import { importCatalogFile } from './catalog-import.ts';
import type { ExchangeDeps } from './deps.ts';
import type { ExchangeCall, ModeHandler } from './mode.ts';
import { ExchangeFileError, exchangeFolder, resolveInFolder, safeRelativePath, unpackPending } from './files.ts';
import { finishExchangeLog, logExchange } from './log.ts';
import { importOffersFile } from './offers-import.ts';
import { bringDown, jobFolder, sharedExchange, sharedNames } from './shared-files.ts';

/**
 * `import`: the file is imported by a background job (decision 014); 1C asks again while the
 * answer is `progress` and gets `success` or `failure` with the reason once the job is over.
 * The step's log row is how the call finds its job: this session, this file, after the last init.
 */

export const IMPORT_JOB = 'exchange-1c.import';

/** import.xml, offers.xml and the numbered files of 2.08+ (import0_1.xml, offers0_1.xml, prices0_1.xml, rests0_1.xml). */
const FILE_KINDS = /^(import|offers|prices|rests)[\w-]*\.xml$/i;

export type ImportPayload = { logId: number; name: string };

const notReceived = (name: string) => `Файл ${name} не получен: сначала mode=file`;
const isArchive = (name: string) => !name.includes('/') && name.toLowerCase().endsWith('.zip');
const isFile = (target: string) => fs.stat(target).then((stat) => stat.isFile(), () => false);

const kindOf = (name: string) => (name.toLowerCase().startsWith('import') ? 'catalog' : 'offers');

export const importMode: ModeHandler = async (deps, call) => {
  const name = call.filename ?? '';
  let relative: string;
  try {
    relative = safeRelativePath(name);
  } catch (error) {
    if (error instanceof ExchangeFileError) return `failure\n${error.message}`;
    throw error;
  }
  if (!FILE_KINDS.test(path.posix.basename(relative))) return `failure\nНеизвестный файл обмена: ${relative.slice(0, 100)}. Принимаются import.xml и offers.xml`;
  const step = await findStep(deps, call, relative);
  if (step) return step.status === 'failure' ? `failure\n${step.errors[0] ?? 'Импорт не удался'}` : step.status;
  return startImport(deps, call, relative);
};

async function findStep(deps: ExchangeDeps, call: ExchangeCall, name: string) {
  const [row] = await deps.db
    .select({ status: exchange1cLog.status, errors: exchange1cLog.errors })
    .from(exchange1cLog)
    .where(
      and(
        eq(exchange1cLog.sessionHash, call.session.idHash),
        eq(exchange1cLog.type, call.type),
        eq(exchange1cLog.mode, 'import'),
        sql`${exchange1cLog.files} = ${JSON.stringify([name])}::jsonb`,
        call.session.initAt ? gte(exchange1cLog.startedAt, call.session.initAt) : undefined,
      ),
    )
    .orderBy(desc(exchange1cLog.id))
    .limit(1);
  return row ?? null;
}

/** The first import call of the file: archives unpacked, the file found, its job queued. */
async function startImport(deps: ExchangeDeps, call: ExchangeCall, name: string): Promise<string> {
  const folder = exchangeFolder(deps.config.dataDir, call.type);
  const refuse = async (reason: string) => {
    await logExchange(deps.db, { type: call.type, mode: 'import', files: [name], errors: [reason], status: 'failure', sessionHash: call.session.idHash, startedAt: call.now });
    return `failure\n${reason}`;
  };
  const shared = sharedExchange(deps.config, call.type);
  if (shared) {
    // The archives are unpacked by the job, on its machine: an archive may hold the file.
    const names = await sharedNames(shared, call.type);
    if (!names.includes(name) && !names.some(isArchive)) return refuse(notReceived(name));
  } else {
    try {
      await unpackPending(folder);
    } catch (error) {
      if (error instanceof ExchangeFileError) return refuse(error.message);
      throw error;
    }
    if (!(await isFile(resolveInFolder(folder, name)))) return refuse(notReceived(name));
  }
  const logId = await logExchange(deps.db, { type: call.type, mode: 'import', files: [name], status: 'progress', sessionHash: call.session.idHash, startedAt: call.now });
  const jobId = await deps.jobs.enqueue(IMPORT_JOB, { logId, name } satisfies ImportPayload);
  await deps.db.update(exchange1cLog).set({ jobId }).where(eq(exchange1cLog.id, logId));
  return 'progress';
}

/**
 * The job: one file imported; a file that cannot be read fails the step with its reason. With
 * the shared files it works in a folder of its own, brought down from the bucket and removed after.
 */
export async function runImportJob(deps: ExchangeDeps, job: JobContext<ImportPayload>) {
  const shared = sharedExchange(deps.config, 'catalog');
  if (!shared) return importFrom(deps, job, exchangeFolder(deps.config.dataDir, 'catalog'));
  const folder = await jobFolder(deps.config.dataDir, deps.clock());
  try {
    await bringDown(shared, 'catalog', folder);
    await unpackPending(folder);
    if (!(await isFile(resolveInFolder(folder, job.payload.name)))) throw new ExchangeFileError(notReceived(job.payload.name));
    return await importFrom(deps, job, folder);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

async function importFrom(deps: ExchangeDeps, job: JobContext<ImportPayload>, folder: string) {
  const file = resolveInFolder(folder, job.payload.name);
  const progress = (done: number, total: number) => job.save({ done, total });
  const report =
    kindOf(path.posix.basename(job.payload.name)) === 'catalog'
      ? await importCatalogFile(deps, folder, file, job.payload.name, progress)
      : await importOffersFile(deps, file, job.payload.name, progress);
  return report.toJSON();
}

/** The step's log row follows its job, whatever ended it. */
export async function settleImportJob(
  deps: ExchangeDeps,
  job: { payload: ImportPayload; status: SettledStatus; result: unknown; error: string | null },
) {
  const now = deps.clock();
  if (job.status === 'done') {
    const { counts, errors } = job.result as { counts: Record<string, number>; errors: string[] };
    await finishExchangeLog(deps.db, job.payload.logId, { status: 'success', counts, errors }, now);
  } else if (job.status !== 'paused') {
    await finishExchangeLog(deps.db, job.payload.logId, { status: 'failure', errors: [job.error ?? 'Импорт остановлен'] }, now);
  }
}

