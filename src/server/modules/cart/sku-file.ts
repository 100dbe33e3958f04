import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { badRequest } from '../../core/http-errors.ts';
import { cellText, loadExcel } from '../../core/spreadsheet-cell.ts';
import { ZipRefused, guardZip, type ZipLimits } from '../../core/zip-guard.ts';
import { SKU_FILE_WRONG } from '#shared/schemas/sku-list.ts';

/**
 * A customer's CSV or XLSX of SKUs read into the list's text, one «артикул<tab>количество» line
 * per row (first column SKU, second quantity), so the page shows it for correcting and the text
 * check reads it. Whether the first row is a header is the check's to say, as for pasted text.
 */

/** A workbook of a 1 MB upload unpacks to a few megabytes; more is not a list of SKUs. */
const XLSX_LIMITS: ZipLimits = { entries: 200, entryBytes: 20 * 1024 * 1024, totalBytes: 40 * 1024 * 1024, ratio: 100, ratioFrom: 256 * 1024 };

const ZIP_START = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The old binary Excel (XLS) and Word files: OLE compound documents. */
const OLE_START = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
const DELIMITERS = [';', '\t', ','] as const;

const wrongFile = (message = SKU_FILE_WRONG) => badRequest(message, { file: [message] });
const asLines = (rows: string[][]) =>
  rows
    .map((cells) => [cells[0] ?? '', cells[1] ?? ''].map((cell) => cell.replace(/[\t\r\n]+/gu, ' ').trim()))
    .filter(([sku]) => sku !== '')
    .map(([sku, quantity]) => (quantity ? `${sku}\t${quantity}` : sku))
    .join('\n');

/** UTF-8 (Excel's «CSV UTF-8») or Windows-1251 (Excel's plain «CSV» on a Russian Windows). */
function decodeText(bytes: Buffer): string {
  // Control characters (but tabs and line ends) are in binary files, never in a table's text.
  if (bytes.some((byte) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d)) throw wrongFile();
  const text = isUtf8(bytes) ? bytes.toString('utf8') : iconv.decode(bytes, 'win1251');
  return text.replace(/^\uFEFF/u, '');
}

/** The delimiter the first lines use most: `;` from a Russian Excel, a tab, or a comma. */
function delimiterOf(text: string): string {
  const sample = text.split(/\r?\n/u, 20).join('\n');
  const counts = DELIMITERS.map((d) => sample.split(d).length - 1);
  const best = Math.max(...counts);
  return best === 0 ? ';' : DELIMITERS[counts.indexOf(best)]!;
}

function readCsv(bytes: Buffer): string {
  const text = decodeText(bytes);
  try {
    const rows = parse(text, { delimiter: delimiterOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
    return asLines(rows);
  } catch {
    throw wrongFile('Не удалось прочитать CSV: проверьте кавычки в строках или сохраните файл из Excel заново');
  }
}

async function readXlsx(bytes: Buffer): Promise<string> {
  try {
    await guardZip(bytes, XLSX_LIMITS);
  } catch (error) {
    if (error instanceof ZipRefused) throw wrongFile(error.problem.kind === 'encrypted' ? 'Файл Excel защищён паролем: сохраните его без пароля' : 'Файл Excel повреждён или слишком велик в распакованном виде');
    throw error;
  }
  const workbook: ExcelJS.Workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw wrongFile('Файл Excel повреждён: откройте его в Excel и сохраните заново');
  }
  const sheet = workbook.worksheets.find((ws) => ws.state === 'visible') ?? workbook.worksheets[0];
  if (!sheet) throw wrongFile('В книге Excel нет ни одного листа');
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push([cellText(row.getCell(1).value), cellText(row.getCell(2).value)]));
  return asLines(rows);
}

/** The list's text from an uploaded file, by its content (the name may lie): XLSX or CSV. */
export async function skuListFromFile(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw wrongFile('Файл пустой');
  if (bytes.subarray(0, 4).equals(OLE_START)) throw wrongFile('Это файл Excel старого формата (XLS): сохраните его как XLSX или CSV');
  const text = bytes.subarray(0, 4).equals(ZIP_START) ? await readXlsx(bytes) : readCsv(bytes);
  if (text === '') throw wrongFile('В файле нет ни одного артикула: первый столбец — артикул, второй — количество');
  return text;
}
