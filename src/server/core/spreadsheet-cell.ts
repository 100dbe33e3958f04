import type ExcelJS from 'exceljs';

/** What price lists and customers' SKU lists read from a workbook's cells. */

/** ExcelJS, loaded when a workbook comes: imported with the server, it was 0.4 s of every start. */
export const loadExcel = async () => (await import('exceljs')).default;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Excel dates come as UTC midnight (plus the time of day): «01.11.2026» or «01.11.2026 14:30». */
function formatDate(date: Date): string {
  const day = `${twoDigits(date.getUTCDate())}.${twoDigits(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  return hours === 0 && minutes === 0 ? day : `${day} ${twoDigits(hours)}:${twoDigits(minutes)}`;
}

/** Any cell's value as the text a person sees: numbers, rich text, formulas' results, links, dates. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  // 15 significant digits, as Excel shows them: 0.1 + 0.2 stays «0.3».
  if (typeof value === 'number') return String(Number(value.toPrecision(15)));
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (value instanceof Date) return formatDate(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('error' in value) return '';
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue) || value.hyperlink;
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  return '';
}
