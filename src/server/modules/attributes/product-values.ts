import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { attributes } from '../../db/schema.ts';
import { badRequest } from '../../core/http-errors.ts';
import { parseAttributeValue, type AttributeKind } from '#shared/attributes.ts';
import { ATTRIBUTE_MESSAGES, attributeValueError, type ProductAttributeValueInput } from '#shared/schemas/attributes.ts';
import type { AttributeValueInput } from '../products/write/attributes.ts';

/**
 * The product form's characteristics checked and kept as the catalogue's door takes them: each
 * attribute must exist and be named once, each value be of its attribute's kind («Введите число»),
 * a number typed in another unit of its quantity kept in the attribute's («1,5 кВт» → 1500 Вт).
 * Errors are the fields' own (`attributes.2.value`), so the form shows them under the inputs.
 */
export async function productAttributeValues(db: DbOrTx, given: ProductAttributeValueInput[]): Promise<AttributeValueInput[]> {
  const ids = [...new Set(given.map((g) => g.attributeId))];
  const rows = ids.length ? await db.select({ id: attributes.id, kind: attributes.kind, unit: attributes.unit }).from(attributes).where(inArray(attributes.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, { kind: r.kind as AttributeKind, unit: r.unit }]));
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  const values: AttributeValueInput[] = [];
  for (const [i, { attributeId, value }] of given.entries()) {
    const attribute = byId.get(attributeId);
    if (!attribute) {
      errors[`attributes.${i}.attributeId`] = [`${ATTRIBUTE_MESSAGES.notFound}: обновите страницу`];
      continue;
    }
    if (seen.has(attributeId)) {
      errors[`attributes.${i}.attributeId`] = ['Эта характеристика уже указана'];
      continue;
    }
    seen.add(attributeId);
    const problem = attributeValueError(attribute.kind, value);
    if (problem) {
      errors[`attributes.${i}.value`] = [problem];
      continue;
    }
    const parsed = parseAttributeValue(attribute.kind, value, { attribute: attribute.unit })!;
    values.push({ attributeId, value: parsed.value, number: parsed.number });
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first[0]!, errors);
  return values;
}
