import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { collect, tempFiles } from '../../../../../tests/helpers/temp-files.ts';
import { csvRows, detectCsvSettings, detectDelimiter, detectEncoding, type CsvSettings } from './csv.ts';

const { file } = tempFiles('supplier-csv-', 'csv');
const allRows = (filePath: string, settings: CsvSettings) => collect(csvRows(filePath, settings));

const RUSSIAN = 'Артикул;Наименование;Цена\r\nKDJZ20-13;Дрель-шуруповёрт аккумуляторная DCK;12 990,00\r\n';

describe('detectEncoding', () => {
  it('reads UTF-8 with or without BOM and plain ASCII as UTF-8', () => {
    expect(detectEncoding(Buffer.from(RUSSIAN), false)).toBe('utf-8');
    expect(detectEncoding(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(RUSSIAN)]), false)).toBe('utf-8');
    expect(detectEncoding(Buffer.from('SKU;Name;Price\n1;Drill;10\n'), false)).toBe('utf-8');
  });

  it('keeps UTF-8 when the sample ends inside a character', () => {
    const bytes = Buffer.from(RUSSIAN);
    const cut = bytes.subarray(0, bytes.indexOf(Buffer.from('Наим')) + 1);
    expect(detectEncoding(cut, true)).toBe('utf-8');
  });

  it('recognises Russian text in Windows-1251', () => {
    expect(detectEncoding(iconv.encode(RUSSIAN, 'win1251'), false)).toBe('windows-1251');
    expect(detectEncoding(iconv.encode('ПЕРФОРАТОР DCK KZC02-26 «Профи» №1 — 16 990', 'win1251'), false)).toBe('windows-1251');
  });

  it('refuses bytes that are neither: KOI8-R, UTF-16, binary', () => {
    const long = `${RUSSIAN}Перфоратор сетевой, мощность 800 Вт, энергия удара 3 Дж, в кейсе\r\n`.repeat(3);
    expect(detectEncoding(iconv.encode(long, 'koi8-r'), false)).toBeNull();
    expect(detectEncoding(iconv.encode(long, 'utf-16le'), false)).toBeNull();
    expect(detectEncoding(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0xff, 0xd8]), false)).toBeNull();
  });
});

describe('detectDelimiter', () => {
  it('finds «;» under a title row though prices hold commas', () => {
    const text = 'Прайс-лист от 01.11.2026\r\n\r\nКод;Артикул;Наименование;Цена, руб.;Опт, руб.\r\n1;A;Дрель, 20 В;12 990,00;9 000,00\r\n2;B;УШМ;3 490,00;2 500,00\r\n';
    expect(detectDelimiter(text, false)).toBe(';');
  });

  it('finds «,» with quoted commas and semicolons left out', () => {
    const text = 'SKU,Name,Price\nA,"Drill; 20 V, 2 batteries",12990\nB,"Grinder, 125 mm",3490\nC,Saw,5490\n';
    expect(detectDelimiter(text, false)).toBe(',');
  });

  it('finds a tab', () => {
    expect(detectDelimiter('Артикул\tНаименование\tЦена\nA\tДрель, 20 В\t12 990,50\nB\tУШМ\t3 490\n', false)).toBe('\t');
  });

  it('skips quoted new lines and the unfinished last line of a cut sample', () => {
    const text = 'a;b;c\n1;"два\nстроки; и ещё";3\n4;5;6\n7,8,9,10,11,12';
    expect(detectDelimiter(text, true)).toBe(';');
  });
});

describe('detectCsvSettings', () => {
  it('detects what staff did not choose', async () => {
    const path1251 = file(iconv.encode(RUSSIAN, 'win1251'));
    expect(await detectCsvSettings(path1251, {})).toEqual({ encoding: 'windows-1251', delimiter: ';' });
    expect(await detectCsvSettings(path1251, { delimiter: ',' })).toEqual({ encoding: 'windows-1251', delimiter: ',' });
    expect(await detectCsvSettings(path1251, { encoding: 'utf-8' })).toEqual({ encoding: 'utf-8', delimiter: ';' });
  });

  it('refuses a file in an encoding it cannot tell', async () => {
    const koi8 = file(iconv.encode(`${RUSSIAN}Перфоратор сетевой, мощность 800 Вт, в кейсе\r\n`.repeat(3), 'koi8-r'));
    await expect(detectCsvSettings(koi8, {})).rejects.toThrow('Не удалось определить кодировку файла: сохраните его в UTF-8 или Windows-1251');
  });
});

describe('csvRows', () => {
  it('streams rows with quoted fields, escaped quotes, new lines, uneven lengths and blank rows', async () => {
    const text = 'Прайс\r\n\r\nАртикул;Наименование;Цена\r\nA1;"Дрель ""Профи""; 20 В\nв кейсе";12 990\r\nA2;  УШМ  \r\n;;\r\nA3;Пила;5 490;лишнее\r\n';
    const rows = await allRows(file(text), { encoding: 'utf-8', delimiter: ';' });
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['Прайс'] },
      { rowNumber: 2, cells: [''] },
      { rowNumber: 3, cells: ['Артикул', 'Наименование', 'Цена'] },
      { rowNumber: 4, cells: ['A1', 'Дрель "Профи"; 20 В\nв кейсе', '12 990'] },
      { rowNumber: 5, cells: ['A2', 'УШМ'] },
      { rowNumber: 6, cells: ['', '', ''] },
      { rowNumber: 7, cells: ['A3', 'Пила', '5 490', 'лишнее'] },
    ]);
  });

  it('decodes Windows-1251', async () => {
    const rows = await allRows(file(iconv.encode(RUSSIAN, 'win1251')), { encoding: 'windows-1251', delimiter: ';' });
    expect(rows[1]).toEqual({ rowNumber: 2, cells: ['KDJZ20-13', 'Дрель-шуруповёрт аккумуляторная DCK', '12 990,00'] });
  });

  it('stops on bytes that are not UTF-8 further on in a UTF-8 file', async () => {
    const start = Buffer.from(`Артикул;Наименование\n${'A;Дрель\n'.repeat(10_000)}`);
    const mixed = file(Buffer.concat([start, iconv.encode('B;Перфоратор\n', 'win1251')]));
    expect(await detectCsvSettings(mixed, {})).toEqual({ encoding: 'utf-8', delimiter: ';' });
    await expect(allRows(mixed, { encoding: 'utf-8', delimiter: ';' })).rejects.toThrow(
      'В файле есть байты не в кодировке UTF-8: сохраните его целиком в UTF-8 или Windows-1251',
    );
  });

  it('refuses a quote that is never closed', async () => {
    await expect(allRows(file('a;b\n1;"не закрыта\n2;3\n'), { encoding: 'utf-8', delimiter: ';' })).rejects.toThrow(
      'Не удалось прочитать CSV: кавычка не закрыта до конца файла',
    );
  });
});
