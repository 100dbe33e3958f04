import path from 'node:path';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { collect, tempFiles } from '../../../../../tests/helpers/temp-files.ts';
import { PIT_FIRST_PRODUCT_ROW } from './fixtures/pit-price.ts';
import { SourceError, detectFormat, previewSource, readRecords } from './read.ts';
import type { ColumnMapping, ParsedRow, ReadOptions, RowError, SourceFormat, SupplierRecord } from './types.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => path.join(FIXTURES, name);
const { file } = tempFiles('supplier-read-', 'csv');

async function read(filePath: string, options: ReadOptions & { format: SourceFormat }, mapping: ColumnMapping) {
  const rows: ParsedRow[] = await collect(readRecords(filePath, options, mapping));
  const records: SupplierRecord[] = rows.flatMap((row) => (row.ok ? [row.record] : []));
  const errors: RowError[] = rows.flatMap((row) => (row.ok ? [] : row.errors));
  return { rows, records, errors };
}

describe('detectFormat', () => {
  it('tells the format from the content, whatever the name', async () => {
    expect(await detectFormat(fixture('pit-price.xlsx'), 'прайс.csv')).toBe('xlsx');
    expect(await detectFormat(fixture('feed.yml'), 'feed')).toBe('yml');
    expect(await detectFormat(file('\ufeff\n  <yml_catalog date="2026-11-01"></yml_catalog>', 'xml'), 'feed.xml')).toBe('yml');
    expect(await detectFormat(fixture('dck-price-1251.csv'), 'price.txt')).toBe('csv');
  });

  it('refuses what is not a price list', async () => {
    await expect(detectFormat(file(''), 'пусто.csv')).rejects.toThrow(new SourceError('Файл пуст'));
    const xls = file(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), 'xls');
    await expect(detectFormat(xls, 'прайс.xls')).rejects.toThrow('Старый формат Excel (XLS) не поддерживается: сохраните файл как XLSX или CSV');
    await expect(detectFormat(file('<!DOCTYPE html><html><body>502 Bad Gateway</body></html>'), 'feed')).rejects.toThrow(
      'Это веб-страница (HTML), а не прайс-лист: проверьте ссылку или файл',
    );
    await expect(detectFormat(file('Артикул;Цена\nA;1\n'), 'прайс.xlsx')).rejects.toThrow(
      'Файл «прайс.xlsx» не читается как книга Excel (XLSX): он повреждён или это файл другого формата',
    );
  });
});

describe('DCK: a Windows-1251 CSV with a title row above the header', () => {
  const dck = fixture('dck-price-1251.csv');

  it('previews the detected settings, header, first rows and guessed mapping', async () => {
    const preview = await previewSource(dck, 'dck-price-1251.csv', {});
    expect({ ...preview, rows: preview.rows.slice(0, 4) }).toEqual({
      format: 'csv',
      encoding: 'windows-1251',
      delimiter: ';',
      headerRow: 3,
      headers: ['Код', 'Артикул', 'Наименование', 'Категория', 'Бренд', 'Цена, руб.', 'Опт, руб.', 'Остаток', 'Фото'],
      rows: [
        { rowNumber: 4, cells: ['', '', 'Аккумуляторный инструмент'] },
        {
          rowNumber: 5,
          cells: [
            '00-00010000',
            'KJS48-24',
            'Дрель-шуруповёрт аккумуляторная DCK KJS48-24',
            'Дрели и шуруповёрты / Аккумуляторные дрели-шуруповёрты',
            'DCK',
            '12\u00a0490,00',
            '8\u00a0993,00',
            'много',
            'https://dck-tools.ru/upload/kjs48-24.jpg, https://dck-tools.ru/upload/kjs48-24-2.jpg',
          ],
        },
        {
          rowNumber: 6,
          cells: ['00-00010007', 'KDZ18-13-E', 'Дрель ударная DCK KDZ18-13-E; 810 Вт, кейс "DCK Box"', 'Дрели и шуруповёрты / Сетевые дрели', 'DCK', '6 190,00', '4\u00a0457,00', '>10', 'https://dck-tools.ru/upload/kdz18-13-e.jpg'],
        },
        {
          rowNumber: 7,
          cells: ['00-00010014', 'KJS28-26-C2', 'Перфоратор DCK KJS28-26-C2 (комплект "Профи";\nс набором буров SDS-plus)', 'Перфораторы', 'DCK', '24\u00a0090,00', '17\u00a0345,00', '5', 'https://dck-tools.ru/upload/kjs28-26-c2.jpg'],
        },
      ],
      guessedMapping: { supplierSku: 0, sku: 1, name: 2, category: 3, brand: 4, price: 5, purchasePrice: 6, stock: 7, pictures: 8 },
      // 36 products and 5 bad rows; the two section headings are not products.
      totalRows: 41,
    });
    expect(preview.rows.map((row) => row.rowNumber)).toEqual(Array.from({ length: 20 }, (_, i) => i + 4));
  });

  it('reads every product and explains every bad row', async () => {
    const preview = await previewSource(dck, 'dck-price-1251.csv', {});
    const { records, errors } = await read(dck, { format: 'csv' }, preview.guessedMapping);
    expect(records).toHaveLength(36);
    expect(records.slice(0, 4)).toEqual([
      {
        rowNumber: 5,
        supplierSku: '00-00010000',
        sku: 'KJS48-24',
        name: 'Дрель-шуруповёрт аккумуляторная DCK KJS48-24',
        category: 'Дрели и шуруповёрты / Аккумуляторные дрели-шуруповёрты',
        brand: 'DCK',
        priceKopecks: 1_249_000,
        purchasePriceKopecks: 899_300,
        stock: 100,
        pictures: ['https://dck-tools.ru/upload/kjs48-24.jpg', 'https://dck-tools.ru/upload/kjs48-24-2.jpg'],
      },
      {
        rowNumber: 6,
        supplierSku: '00-00010007',
        sku: 'KDZ18-13-E',
        name: 'Дрель ударная DCK KDZ18-13-E; 810 Вт, кейс "DCK Box"',
        category: 'Дрели и шуруповёрты / Сетевые дрели',
        brand: 'DCK',
        priceKopecks: 619_000,
        purchasePriceKopecks: 445_700,
        stock: 10,
        pictures: ['https://dck-tools.ru/upload/kdz18-13-e.jpg'],
      },
      {
        rowNumber: 7,
        supplierSku: '00-00010014',
        sku: 'KJS28-26-C2',
        name: 'Перфоратор DCK KJS28-26-C2 (комплект "Профи"; с набором буров SDS-plus)',
        category: 'Перфораторы',
        brand: 'DCK',
        priceKopecks: 2_409_000,
        purchasePriceKopecks: 1_734_500,
        stock: 5,
        pictures: ['https://dck-tools.ru/upload/kjs28-26-c2.jpg'],
      },
      {
        rowNumber: 8,
        supplierSku: '00-00010021',
        sku: 'KMY62-37',
        name: 'УШМ (болгарка) DCK KMY62-37',
        category: 'Шлифовальные машины / Угловые шлифмашины (УШМ)',
        brand: 'DCK',
        priceKopecks: 729_000,
        purchasePriceKopecks: 524_900,
        stock: 0,
      },
    ]);
    expect(records.map((record) => record.stock)).toEqual(Array.from({ length: 36 }, (_, i) => [100, 10, 5, 0, 0, 10, 50, 12, 0, 10][i % 10]));
    expect(errors).toEqual([
      { rowNumber: 42, column: 'Цена, руб.', message: 'Цена не может быть отрицательной' },
      { rowNumber: 43, column: 'Код', message: 'Не указан артикул' },
      { rowNumber: 44, column: 'Код', message: 'Артикул «00-00010021» повторяется: он уже был в строке 8' },
      { rowNumber: 45, column: 'Код', message: 'Артикул «00-00010021» повторяется: он уже был в строке 8' },
      { rowNumber: 46, column: 'Остаток', message: 'Не удалось прочитать остаток «уточняйте»' },
    ]);
  });

  it('reads a chosen header row and a chosen mapping', async () => {
    const { records, errors } = await read(dck, { format: 'csv', headerRow: 3, encoding: 'windows-1251', delimiter: ';' }, { sku: 1, price: 6 });
    expect(records[0]).toEqual({ rowNumber: 5, sku: 'KJS48-24', priceKopecks: 899_300, category: 'Аккумуляторный инструмент' });
    expect(records.find((record) => record.rowNumber === 26)).toEqual({ rowNumber: 26, sku: expect.any(String), priceKopecks: expect.any(Number), category: 'Сетевой инструмент' });
    expect(errors.map((error) => [error.rowNumber, error.column, error.message])).toEqual([
      [43, 'Артикул', 'Не указан артикул'],
      [44, 'Артикул', `Артикул «${records[3].sku}» повторяется: он уже был в строке 8`],
      [45, 'Артикул', `Артикул «${records[3].sku}» повторяется: он уже был в строке 8`],
    ]);
  });
});

describe('P.I.T.: an XLSX with a merged two-row header', () => {
  const pit = fixture('pit-price.xlsx');

  it('previews the sheets, the combined header and the guessed mapping', async () => {
    const preview = await previewSource(pit, 'pit-price.xlsx', {});
    expect({ ...preview, rows: preview.rows.slice(0, 2) }).toEqual({
      format: 'xlsx',
      sheets: ['Прайс', 'Архив'],
      sheet: 'Прайс',
      headerRow: 3,
      headers: ['Артикул', 'Наименование', 'Категория', 'Цена, руб. / Розница', 'Цена, руб. / Опт', 'Остаток', 'Фото', 'Фото (2)', 'Фото (3)', 'Поступление'],
      rows: [
        PIT_FIRST_PRODUCT_ROW,
        { rowNumber: 6, cells: ['PGT92-12-E', 'Дрель ударная P.I.T. PGT92-12-E', 'Сетевые дрели', '7 990', '5593.5', 'много', 'https://pit-tools.ru/images/pgt92-12-e.jpg'] },
      ],
      guessedMapping: { sku: 0, name: 1, category: 2, price: 3, purchasePrice: 4, stock: 5, pictures: 6 },
      totalRows: 24,
    });
  });

  it('reads prices written as numbers, as text with spaces and as formulas, and pictures from merged columns', async () => {
    const preview = await previewSource(pit, 'pit-price.xlsx', {});
    const { records, errors } = await read(pit, { format: 'xlsx' }, preview.guessedMapping);
    expect(errors).toEqual([]);
    expect(records).toHaveLength(24);
    expect(records.slice(0, 3)).toEqual([
      {
        rowNumber: 5,
        sku: 'PMS36-26',
        name: 'Дрель-шуруповёрт аккумуляторная P.I.T. PMS36-26',
        category: 'Аккумуляторные дрели-шуруповёрты',
        priceKopecks: 1_239_000,
        purchasePriceKopecks: 867_300,
        stock: 15,
        pictures: ['https://pit-tools.ru/images/pms36-26.jpg', 'https://pit-tools.ru/images/pms36-26-side.jpg', 'https://pit-tools.ru/images/pms36-26-box.jpg'],
      },
      {
        rowNumber: 6,
        sku: 'PGT92-12-E',
        name: 'Дрель ударная P.I.T. PGT92-12-E',
        category: 'Сетевые дрели',
        priceKopecks: 799_000,
        purchasePriceKopecks: 559_350,
        stock: 100,
        pictures: ['https://pit-tools.ru/images/pgt92-12-e.jpg'],
      },
      {
        rowNumber: 7,
        sku: 'PSR44-10-C1',
        name: 'Перфоратор P.I.T. PSR44-10-C1',
        category: 'Перфораторы',
        priceKopecks: 2_149_000,
        purchasePriceKopecks: 1_504_350,
        stock: 3,
        pictures: ['https://pit-tools.ru/images/psr44-10-c1.jpg', 'https://pit-tools.ru/images/psr44-10-c1-side.jpg'],
      },
    ]);
  });

  it('previews and reads the sheet asked for', async () => {
    const preview = await previewSource(pit, 'pit-price.xlsx', { sheet: 'Архив' });
    expect(preview).toMatchObject({ sheet: 'Архив', headerRow: 1, headers: ['Артикул', 'Наименование', 'Цена'], totalRows: 2, guessedMapping: { sku: 0, name: 1, price: 2 } });
    const { records } = await read(pit, { format: 'xlsx', sheet: 'Архив' }, preview.guessedMapping);
    expect(records).toEqual([
      { rowNumber: 2, sku: 'PSR12-D', name: 'Дрель-шуруповёрт P.I.T. PSR12-D (снята с производства)', priceKopecks: 299_000 },
      { rowNumber: 3, sku: 'PBH18-A', name: 'Перфоратор P.I.T. PBH18-A (снят с производства)', priceKopecks: 549_000 },
    ]);
  });
});

describe('YML feed', () => {
  it('previews the count of offers only: a feed needs no mapping', async () => {
    expect(await previewSource(fixture('feed.yml'), 'feed.yml', {})).toEqual({ format: 'yml', headers: [], rows: [], guessedMapping: {}, totalRows: 300 });
  });

  it('reads every offer, the mapping ignored', async () => {
    const { records, errors } = await read(fixture('feed.yml'), { format: 'yml' }, { name: 3 });
    expect(records).toHaveLength(299);
    expect(records[0]).toMatchObject({ rowNumber: 1, supplierSku: '100000', sku: 'KDPL62-25', priceKopecks: 1_739_000 });
    expect(errors).toEqual([{ rowNumber: 151, column: 'currencyId', message: 'Цена в валюте USD: принимаются только рубли (RUB)' }]);
  });

  it('refuses offers without an id or vendorCode and repeated ids', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><yml_catalog><shop><offers>
      <offer><price>100</price><name>Без артикула</name></offer>
      <offer id="7"><price>100</price></offer>
      <offer id="7"><price>200</price></offer>
      <offer><vendorCode>KZC02</vendorCode><price>300</price></offer>
    </offers></shop></yml_catalog>`;
    const { records, errors } = await read(file(xml, 'yml'), { format: 'yml' }, {});
    expect(records.map((record) => record.rowNumber)).toEqual([2, 4]);
    expect(errors).toEqual([
      { rowNumber: 1, column: 'id', message: 'Не указан артикул' },
      { rowNumber: 3, column: 'id', message: 'Артикул «7» повторяется: он уже был в строке 2' },
    ]);
  });
});

describe('files that cannot be read', () => {
  it('refuses a broken XLSX, a broken YML, an empty file and an unknown encoding', async () => {
    await expect(previewSource(fixture('broken.xlsx'), 'broken.xlsx', {})).rejects.toThrow(
      'Файл Excel повреждён: архив XLSX обрезан или испорчен. Откройте его в Excel и сохраните заново',
    );
    await expect(previewSource(fixture('broken.yml'), 'broken.yml', {})).rejects.toThrow('Файл YML повреждён: XML не читается (строка 34, позиция 66)');
    await expect(previewSource(file(''), 'пусто.csv', {})).rejects.toThrow('Файл пуст');
    await expect(previewSource(file('\r\n;;;\r\n\r\n'), 'пусто.csv', {})).rejects.toThrow('В таблице нет ни одной заполненной строки');
    const koi8 = file(iconv.encode('Артикул;Наименование;Цена\r\nKDJZ20-13;Дрель-шуруповёрт аккумуляторная DCK;12 990\r\n'.repeat(3), 'koi8-r'));
    await expect(previewSource(koi8, 'прайс.csv', {})).rejects.toThrow('Не удалось определить кодировку файла: сохраните его в UTF-8 или Windows-1251');
  });

  it('refuses a mapping without the SKU column or with a column the table lacks', async () => {
    const csv = file('Артикул;Наименование;Цена\nA1;Дрель;100\n');
    await expect(read(csv, { format: 'csv' }, { name: 1, price: 2 })).rejects.toThrow('Не выбран столбец с артикулом: укажите, где артикул или код поставщика');
    await expect(read(csv, { format: 'csv' }, { sku: 0, price: 5 })).rejects.toThrow('Для поля «Цена» выбран столбец, которого нет в таблице');
  });
});

describe('tables', () => {
  it('take section headings between products as their category when no column holds it', async () => {
    const csv = file(
      'Артикул,Наименование,Цена,Остаток\nДрели,,,\nA1,"Дрель, 20 В",990.50,есть\nA2,Дрель сетевая,1290,\n,Перфораторы,,\nA3,Перфоратор,"4,990.00",>5\nA4,,,\n',
    );
    const preview = await previewSource(csv, 'price.csv', {});
    expect(preview).toMatchObject({ encoding: 'utf-8', delimiter: ',', headerRow: 1, totalRows: 4 });
    const { records } = await read(csv, { format: 'csv' }, preview.guessedMapping);
    expect(records).toEqual([
      { rowNumber: 3, sku: 'A1', name: 'Дрель, 20 В', priceKopecks: 99_050, stock: 10, category: 'Дрели' },
      { rowNumber: 4, sku: 'A2', name: 'Дрель сетевая', priceKopecks: 129_000, stock: null, category: 'Дрели' },
      { rowNumber: 6, sku: 'A3', name: 'Перфоратор', priceKopecks: 499_000, stock: 5, category: 'Перфораторы' },
      // A lone code is a product with its data missing, not a heading.
      { rowNumber: 7, sku: 'A4', priceKopecks: null, stock: null, category: 'Перфораторы' },
    ]);
  });

  it('read a UTF-8 file with BOM and tabs', async () => {
    const tsv = file('\ufeffSKU\tName\tPrice\tQty\tImage\nA1\tDrill\t12 990\t3\thttps://a.ru/1.jpg https://a.ru/2.jpg\n');
    const preview = await previewSource(tsv, 'price.tsv', {});
    expect(preview).toMatchObject({ encoding: 'utf-8', delimiter: '\t', headers: ['SKU', 'Name', 'Price', 'Qty', 'Image'], totalRows: 1 });
    const { records } = await read(tsv, { format: 'csv' }, preview.guessedMapping);
    expect(records).toEqual([{ rowNumber: 2, sku: 'A1', name: 'Drill', priceKopecks: 1_299_000, stock: 3, pictures: ['https://a.ru/1.jpg', 'https://a.ru/2.jpg'] }]);
  });
});
