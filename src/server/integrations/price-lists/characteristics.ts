import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.ts';
import { attributeAliases, attributes, productAttributes } from '../../db/schema.ts';
import { attributeAliasOf } from '#shared/attributes.ts';
import { characteristicValue, characteristicValues, type RawCharacteristic } from '../../modules/attributes/values.ts';
import { replaceProductAttributes } from '../../modules/products/write/attributes.ts';

/**
 * A price list's characteristics (YML `param`, columns read as characteristics) on their way to
 * the products (docs/decisions/034): the dry run tells whether a matched product would get
 * values it lacks, so a re-import of an unchanged file still fills them; apply writes them per
 * batch through the catalogue's door, next to the product's other values.
 */

/** The shop's attributes by every spelling staff or imports have tied to them, with their kind and unit. */
export type KnownAttributes = Map<string, { id: number; kind: string; unit: string | null }>;

export async function knownAttributes(db: Db): Promise<KnownAttributes> {
  const rows = await db
    .select({ alias: attributeAliases.alias, id: attributes.id, kind: attributes.kind, unit: attributes.unit })
    .from(attributeAliases)
    .innerJoin(attributes, eq(attributes.id, attributeAliases.attributeId));
  return new Map(rows.map(({ alias, ...attribute }) => [alias, attribute]));
}

/** The values products have now, by product and attribute. */
export async function currentValues(db: Db, productIds: number[]): Promise<Map<number, Map<number, string>>> {
  const byProduct = new Map<number, Map<number, string>>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ productId: productAttributes.productId, attributeId: productAttributes.attributeId, value: productAttributes.value })
    .from(productAttributes)
    .where(inArray(productAttributes.productId, productIds));
  for (const row of rows) {
    let own = byProduct.get(row.productId);
    if (!own) byProduct.set(row.productId, (own = new Map()));
    own.set(row.attributeId, row.value);
  }
  return byProduct;
}

/**
 * Whether writing these characteristics would change the product: an attribute the shop does
 * not know yet, or a value other than the one kept. A value not of its attribute's kind is left
 * out by the write, so it changes nothing.
 */
export function changesValues(
  characteristics: RawCharacteristic[],
  known: KnownAttributes,
  current: Map<number, string> | undefined,
  normaliseText: (text: string) => string,
): boolean {
  return characteristics.some((c) => {
    const attribute = known.get(attributeAliasOf(c.name));
    if (!attribute) return true;
    const parsed = characteristicValue(attribute, c, normaliseText);
    return parsed !== null && current?.get(attribute.id) !== parsed.value;
  });
}

/**
 * Writes a batch's characteristics in its transaction, after the batch wrote these products'
 * rows (so they are not touched again: `rowsWritten`): names resolved (new ones created), values
 * through the adapter's unit rules, each product's other values kept.
 */
export async function writeCharacteristics(tx: Tx, byProduct: Map<number, RawCharacteristic[]>, normaliseText: (text: string) => string, now: Date): Promise<void> {
  if (byProduct.size === 0) return;
  const { values } = await characteristicValues(tx, byProduct, normaliseText);
  await replaceProductAttributes(tx, values, now, { keepOthers: true, rowsWritten: true });
}
