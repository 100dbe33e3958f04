import { isHeaderWord } from './guess-mapping.ts';
import { SourceError } from './source-error.ts';
import { oneLine } from './values.ts';

/** One row of a CSV or XLSX table: its 1-based number in the file and its cells as text. */
export type TableRow = { rowNumber: number; cells: string[] };

/** The header is looked for among the first rows (title rows and blank rows may come before it). */
export const HEADER_SEARCH_ROWS = 30;
/** Data rows the mapping screen shows (and the header's width is measured on). */
export const PREVIEW_ROWS = 20;
/** A header row needs this many cells that read like headers to win over rows above it. */
const MIN_HEADER_WORDS = 2;

/** Where the data starts and what each column is called. */
export type TableLayout = {
  /** 1-based number of the (first) header row. */
  headerRow: number;
  /** The row number after which data rows start (the header's second row when it has two). */
  lastHeaderRow: number;
  /** One name per column; merged and two-row headers combined («Цена, руб. / Розница»). */
  headers: string[];
  /**
   * For each column, the column whose header it continues: a header merged over several columns
   * (pictures in three columns under one «Фото») names only the first of them.
   */
  spanStart: number[];
};

export const isBlank = (cells: string[]) => cells.every((cell) => cell === '');

/** Cells without the empty ones at the end (spreadsheets pad rows with them). */
function trimEnd(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end--;
  return cells.slice(0, end);
}

const nonEmptyCount = (cells: string[]) => cells.filter((cell) => cell !== '').length;

/** A value no header would have: a number (a price, a count) or a link. */
const looksLikeData = (cell: string) => /^[-+]?[\d\s\u00a0.,]+\s*(₽|руб\.?|р\.?)?$/i.test(cell) || /^https?:\/\//i.test(cell);

/**
 * The header row: the first of the first HEADER_SEARCH_ROWS rows with at least two cells that
 * read like headers, otherwise the first row with the most filled cells.
 */
function findHeaderRow(rows: TableRow[]): TableRow | undefined {
  const candidates = rows.filter((row) => row.rowNumber <= HEADER_SEARCH_ROWS && !isBlank(row.cells));
  const withWords = candidates.find((row) => row.cells.filter(isHeaderWord).length >= MIN_HEADER_WORDS);
  if (withWords) return withWords;
  let widest: TableRow | undefined;
  for (const row of candidates) {
    if (!widest || nonEmptyCount(row.cells) > nonEmptyCount(widest.cells)) widest = row;
  }
  return widest;
}

/**
 * A second header row under a merged one: right below it, naming columns the first row leaves
 * empty (the upper cell is merged over them), and holding no numbers or links as data would.
 */
function isSecondHeaderRow(header: string[], next: TableRow | undefined, headerRow: number): next is TableRow {
  if (!next || next.rowNumber !== headerRow + 1) return false;
  const filled = next.cells.map((cell, column) => ({ cell, column })).filter(({ cell }) => cell !== '');
  const underEmptyHeader = filled.some(({ column }) => (header[column] ?? '') === '');
  const noData = filled.every(({ cell }) => !looksLikeData(cell));
  const readsAsHeader = filled.length >= 2 || filled.some(({ cell }) => isHeaderWord(cell));
  return underEmptyHeader && noData && readsAsHeader;
}

/**
 * One name per column from a header of two rows: an empty upper cell under which the lower row
 * goes on from a merged group («Цена, руб.» over «Розница» and «Опт») takes the group's name.
 */
function combineHeaderRows(upper: string[], lower: string[]): string[] {
  const width = Math.max(upper.length, lower.length);
  const names: string[] = [];
  let group = '';
  for (let column = 0; column < width; column++) {
    const top = upper[column] ?? '';
    const bottom = lower[column] ?? '';
    if (top !== '') group = bottom !== '' ? top : '';
    const above = top !== '' ? top : bottom !== '' ? group : '';
    names.push(above !== '' && bottom !== '' ? `${above} / ${bottom}` : above || bottom);
  }
  return names;
}

/**
 * Where the header is and what each column is called, from the first rows of the file (blank
 * rows left out). `headerRow` chosen by staff wins over the search.
 */
export function tableLayout(firstRows: TableRow[], headerRow?: number): TableLayout {
  const rows = firstRows.filter((row) => !isBlank(row.cells));
  let header: TableRow | undefined;
  if (headerRow !== undefined) {
    header = rows.find((row) => row.rowNumber === headerRow);
    if (!header) throw new SourceError(`Строка ${headerRow} пуста или её нет в файле: выберите строку заголовков`);
  } else {
    header = findHeaderRow(rows);
    if (!header) throw new SourceError('В таблице нет ни одной заполненной строки');
  }
  // Header cells may break lines («Цена,↵руб.»): names are one line on screen and in errors.
  const headerCells = trimEnd(header.cells).map(oneLine);
  const next = rows.find((row) => row.rowNumber > header.rowNumber);
  const twoRows = isSecondHeaderRow(headerCells, next, header.rowNumber);
  const names = twoRows ? combineHeaderRows(headerCells, trimEnd(next.cells).map(oneLine)) : headerCells;
  const lastHeaderRow = twoRows ? next.rowNumber : header.rowNumber;

  const preview = rows.filter((row) => row.rowNumber > lastHeaderRow).slice(0, PREVIEW_ROWS);
  const width = Math.max(names.length, ...preview.map((row) => trimEnd(row.cells).length));
  const headers: string[] = [];
  const spanStart: number[] = [];
  let start = -1;
  let repeat = 1;
  for (let column = 0; column < width; column++) {
    const name = names[column] ?? '';
    if (name !== '') {
      start = column;
      repeat = 1;
      headers.push(name);
      spanStart.push(column);
    } else if (start === -1) {
      headers.push(`Столбец ${column + 1}`);
      spanStart.push(column);
    } else {
      repeat++;
      headers.push(`${headers[start]} (${repeat})`);
      spanStart.push(start);
    }
  }
  return { headerRow: header.rowNumber, lastHeaderRow, headers, spanStart };
}
