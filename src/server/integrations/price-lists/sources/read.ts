/**
 * The import service's way into a supplier's file, whatever its format: a preview for the
 * mapping screen, then every row as a record or the reasons it cannot be imported. Files are
 * streamed row by row; a file that cannot be read at all throws a SourceError.
 */
import path from 'node:path';
import { PRICE_LIST_FORMATS } from '#shared/schemas/supplier-import.ts';
import { csvRows, detectCsvSettings, readSample } from './csv.ts';
import { FIELD_LABELS, guessMapping, type BranchName } from './guess-mapping.ts';
import { SourceError } from './source-error.ts';
import { HEADER_SEARCH_ROWS, PREVIEW_ROWS, isBlank, tableLayout, type TableLayout, type TableRow } from './table.ts';
import { columnName, sectionHeading, tableRecord, type RecordDraft } from './table-record.ts';
import { IMPORT_FIELDS, type ColumnMapping, type ImportField, type ParsedRow, type ReadOptions, type SourceFormat, type SourcePreview } from './types.ts';
import { openXlsx } from './xlsx.ts';
import { ymlOffers } from './yml.ts';

export { SourceError } from './source-error.ts';

const ZIP_MAGIC = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Files staff pick by mistake (a product photo, a scanned invoice), by their first bytes. */
const OTHER_FILES: { magic: Buffer; offset?: number; kind: string }[] = [
  { magic: Buffer.from([0x89, 0x50, 0x4e, 0x47]), kind: 'изображение PNG' },
  { magic: Buffer.from([0xff, 0xd8, 0xff]), kind: 'изображение JPEG' },
  { magic: Buffer.from('GIF8', 'latin1'), kind: 'изображение GIF' },
  { magic: Buffer.from('WEBP', 'latin1'), offset: 8, kind: 'изображение WebP' },
  { magic: Buffer.from('%PDF-', 'latin1'), kind: 'документ PDF' },
  { magic: Buffer.from('Rar!', 'latin1'), kind: 'архив RAR' },
  { magic: Buffer.from([0x37, 0x7a, 0xbc, 0xaf]), kind: 'архив 7-Zip' },
  { magic: Buffer.from([0x1f, 0x8b]), kind: 'архив GZIP' },
];
/** Bytes no text table has (binary data), as opposed to tabs, new lines and Excel's 0x1A. */
const BINARY_BYTE = /[\x00-\x08\x0e-\x19\x1b-\x1f]/;
const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

const notPriceList = (fileName: string, kind: string) =>
  new SourceError(`Файл «${fileName}» — не прайс-лист, а ${kind}. Загрузите прайс-лист в формате ${PRICE_LIST_FORMATS}`);

/** What the file is when it is plainly no table at all: a picture, a PDF, an archive, other binary data. */
function otherFileKind(sample: Buffer, start: string): string | null {
  const known = OTHER_FILES.find(({ magic, offset = 0 }) => sample.subarray(offset, offset + magic.length).equals(magic));
  if (known) return known.kind;
  if (/^(<\?xml[^>]*>\s*)?<svg[\s>]/.test(start)) return 'изображение SVG';
  // UTF-16 text has zero bytes too; the CSV reader names its encoding.
  if (UTF16_BOMS.some((bom) => sample.subarray(0, 2).equals(bom))) return null;
  return BINARY_BYTE.test(sample.toString('latin1')) ? 'двоичный файл (не таблица)' : null;
}

/** What a file named like this should have been, when its content turned out to be plain text. */
const EXPECTED_BY_EXTENSION: Record<string, string> = { '.xlsx': 'книга Excel (XLSX)', '.xls': 'книга Excel', '.yml': 'YML-фид', '.xml': 'YML-фид' };

/**
 * The format from the content, never from the name: XLSX is a zip archive, YML starts as XML,
 * anything else is read as CSV. The name only explains a file that is not what it claims to be.
 */
export async function detectFormat(filePath: string, fileName: string): Promise<SourceFormat> {
  const { sample } = await readSample(filePath, 512);
  if (sample.length === 0) throw new SourceError('Файл пуст');
  if (ZIP_MAGIC.some((magic) => sample.subarray(0, 4).equals(magic))) return 'xlsx';
  if (sample.subarray(0, 8).equals(OLE_MAGIC)) {
    throw new SourceError('Старый формат Excel (XLS) не поддерживается: сохраните файл как XLSX или CSV');
  }
  const start = sample.toString('latin1').replace(/^\xef\xbb\xbf/, '').trimStart().toLowerCase();
  const other = otherFileKind(sample, start);
  if (other) throw notPriceList(fileName, other);
  if (start.startsWith('<?xml') || start.startsWith('<yml_catalog') || start.startsWith('<!doctype yml_catalog')) return 'yml';
  if (start.startsWith('<!doctype html') || start.startsWith('<html')) {
    throw new SourceError('Это веб-страница (HTML), а не прайс-лист: проверьте ссылку или файл');
  }
  const expected = EXPECTED_BY_EXTENSION[path.extname(fileName).toLowerCase()];
  if (expected) throw new SourceError(`Файл «${fileName}» не читается как ${expected}: он повреждён или это файл другого формата`);
  return 'csv';
}

/** A table's rows and the sheet they come from. */
type TableSource = { rows: AsyncGenerator<TableRow>; settings: Partial<SourcePreview> };

async function openTableSource(filePath: string, format: 'csv' | 'xlsx', options: ReadOptions): Promise<TableSource> {
  if (format === 'xlsx') {
    const { sheets, sheet, rows } = await openXlsx(filePath, options.sheet);
    return { rows, settings: { sheets, sheet } };
  }
  const settings = await detectCsvSettings(filePath, options);
  return { rows: csvRows(filePath, settings), settings };
}

/**
 * Reads the first rows (enough to find the header and measure the table on the data under it),
 * lays the table out, checks it with `check`, and hands on the data rows, blank ones left out.
 */
async function openTable(rows: AsyncGenerator<TableRow>, headerRow: number | undefined, check: (layout: TableLayout) => void = () => {}) {
  const limit = (headerRow ?? HEADER_SEARCH_ROWS) + 2 + PREVIEW_ROWS;
  const firstRows: TableRow[] = [];
  for (let next = await rows.next(); !next.done; next = await rows.next()) {
    firstRows.push(next.value);
    if (next.value.rowNumber > limit) break;
  }
  let layout: TableLayout;
  try {
    layout = tableLayout(firstRows, headerRow);
    check(layout);
  } catch (error) {
    await rows.return(undefined);
    throw error;
  }
  async function* dataRows(): AsyncGenerator<TableRow> {
    for (const row of [...firstRows]) {
      if (row.rowNumber > layout.lastHeaderRow && !isBlank(row.cells)) yield row;
    }
    for await (const row of rows) {
      if (!isBlank(row.cells)) yield row;
    }
  }
  return { layout, dataRows: dataRows() };
}

/** Trailing empty cells left out, as spreadsheets pad rows with them. */
function shownCells(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
}

/**
 * The first look at a file for the mapping screen: what was detected, the header, the first
 * PREVIEW_ROWS rows under it, the guessed mapping, and how many data rows there are (the whole
 * file is streamed to count them; nothing but the preview rows is kept).
 */
export async function previewSource(filePath: string, fileName: string, options: ReadOptions, branches: readonly BranchName[] = []): Promise<SourcePreview> {
  const format = options.format ?? (await detectFormat(filePath, fileName));
  if (format === 'yml') {
    let totalRows = 0;
    for await (const _offer of ymlOffers(filePath)) totalRows++;
    return { format, headers: [], rows: [], guessedMapping: {}, totalRows };
  }
  const source = await openTableSource(filePath, format, options);
  const { layout, dataRows } = await openTable(source.rows, options.headerRow);
  const guessedMapping = guessMapping(layout.headers, branches);
  const rows: SourcePreview['rows'] = [];
  let totalRows = 0;
  for await (const row of dataRows) {
    if (rows.length < PREVIEW_ROWS) rows.push({ rowNumber: row.rowNumber, cells: shownCells(row.cells) });
    if (!sectionHeading(row.cells, guessedMapping)) totalRows++;
  }
  return { format, ...source.settings, headerRow: layout.headerRow, headers: layout.headers, rows, guessedMapping, totalRows };
}

/** Products are matched by SKU: a mapping without its column could import nothing. */
function checkSkuMapped(mapping: ColumnMapping): void {
  if (mapping.sku === undefined && mapping.supplierSku === undefined) {
    throw new SourceError('Не выбран столбец с артикулом: укажите, где артикул или код поставщика');
  }
}

/** The mapping may name only columns the table has. */
function checkColumns(mapping: ColumnMapping, headers: string[]): void {
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column !== undefined && !(Number.isInteger(column) && column >= 0 && column < headers.length)) {
      throw new SourceError(`Для поля «${FIELD_LABELS[field]}» выбран столбец, которого нет в таблице`);
    }
  }
}

/**
 * A row's last checks: it must carry a SKU (the supplier's code or the shop's: products are
 * matched by it), and the same SKU must not come twice in one file (the later row is refused).
 */
function identified(draft: RecordDraft, nameOf: (field: ImportField) => string, seen: Map<string, number>): ParsedRow {
  const { record, errors } = draft;
  const keyField = record.supplierSku !== undefined ? 'supplierSku' : record.sku !== undefined ? 'sku' : null;
  if (!keyField) {
    errors.push({ rowNumber: record.rowNumber, column: nameOf('supplierSku'), message: 'Не указан артикул' });
  } else {
    const key = record[keyField]!;
    // The supplier's codes and the shop's SKUs are matched apart, so they are counted apart.
    const earlier = seen.get(`${keyField}:${key}`);
    if (earlier === undefined) seen.set(`${keyField}:${key}`, record.rowNumber);
    else errors.push({ rowNumber: record.rowNumber, column: nameOf(keyField), message: `Артикул «${key}» повторяется: он уже был в строке ${earlier}` });
  }
  return errors.length ? { ok: false, errors, record } : { ok: true, record };
}

/** YML names its fields by element: errors point at the element. */
const YML_NAMES: Partial<Record<ImportField, string>> = { sku: 'vendorCode', supplierSku: 'id' };

/**
 * Every row of the file, streamed: a parsed record or the row's errors (row number, column
 * header, Russian reason). Tables are read through `mapping`; YML offers map to fields by
 * themselves. Throws a SourceError when the file cannot be read or the mapping has no SKU column.
 */
export async function* readRecords(filePath: string, options: ReadOptions & { format: SourceFormat }, mapping: ColumnMapping): AsyncGenerator<ParsedRow> {
  const seen = new Map<string, number>();
  if (options.format === 'yml') {
    for await (const offer of ymlOffers(filePath)) yield identified(offer, (field) => YML_NAMES[field] ?? field, seen);
    return;
  }
  checkSkuMapped(mapping);
  const source = await openTableSource(filePath, options.format, options);
  const { layout, dataRows } = await openTable(source.rows, options.headerRow, (table) => checkColumns(mapping, table.headers));
  // «Не указан артикул» points at the supplier's code column when there is one.
  const nameOf = (field: ImportField) => columnName(layout, mapping, field === 'supplierSku' && mapping.supplierSku === undefined ? 'sku' : field);
  let section: string | null = null;
  for await (const row of dataRows) {
    const heading = sectionHeading(row.cells, mapping);
    if (heading) {
      section = heading;
      continue;
    }
    yield identified(tableRecord(row, layout, mapping, section), nameOf, seen);
  }
}
