import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { cellText, loadExcel } from '../../../core/spreadsheet-cell.ts';
import { ZipRefused, openJudgedZip, type JudgedZip, type ZipLimits, type ZipProblem } from '../../../core/zip-guard.ts';
import { SourceError } from './source-error.ts';
import type { TableRow } from './table.ts';

/** The end-of-central-directory record closes every zip; a cut-off upload has none. */
const ZIP_END_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** The record is 22 bytes plus a comment of up to 65 535. */
const ZIP_END_SEARCH = 22 + 0xffff;

const BROKEN = 'Файл Excel повреждён: архив XLSX обрезан или испорчен. Откройте его в Excel и сохраните заново';

/** A truncated XLSX is refused before reading: a streamed zip would otherwise just end early. */
async function assertCompleteZip(filePath: string): Promise<void> {
  const file = await fs.promises.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const length = Math.min(size, ZIP_END_SEARCH);
    const tail = Buffer.alloc(length);
    await file.read(tail, 0, length, size - length);
    if (tail.lastIndexOf(ZIP_END_SIGNATURE) === -1) throw new SourceError(BROKEN);
  } finally {
    await file.close();
  }
}

/**
 * What a workbook may unpack to, judged before ExcelJS reads a byte: it keeps every shared string
 * in memory, so a few megabytes packed thousands of times would take the server's memory.
 */
export const XLSX_LIMITS: ZipLimits = { entries: 10_000, entryBytes: 256 * 1024 * 1024, totalBytes: 512 * 1024 * 1024, ratio: 200, ratioFrom: 1024 * 1024 };
/** The shared strings are held in memory whole. */
export const SHARED_STRINGS_MAX_BYTES = 40 * 1024 * 1024;
/** Bounds of what a price list can be: rows, columns of a row, and Excel's own limit on a cell's text. */
export const XLSX_MAX_ROWS = 500_000;
export const XLSX_MAX_COLUMNS = 1_000;
export const XLSX_MAX_CELL_CHARS = 32_767;

const SPLIT = 'Разделите прайс-лист на несколько файлов';

function refusal(problem: ZipProblem): SourceError {
  switch (problem.kind) {
    case 'entries':
      return new SourceError(`Файл Excel отклонён: в архиве больше ${XLSX_LIMITS.entries} частей`);
    case 'size':
      return new SourceError(`Файл Excel слишком велик в распакованном виде (больше ${XLSX_LIMITS.totalBytes / 1024 / 1024} МБ). ${SPLIT}`);
    case 'ratio':
      return new SourceError('Файл Excel отклонён: данные сжаты подозрительно сильно (похоже на zip-бомбу)');
    case 'encrypted':
      return new SourceError('Файл Excel зашифрован: сохраните его без пароля');
    case 'broken':
      return new SourceError(BROKEN);
  }
}

async function openSafeZip(filePath: string): Promise<JudgedZip> {
  try {
    return await openJudgedZip(filePath, XLSX_LIMITS, (entry) => {
      if (/(^|\/)sharedStrings\.xml$/i.test(entry.fileName) && entry.uncompressedSize > SHARED_STRINGS_MAX_BYTES) {
        throw new SourceError(`В файле Excel слишком много текста в ячейках (больше ${SHARED_STRINGS_MAX_BYTES / 1024 / 1024} МБ). ${SPLIT}`);
      }
    });
  } catch (error) {
    throw error instanceof ZipRefused ? refusal(error.problem) : error;
  }
}

/** A row within the bounds of a price list, or the reason it is not one. */
function boundedCells(rowNumber: number, values: ExcelJS.CellValue[]): string[] {
  if (rowNumber > XLSX_MAX_ROWS) throw new SourceError(`В листе больше ${XLSX_MAX_ROWS.toLocaleString('ru-RU')} строк. ${SPLIT}`);
  if (values.length - 1 > XLSX_MAX_COLUMNS) throw new SourceError(`В строке ${rowNumber} больше ${XLSX_MAX_COLUMNS} столбцов: это не похоже на прайс-лист`);
  return Array.from({ length: Math.max(values.length - 1, 0) }, (_, i) => {
    const text = cellText(values[i + 1]);
    if (text.length > XLSX_MAX_CELL_CHARS) throw new SourceError(`В строке ${rowNumber} ячейка длиннее ${XLSX_MAX_CELL_CHARS} символов: так Excel не сохраняет`);
    return text;
  });
}

/** A sheet as xl/workbook.xml lists it: `rId` names its part in xl/_rels/workbook.xml.rels. */
type SheetEntry = { name: string; rId: string; state?: string };

/**
 * ExcelJS's streaming reader, driven part by part: its own pass reads the archive once, front to
 * back, and lost the last part now and then (exceljs#3064: the workbook list, which writers other
 * than Excel put last, so a valid file was refused as broken), and decoded each chunk apart, so a
 * letter split between two chunks of a long sheet came out as «��». Its parsers are used as they
 * are, fed the parts in the order they depend on each other, as text.
 */
type WorkbookParts = {
  model?: { sheets?: SheetEntry[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(part: Readable, sheetNo: string): Generator<{ value: SheetReader }>;
};
type SheetReader = AsyncIterable<{ number: number; values: ExcelJS.CellValue[] }>;

/** A sheet a person sees in Excel: not hidden. */
const isVisible = (sheet: SheetEntry) => !sheet.state || sheet.state === 'visible';

/** The archive part a sheet's relationship points to: relative to xl/, or from the archive's root. */
function sheetPart(book: WorkbookParts, sheet: SheetEntry): string | null {
  const target = book.workbookRels?.find((rel) => rel.Id === sheet.rId)?.Target;
  if (!target) return null;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

async function readPart(zip: JudgedZip, fileName: string, parse: (part: Readable) => Promise<unknown>): Promise<void> {
  const part = await zip.readText(fileName);
  if (part) await parse(part);
}

export type XlsxSheet = {
  /** Every visible sheet's name. */
  sheets: string[];
  /** The sheet being read. */
  sheet: string;
  /** Its non-empty rows, streamed; finishing (or leaving) the loop closes the file. */
  rows: AsyncGenerator<TableRow>;
};

async function* sheetRows(reader: SheetReader, part: Readable, zip: JudgedZip): AsyncGenerator<TableRow> {
  try {
    for await (const row of reader) {
      yield { rowNumber: row.number, cells: boundedCells(row.number, row.values) };
    }
  } catch (error) {
    throw error instanceof SourceError ? error : new SourceError(BROKEN);
  } finally {
    part.destroy();
    zip.close();
  }
}

/**
 * Opens a workbook and the sheet to read: the one named, otherwise the first visible one. Only
 * that sheet is read, straight from the archive; the shared strings are held in memory whole.
 */
export async function openXlsx(filePath: string, wanted?: string): Promise<XlsxSheet> {
  await assertCompleteZip(filePath);
  const zip = await openSafeZip(filePath);
  try {
    const book = new (await loadExcel()).stream.xlsx.WorkbookReader(filePath, {
      sharedStrings: 'cache',
      // Styles tell dates from numbers.
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
    }) as unknown as WorkbookParts;
    await readPart(zip, 'xl/_rels/workbook.xml.rels', (part) => book._parseRels(part));
    await readPart(zip, 'xl/workbook.xml', (part) => book._parseWorkbook(part));
    if (!book.model) throw new SourceError('Это архив ZIP, но не книга Excel (XLSX)');
    await readPart(zip, 'xl/sharedStrings.xml', async (part) => {
      for await (const _ of book._parseSharedStrings(part)) void _;
    });
    await readPart(zip, 'xl/styles.xml', (part) => book._parseStyles(part));
    const all = book.model.sheets ?? [];
    const sheets = all.filter(isVisible).map((sheet) => sheet.name);
    const target = all.find((sheet) => sheet.name === (wanted ?? sheets[0]));
    if (!target) {
      if (wanted) throw new SourceError(`В книге нет листа «${wanted}»: есть ${sheets.map((name) => `«${name}»`).join(', ')}`);
      throw new SourceError('В книге Excel нет ни одного листа');
    }
    const partName = sheetPart(book, target);
    const part = partName ? await zip.readText(partName) : null;
    if (!part) throw new SourceError(BROKEN);
    const [{ value: reader }] = [...book._parseWorksheet(part, target.rId)];
    return { sheets, sheet: target.name, rows: sheetRows(reader!, part, zip) };
  } catch (error) {
    zip.close();
    throw error instanceof SourceError ? error : new SourceError(BROKEN);
  }
}
