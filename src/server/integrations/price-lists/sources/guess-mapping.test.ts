import { describe, expect, it } from 'vitest';
import { guessMapping, isHeaderWord, normalizeHeader } from './guess-mapping.ts';

describe('guessMapping', () => {
  it('reads a 1C price list', () => {
    const headers = ['Код', 'Артикул', 'Наименование', 'Категория', 'Бренд', 'Цена, руб.', 'Опт, руб.', 'Остаток', 'Фото'];
    expect(guessMapping(headers)).toEqual({
      supplierSku: 0,
      sku: 1,
      name: 2,
      category: 3,
      brand: 4,
      price: 5,
      purchasePrice: 6,
      stock: 7,
      pictures: 8,
    });
  });

  it('tells prices apart by their qualifiers, whatever their order', () => {
    expect(guessMapping(['Артикул', 'Цена, руб. / Опт', 'Цена, руб. / Розница', 'Старая цена'])).toEqual({ sku: 0, purchasePrice: 1, price: 2, oldPrice: 3 });
    expect(guessMapping(['Артикул', 'Цена', 'Цена опт', 'Цена до скидки'])).toEqual({ sku: 0, price: 1, purchasePrice: 2, oldPrice: 3 });
    expect(guessMapping(['Код товара', 'Розничная цена', 'Закупочная', 'РРЦ'])).toEqual({ supplierSku: 0, price: 1, purchasePrice: 2 });
  });

  it('knows the other Russian headers, case and punctuation aside', () => {
    expect(
      guessMapping(['АРТИКУЛ ПОСТАВЩИКА', 'Название', 'Кол-во', 'Раздел', 'Производитель', 'Описание', 'Краткое описание', 'Изображение', 'Артикул']),
    ).toEqual({ supplierSku: 0, name: 1, stock: 2, category: 3, brand: 4, description: 5, shortDescription: 6, pictures: 7, sku: 8 });
    expect(guessMapping(['Товар', 'Наличие', 'Группа', 'Картинка', 'Розница', 'Опт'])).toEqual({ name: 0, stock: 1, category: 2, pictures: 3, price: 4, purchasePrice: 5 });
  });

  it('knows English headers', () => {
    expect(guessMapping(['SKU', 'Name', 'Price', 'Stock', 'Category', 'Brand', 'Image', 'Description'])).toEqual({
      sku: 0,
      name: 1,
      price: 2,
      stock: 3,
      category: 4,
      brand: 5,
      pictures: 6,
      description: 7,
    });
    expect(guessMapping(['Qty', 'Product name', 'Old price', 'Wholesale price'])).toEqual({ stock: 0, name: 1, oldPrice: 2, purchasePrice: 3 });
  });

  it('gives each field one column (the leftmost of equals) and leaves unknown columns out', () => {
    expect(guessMapping(['№', 'Наименование', 'Ед. изм.', 'Наименование', 'Бренд', 'Производитель'])).toEqual({ name: 1, brand: 4 });
  });

  it('maps nothing from nothing', () => {
    expect(guessMapping([])).toEqual({});
    expect(guessMapping(['', 'Столбец 2'])).toEqual({});
  });
});

describe('isHeaderWord', () => {
  it.each(['Артикул', 'Цена, руб.', 'Остаток на складе', 'Кол-во', 'Фото товара', 'Наименование'])('takes «%s» for a header', (cell) => {
    expect(isHeaderWord(cell)).toBe(true);
  });

  it.each(['Прайс-лист ООО «ДЦК Инструмент» от 01.11.2026', 'Перфоратор DCK KZC02-26', '12 990,00', '', 'Цены указаны с НДС'])('does not take «%s» for a header', (cell) => {
    expect(isHeaderWord(cell)).toBe(false);
  });
});

describe('normalizeHeader', () => {
  it('lowers case, reads ё as е and drops punctuation', () => {
    expect(normalizeHeader(' Кол-во, шт. ')).toBe('кол во шт');
    expect(normalizeHeader('Зачёркнутая  цена')).toBe('зачеркнутая цена');
  });
});
