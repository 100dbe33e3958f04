/**
 * What a supplier's price list becomes, whatever its format: the import service reads every
 * source through these shapes (CSV, XLSX and YML readers in this folder).
 */

// The reading shapes the screen shares (fields, read options, mapping, preview) are the
// contract's own; this folder adds what only the readers and the import service see.
export { IMPORT_FIELDS } from '#shared/schemas/supplier-import.ts';
export type { RawCharacteristic } from '../../../modules/attributes/values.ts';
export type { ColumnMapping, ImportField, ReadOptions, SourceFormat, SourcePreview } from '#shared/schemas/supplier-import.ts';

import type { RawCharacteristic } from '../../../modules/attributes/values.ts';
import type { ParcelSize } from '#shared/parcel-size.ts';

/** A row's values, parsed: prices in kopecks, stock as a count. Absent means "not in the file". */
export type SupplierRecord = {
  rowNumber: number;
  sku?: string;
  supplierSku?: string;
  name?: string;
  priceKopecks?: number | null;
  oldPriceKopecks?: number | null;
  purchasePriceKopecks?: number | null;
  stock?: number | null;
  /** Quantities of the branches mapped to their own columns, by branch slug. */
  branchStock?: Record<string, number | null>;
  /** The supplier's category; YML gives the path «Родитель / Дочерняя» from shop/categories. */
  category?: string;
  brand?: string;
  description?: string;
  shortDescription?: string;
  pictures?: string[];
  /** YML `<param name= unit=>` and the columns read as characteristics, as the file writes them. */
  characteristics?: RawCharacteristic[];
  url?: string;
  /** Weight and size the file gives (grams, millimetres); a null figure is not given. Absent: the file has none. */
  size?: ParcelSize;
};

/** Why a row cannot be imported, in Russian, with the column it is about. */
export type RowError = { rowNumber: number; column: string; message: string };

/** A row that cannot be imported keeps what was read of it: its SKU and name tell staff which it is. */
export type ParsedRow = { ok: true; record: SupplierRecord } | { ok: false; errors: RowError[]; record: SupplierRecord };
