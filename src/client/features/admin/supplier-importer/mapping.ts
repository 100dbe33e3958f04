import type { ColumnMapping, MappedField, ReadOptions, SourcePreview } from '#shared/schemas/supplier-import.ts';

/** How the file was read this time, as the preview says: what the next request sends back. */
export const readOf = (preview: SourcePreview): ReadOptions => ({
  format: preview.format,
  encoding: preview.encoding,
  delimiter: preview.delimiter,
  sheet: preview.sheet,
  headerRow: preview.headerRow,
});

/** The field a column is mapped to, if any. */
export const fieldOfColumn = (mapping: ColumnMapping, column: number): MappedField | null =>
  (Object.keys(mapping) as MappedField[]).find((field) => mapping[field] === column) ?? null;

/** Maps a column to a field (or to nothing); a field lives in one column only, so it leaves its old one. */
export function assignColumn(mapping: ColumnMapping, column: number, field: MappedField | null): ColumnMapping {
  const next: ColumnMapping = {};
  for (const [f, at] of Object.entries(mapping) as [MappedField, number | undefined][]) {
    if (at !== undefined && at !== column && f !== field) next[f] = at;
  }
  if (field) next[field] = column;
  return next;
}
