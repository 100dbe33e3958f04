import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { attributes, productAttributes } from '../../../db/schema.ts';
import type { ProductAttribute } from '#shared/types.ts';

/** A product's characteristic: the product, and the attribute's name, group and unit with the value. */
const PRODUCT_ATTRIBUTE_COLUMNS = {
  productId: productAttributes.productId,
  slug: attributes.slug,
  name: attributes.name,
  group: attributes.groupName,
  value: productAttributes.value,
  unit: attributes.unit,
};

/**
 * Products' characteristics as the API shows them (product page, comparison, similar products):
 * by group in the order of the groups' first attributes, then by the attributes' own order.
 */
export async function attributesOfProducts(db: Db, ids: number[]): Promise<Map<number, ProductAttribute[]>> {
  const result = new Map<number, ProductAttribute[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows = await db
    .select(PRODUCT_ATTRIBUTE_COLUMNS)
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .where(inArray(productAttributes.productId, ids))
    .orderBy(asc(attributes.sortOrder), asc(attributes.id));
  const groupRank = new Map<string, number>();
  for (const row of rows) if (!groupRank.has(row.group)) groupRank.set(row.group, groupRank.size);
  for (const { productId, ...attribute } of rows) result.get(productId)?.push(attribute);
  // Stable: within a group the attributes keep their order.
  for (const list of result.values()) list.sort((a, b) => groupRank.get(a.group)! - groupRank.get(b.group)!);
  return result;
}
