import path from 'node:path';
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { supplierImportRows, supplierImports } from '../../db/schema.ts';
import { HttpError, badRequest, conflict } from '../../core/http-errors.ts';
import { pageOf } from '../../core/paging.ts';
import { safeFetchToFile } from '../../core/safe-fetch.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import {
  branchOfField,
  IMPORTS_PER_PAGE,
  IMPORT_ROWS_PER_PAGE,
  MAX_IMPORT_FILE_BYTES,
  mappingProblems,
  type ApplyImportSchema,
  type CheckImportSchema,
  type ColumnMapping,
  type ImportCounts,
  type ImportDetail,
  type ImportRow,
  type ImportRowsPage,
  type ImportRowsQuerySchema,
  type ImportTrigger,
  type ImportsPage,
  type ImportsQuerySchema,
  type ProductState,
  type ReadOptions,
  type RowAction,
  type SourcePreview,
  type SupplierSettings,
} from '#shared/schemas/supplier-import.ts';
import type { z } from '#shared/schemas/z.ts';
import { APPLY_JOB, CHECK_JOB, type ImportDeps } from './deps.ts';
import { newStoredFile, removeStoredFile, requireStoredFile, shareStoredFile, withStoredFile } from './files.ts';
import { listBranches } from '../../modules/branches/service.ts';
import type { BranchName } from './sources/guess-mapping.ts';
import { SourceError, detectFormat, previewSource } from './sources/read.ts';
import { importDetail, importSummaries, readOptionsOf, requireImport, type ImportRecord, type StoredOptions } from './summaries.ts';
import { rememberChoices, requireSupplier, settingsOf } from './suppliers.ts';
import type { RowPlan } from './check.ts';

/**
 * An import's life before and after its jobs: a file uploaded or fetched and previewed, the dry
 * run and apply started (each a background job), and what the screen reads back (rows, history).
 */

const FETCH_TIMEOUT_MS = 120_000;

const unreadable = (error: unknown) => (error instanceof SourceError ? new HttpError(422, error.message) : error);

/**
 * The file's first look, read the way this supplier's last file of the same format was (sheet,
 * header row, encoding, delimiter) unless staff chose otherwise now; a file that cannot be read
 * that way is looked at afresh.
 */
async function readPreview(filePath: string, fileName: string, remembered: ReadOptions, chosen: ReadOptions, branches: BranchName[]): Promise<SourcePreview> {
  const format = chosen.format ?? (await detectFormat(filePath, fileName));
  const { format: rememberedFormat, ...layout } = remembered;
  if (rememberedFormat === format && Object.keys(layout).length > 0) {
    try {
      return await previewSource(filePath, fileName, { ...layout, ...chosen, format }, branches);
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
    }
  }
  return previewSource(filePath, fileName, { ...chosen, format }, branches);
}

/** The supplier's remembered mapping when the file has its columns, otherwise the one guessed from the headers. */
function mappingFor(remembered: ColumnMapping, preview: SourcePreview): ColumnMapping {
  if (preview.format === 'yml') return {};
  const indexes = Object.values(remembered);
  const fits = indexes.length > 0 && indexes.every((i) => i !== undefined && i < preview.headers.length);
  return fits ? remembered : preview.guessedMapping;
}

/**
 * The options of an import whose file never arrived (a scheduled fetch that failed): the
 * supplier's choices and an empty preview of the format the file's name promised.
 */
export function unreadOptions(settings: SupplierSettings, fileName: string): StoredOptions {
  const format = /\.xlsx$/i.test(fileName) ? 'xlsx' : /\.(csv|txt)$/i.test(fileName) ? 'csv' : 'yml';
  const preview: SourcePreview = { format, headers: [], rows: [], guessedMapping: {}, totalRows: 0 };
  return { read: {}, mapping: settings.mapping, pricing: settings.pricing, absent: settings.absent, newProducts: settings.newProducts, preview };
}

type NewImport = {
  supplierId: number;
  fileName: string;
  storedFile: string;
  sourceUrl: string | null;
  read: ReadOptions;
  trigger: ImportTrigger;
  userId: number | null;
};

/**
 * Previews a file just stored, shares it (the closed bucket, when configured) and records the
 * import ('uploaded'). Whatever refuses it (an unknown supplier, a file that cannot be read: 422,
 * a bucket that refuses: 502) removes the stored file.
 */
export async function recordImport(deps: ImportDeps, input: NewImport): Promise<number> {
  try {
    const supplier = await requireSupplier(deps.db, input.supplierId);
    const settings = settingsOf(supplier.settings);
    const branches = await listBranches(deps.db);
    const preview = await withStoredFile(deps.config, input.storedFile, (filePath) => readPreview(filePath, input.fileName, settings.read, input.read, branches));
    const options: StoredOptions = {
      read: readOptionsOf(preview),
      mapping: mappingFor(settings.mapping, preview),
      pricing: settings.pricing,
      absent: settings.absent,
      newProducts: settings.newProducts,
      preview,
    };
    await shareStoredFile(deps.config, input.storedFile);
    const [row] = await deps.db
      .insert(supplierImports)
      .values({
        supplierId: supplier.id,
        status: 'uploaded',
        trigger: input.trigger,
        fileName: input.fileName,
        sourceUrl: input.sourceUrl,
        storedFile: input.storedFile,
        options,
        createdBy: input.userId,
        createdAt: deps.clock(),
      })
      .returning({ id: supplierImports.id });
    return row!.id;
  } catch (error) {
    await removeStoredFile(deps.config, input.storedFile);
    throw unreadable(error);
  }
}

/** `POST /api/admin/supplier-imports` with a file: the upload is already stored (streamed to `imports/` by the route). */
export async function importUploadedFile(deps: ImportDeps, input: Omit<NewImport, 'sourceUrl' | 'trigger'>): Promise<ImportDetail> {
  const id = await recordImport(deps, { ...input, sourceUrl: null, trigger: 'manual' });
  return importDetail(deps.db, id);
}

/** A file name for a fetched price list: the address's last part, or one that says its type. */
export function fetchedFileName(url: string, contentType: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').trim();
  if (/\.(csv|txt|xlsx|xml|yml)$/i.test(last)) return path.basename(last);
  if (/spreadsheetml|excel/i.test(contentType)) return `${last || 'price'}.xlsx`;
  if (/csv|text\/plain/i.test(contentType)) return `${last || 'price'}.csv`;
  return `${last || 'feed'}.yml`;
}

/**
 * Fetches a price list through the shop's safe fetcher (public addresses only, size and time
 * limited) into a stored file, then records the import. A source that does not answer or is
 * refused keeps its Russian reason: 422 for staff, a failed import for the scheduler.
 */
export async function fetchSource(deps: ImportDeps, url: string): Promise<{ storedFile: string; fileName: string }> {
  const { name, filePath } = newStoredFile(deps.config);
  const fetched = await safeFetchToFile(url, filePath, {
    maxBytes: MAX_IMPORT_FILE_BYTES,
    timeoutMs: FETCH_TIMEOUT_MS,
    allow: deps.config.fetchAllow,
    shopUrl: deps.config.publicUrl,
  });
  return { storedFile: name, fileName: fetchedFileName(fetched.url, fetched.contentType) };
}

/** `POST /api/admin/supplier-imports` with `{ supplierId, url }`. */
export async function importFromUrl(deps: ImportDeps, input: { supplierId: number; url: string; userId: number | null }): Promise<ImportDetail> {
  await requireSupplier(deps.db, input.supplierId);
  let source: { storedFile: string; fileName: string };
  try {
    source = await fetchSource(deps, input.url);
  } catch (error) {
    throw new HttpError(422, error instanceof Error ? error.message : 'Не удалось загрузить прайс-лист по адресу');
  }
  const id = await recordImport(deps, { ...input, ...source, sourceUrl: input.url, read: {}, trigger: 'manual' });
  return importDetail(deps.db, id);
}

/** Statuses in which the file may be looked at again and checked: nothing of it was written yet. */
const BEFORE_APPLY = ['uploaded', 'previewed', 'failed'];

function assertNotApplied(imp: ImportRecord) {
  if (imp.status === 'checking') throw conflict('Импорт уже проверяется');
  if (!BEFORE_APPLY.includes(imp.status) || imp.appliedAt !== null) throw conflict('Импорт уже применялся: чтобы проверить файл заново, загрузите его ещё раз');
}

/** `POST …/preview`: the file read another way (sheet, encoding, header row); the dry run's report, if any, is dropped. */
export async function previewImport(deps: ImportDeps, id: number, read: ReadOptions): Promise<ImportDetail> {
  const imp = await requireImport(deps.db, id);
  assertNotApplied(imp);
  const stored = imp.options as StoredOptions;
  const branches = await listBranches(deps.db);
  const preview = await withStoredFile(deps.config, imp.storedFile, (filePath) => previewSource(filePath, imp.fileName, read, branches)).catch((error: unknown) => {
    throw unreadable(error);
  });
  const supplier = await requireSupplier(deps.db, imp.supplierId);
  const options: StoredOptions = { ...stored, read: readOptionsOf(preview), mapping: mappingFor(settingsOf(supplier.settings).mapping, preview), preview };
  await deps.db.delete(supplierImportRows).where(eq(supplierImportRows.importId, id));
  await deps.db.update(supplierImports).set({ status: 'uploaded', options, counts: {}, message: null }).where(eq(supplierImports.id, id));
  return importDetail(deps.db, id);
}

const READ_KEYS = ['format', 'encoding', 'delimiter', 'sheet', 'headerRow'] as const;
const sameRead = (a: ReadOptions, b: ReadOptions) => READ_KEYS.every((key) => a[key] === b[key]);

/** A branch's stock column must name a branch the shop has. */
async function branchProblems(db: Db, mapping: ColumnMapping): Promise<Record<string, string[]>> {
  const slugs = new Set((await listBranches(db)).map((b) => b.slug));
  const unknown = Object.keys(mapping).filter((field) => {
    const slug = branchOfField(field);
    return slug !== null && !slugs.has(slug);
  });
  return Object.fromEntries(unknown.map((field) => [`mapping.${field}`, ['Такого филиала нет: выберите колонку для филиала из списка']]));
}

/** Every mapped column must be one the file has. */
function columnProblems(mapping: ColumnMapping, preview: SourcePreview): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (preview.format === 'yml') return problems;
  for (const [field, index] of Object.entries(mapping)) {
    if (index !== undefined && index >= preview.headers.length) problems[`mapping.${field}`] = [`В файле нет колонки № ${index + 1}`];
  }
  return problems;
}

/** `POST …/check`: remembers the choices (for this supplier's next file too) and starts the dry run. */
export async function startCheck(deps: ImportDeps, id: number, body: z.output<typeof CheckImportSchema>, userId: number | null): Promise<{ jobId: number }> {
  const { db } = deps;
  const imp = await requireImport(db, id);
  assertNotApplied(imp);
  const stored = imp.options as StoredOptions;
  const branches = await listBranches(db);
  let preview = stored.preview;
  if (sameRead(body.read, stored.read)) await requireStoredFile(deps.config, imp.storedFile);
  else {
    preview = await withStoredFile(deps.config, imp.storedFile, (filePath) => previewSource(filePath, imp.fileName, body.read, branches)).catch((error: unknown) => {
      throw unreadable(error);
    });
  }
  const problems = {
    ...mappingProblems(preview.format, body.mapping, body.pricing),
    ...columnProblems(body.mapping, preview),
    ...(await branchProblems(db, body.mapping)),
  };
  const first = Object.values(problems)[0]?.[0];
  if (first) throw badRequest(first, problems);

  const mapping = preview.format === 'yml' ? {} : body.mapping;
  const options: StoredOptions = { ...stored, read: readOptionsOf(preview), mapping, pricing: body.pricing, preview };
  const [claimed] = await db
    .update(supplierImports)
    .set({ status: 'checking', options, counts: {}, message: null })
    .where(and(eq(supplierImports.id, id), inArray(supplierImports.status, BEFORE_APPLY)))
    .returning({ id: supplierImports.id });
  if (!claimed) throw conflict('Импорт уже проверяется');
  const supplier = await requireSupplier(db, imp.supplierId);
  await rememberChoices(db, supplier, { read: options.read, ...(preview.format === 'yml' ? {} : { mapping }), pricing: body.pricing }, deps.clock());
  return { jobId: await startJob(deps, id, CHECK_JOB, userId) };
}

async function startJob(deps: ImportDeps, importId: number, kind: string, userId: number | null): Promise<number> {
  const jobId = await deps.jobs.enqueue(kind, { importId }, { createdBy: userId });
  await deps.db.update(supplierImports).set({ jobId }).where(eq(supplierImports.id, importId));
  return jobId;
}

/** A checked import, or one whose applying stopped or failed on the way (applying goes on with the rows not yet written). */
const mayApply = (imp: ImportRecord) =>
  imp.status === 'previewed' || imp.status === 'stopped' || (imp.status === 'failed' && typeof (imp.counts as Partial<ImportCounts>).total === 'number');

/** `POST …/apply`: the choices for absent and new products (remembered for the supplier's scheduled runs) and the apply job. */
export async function startApply(
  deps: ImportDeps,
  id: number,
  body: z.output<typeof ApplyImportSchema>,
  userId: number | null,
): Promise<{ jobId: number }> {
  const { db } = deps;
  const imp = await requireImport(db, id);
  if (imp.status === 'applying') throw conflict('Импорт уже применяется');
  if (imp.rolledBackAt !== null) throw conflict('Импорт откачен: загрузите файл заново');
  if (!mayApply(imp)) throw conflict('Сначала проверьте импорт: применить можно только проверенный файл');
  const [other] = await db
    .select({ id: supplierImports.id })
    .from(supplierImports)
    .where(and(eq(supplierImports.supplierId, imp.supplierId), eq(supplierImports.status, 'applying'), ne(supplierImports.id, id)));
  if (other) throw conflict(`Сейчас применяется другой импорт этого поставщика (№ ${other.id}): дождитесь его окончания`);
  const options: StoredOptions = { ...(imp.options as StoredOptions), ...body };
  const [claimed] = await db
    .update(supplierImports)
    .set({ status: 'applying', options, message: null })
    .where(and(eq(supplierImports.id, id), eq(supplierImports.status, imp.status)))
    .returning({ id: supplierImports.id });
  if (!claimed) throw conflict('Импорт уже применяется');
  const supplier = await requireSupplier(db, imp.supplierId);
  await rememberChoices(db, supplier, body satisfies Partial<SupplierSettings>, deps.clock());
  return { jobId: await startJob(deps, id, APPLY_JOB, userId) };
}

/** `GET …/rows`: the report, 50 rows a page, by action and flagged prices. */
export async function importRows(db: Db, id: number, query: z.output<typeof ImportRowsQuerySchema>): Promise<ImportRowsPage> {
  await requireImport(db, id);
  const r = supplierImportRows;
  const conditions: SQL[] = [eq(r.importId, id)];
  if (query.action) conditions.push(eq(r.action, query.action));
  if (query.flagged !== undefined) conditions.push(eq(r.priceFlagged, query.flagged));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    pageOf(db.select().from(r).where(where).orderBy(asc(r.id)).$dynamic(), { page: query.page, limit: IMPORT_ROWS_PER_PAGE }),
    db.$count(r, where),
  ]);
  return { rows: rows.map(toImportRow), total, totalPages: totalPagesOf(total, IMPORT_ROWS_PER_PAGE), page: query.page };
}

export function toImportRow(row: typeof supplierImportRows.$inferSelect): ImportRow {
  return {
    id: row.id,
    rowNumber: row.rowNumber,
    action: row.action as RowAction,
    productId: row.productId,
    sku: row.sku,
    supplierSku: row.supplierSku,
    name: row.name,
    column: row.column,
    message: row.message,
    priceFlagged: row.priceFlagged,
    before: row.before as ProductState | null,
    after: row.after as ProductState | null,
    characteristics: ((row.record as RowPlan | null)?.characteristics ?? []).map((c) => ({ name: c.name, value: c.value, unit: c.unit ?? null })),
  };
}

/** `GET /api/admin/supplier-imports`: the history, newest first, 20 a page. */
export async function listImports(db: Db, query: z.output<typeof ImportsQuerySchema>): Promise<ImportsPage> {
  const where = query.supplierId === undefined ? undefined : eq(supplierImports.supplierId, query.supplierId);
  const total = await db.$count(supplierImports, where);
  const imports = await importSummaries(db, where, IMPORTS_PER_PAGE, (query.page - 1) * IMPORTS_PER_PAGE);
  return { imports, total, totalPages: totalPagesOf(total, IMPORTS_PER_PAGE), page: query.page };
}
