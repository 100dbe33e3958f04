import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection.ts';
import { attributeAliases, attributes } from '../../db/schema.ts';
import { uniqueSlug } from '../../db/unique-slug.ts';
import { attributeAliasOf, inferAttributeKind, splitAttributeName, type AttributeKind } from '#shared/attributes.ts';

/**
 * Finds the shop's attribute for each supplier spelling (through `attribute_aliases`), creating
 * the attribute and its alias for a spelling never seen: imports (1C, YML, price lists, supplier
 * sites) and the product form all come in here, so «Мощность» and «Потребляемая мощность, Вт»
 * mapped once by staff stay one attribute whoever brings them.
 */

export type Attribute = typeof attributes.$inferSelect;

/** A spelling as it arrived, with the values it came with (to choose a new attribute's kind). */
export type AttributeSpelling = { name: string; unit?: string | null; values?: string[] };

/** The attribute of every spelling, keyed by the spelling's alias (`attributeAliasOf(name)`). */
export async function resolveAttributes(db: DbOrTx, spellings: AttributeSpelling[]): Promise<Map<string, Attribute>> {
  const byAlias = new Map<string, AttributeSpelling & { values: string[] }>();
  for (const spelling of spellings) {
    const alias = attributeAliasOf(spelling.name);
    if (!alias) continue;
    const seen = byAlias.get(alias);
    if (seen) seen.values.push(...(spelling.values ?? []));
    else byAlias.set(alias, { ...spelling, values: [...(spelling.values ?? [])] });
  }
  const result = new Map<string, Attribute>();
  if (byAlias.size === 0) return result;

  const aliases = [...byAlias.keys()];
  const known = await db
    .select({ alias: attributeAliases.alias, attributeId: attributeAliases.attributeId })
    .from(attributeAliases)
    .where(inArray(attributeAliases.alias, aliases));
  const ids = [...new Set(known.map((k) => k.attributeId))];
  const rows = ids.length ? await db.select().from(attributes).where(inArray(attributes.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const k of known) result.set(k.alias, byId.get(k.attributeId)!);

  for (const [alias, spelling] of byAlias) {
    if (result.has(alias)) continue;
    const split = splitAttributeName(spelling.name);
    const kind: AttributeKind = inferAttributeKind(spelling.values);
    const slug = await uniqueSlug(db, attributes, split.name, 'attr');
    const [created] = await db
      .insert(attributes)
      .values({ slug, name: split.name, unit: spelling.unit ?? split.unit, kind })
      .returning();
    await db.insert(attributeAliases).values({ alias, attributeId: created!.id }).onConflictDoNothing();
    result.set(alias, created!);
  }
  return result;
}
