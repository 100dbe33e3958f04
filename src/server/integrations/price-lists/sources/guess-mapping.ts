import { IMPORT_FIELD_LABELS, branchStockField } from '#shared/schemas/supplier-import.ts';
import { IMPORT_FIELDS, type ColumnMapping, type ImportField } from './types.ts';

/** A branch as the guess knows it: the headers name its city. */
export type BranchName = { slug: string; city: string };

/**
 * Stock columns of the branches: a header naming a branch's city («Остаток: Ростов-на-Дону»,
 * «Ростов», «Наличие Санкт-Петербург») goes to that branch; the first word of the city is enough,
 * in any case ending («в Ростове»). Each branch gets the first such column.
 */
function guessBranchColumns(headers: string[], branches: readonly BranchName[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  headers.forEach((header, column) => {
    const words = normalizeHeader(header).split(' ');
    const branch = branches.find((b) => {
      const stem = normalizeHeader(b.city).split(' ')[0]!;
      return stem.length >= 4 && words.some((w) => w.startsWith(stem.slice(0, Math.max(4, stem.length - 1))));
    });
    const field = branch && branchStockField(branch.slug);
    if (field && mapping[field] === undefined) mapping[field] = column;
  });
  return mapping;
}

/**
 * Each field's name in the reader's messages when its column has no header: the importer form's
 * labels, less the hints the form adds (which article, retail, links).
 */
export const FIELD_LABELS: Record<ImportField, string> = {
  ...IMPORT_FIELD_LABELS,
  sku: 'Артикул',
  supplierSku: 'Код поставщика',
  price: 'Цена',
  pictures: 'Фото',
};

/**
 * Headers suppliers use for each field, written as normalizeHeader leaves them. `sku` is the
 * maker's article (the shop's SKU, YML vendorCode); `supplierSku` the supplier's own code (1C
 * «Код», YML offer id).
 */
const HEADER_PHRASES: Record<ImportField, string[]> = {
  sku: ['артикул', 'арт', 'артикул производителя', 'sku', 'article', 'art', 'vendor code', 'vendorcode', 'part number', 'mpn'],
  supplierSku: ['код', 'код товара', 'код 1с', 'артикул поставщика', 'код поставщика', 'код номенклатуры', 'номенклатурный номер', 'id', 'product id', 'supplier sku', 'code', 'item code'],
  name: ['наименование', 'наименование товара', 'название', 'название товара', 'товар', 'номенклатура', 'name', 'product', 'product name', 'title'],
  price: ['розница', 'розничная', 'розничная цена', 'цена розничная', 'цена розница', 'розн', 'цена розн', 'ррц', 'мрц', 'рекомендованная розничная цена', 'retail', 'retail price', 'rrp', 'msrp'],
  oldPrice: ['старая цена', 'цена до скидки', 'цена без скидки', 'зачеркнутая цена', 'old price', 'compare at price'],
  purchasePrice: ['опт', 'оптовая', 'оптовая цена', 'цена опт', 'цена оптовая', 'закупочная', 'закупочная цена', 'цена закупки', 'закупка', 'входная цена', 'дилерская цена', 'цена дилера', 'дилер', 'себестоимость', 'purchase price', 'wholesale', 'wholesale price', 'cost'],
  stock: ['остаток', 'остатки', 'наличие', 'в наличии', 'кол во', 'количество', 'свободный остаток', 'stock', 'qty', 'quantity', 'in stock', 'available'],
  category: ['категория', 'раздел', 'группа', 'группа товаров', 'товарная группа', 'подгруппа', 'category', 'section', 'group'],
  brand: ['бренд', 'производитель', 'марка', 'торговая марка', 'brand', 'manufacturer', 'vendor', 'make'],
  description: ['описание', 'подробное описание', 'полное описание', 'описание товара', 'description', 'full description'],
  shortDescription: ['краткое описание', 'короткое описание', 'анонс', 'short description', 'summary'],
  weight: ['вес', 'вес кг', 'вес г', 'вес брутто', 'вес нетто', 'вес в упаковке', 'вес упаковки', 'масса', 'масса кг', 'weight'],
  length: ['длина', 'длина см', 'длина мм', 'длина упаковки', 'length'],
  width: ['ширина', 'ширина см', 'ширина мм', 'ширина упаковки', 'width'],
  height: ['высота', 'высота см', 'высота мм', 'высота упаковки', 'height'],
  dimensions: ['габариты', 'габариты см', 'габариты мм', 'габариты упаковки', 'габаритные размеры', 'размеры', 'размеры упаковки', 'размер упаковки', 'dimensions'],
  pictures: ['фото', 'фотография', 'фотографии', 'изображение', 'изображения', 'картинка', 'картинки', 'ссылка на фото', 'ссылки на фото', 'image', 'images', 'picture', 'pictures', 'photo', 'photos', 'image url'],
};

/**
 * Words that say "price" without saying which one: they count for the retail price, but less
 * than any qualifier, so «Цена, руб. / Опт» goes to the purchase price and «Цена» alone to the price.
 */
const WEAK_PRICE_PHRASES = ['цена', 'стоимость', 'price'];

const EXACT_BONUS = 1000;
const PER_WORD = 10;
const WEAK_SCORE = 5;

/** Lower case, «ё» as «е», every run of punctuation and spaces one space: «Кол-во, шт.» → «кол во шт». */
export function normalizeHeader(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

type Candidate = { field: ImportField; score: number; atStart: boolean };

/** Where `phrase` occurs in `header` as whole words: -1, or the word index. */
function phraseAt(headerWords: string[], phraseWords: string[]): number {
  for (let at = 0; at + phraseWords.length <= headerWords.length; at++) {
    if (phraseWords.every((word, i) => headerWords[at + i] === word)) return at;
  }
  return -1;
}

/** Every field a header could mean, best score per field. */
function candidates(header: string): Candidate[] {
  const normal = normalizeHeader(header);
  if (normal === '') return [];
  const words = normal.split(' ');
  const best = new Map<ImportField, Candidate>();
  const consider = (field: ImportField, phrase: string, weight: number) => {
    const phraseWords = phrase.split(' ');
    const at = phraseAt(words, phraseWords);
    if (at === -1) return;
    const score = (normal === phrase ? EXACT_BONUS : 0) + weight * phraseWords.length + (at === 0 ? 1 : 0);
    const previous = best.get(field);
    const atStart = at === 0 || previous?.atStart === true;
    best.set(field, { field, score: Math.max(score, previous?.score ?? 0), atStart });
  };
  for (const field of IMPORT_FIELDS) {
    for (const phrase of HEADER_PHRASES[field]) consider(field, phrase, PER_WORD);
  }
  for (const phrase of WEAK_PRICE_PHRASES) consider('price', phrase, WEAK_SCORE);
  return [...best.values()];
}

/**
 * Whether a cell reads like a column header: it begins with a known header word («Цена, руб.»,
 * «Остаток на складе»). Used to find the header row under title rows.
 */
export function isHeaderWord(cell: string): boolean {
  return candidates(cell).some((candidate) => candidate.atStart);
}

/**
 * The mapping the screen starts from: each column to the field its header names best, each field
 * to at most one column and each column to at most one field (the best-scoring pairs win; on a tie
 * the column further left).
 */
export function guessMapping(headers: string[], branches: readonly BranchName[] = []): ColumnMapping {
  const mapping: ColumnMapping = guessBranchColumns(headers, branches);
  const usedColumns = new Set(Object.values(mapping));
  const pairs = headers.flatMap((header, column) => candidates(header).map((candidate) => ({ ...candidate, column })));
  pairs.sort((a, b) => b.score - a.score || a.column - b.column);
  for (const { field, column } of pairs) {
    if (mapping[field] !== undefined || usedColumns.has(column)) continue;
    mapping[field] = column;
    usedColumns.add(column);
  }
  return mapping;
}
