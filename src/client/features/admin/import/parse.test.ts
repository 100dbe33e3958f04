import { describe, expect, it } from 'vitest';
import { parseImport } from './parse.ts';

describe('bulk import input (spec 5)', () => {
  it.each([
    ['', 'Введите JSON данные'],
    ['   \n ', 'Введите JSON данные'],
    ['[{ name: "Дрель" }]', 'Неверный формат JSON'],
    ['{"name": "Дрель"}', 'JSON должен быть массивом товаров'],
    ['"текст"', 'JSON должен быть массивом товаров'],
    ['[]', 'Массив пуст: добавьте хотя бы один товар'],
  ])('%j gives %s', (text, message) => {
    expect(parseImport(text)).toEqual({ error: message });
  });

  it('returns the items of an array', () => {
    expect(parseImport('[{"name":"Дрель","sku":"D-1"}, 5]')).toEqual({ items: [{ name: 'Дрель', sku: 'D-1' }, 5] });
  });
});
