import { Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { supplierImportRows } from '../../db/schema.ts';
import { ROW_ACTION_LABELS, type ImportRow, type ProductState } from '#shared/schemas/supplier-import.ts';
import { toImportRow } from './imports.ts';
import { requireImport } from './summaries.ts';

/**
 * The per-row report as a CSV file for Excel: UTF-8 with a BOM (so Excel reads Cyrillic), `;`
 * between cells (the Russian Excel's list separator), money in roubles with a decimal comma.
 * Streamed page by page: a 50 000-row report is never one string in memory.
 */

const PAGE = 1000;

const HEADER = [
  'Строка',
  'Действие',
  'Артикул',
  'Артикул поставщика',
  'Наименование',
  'Цена до, ₽',
  'Цена после, ₽',
  'Старая цена до, ₽',
  'Старая цена после, ₽',
  'Остаток до',
  'Остаток после',
  'На витрине до',
  'На витрине после',
  'Скачок цены',
  'Колонка',
  'Сообщение',
];

/** A text cell: quoted when it must be, and never read by Excel as a formula. */
function text(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const rub = (kopecks: number | null | undefined) => (kopecks === null || kopecks === undefined ? '' : (kopecks / 100).toFixed(2).replace('.', ','));
const num = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const yesNo = (state: ProductState | null) => (state ? (state.isActive ? 'да' : 'нет') : '');

export function reportLine(row: ImportRow): string {
  const { before, after } = row;
  return [
    num(row.rowNumber),
    ROW_ACTION_LABELS[row.action],
    text(row.sku),
    text(row.supplierSku),
    text(row.name),
    rub(before?.priceKopecks),
    rub(after?.priceKopecks),
    rub(before?.oldPriceKopecks),
    rub(after?.oldPriceKopecks),
    num(before?.stock),
    num(after?.stock),
    yesNo(before),
    yesNo(after),
    row.priceFlagged ? 'да' : '',
    text(row.column),
    text(row.message),
  ].join(';');
}

/** `GET …/report.csv`: the file's name and its lines as a stream. */
export async function importReport(db: Db, id: number): Promise<{ fileName: string; stream: Readable }> {
  await requireImport(db, id);
  async function* lines() {
    yield `\uFEFF${HEADER.join(';')}\r\n`;
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(supplierImportRows)
        .where(and(eq(supplierImportRows.importId, id), gt(supplierImportRows.id, after)))
        .orderBy(asc(supplierImportRows.id))
        .limit(PAGE);
      if (rows.length === 0) return;
      yield rows.map((row) => `${reportLine(toImportRow(row))}\r\n`).join('');
      after = rows.at(-1)!.id;
    }
  }
  return { fileName: `import-${id}.csv`, stream: Readable.from(lines()) };
}
