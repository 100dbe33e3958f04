import iconv from 'iconv-lite';
import { MAX_XML_DEPTH, deepText, streamXmlElements, type XmlPosition } from '#server/core/xml-stream.ts';
import { SourceError } from './source-error.ts';
import type { RawCharacteristic, RowError, SupplierRecord } from './types.ts';
import { decodeStream } from './text-stream.ts';
import { STOCK_AVAILABLE, oneLine, parsePictures, parsePrice, parseStock } from './values.ts';
import { NO_PARCEL_SIZE, readDimensionsMm, readWeightGrams, type ParcelSize } from '#shared/parcel-size.ts';

/** A YML offer read into a record, with what could not be read in it. */
export type YmlOffer = { record: SupplierRecord; errors: RowError[] };

/** Prices are taken in roubles only: RUR is the old code Yandex still accepts. */
const ROUBLES = new Set(['RUB', 'RUR']);
/** The offer's children read as text; anything else in an offer is left out. */
const OFFER_FIELDS = new Set(['url', 'price', 'oldprice', 'currencyId', 'categoryId', 'picture', 'name', 'typePrefix', 'vendor', 'model', 'vendorCode', 'description', 'param', 'count', 'weight', 'dimensions']);

function textStream(encoding: string) {
  if (encoding === 'utf-8' || encoding === 'utf8') return decodeStream('utf-8');
  if (encoding === 'windows-1251' || encoding === 'cp1251') return decodeStream('windows-1251');
  if (iconv.encodingExists(encoding)) return iconv.decodeStream(encoding);
  throw new SourceError(`Кодировка «${encoding}» из заголовка XML не поддерживается: сохраните фид в UTF-8 или Windows-1251`);
}

/** The elements read whole: a category (before the offers) and an offer. */
const COLLECTED = new Set(['yml_catalog/shop/categories/category', 'yml_catalog/shop/offers/offer']);

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
  characteristics: RawCharacteristic[];
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
  if (offer.characteristics.length) record.characteristics = offer.characteristics;
  const size = offerSize(first('weight'), first('dimensions'), fail);
  if (size) record.size = size;
  return { record, errors };
}

/** YML's `weight` (kilograms) and `dimensions` («длина/ширина/высота» in centimetres); undefined when the offer gives neither. */
function offerSize(weightText: string | undefined, dimensionsText: string | undefined, fail: (column: string, message: string) => void): ParcelSize | undefined {
  if (weightText === undefined && dimensionsText === undefined) return undefined;
  const size: ParcelSize = { ...NO_PARCEL_SIZE };
  const weight = readWeightGrams(weightText ?? '', 'кг');
  if ('error' in weight) fail('weight', weight.error);
  else size.weightGrams = weight.value;
  const dimensions = readDimensionsMm(dimensionsText ?? '', 'см');
  if ('error' in dimensions) fail('dimensions', dimensions.error);
  else if (dimensions.value) Object.assign(size, dimensions.value);
  return size;
}

/** Where a not well-formed XML broke, in staff's words. */
function notWellFormed(at: XmlPosition): SourceError {
  return new SourceError(`Файл YML повреждён: XML не читается (строка ${at.line}, позиция ${at.column}). Проверьте, что файл скачан полностью`);
}

/** A feed nested deeper than any YML catalogue is. */
function tooDeep(): SourceError {
  return new SourceError(`Файл не похож на YML-прайс-лист: элементы вложены глубже ${MAX_XML_DEPTH} уровней. Проверьте, что это выгрузка в формате YML`);
}

/**
 * The offers of a YML feed (yml_catalog/shop/offers/offer), streamed with the shared XML reader;
 * each offer's number (1-based, in file order) is its row number. Categories are collected on
 * the way (YML puts them before the offers).
 */
export async function* ymlOffers(filePath: string): AsyncGenerator<YmlOffer> {
  const categories = new Map<string, Category>();
  let offers = 0;
  const elements = streamXmlElements(filePath, {
    decoder: textStream,
    names: 'qualified',
    collect: (path) => COLLECTED.has(path.join('/')),
    onOpen: (path) => {
      if (path.length === 1 && path[0] !== 'yml_catalog') throw new SourceError(`Это XML, но не YML-каталог: в начале файла <${path[0]}>, а нужен <yml_catalog>`);
    },
    notWellFormed,
    tooDeep,
  });
  for await (const { node } of elements) {
    if (node.name === 'category') {
      const name = oneLine(deepText(node));
      if (node.attributes.id && name) categories.set(node.attributes.id, { name, parentId: node.attributes.parentId });
      continue;
    }
    offers++;
    const offer: OfferDraft = { rowNumber: offers, attributes: node.attributes, fields: new Map(), characteristics: [] };
    for (const field of node.children) {
      if (!OFFER_FIELDS.has(field.name)) continue;
      const text = deepText(field);
      if (field.name === 'param') {
        const name = field.attributes.name?.trim();
        const value = oneLine(text);
        const unit = field.attributes.unit?.trim() || null;
        // Characteristics as data (docs/decisions/034), no longer lines of the description.
        if (name && value) offer.characteristics.push({ name, value, unit });
      } else {
        offer.fields.set(field.name, [...(offer.fields.get(field.name) ?? []), text]);
      }
    }
    yield offerRecord(offer, categories);
  }
}
