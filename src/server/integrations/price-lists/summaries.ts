import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { supplierImports, suppliers, users } from '../../db/schema.ts';
import { notFound } from '../../core/http-errors.ts';
import type {
  ImportCounts,
  ImportDetail,
  ImportOptions,
  ImportStatus,
  ImportSummary,
  ImportTrigger,
  SourceFormat,
  SourcePreview,
} from '#shared/schemas/supplier-import.ts';
import type { ReadOptions as SourceReadOptions } from './sources/types.ts';

/** What `supplier_imports.options` holds: the choices of the import and the preview of its file. */
export type StoredOptions = ImportOptions & { preview: SourcePreview };

/**
 * How a file was read, as options (what was chosen and what was detected): the dry run reads it
 * again exactly so, and the supplier's next file starts from it.
 */
export function readOptionsOf(preview: SourcePreview): SourceReadOptions & { format: SourceFormat } {
  const { format, encoding, delimiter, sheet, headerRow } = preview;
  const given = Object.entries({ encoding, delimiter, sheet, headerRow }).filter(([, value]) => value !== undefined);
  return { format, ...Object.fromEntries(given) };
}

export type ImportRecord = typeof supplierImports.$inferSelect;

const NOT_FOUND = 'Импорт не найден';

/**
 * An import that wrote something (applied, or stopped or failed on the way) and was not rolled
 * back may be rolled back; the rollback itself checks that nothing changed its products since.
 */
export const canRollBack = (row: Pick<ImportRecord, 'status' | 'appliedAt' | 'rolledBackAt'>) =>
  ['applied', 'stopped', 'failed'].includes(row.status) && row.appliedAt !== null && row.rolledBackAt === null;

const summaryColumns = {
  row: supplierImports,
  supplierName: suppliers.name,
  createdByName: sql<string | null>`coalesce(${users.fullName}, ${users.username})`,
};

function toSummary(r: { row: ImportRecord; supplierName: string; createdByName: string | null }): ImportSummary {
  const { row } = r;
  const counts = row.counts as Partial<ImportCounts>;
  return {
    id: row.id,
    supplierId: row.supplierId,
    supplierName: r.supplierName,
    status: row.status as ImportStatus,
    trigger: row.trigger as ImportTrigger,
    fileName: row.fileName,
    sourceUrl: row.sourceUrl,
    counts: typeof counts.total === 'number' ? (counts as ImportCounts) : null,
    message: row.message,
    jobId: row.jobId,
    createdAt: row.createdAt.toISOString(),
    appliedAt: row.appliedAt?.toISOString() ?? null,
    rolledBackAt: row.rolledBackAt?.toISOString() ?? null,
    createdByName: r.createdByName,
    canRollBack: canRollBack(row),
  };
}

function selectSummaries(db: Db, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(supplierImports)
    .innerJoin(suppliers, eq(suppliers.id, supplierImports.supplierId))
    .leftJoin(users, eq(users.id, supplierImports.createdBy))
    .where(where)
    .orderBy(desc(supplierImports.createdAt), desc(supplierImports.id));
}

/** A page of the history, newest first. */
export async function importSummaries(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<ImportSummary[]> {
  const rows = await selectSummaries(db, where).limit(limit).offset(offset);
  return rows.map(toSummary);
}

/** Each supplier's newest import (the suppliers list shows it). */
export async function lastImports(db: Db, supplierIds: number[]): Promise<Map<number, ImportSummary>> {
  const newest = db
    .selectDistinctOn([supplierImports.supplierId], { id: supplierImports.id })
    .from(supplierImports)
    .where(inArray(supplierImports.supplierId, supplierIds))
    .orderBy(supplierImports.supplierId, desc(supplierImports.createdAt), desc(supplierImports.id));
  const rows = await selectSummaries(db, inArray(supplierImports.id, newest));
  return new Map(rows.map((r) => [r.row.supplierId, toSummary(r)]));
}

export async function requireImport(db: Db, id: number): Promise<ImportRecord> {
  const [row] = await db.select().from(supplierImports).where(eq(supplierImports.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** `GET /api/admin/supplier-imports/{id}`: the summary, the file's preview and the choices. */
export async function importDetail(db: Db, id: number): Promise<ImportDetail> {
  const [row] = await selectSummaries(db, eq(supplierImports.id, id));
  if (!row) throw notFound(NOT_FOUND);
  const { preview, ...options } = row.row.options as StoredOptions;
  return { ...toSummary(row), preview, options };
}
