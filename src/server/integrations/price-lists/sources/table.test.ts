import { describe, expect, it } from 'vitest';
import { tableLayout, type TableRow } from './table.ts';

const rows = (...cells: string[][]): TableRow[] => cells.map((row, i) => ({ rowNumber: i + 1, cells: row }));
const product = ['00-001', 'KDJZ20-13', 'Дрель-шуруповёрт DCK KDJZ20-13', '12 990,00', 'много'];

describe('tableLayout', () => {
  it('finds the header under a title row and an empty row', () => {
    const layout = tableLayout(rows(['Прайс-лист ООО «ДЦК Инструмент» от 01.11.2026'], [''], ['Код', 'Артикул', 'Наименование', 'Цена', 'Остаток'], product));
    expect(layout).toEqual({
      headerRow: 3,
      lastHeaderRow: 3,
      headers: ['Код', 'Артикул', 'Наименование', 'Цена', 'Остаток'],
      spanStart: [0, 1, 2, 3, 4],
    });
  });

  it('takes the first row with the most filled cells when no row reads like a header', () => {
    const layout = tableLayout(rows(['Сводка'], ['Поз.', 'Модель', 'Опис.', 'Руб.'], ['1', 'KDJZ20-13', 'Дрель', '12990'], ['2', 'KZC02-26', 'Перфоратор', '16990']));
    expect(layout.headerRow).toBe(2);
    expect(layout.headers).toEqual(['Поз.', 'Модель', 'Опис.', 'Руб.']);
  });

  it('looks for the header in the first 30 rows only', () => {
    const titles = Array.from({ length: 30 }, (_, i) => [`Примечание ${i + 1}`]);
    const layout = tableLayout(rows(...titles, ['Артикул', 'Наименование', 'Цена']));
    expect(layout.headerRow).toBe(1);
  });

  it('combines two header rows under merged cells into one name per column', () => {
    const layout = tableLayout(
      rows(
        ['P.I.T. — прайс-лист для дилеров'],
        ['Артикул', 'Наименование', 'Цена, руб.', '', 'Остаток', 'Фото', '', ''],
        ['', '', 'Розница', 'Опт', '', '', '', ''],
        ['PSR20-C2', 'Дрель-шуруповёрт P.I.T. PSR20-C2', '12990', '9093', '15', 'https://pit.ru/1.jpg', 'https://pit.ru/2.jpg'],
      ),
    );
    expect(layout).toEqual({
      headerRow: 2,
      lastHeaderRow: 3,
      headers: ['Артикул', 'Наименование', 'Цена, руб. / Розница', 'Цена, руб. / Опт', 'Остаток', 'Фото', 'Фото (2)'],
      spanStart: [0, 1, 2, 3, 4, 5, 5],
    });
  });

  it('does not take the first data row for a second header row', () => {
    const layout = tableLayout(rows(['Артикул', 'Наименование', 'Цена', ''], ['KDJZ20-13', 'Дрель', '12 990', 'новинка']));
    expect(layout.lastHeaderRow).toBe(1);
    expect(layout.headers).toEqual(['Артикул', 'Наименование', 'Цена', 'Цена (2)']);
  });

  it('names columns the data has beyond the header', () => {
    const layout = tableLayout(rows(['', 'Артикул', 'Цена'], ['1', 'KDJZ20-13', '12 990', 'https://a.ru/1.jpg']));
    expect(layout.headers).toEqual(['Столбец 1', 'Артикул', 'Цена', 'Цена (2)']);
    expect(layout.spanStart).toEqual([0, 1, 2, 2]);
  });

  it('puts header cells that break lines on one line', () => {
    const layout = tableLayout(rows(['Артикул', 'Цена,\nруб.', '  Остаток\n на складе ']));
    expect(layout.headers).toEqual(['Артикул', 'Цена, руб.', 'Остаток на складе']);
  });

  it('uses the header row staff chose', () => {
    const layout = tableLayout(rows(['Артикул', 'Цена'], ['Код', 'Розница'], ['KDJZ20-13', '12 990']), 2);
    expect(layout.headerRow).toBe(2);
    expect(layout.headers).toEqual(['Код', 'Розница']);
  });

  it('refuses a chosen header row that is empty or missing, and a table without rows', () => {
    expect(() => tableLayout(rows(['Артикул'], [''], ['KDJZ20-13']), 2)).toThrow('Строка 2 пуста или её нет в файле: выберите строку заголовков');
    expect(() => tableLayout(rows([''], ['', ''], []))).toThrow('В таблице нет ни одной заполненной строки');
  });
});
