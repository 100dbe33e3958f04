import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { collect, tempFiles } from '../../../../../tests/helpers/temp-files.ts';
import { zipBytes } from '../../../../../tests/helpers/zip.ts';
import { PIT_FIRST_PRODUCT_ROW } from './fixtures/pit-price.ts';
import { cellText } from '../../../core/spreadsheet-cell.ts';
import { openXlsx } from './xlsx.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const { dir } = tempFiles('supplier-xlsx-', 'xlsx');

describe('cellText', () => {
  it('turns every kind of cell value into the text Excel shows', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText('  Дрель  ')).toBe('Дрель');
    expect(cellText(12990)).toBe('12990');
    expect(cellText(12990.5)).toBe('12990.5');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(4607012345678)).toBe('4607012345678');
    expect(cellText(true)).toBe('да');
    expect(cellText(false)).toBe('нет');
    expect(cellText(new Date(Date.UTC(2026, 10, 1)))).toBe('01.11.2026');
    expect(cellText(new Date(Date.UTC(2026, 10, 1, 14, 30)))).toBe('01.11.2026 14:30');
    expect(cellText({ richText: [{ text: 'Перфоратор ', font: { bold: true } }, { text: 'P.I.T. PBH20-C1' }] })).toBe('Перфоратор P.I.T. PBH20-C1');
    expect(cellText({ formula: 'D5*0.7', result: 9093 })).toBe('9093');
    expect(cellText({ formula: 'A1&"-K"', result: 'PSR20-K' })).toBe('PSR20-K');
    expect(cellText({ sharedFormula: 'D5', result: 100 } as ExcelJS.CellValue)).toBe('100');
    expect(cellText({ formula: 'NOW()' } as ExcelJS.CellValue)).toBe('');
    expect(cellText({ text: 'https://pit.ru/1.jpg', hyperlink: 'https://pit.ru/1.jpg' })).toBe('https://pit.ru/1.jpg');
    expect(cellText({ text: '', hyperlink: 'https://pit.ru/2.jpg' })).toBe('https://pit.ru/2.jpg');
    expect(cellText({ error: '#N/A' })).toBe('');
  });
});

describe('openXlsx', () => {
  const pit = path.join(FIXTURES, 'pit-price.xlsx');

  it('reads the first sheet by default and names every sheet', async () => {
    const { sheets, sheet, rows } = await openXlsx(pit);
    expect(sheets).toEqual(['Прайс', 'Архив']);
    expect(sheet).toBe('Прайс');
    const all = await collect(rows);
    expect(all.slice(0, 5)).toEqual([
      { rowNumber: 1, cells: ['P.I.T. — прайс-лист для дилеров'] },
      { rowNumber: 2, cells: ['Действует с 01.11.2026, цены в рублях с НДС'] },
      { rowNumber: 3, cells: ['Артикул', 'Наименование', 'Категория', 'Цена, руб.', '', 'Остаток', 'Фото', '', '', 'Поступление'] },
      { rowNumber: 4, cells: ['', '', '', 'Розница', 'Опт'] },
      PIT_FIRST_PRODUCT_ROW,
    ]);
    expect(all.at(-1)?.rowNumber).toBe(28);
  });

  it('reads the sheet asked for', async () => {
    const { sheet, rows } = await openXlsx(pit, 'Архив');
    expect(sheet).toBe('Архив');
    expect(await collect(rows)).toEqual([
      { rowNumber: 1, cells: ['Артикул', 'Наименование', 'Цена'] },
      { rowNumber: 2, cells: ['PSR12-D', 'Дрель-шуруповёрт P.I.T. PSR12-D (снята с производства)', '2990'] },
      { rowNumber: 3, cells: ['PBH18-A', 'Перфоратор P.I.T. PBH18-A (снят с производства)', '5490'] },
    ]);
  });

  it('can be left after a few rows and read again', async () => {
    const first = await openXlsx(pit);
    expect(await collect(first.rows, 2)).toHaveLength(2);
    const again = await openXlsx(pit);
    expect(await collect(again.rows)).toHaveLength(28);
  });

  it('skips hidden sheets when choosing the first one', async () => {
    const workbook = new ExcelJS.Workbook();
    const hidden = workbook.addWorksheet('Служебный');
    hidden.state = 'hidden';
    hidden.addRow(['служебные данные']);
    workbook.addWorksheet('Товары').addRow(['Артикул', 'Цена']);
    const file = path.join(dir, 'hidden.xlsx');
    fs.writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
    const { sheets, sheet, rows } = await openXlsx(file);
    expect(sheets).toEqual(['Товары']);
    expect(sheet).toBe('Товары');
    expect(await collect(rows)).toEqual([{ rowNumber: 1, cells: ['Артикул', 'Цена'] }]);
  });

  it('keeps every letter of a long sheet whole, wherever the archive splits its text', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Прайс');
    sheet.addRow(['Артикул', 'Наименование']);
    const names = Array.from({ length: 3000 }, (_, i) => `Перфоратор сетевой № ${i}, ёмкость щёток «Юг»`);
    names.forEach((name, i) => sheet.addRow([`PBH-${i}`, name]));
    const file = path.join(dir, 'long.xlsx');
    fs.writeFileSync(file, Buffer.from(await workbook.xlsx.writeBuffer()));
    const { rows } = await openXlsx(file);
    const read = (await collect(rows)).slice(1).map((row) => row.cells[1]);
    expect(read).toEqual(names);
  });

  it('refuses a sheet that is not there', async () => {
    await expect(openXlsx(pit, 'Остатки')).rejects.toThrow('В книге нет листа «Остатки»: есть «Прайс», «Архив»');
  });

  it('refuses a cut-off archive', async () => {
    await expect(openXlsx(path.join(FIXTURES, 'broken.xlsx'))).rejects.toThrow(
      'Файл Excel повреждён: архив XLSX обрезан или испорчен. Откройте его в Excel и сохраните заново',
    );
  });

  it('refuses a zip archive that is not a workbook', async () => {
    const file = path.join(dir, 'photos.zip');
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('Фото товаров'), 'readme.txt', { compress: false });
    fs.writeFileSync(file, await zipBytes(zip));
    await expect(openXlsx(file)).rejects.toThrow('Это архив ZIP, но не книга Excel (XLSX)');
  });
});
