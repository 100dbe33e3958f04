/**
 * The values of a price-list cell as suppliers write them: prices with spaces, commas and «₽»,
 * stock as numbers or words, pictures as lists of links. Each parser answers a value or a
 * Russian reason the cell cannot be read.
 */

import { MAX_PRICE_KOPECKS } from '#shared/money.ts';

export type Parsed<T> = { value: T } | { error: string };
/** The largest stock the product form accepts. */
export const MAX_STOCK = 10_000_000;

/** «есть», «в наличии», «да», «+»: the supplier has it but does not say how many. */
export const STOCK_AVAILABLE = 10;
/** «много»: plenty. */
export const STOCK_PLENTY = 100;
/** «под заказ», «на заказ», «ожидается»: not on the shelf now, so nothing can be sold from stock. */
export const STOCK_ON_ORDER = 0;

const SPACES = /[\s\u00a0\u202f\u2009\u2007']/g;
const MINUS = /^[-\u2212\u2013]/;
/** Roubles written after (or before) the number: «₽», «руб.», «р.», «RUB». */
const CURRENCY = /(₽|рублей|рубля|рубль|руб\.?|р\.|р(?=$)|rub|rur)/gi;
/** A cell that says «no price» in words: the product's price is on request. */
const NO_PRICE = new Set(['-', '—', '–', 'по запросу', 'договорная', 'звоните', 'уточняйте']);

/**
 * `12 990`, `12 990,50`, `12990.5 ₽`, `1,299.00`, `1.299,00` → the number as a plain decimal string.
 * The last separator is the decimal one, except a lone separator before exactly three digits
 * («1,299», «12.990»), which groups thousands like repeated ones do («1.299.000»).
 */
function plainDecimal(text: string): string | null {
  const digits = text.replace(SPACES, '');
  if (!/^\d[\d.,]*$/.test(digits)) return null;
  let decimalAt = Math.max(digits.lastIndexOf(','), digits.lastIndexOf('.'));
  if (decimalAt !== -1) {
    const separator = digits[decimalAt];
    const onlyOneKind = !digits.includes(separator === ',' ? '.' : ',');
    const repeated = digits.indexOf(separator) !== decimalAt;
    const threeAfter = digits.length - decimalAt - 1 === 3 && !digits.startsWith('0');
    if (onlyOneKind && (repeated || threeAfter)) decimalAt = -1;
  }
  const whole = decimalAt === -1 ? digits : digits.slice(0, decimalAt);
  const fraction = decimalAt === -1 ? '' : digits.slice(decimalAt + 1);
  if (!/^\d+$|^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*$/.test(whole) || !/^\d*$/.test(fraction)) return null;
  const wholeDigits = whole.replace(/[.,]/g, '');
  return fraction ? `${wholeDigits}.${fraction}` : wholeDigits;
}

/** Kopecks of a plain decimal string, rounded half up on the third decimal, without float error. */
function decimalToKopecks(decimal: string): number {
  const [whole, fraction = ''] = decimal.split('.');
  const kopecks = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return fraction.length > 2 && Number(fraction[2]) >= 5 ? kopecks + 1 : kopecks;
}

/**
 * A price cell in kopecks. Empty (or «по запросу», «-») is null: the price is on request.
 * With `required`, empty and zero are errors too (YML offers must carry a price).
 */
export function parsePrice(text: string, options: { required?: boolean } = {}): Parsed<number | null> {
  const trimmed = text.trim();
  const bare = trimmed.replace(CURRENCY, '').trim();
  if (bare === '' || NO_PRICE.has(bare.toLowerCase())) {
    return options.required ? { error: 'Не указана цена' } : { value: null };
  }
  if (MINUS.test(bare) && plainDecimal(bare.slice(1).trim()) !== null) {
    return { error: 'Цена не может быть отрицательной' };
  }
  const decimal = plainDecimal(bare);
  if (decimal === null) return { error: `Не удалось прочитать цену «${trimmed}»` };
  const kopecks = decimalToKopecks(decimal);
  if (kopecks > MAX_PRICE_KOPECKS) return { error: `Слишком большая цена «${trimmed}»: не больше 20 000 000 ₽` };
  if (kopecks === 0 && options.required) return { error: 'Цена должна быть больше нуля' };
  return { value: kopecks };
}

const STOCK_WORDS = new Map<string, number>([
  ['много', STOCK_PLENTY],
  ['есть', STOCK_AVAILABLE],
  ['в наличии', STOCK_AVAILABLE],
  ['имеется', STOCK_AVAILABLE],
  ['да', STOCK_AVAILABLE],
  ['+', STOCK_AVAILABLE],
  ['yes', STOCK_AVAILABLE],
  ['in stock', STOCK_AVAILABLE],
  ['нет', 0],
  ['нет в наличии', 0],
  ['отсутствует', 0],
  ['-', 0],
  ['—', 0],
  ['no', 0],
  ['out of stock', 0],
  ['под заказ', STOCK_ON_ORDER],
  ['на заказ', STOCK_ON_ORDER],
  ['ожидается', STOCK_ON_ORDER],
]);

/** «>10», «> 10», «более 50», «больше 50», «свыше 50», «от 50», «50+»: at least that many. */
const AT_LEAST = /^(?:>|≥|>=|более|больше|свыше|от)\s*(\d[\d\s]*)(?:\s*шт\.?)?$|^(\d[\d\s]*)\s*\+$/;

/**
 * A stock cell as a count. Numbers with spaces between thousands and a decimal comma (1C writes
 * «15,000» for 15; fractions are cut down: stock is counted in whole items),
 * lower bounds taken as the bound, and words: see STOCK_AVAILABLE, STOCK_PLENTY, STOCK_ON_ORDER.
 * Empty is null (products.stock null counts as out of stock).
 */
export function parseStock(text: string): Parsed<number | null> {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  const lower = trimmed.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').replace(/[.!]$/, '');
  const word = STOCK_WORDS.get(lower);
  if (word !== undefined) return { value: word };
  const bound = AT_LEAST.exec(lower);
  const numberText = bound ? (bound[1] ?? bound[2]) : lower.replace(/\s*шт\.?$/, '');
  const decimal = numberText.replace(SPACES, '').replace(',', '.');
  if (/^[-\u2212\u2013]\d+(\.\d+)?$/.test(decimal)) return { error: 'Остаток не может быть отрицательным' };
  if (!/^\d+(\.\d+)?$/.test(decimal)) return { error: `Не удалось прочитать остаток «${trimmed}»` };
  const count = Math.floor(Number(decimal));
  if (count > MAX_STOCK) return { error: `Слишком большой остаток «${trimmed}»: не больше 10 000 000` };
  return { value: count };
}

/** Picture links in one cell, separated by commas, semicolons, spaces or new lines: only http(s), each once. */
export function parsePictures(text: string): string[] {
  const links = text.split(/[\s,;]+/).filter((part) => /^https?:\/\/[^\s/]+/i.test(part));
  return [...new Set(links)];
}

/** A one-line text (names, SKUs, brands, categories): new lines and runs of spaces become one space. */
export function oneLine(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}
