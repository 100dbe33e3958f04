import type { Tx } from '../../db/connection.ts';
import { characteristicValues, type RawCharacteristic } from '../../modules/attributes/values.ts';
import type { AttributeSpelling } from '../../modules/attributes/resolve.ts';
import type { CatalogAnnouncement } from '../../modules/products/write/announce.ts';
import { replaceProductAttributes } from '../../modules/products/write/attributes.ts';
import { parseAttributeValue } from '#shared/attributes.ts';
import { child, childrenOf, textAt, type XmlNode } from './commerceml/xml-stream.ts';
import { SIZE_REQUISITES } from './parcel-size.ts';

/**
 * A 1C product's properties (`ЗначенияСвойств`, dictionary values resolved through the
 * classifier) and requisites (`ЗначенияРеквизитов`, except 1C's own bookkeeping) as the shop's
 * characteristics (docs/decisions/034, «From 1C»): names resolved through the attribute aliases
 * every import shares, values through the catalogue adapter's unit rules, written through the
 * catalogue's door next to the product's card, in the same batch transaction.
 */

/** How 1C types a property's values (`ТипЗначений`): «Справочник» values are ids of the classifier's variants. */
type PropertyKind = 'dictionary' | 'number' | 'other';

export type Property = { name: string; kind: PropertyKind; values: Map<string, string> };

/** 1C's empty reference: a dictionary property left blank. */
const EMPTY_REFERENCE = '00000000-0000-0000-0000-000000000000';
const REFERENCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Requisites 1C writes about its own record of the item, not about the tool: its kind and type,
 * the full name and code, the HTML description and the pictures' captions, and the packed weight
 * and size («Вес», «Длина», «Ширина», «Высота»), which are the product's own fields (parcel-size.ts),
 * not characteristics. Compared without spaces and case: 1C writes both «Полное наименование» and
 * «НаименованиеПолное».
 */
const SERVICE_REQUISITES = new Set(
  ['ВидНоменклатуры', 'ТипНоменклатуры', 'Полное наименование', 'НаименованиеПолное', 'Код', 'ОписаниеВФорматеHTML', 'ОписаниеФайла', ...SIZE_REQUISITES].map((name) =>
    requisiteKey(name),
  ),
);
/** Properties (and requisites) that name the brand: the product's brand field, not a characteristic. */
const BRAND_PROPERTIES = new Set(['производитель', 'бренд', 'торговая марка', 'марка', 'изготовитель']);

function requisiteKey(name: string) {
  return name.replace(/\s+/g, '').toLowerCase();
}

const KINDS: Record<string, PropertyKind> = { Справочник: 'dictionary', Число: 'number' };

/** A classifier's property with its dictionary values (`ВариантыЗначений/Справочник`). */
export function readProperty(node: XmlNode): [string, Property] | null {
  const id = textAt(node, 'Ид');
  if (!id) return null;
  const values = new Map<string, string>();
  for (const variants of childrenOf(node, 'ВариантыЗначений')) {
    for (const entry of variants.children) {
      const valueId = textAt(entry, 'ИдЗначения');
      if (valueId) values.set(valueId, textAt(entry, 'Значение'));
    }
  }
  const kind = KINDS[textAt(node, 'ТипЗначений')] ?? (values.size > 0 ? 'dictionary' : 'other');
  return [id, { name: textAt(node, 'Наименование'), kind, values }];
}

export type ProductSpecs = {
  brand: string | null;
  characteristics: RawCharacteristic[];
  /** The dictionary properties the product uses, by their 1C Ид: their whole dictionary tells a new attribute's kind. */
  dictionaries: Set<string>;
  /** Values that cannot be a characteristic: a «Число» property's word, a reference to a variant the classifier does not list. */
  unreadable: number;
};

/** One value of a property as the shop writes it; null for a value left blank, `undefined` for one that cannot be read. */
function propertyValue(property: Property | undefined, raw: string): string | null | undefined {
  const text = raw.trim();
  if (!text || text === EMPTY_REFERENCE) return null;
  if (property?.kind === 'dictionary') {
    const value = property.values.get(text);
    if (value !== undefined) return value.trim() || null;
    // Some configurations write the variant's text itself; an id the classifier lacks says nothing.
    return REFERENCE.test(text) ? undefined : text;
  }
  if (property?.kind === 'number') return parseAttributeValue('number', text) ? text : undefined;
  return text;
}

/** A product's brand and characteristics from its properties and requisites. */
export function specsOf(node: XmlNode, properties: Map<string, Property>): ProductSpecs {
  const specs: ProductSpecs = { brand: textAt(node, 'Изготовитель', 'Наименование') || null, characteristics: [], dictionaries: new Set(), unreadable: 0 };
  for (const entry of childrenOf(child(node, 'ЗначенияСвойств'), 'ЗначенияСвойства')) {
    const id = textAt(entry, 'Ид');
    const property = properties.get(id);
    const name = property?.name || textAt(entry, 'Наименование');
    const values: string[] = [];
    for (const raw of childrenOf(entry, 'Значение')) {
      const value = propertyValue(property, raw.text);
      if (value === undefined) specs.unreadable++;
      else if (value !== null) values.push(value);
    }
    if (!name || values.length === 0) continue;
    if (BRAND_PROPERTIES.has(name.toLowerCase())) {
      specs.brand ??= values[0]!;
      continue;
    }
    // A property with several values (1C's «несколько значений») is one characteristic listing them.
    specs.characteristics.push({ name, value: values.join(', ') });
    if (property?.kind === 'dictionary') specs.dictionaries.add(id);
  }
  for (const requisite of childrenOf(child(node, 'ЗначенияРеквизитов'), 'ЗначениеРеквизита')) {
    const name = textAt(requisite, 'Наименование');
    const value = childrenOf(requisite, 'Значение').map((v) => v.text.trim()).filter(Boolean).join(', ');
    if (!name || !value || SERVICE_REQUISITES.has(requisiteKey(name))) continue;
    if (BRAND_PROPERTIES.has(name.toLowerCase())) specs.brand ??= value;
    else specs.characteristics.push({ name, value });
  }
  return specs;
}

export type CharacteristicsWrite = {
  properties: Map<string, Property>;
  normaliseText: (text: string) => string;
  now: Date;
  announcement: CatalogAnnouncement;
};

/**
 * Writes a batch's characteristics in its transaction, after its cards (so the product rows are
 * not touched again: `rowsWritten`): only the attributes 1C brings are replaced (`keepOthers`),
 * so values staff typed or another source brought stay. Returns how
 * many values were written and how many did not fit their attribute's kind.
 */
export async function writeCharacteristics(tx: Tx, byProduct: Map<number, ProductSpecs>, options: CharacteristicsWrite): Promise<{ written: number; skipped: number }> {
  const raw = new Map<number, RawCharacteristic[]>();
  const dictionaries = new Set<string>();
  for (const [productId, specs] of byProduct) {
    if (specs.characteristics.length === 0) continue;
    raw.set(productId, specs.characteristics);
    for (const id of specs.dictionaries) dictionaries.add(id);
  }
  if (raw.size === 0) return { written: 0, skipped: 0 };
  // A dictionary property seen for the first time gets its kind from all its variants, not from
  // the few this batch uses (a batch of «18» alone would make «Напряжение» a number, «18/36» later a misfit).
  const hints: AttributeSpelling[] = [...dictionaries].map((id) => {
    const property = options.properties.get(id)!;
    return { name: property.name, values: [...property.values.values()].map(options.normaliseText) };
  });
  const { values, skipped } = await characteristicValues(tx, raw, options.normaliseText, hints);
  // A product all of whose values were misfits is left alone (its row not touched for nothing).
  const given = new Map([...values].filter(([, own]) => own.length > 0));
  await replaceProductAttributes(tx, given, options.now, { keepOthers: true, rowsWritten: true, announcement: options.announcement });
  let written = 0;
  for (const own of given.values()) written += new Set(own.map((v) => v.attributeId)).size;
  return { written, skipped };
}
