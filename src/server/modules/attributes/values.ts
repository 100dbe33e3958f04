import type { DbOrTx } from '../../db/connection.ts';
import type { AttributeValueInput, ProductAttributeValues } from '../products/write/attributes.ts';
import { attributeAliasOf, leadingNumber, parseAttributeValue, splitAttributeName, type AttributeKind } from '#shared/attributes.ts';
import { resolveAttributes, type Attribute, type AttributeSpelling } from './resolve.ts';

/**
 * Characteristics as a source gives them (1C `ЗначенияСвойств`, YML `param`, a price list's
 * column, a site's «Характеристики» table) turned into values for the catalogue's door: names
 * resolved to the shop's attributes, values run through the catalogue adapter's unit rules
 * («1100W» → «1100 Вт») and parsed by the attribute's kind. A value that is not of its
 * attribute's kind (a word where a number is kept) is left out and counted.
 */

export type RawCharacteristic = { name: string; value: string; unit?: string | null };

/**
 * The value a source's characteristic is kept as by its attribute (null: not of its kind), a
 * number without a unit of its own read in the unit the source names (YML's `unit`, «Вес, г»).
 */
export function characteristicValue(
  attribute: { kind: string; unit: string | null },
  characteristic: RawCharacteristic,
  normaliseText: (text: string) => string,
): ReturnType<typeof parseAttributeValue> {
  const source = characteristic.unit ?? splitAttributeName(characteristic.name).unit;
  return parseAttributeValue(attribute.kind as AttributeKind, normaliseText(characteristic.value), { attribute: attribute.unit, source });
}

/** One characteristic read: its attribute, its value after the unit rules, and that value as the attribute keeps it (null: not of its kind). */
export type ResolvedCharacteristic = {
  attribute: Attribute | undefined;
  text: string;
  parsed: ReturnType<typeof parseAttributeValue>;
};

/**
 * The values of each product's characteristics. `hints` are spellings resolved first, with more
 * values than the products bring (a 1C dictionary's variants), so a new attribute's kind is
 * guessed from all of them.
 */
export async function characteristicValues(
  db: DbOrTx,
  byProduct: Map<number, RawCharacteristic[]>,
  normaliseText: (text: string) => string = (text) => text,
  hints: AttributeSpelling[] = [],
): Promise<{ values: ProductAttributeValues; skipped: number }> {
  const resolved = await resolveCharacteristics(db, [...byProduct.values()].flat(), normaliseText, hints);
  const values: ProductAttributeValues = new Map();
  let skipped = 0;
  let index = 0;
  for (const [productId, characteristics] of byProduct) {
    const own: AttributeValueInput[] = [];
    for (const c of characteristics) {
      const { attribute, parsed } = resolved[index++]!;
      if (!attribute || !parsed) {
        if (c.value.trim()) skipped++;
        continue;
      }
      own.push({ attributeId: attribute.id, value: parsed.value, number: parsed.number });
    }
    values.set(productId, own);
  }
  return { values, skipped };
}

/** Each characteristic, in order, with the attribute its name resolves to (created for a spelling never seen) and its value read by that attribute's kind. */
export async function resolveCharacteristics(
  db: DbOrTx,
  characteristics: RawCharacteristic[],
  normaliseText: (text: string) => string,
  hints: AttributeSpelling[] = [],
): Promise<ResolvedCharacteristic[]> {
  const texts = characteristics.map((c) => normaliseText(c.value));
  const attributes = await resolveAttributes(db, [
    ...hints,
    ...characteristics.map((c, i) => ({ name: c.name, unit: c.unit ?? unitInValue(texts[i]!), values: [texts[i]!] })),
  ]);
  // The unit rules ran once above: the value is not normalised again.
  return characteristics.map((c, i) => {
    const attribute = attributes.get(attributeAliasOf(c.name));
    return { attribute, text: texts[i]!, parsed: attribute ? characteristicValue(attribute, { ...c, value: texts[i]! }, (text) => text) : null };
  });
}

/**
 * The unit a value carries when the source names none («800 Вт» from a site's table): a new
 * attribute takes it. Only a short word after the number, as `inferAttributeKind` reads a number.
 */
export function unitInValue(value: string): string | null {
  const parsed = leadingNumber(value);
  return parsed && parsed.rest && !/\d/.test(parsed.rest) && parsed.rest.length <= 6 ? parsed.rest : null;
}
