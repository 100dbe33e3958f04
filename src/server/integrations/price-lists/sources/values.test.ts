import { describe, expect, it } from 'vitest';
import { STOCK_AVAILABLE, STOCK_ON_ORDER, STOCK_PLENTY, oneLine, parsePictures, parsePrice, parseStock } from './values.ts';

describe('parsePrice', () => {
  it.each([
    ['12 990', 1_299_000],
    ['12 990,50', 1_299_050],
    ['12990.5 ₽', 1_299_050],
    ['1,299.00', 129_900],
    ['1.299,00', 129_900],
    ['1,299', 129_900],
    ['1.299.000', 129_900_000],
    ['12,5', 1250],
    ['0,500', 50],
    ['12\u00a0990,00', 1_299_000],
    ['12\u202f990 руб.', 1_299_000],
    ['12 990 р.', 1_299_000],
    ['12 990 рублей', 1_299_000],
    ['990р', 99_000],
    ['RUB 1500', 150_000],
    ['10.005', 1_000_500],
    ['0.125', 13],
    ['0', 0],
    ['  4 490,00  ', 449_000],
  ])('reads «%s» as %i kopecks', (text, kopecks) => {
    expect(parsePrice(text)).toEqual({ value: kopecks });
  });

  it.each(['', '   ', '-', '—', 'по запросу', 'Договорная'])('reads «%s» as no price (on request)', (text) => {
    expect(parsePrice(text)).toEqual({ value: null });
  });

  it('refuses negative prices', () => {
    expect(parsePrice('-1 500,00')).toEqual({ error: 'Цена не может быть отрицательной' });
    expect(parsePrice('−12 ₽')).toEqual({ error: 'Цена не может быть отрицательной' });
  });

  it.each(['abc', '12 990 $', '1,2,3', '12.990,5,0', 'от 1 200', '1 2 3,4.5.6'])('refuses «%s» as not a price', (text) => {
    expect(parsePrice(text)).toEqual({ error: `Не удалось прочитать цену «${text}»` });
  });

  it('refuses a price the shop cannot hold', () => {
    expect(parsePrice('25 000 000')).toEqual({ error: 'Слишком большая цена «25 000 000»: не больше 20 000 000 ₽' });
  });

  it('requires a price above zero when asked to', () => {
    expect(parsePrice('', { required: true })).toEqual({ error: 'Не указана цена' });
    expect(parsePrice('0,00', { required: true })).toEqual({ error: 'Цена должна быть больше нуля' });
    expect(parsePrice('1', { required: true })).toEqual({ value: 100 });
  });
});

describe('parseStock', () => {
  it('names its word constants', () => {
    expect([STOCK_AVAILABLE, STOCK_PLENTY, STOCK_ON_ORDER]).toEqual([10, 100, 0]);
  });

  it.each([
    ['15', 15],
    ['1 500', 1500],
    ['15,000', 15],
    ['2.5', 2],
    ['7 шт.', 7],
    ['>10', 10],
    ['> 10', 10],
    ['>=5', 5],
    ['более 50', 50],
    ['Больше 20', 20],
    ['свыше 100', 100],
    ['50+', 50],
    ['много', STOCK_PLENTY],
    ['Много', STOCK_PLENTY],
    ['есть', STOCK_AVAILABLE],
    ['В наличии', STOCK_AVAILABLE],
    ['да', STOCK_AVAILABLE],
    ['+', STOCK_AVAILABLE],
    ['нет', 0],
    ['0', 0],
    ['-', 0],
    ['отсутствует', 0],
    ['Нет в наличии', 0],
    ['под заказ', STOCK_ON_ORDER],
    ['Под заказ.', STOCK_ON_ORDER],
    ['ожидается', STOCK_ON_ORDER],
  ])('reads «%s» as %i', (text, count) => {
    expect(parseStock(text)).toEqual({ value: count });
  });

  it('reads an empty cell as null', () => {
    expect(parseStock('  ')).toEqual({ value: null });
  });

  it('refuses what it cannot count', () => {
    expect(parseStock('уточняйте')).toEqual({ error: 'Не удалось прочитать остаток «уточняйте»' });
    expect(parseStock('-3')).toEqual({ error: 'Остаток не может быть отрицательным' });
    expect(parseStock('20 000 000')).toEqual({ error: 'Слишком большой остаток «20 000 000»: не больше 10 000 000' });
  });
});

describe('parsePictures', () => {
  it('splits on commas, semicolons, spaces and new lines and keeps http(s) links once', () => {
    const cell = 'https://a.ru/1.jpg, https://a.ru/2.jpg;http://a.ru/3.jpg\nhttps://a.ru/1.jpg  ftp://a.ru/4.jpg фото.jpg /local.jpg';
    expect(parsePictures(cell)).toEqual(['https://a.ru/1.jpg', 'https://a.ru/2.jpg', 'http://a.ru/3.jpg']);
  });

  it('finds none in an empty cell', () => {
    expect(parsePictures('')).toEqual([]);
  });
});

describe('oneLine', () => {
  it('joins lines and runs of spaces', () => {
    expect(oneLine('  Перфоратор DCK\n KZC02-26\u00a0 (кейс) ')).toBe('Перфоратор DCK KZC02-26 (кейс)');
  });
});
