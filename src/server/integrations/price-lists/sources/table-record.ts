import { branchOfField, isCharacteristicField } from '#shared/schemas/supplier-import.ts';
import { FIELD_LABELS } from './guess-mapping.ts';
import type { TableLayout, TableRow } from './table.ts';
import type { ColumnMapping, ImportField, RowError, SupplierRecord } from './types.ts';
import { oneLine, parsePictures, parsePrice, parseStock } from './values.ts';
import { NO_PARCEL_SIZE, readDimensionsMm, readSideMm, readWeightGrams, unitInHeader, type ParcelSize } from '#shared/parcel-size.ts';

/** A row read into a record, with what could not be read in it. */
export type RecordDraft = { record: SupplierRecord; errors: RowError[] };

const ONE_LINE_FIELDS = ['sku', 'supplierSku', 'name', 'category', 'brand'] as const;
const TEXT_FIELDS = ['description', 'shortDescription'] as const;
const PRICE_FIELDS = [
  ['price', 'priceKopecks'],
  ['oldPrice', 'oldPriceKopecks'],
  ['purchasePrice', 'purchasePriceKopecks'],
] as const;
/** Columns of numbers a section heading never stands in. */
const VALUE_FIELDS: ImportField[] = ['price', 'oldPrice', 'purchasePrice', 'stock', 'weight', 'length', 'width', 'height', 'dimensions'];
const SIDE_FIELDS = [
  ['length', 'lengthMm'],
  ['width', 'widthMm'],
  ['height', 'heightMm'],
] as const;
const LENGTH_UNITS = ['см', 'мм', 'м'] as const;

/**
 * The weight and size columns of a row: kilograms and centimetres unless the header names the
 * unit («Вес, г», «Габариты, мм») or the cell does («2400 г», «30×20×10 см»); a «Габариты» column
 * gives the three sides, a side's own column wins. Undefined when none is mapped.
 */
function sizeOfRow(cellOf: (field: ImportField) => string | undefined, headerOf: (field: ImportField) => string, fail: (field: ImportField, message: string) => void): ParcelSize | undefined {
  const mapped = (['weight', 'dimensions', ...SIDE_FIELDS.map(([field]) => field)] as const).some((field) => cellOf(field) !== undefined);
  if (!mapped) return undefined;
  const size: ParcelSize = { ...NO_PARCEL_SIZE };
  const weightCell = cellOf('weight');
  if (weightCell !== undefined) {
    const weight = readWeightGrams(weightCell, unitInHeader(headerOf('weight'), ['кг', 'г'] as const) ?? 'кг');
    if ('error' in weight) fail('weight', weight.error);
    else size.weightGrams = weight.value;
  }
  const dimensionsCell = cellOf('dimensions');
  if (dimensionsCell !== undefined) {
    const dimensions = readDimensionsMm(dimensionsCell, unitInHeader(headerOf('dimensions'), LENGTH_UNITS) ?? 'см');
    if ('error' in dimensions) fail('dimensions', dimensions.error);
    else if (dimensions.value) Object.assign(size, dimensions.value);
  }
  for (const [field, key] of SIDE_FIELDS) {
    const cell = cellOf(field);
    if (cell === undefined || cell.trim() === '') continue;
    const side = readSideMm(cell, unitInHeader(headerOf(field), LENGTH_UNITS) ?? 'см');
    if ('error' in side) fail(field, side.error);
    else size[key] = side.value;
  }
  return size;
}

/** The name row errors give a mapped field: its column's header. */
export function columnName(layout: TableLayout, mapping: ColumnMapping, field: ImportField): string {
  const column = mapping[field];
  return (column !== undefined && layout.headers[column]) || FIELD_LABELS[field];
}

/**
 * A section heading between products, as 1C price lists group them («Дрели-шуруповёрты» alone on
 * its row): one filled cell with letters, outside the price and stock columns, and without
 * digits when it stands in a SKU column (there a lone «KDJZ20-13» is a product missing its data).
 */
export function sectionHeading(cells: string[], mapping: ColumnMapping): string | null {
  const filled = cells.flatMap((cell, column) => (cell === '' ? [] : [{ cell, column }]));
  if (filled.length !== 1 || !/\p{L}/u.test(filled[0].cell)) return null;
  const { cell, column } = filled[0];
  if (VALUE_FIELDS.some((field) => mapping[field] === column)) return null;
  if ((mapping.sku === column || mapping.supplierSku === column) && /\d/.test(cell)) return null;
  return oneLine(cell);
}

/**
 * A data row's mapped cells, parsed. Only mapped fields are set (absent means "not in the file");
 * an empty price or stock cell is null. Pictures are read from every column of a merged «Фото».
 * `section` is the heading above the row: the category when no column is mapped to it.
 */
export function tableRecord(row: TableRow, layout: TableLayout, mapping: ColumnMapping, section: string | null): RecordDraft {
  const { rowNumber, cells } = row;
  const record: SupplierRecord = { rowNumber };
  const errors: RowError[] = [];
  const cellOf = (field: ImportField) => {
    const column = mapping[field];
    return column === undefined ? undefined : (cells[column] ?? '');
  };

  for (const field of ONE_LINE_FIELDS) {
    const value = oneLine(cellOf(field) ?? '');
    if (value) record[field] = value;
  }
  for (const field of TEXT_FIELDS) {
    const value = cellOf(field)?.trim();
    if (value) record[field] = value;
  }
  for (const [field, key] of PRICE_FIELDS) {
    const cell = cellOf(field);
    if (cell === undefined) continue;
    const price = parsePrice(cell);
    if ('error' in price) errors.push({ rowNumber, column: columnName(layout, mapping, field), message: price.error });
    else record[key] = price.value;
  }
  const stockCell = cellOf('stock');
  if (stockCell !== undefined) {
    const stock = parseStock(stockCell);
    if ('error' in stock) errors.push({ rowNumber, column: columnName(layout, mapping, 'stock'), message: stock.error });
    else record.stock = stock.value;
  }
  for (const [field, column] of Object.entries(mapping)) {
    const slug = branchOfField(field);
    if (slug === null || column === undefined) continue;
    const quantity = parseStock(cells[column] ?? '');
    if ('error' in quantity) errors.push({ rowNumber, column: layout.headers[column] || `Остаток (${slug})`, message: quantity.error });
    else (record.branchStock ??= {})[slug] = quantity.value;
  }
  for (const [field, column] of Object.entries(mapping)) {
    if (!isCharacteristicField(field) || column === undefined) continue;
    // The header names the characteristic («Мощность, Вт»: its unit too); an empty cell brings none.
    const name = oneLine(layout.headers[column] ?? '');
    const value = oneLine(cells[column] ?? '');
    if (name && value) (record.characteristics ??= []).push({ name, value });
  }
  const picturesColumn = mapping.pictures;
  if (picturesColumn !== undefined) {
    const continued = layout.spanStart.flatMap((start, column) => (start === picturesColumn && column !== picturesColumn ? [column] : []));
    const pictures = [...new Set([picturesColumn, ...continued].flatMap((column) => parsePictures(cells[column] ?? '')))];
    if (pictures.length) record.pictures = pictures;
  }
  const size = sizeOfRow(cellOf, (field) => layout.headers[mapping[field]!] ?? '', (field, message) =>
    errors.push({ rowNumber, column: columnName(layout, mapping, field), message }),
  );
  if (size) record.size = size;
  if (mapping.category === undefined && section) record.category = section;
  return { record, errors };
}
