import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { cellText } from '../../../core/spreadsheet-cell.ts';
import { ZipRefused, guardZip, type ZipLimits, type ZipProblem } from '../../../core/zip-guard.ts';
import { SourceError } from './source-error.ts';
import type { TableRow } from './table.ts';

/** What the streaming reader knows beyond its typings: sheet names and states from xl/workbook.xml. */
type SheetEntry = { name: string; state?: string };
type StreamedWorkbook = Omit<ExcelJS.stream.xlsx.WorkbookReader, 'model'> & { model?: { sheets?: SheetEntry[] } };
type StreamedSheet = ExcelJS.stream.xlsx.WorksheetReader & { name: string; iterator?: { destroy?: () => void } };

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
 * in memory and parks sheets in temporary files, so a few megabytes packed thousands of times
 * would take the server's memory or disk.
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

async function assertSafeZip(filePath: string): Promise<void> {
  try {
    await guardZip(filePath, XLSX_LIMITS, (entry) => {
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

/** Sheets a person sees in Excel, in the workbook's order. */
function visibleSheets(workbook: StreamedWorkbook): string[] {
  return (workbook.model?.sheets ?? []).filter((sheet) => !sheet.state || sheet.state === 'visible').map((sheet) => sheet.name);
}

export type XlsxSheet = {
  /** Every visible sheet's name. */
  sheets: string[];
  /** The sheet being read. */
  sheet: string;
  /** Its non-empty rows, streamed; finishing (or leaving) the loop closes the file. */
  rows: AsyncGenerator<TableRow>;
};

type SheetIterator = AsyncGenerator<ExcelJS.stream.xlsx.WorksheetReader>;

/**
 * A sheet not wanted is read through, not dropped: ExcelJS opens a sheet it parked in a
 * temporary file (Excel stores the shared strings after the sheets) and removes the file as soon
 * as the sheet's reader ends; a reader dropped before its file finished opening left that open to
 * fail on a removed file, an error no one could catch.
 */
async function skipSheet(reader: StreamedSheet): Promise<void> {
  for await (const row of reader) void row;
}

/**
 * Lets the reader run through the rest of the archive, reading each later sheet through: only
 * then does ExcelJS remove the temporary files it wrote sheets to. Then the file is closed.
 */
async function closeWorkbook(current: StreamedSheet, sheetsLeft: SheetIterator, input: fs.ReadStream): Promise<void> {
  current.iterator?.destroy?.();
  try {
    for (let next = await sheetsLeft.next(); !next.done; next = await sheetsLeft.next()) {
      await skipSheet(next.value as StreamedSheet);
    }
  } catch {
    // The archive is broken further on: nothing more to clean up than the file itself.
  } finally {
    input.destroy();
  }
}

async function* sheetRows(reader: StreamedSheet, sheetsLeft: SheetIterator, input: fs.ReadStream): AsyncGenerator<TableRow> {
  try {
    for await (const row of reader) {
      yield { rowNumber: row.number, cells: boundedCells(row.number, row.values as ExcelJS.CellValue[]) };
    }
  } catch (error) {
    throw error instanceof SourceError ? error : new SourceError(BROKEN);
  } finally {
    await closeWorkbook(reader, sheetsLeft, input);
  }
}

/**
 * Opens a workbook with ExcelJS's streaming reader and finds the sheet to read: the one named,
 * otherwise the first visible one. Sheets before it in the archive are skipped unread.
 */
export async function openXlsx(filePath: string, wanted?: string): Promise<XlsxSheet> {
  await assertCompleteZip(filePath);
  await assertSafeZip(filePath);
  const input = fs.createReadStream(filePath);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  }) as unknown as StreamedWorkbook;
  const sheetsLeft: SheetIterator = workbook[Symbol.asyncIterator]();
  try {
    for (let next = await sheetsLeft.next(); !next.done; next = await sheetsLeft.next()) {
      const reader = next.value as StreamedSheet;
      const sheets = visibleSheets(workbook);
      const target = wanted ?? sheets[0] ?? reader.name;
      if (reader.name === target) return { sheets, sheet: reader.name, rows: sheetRows(reader, sheetsLeft, input) };
      await skipSheet(reader);
    }
  } catch (error) {
    input.destroy();
    throw error instanceof SourceError ? error : new SourceError(BROKEN);
  }
  input.destroy();
  if (!workbook.model) throw new SourceError('Это архив ZIP, но не книга Excel (XLSX)');
  const sheets = visibleSheets(workbook);
  if (wanted) throw new SourceError(`В книге нет листа «${wanted}»: есть ${sheets.map((name) => `«${name}»`).join(', ')}`);
  throw new SourceError('В книге Excel нет ни одного листа');
}
