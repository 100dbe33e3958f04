import fs from 'node:fs';
import { pipeline } from 'node:stream';
import iconv from 'iconv-lite';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { SourceError } from './source-error.ts';
import type { RowError, SupplierRecord } from './types.ts';
import { decodeStream } from './text-stream.ts';
import { STOCK_AVAILABLE, oneLine, parsePictures, parsePrice, parseStock } from './values.ts';

/** A YML offer read into a record, with what could not be read in it. */
export type YmlOffer = { record: SupplierRecord; errors: RowError[] };

/** Prices are taken in roubles only: RUR is the old code Yandex still accepts. */
const ROUBLES = new Set(['RUB', 'RUR']);
/** The offer's children read as text; anything else in an offer is left out. */
const OFFER_FIELDS = new Set(['url', 'price', 'oldprice', 'currencyId', 'categoryId', 'picture', 'name', 'typePrefix', 'vendor', 'model', 'vendorCode', 'description', 'param', 'count']);

/** The encoding the XML declaration names (`<?xml … encoding="windows-1251"?>`), UTF-8 by default. */
async function declaredEncoding(filePath: string): Promise<string> {
  const file = await fs.promises.open(filePath, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const declaration = /^\uFEFF?\s*<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(head.subarray(0, bytesRead).toString('latin1'));
    return declaration ? declaration[1].toLowerCase() : 'utf-8';
  } finally {
    await file.close();
  }
}

function textStream(encoding: string) {
  if (encoding === 'utf-8' || encoding === 'utf8') return decodeStream('utf-8');
  if (encoding === 'windows-1251' || encoding === 'cp1251') return decodeStream('windows-1251');
  if (iconv.encodingExists(encoding)) return iconv.decodeStream(encoding);
  throw new SourceError(`Кодировка «${encoding}» из заголовка XML не поддерживается: сохраните фид в UTF-8 или Windows-1251`);
}

type Category = { name: string; parentId?: string };

/**
 * «Электроинструмент / Дрели / Ударные» from shop/categories (which YML puts before the offers).
 * A parent loop in a broken tree ends the path where it would come round again.
 */
function categoryPath(categories: Map<string, Category>, id: string): string | undefined {
  const names: string[] = [];
  const visited = new Set<string>();
  for (let at: string | undefined = id; at !== undefined && !visited.has(at); ) {
    const category = categories.get(at);
    if (!category) break;
    visited.add(at);
    names.unshift(category.name);
    at = category.parentId;
  }
  return names.length ? names.join(' / ') : undefined;
}

type OfferDraft = {
  rowNumber: number;
  attributes: Record<string, string>;
  fields: Map<string, string[]>;
  params: { name: string; value: string }[];
};

/** An offer's fields as a record: YML names its elements, so no column mapping is involved. */
function offerRecord(offer: OfferDraft, categories: Map<string, Category>): YmlOffer {
  const { rowNumber, attributes, fields } = offer;
  const first = (name: string) => fields.get(name)?.[0]?.trim() || undefined;
  const record: SupplierRecord = { rowNumber };
  const errors: RowError[] = [];
  const fail = (column: string, message: string) => errors.push({ rowNumber, column, message });

  if (attributes.id?.trim()) record.supplierSku = attributes.id.trim();
  const vendorCode = first('vendorCode');
  if (vendorCode) record.sku = oneLine(vendorCode);

  const vendor = first('vendor');
  const name = first('name') ?? [first('typePrefix'), vendor, first('model')].filter(Boolean).join(' ');
  if (name) record.name = oneLine(name);
  if (vendor) record.brand = oneLine(vendor);
  const description = first('description');
  if (description) record.description = description;
  const url = first('url');
  if (url) record.url = url;

  const currency = first('currencyId')?.toUpperCase();
  if (currency && !ROUBLES.has(currency)) {
    fail('currencyId', `Цена в валюте ${currency}: принимаются только рубли (RUB)`);
  } else {
    const price = parsePrice(first('price') ?? '', { required: true });
    if ('error' in price) fail('price', price.error);
    else record.priceKopecks = price.value;
    const oldPrice = first('oldprice');
    if (oldPrice) {
      const parsed = parsePrice(oldPrice);
      if ('error' in parsed) fail('oldprice', parsed.error);
      else record.oldPriceKopecks = parsed.value;
    }
  }

  if (attributes.available?.trim().toLowerCase() === 'false') {
    record.stock = 0;
  } else {
    const count = first('count');
    const stock = count === undefined ? { value: STOCK_AVAILABLE } : parseStock(count);
    if ('error' in stock) fail('count', stock.error);
    else record.stock = stock.value;
  }

  const categoryId = first('categoryId');
  const category = categoryId ? categoryPath(categories, categoryId) : undefined;
  if (category) record.category = category;
  const pictures = (fields.get('picture') ?? []).flatMap(parsePictures);
  if (pictures.length) record.pictures = [...new Set(pictures)];
  if (offer.params.length) record.params = offer.params;
  return { record, errors };
}

/** Where a not well-formed XML broke, in staff's words. */
function notWellFormed(at: { line: number; column: number }): SourceError {
  return new SourceError(`Файл YML повреждён: XML не читается (строка ${at.line}, позиция ${at.column}). Проверьте, что файл скачан полностью`);
}

/**
 * The offers of a YML feed (yml_catalog/shop/offers/offer), streamed with saxes; each offer's
 * number (1-based, in file order) is its row number. Categories are collected on the way.
 */
export async function* ymlOffers(filePath: string): AsyncGenerator<YmlOffer> {
  const source = fs.createReadStream(filePath);
  const text = textStream(await declaredEncoding(filePath));
  pipeline(source, text, () => {
    // Errors reach the loop below through the text stream.
  });

  const parser = new SaxesParser({ xmlns: false, position: true });
  const categories = new Map<string, Category>();
  const ready: YmlOffer[] = [];
  const path: string[] = [];
  let offers = 0;
  let offer: OfferDraft | null = null;
  let category: (Category & { id: string }) | null = null;
  /** The offer child being read (its text, descendants' text included) and its attributes. */
  let field: { name: string; text: string; attributes: Record<string, string> } | null = null;
  /** Where the XML first broke. */
  let broken: { line: number; column: number } | null = null;

  // After the first error the rest of the document means nothing: it is refused as a whole.
  parser.on('error', () => {
    broken ??= { line: parser.line, column: parser.column };
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (broken) return;
    path.push(tag.name);
    if (path.length === 1 && tag.name !== 'yml_catalog') {
      throw new SourceError(`Это XML, но не YML-каталог: в начале файла <${tag.name}>, а нужен <yml_catalog>`);
    }
    const where = path.join('/');
    if (where === 'yml_catalog/shop/categories/category') {
      category = { id: tag.attributes.id ?? '', parentId: tag.attributes.parentId, name: '' };
    } else if (where === 'yml_catalog/shop/offers/offer') {
      offers++;
      offer = { rowNumber: offers, attributes: tag.attributes, fields: new Map(), params: [] };
    } else if (offer && path.length === 5 && OFFER_FIELDS.has(tag.name)) {
      field = { name: tag.name, text: '', attributes: tag.attributes };
    }
  });
  const onText = (value: string) => {
    if (broken) return;
    if (field) field.text += value;
    else if (category) category.name += value;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    if (broken) return;
    const depth = path.length;
    path.pop();
    if (category && depth === 4) {
      const name = oneLine(category.name);
      if (category.id && name) categories.set(category.id, { name, parentId: category.parentId });
      category = null;
    } else if (field && depth === 5) {
      if (field.name === 'param') {
        const name = field.attributes.name?.trim();
        const value = oneLine(field.text);
        const unit = field.attributes.unit?.trim();
        if (name && value) offer?.params.push({ name, value: unit ? `${value} ${unit}` : value });
      } else {
        const values = offer?.fields.get(field.name) ?? [];
        values.push(field.text);
        offer?.fields.set(field.name, values);
      }
      field = null;
    } else if (offer && depth === 4) {
      ready.push(offerRecord(offer, categories));
      offer = null;
    }
  });

  try {
    for await (const chunk of text as AsyncIterable<string>) {
      parser.write(chunk);
      if (broken) throw notWellFormed(broken);
      yield* ready.splice(0);
    }
    parser.close();
    if (broken) throw notWellFormed(broken);
    yield* ready.splice(0);
  } finally {
    source.destroy();
  }
}
