import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/connection.ts';
import { attributeAliases, attributes, categories, categoryAttributes, productAttributes } from '../../db/schema.ts';
import { chooseSlug, withSlugRetry } from '../../db/unique-slug.ts';
import { badRequest, notFound } from '../../core/http-errors.ts';
import { ATTRIBUTE_KIND_LABELS, parseAttributeValue, type AttributeKind, type ValueUnits } from '#shared/attributes.ts';
import { pluralRu } from '#shared/plural.ts';
import {
  ATTRIBUTE_MESSAGES,
  aliasesOf,
  type AdminAttribute,
  type AttributeData,
  type AttributePatch,
  type CategoryFilter,
} from '#shared/schemas/attributes.ts';
import { catalogChanged } from '../products/catalog-events.ts';
import { catalogTransaction } from '../products/write/announce.ts';
import { removeAttributeValues, replaceProductAttributes, type ProductAttributeValues } from '../products/write/attributes.ts';

/**
 * The back office's characteristics (docs/decisions/034): attributes with their suppliers'
 * spellings, a merge of two attributes that turn out to be one («mapped once»), and the
 * attributes a category filters by. Products' values change only through the catalogue's door;
 * every change is announced, so cached answers and facets follow.
 */

const CATEGORY_NOT_FOUND = 'Категория не найдена';

const adminColumns = {
  id: attributes.id,
  slug: attributes.slug,
  name: attributes.name,
  unit: attributes.unit,
  kind: sql<AttributeKind>`${attributes.kind}`,
  group: attributes.groupName,
  sortOrder: attributes.sortOrder,
  aliases: sql<string[]>`coalesce((select array_agg(aa.alias order by aa.alias) from attribute_aliases aa where aa.attribute_id = ${attributes.id}), '{}')`,
  productCount: sql<number>`(select count(*)::int from product_attributes pa where pa.attribute_id = ${attributes.id})`,
  categoryCount: sql<number>`(select count(*)::int from category_attributes ca where ca.attribute_id = ${attributes.id})`,
};

/** Every attribute, in the «Характеристики» table's order. */
export async function listAdminAttributes(db: Db): Promise<AdminAttribute[]> {
  return db.select(adminColumns).from(attributes).orderBy(asc(attributes.sortOrder), asc(attributes.name), asc(attributes.id));
}

export async function requireAttribute(db: DbOrTx, id: number): Promise<AdminAttribute> {
  const [row] = await db.select(adminColumns).from(attributes).where(eq(attributes.id, id));
  if (!row) throw notFound(ATTRIBUTE_MESSAGES.notFound);
  return row;
}

/** «3 значения не подходят» */
const valuesDoNotFit = (n: number) => `${n} ${pluralRu(n, 'значение не подходит', 'значения не подходят', 'значений не подходят')}`;

/**
 * The spellings an attribute is to have, refused when one is another attribute's: the name's own
 * on `name`, a supplier's on `aliases`, naming that attribute so staff know what to merge.
 */
async function assertAliasesFree(db: DbOrTx, name: string, aliases: string[], exceptId?: number): Promise<void> {
  const taken = await db
    .select({ alias: attributeAliases.alias, owner: attributes.name })
    .from(attributeAliases)
    .innerJoin(attributes, eq(attributes.id, attributeAliases.attributeId))
    .where(and(inArray(attributeAliases.alias, aliases), exceptId === undefined ? undefined : ne(attributeAliases.attributeId, exceptId)));
  if (taken.length === 0) return;
  const own = aliasesOf(name, [])[0];
  const errors: Record<string, string[]> = {};
  for (const { alias, owner } of taken) {
    if (alias === own) (errors.name ??= []).push(`Это название уже относится к характеристике «${owner}»: объедините их или выберите другое`);
    else (errors.aliases ??= []).push(`Написание «${alias}» уже относится к характеристике «${owner}»`);
  }
  throw badRequest(Object.values(errors)[0]![0]!, errors);
}

async function replaceAliases(db: DbOrTx, id: number, aliases: string[]) {
  await db.delete(attributeAliases).where(and(eq(attributeAliases.attributeId, id), notInArray(attributeAliases.alias, aliases)));
  if (aliases.length) await db.insert(attributeAliases).values(aliases.map((alias) => ({ alias, attributeId: id }))).onConflictDoNothing();
}

/** `POST /api/admin/attributes`: its slug typed (free, else «Такой slug уже используется») or made from the name. */
export async function createAttribute(db: Db, data: AttributeData, now: Date): Promise<AdminAttribute> {
  const aliases = aliasesOf(data.name, data.aliases);
  await assertAliasesFree(db, data.name, aliases);
  const id = await withSlugRetry('attributes_slug_unique', async () => {
    const slug = await chooseSlug(db, attributes, data.slug, data.name, 'attr');
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(attributes)
        .values({ slug, name: data.name, unit: data.unit || null, kind: data.kind, groupName: data.group, sortOrder: data.sortOrder, createdAt: now, updatedAt: now })
        .returning({ id: attributes.id });
      await replaceAliases(tx, row!.id, aliases);
      return row!.id;
    });
  });
  catalogChanged();
  return requireAttribute(db, id);
}

/** The values of an attribute by product, each as kept. */
async function valuesOf(db: DbOrTx, attributeId: number) {
  return db
    .select({ productId: productAttributes.productId, value: productAttributes.value })
    .from(productAttributes)
    .where(eq(productAttributes.attributeId, attributeId));
}

/** The other attribute's values on products without one of this attribute: those a merge moves here. */
async function valuesMovingTo(db: DbOrTx, id: number, fromId: number) {
  const own = alias(productAttributes, 'own');
  return db
    .select({ productId: productAttributes.productId, value: productAttributes.value })
    .from(productAttributes)
    .leftJoin(own, and(eq(own.productId, productAttributes.productId), eq(own.attributeId, id)))
    .where(and(eq(productAttributes.attributeId, fromId), isNull(own.productId)));
}

/**
 * Values as another kind (and unit: a number kept in «кВт» read as «Вт») keeps them; refused on
 * `field`, saying how many do not fit and an example.
 */
function convertValues(values: { productId: number; value: string }[], kind: AttributeKind, units: ValueUnits, field: string, what: string) {
  const converted = values.map((v) => ({ ...v, parsed: parseAttributeValue(kind, v.value, units) }));
  const misfits = converted.filter((v) => !v.parsed);
  if (misfits.length > 0) {
    const message = `${what}: ${valuesDoNotFit(misfits.length)} к виду «${ATTRIBUTE_KIND_LABELS[kind]}», например «${misfits[0]!.value}»`;
    throw badRequest(message, { [field]: [message] });
  }
  return converted.map((v) => ({ productId: v.productId, value: v.parsed!.value, number: v.parsed!.number }));
}

/**
 * `PATCH /api/admin/attributes/{id}`: the fields given. A new kind is refused while some of the
 * values would not be of it (how many is said); otherwise the values are kept as the new kind
 * keeps them («800» as the number 800). A new name keeps the old spellings (imports still spell
 * it so) unless the aliases given leave them out.
 */
export async function updateAttribute(db: Db, id: number, patch: AttributePatch, now: Date): Promise<AdminAttribute> {
  const current = await requireAttribute(db, id);
  const name = patch.name ?? current.name;
  const aliases = aliasesOf(name, patch.aliases ?? current.aliases);
  await assertAliasesFree(db, name, aliases, id);
  const kindChanged = patch.kind !== undefined && patch.kind !== current.kind;
  // A value naming its unit («1,2 кВт» kept as text) is converted; a bare one is taken in the unit
  // the attribute is to have, as a change of the unit alone relabels the numbers.
  const units = { attribute: patch.unit !== undefined ? patch.unit || null : current.unit };
  const converted = kindChanged ? convertValues(await valuesOf(db, id), patch.kind!, units, 'kind', 'Нельзя сменить вид') : [];

  await withSlugRetry('attributes_slug_unique', async () => {
    const slug = patch.slug !== undefined && patch.slug !== current.slug ? await chooseSlug(db, attributes, patch.slug, name, 'attr', id) : undefined;
    await catalogTransaction(db, async (tx) => {
      await tx
        .update(attributes)
        .set({
          updatedAt: now,
          ...(patch.name !== undefined && { name: patch.name }),
          ...(slug !== undefined && { slug }),
          ...(patch.unit !== undefined && { unit: patch.unit || null }),
          ...(patch.kind !== undefined && { kind: patch.kind }),
          ...(patch.group !== undefined && { groupName: patch.group }),
          ...(patch.sortOrder !== undefined && { sortOrder: patch.sortOrder }),
        })
        .where(eq(attributes.id, id));
      await replaceAliases(tx, id, aliases);
      if (converted.length) {
        const values: ProductAttributeValues = new Map(converted.map((v) => [v.productId, [{ attributeId: id, value: v.value, number: v.number }]]));
        await replaceProductAttributes(tx, values, now, { keepOthers: true });
      }
    });
  });
  catalogChanged();
  return requireAttribute(db, id);
}

/**
 * `DELETE /api/admin/attributes/{id}`: the attribute goes, its values are taken off the products
 * through the catalogue's door (so every process's filters forget them), its spellings and
 * category filters with it.
 */
export async function deleteAttribute(db: Db, id: number, now: Date): Promise<{ success: true; message: string }> {
  const attribute = await requireAttribute(db, id);
  await catalogTransaction(db, async (tx) => {
    await removeAttributeValues(tx, id, now);
    await tx.delete(attributes).where(eq(attributes.id, id));
  });
  catalogChanged();
  const lost = attribute.productCount;
  return {
    success: true,
    message: lost
      ? `Характеристика «${attribute.name}» удалена, ${lost} ${pluralRu(lost, 'товар лишился', 'товара лишились', 'товаров лишились')} её значения`
      : `Характеристика «${attribute.name}» удалена`,
  };
}

/**
 * `POST /api/admin/attributes/{id}/merge`: the other attribute turns out to be this one. Its
 * values move here (a product that has both keeps this one's; numbers kept in another unit of
 * the quantity, «кВт» into «Вт», converted), as do its spellings and the
 * categories filtering by it; then it is deleted. Refused when some of its values are not of
 * this attribute's kind (how many is said).
 */
export async function mergeAttributes(db: Db, id: number, fromId: number, now: Date): Promise<{ attribute: AdminAttribute; message: string }> {
  if (id === fromId) throw badRequest(ATTRIBUTE_MESSAGES.mergeSelf, { fromId: [ATTRIBUTE_MESSAGES.mergeSelf] });
  const target = await requireAttribute(db, id);
  const [from] = await db.select(adminColumns).from(attributes).where(eq(attributes.id, fromId));
  if (!from) throw badRequest(ATTRIBUTE_MESSAGES.notFound, { fromId: [ATTRIBUTE_MESSAGES.notFound] });

  const units = { attribute: target.unit, source: from.unit };
  const moving = convertValues(await valuesMovingTo(db, id, fromId), target.kind, units, 'fromId', `Нельзя объединить с «${from.name}»`);

  await catalogTransaction(db, async (tx) => {
    // Every product losing the other's value is touched here, those given this one's among them.
    await removeAttributeValues(tx, fromId, now);
    const values: ProductAttributeValues = new Map(moving.map((v) => [v.productId, [{ attributeId: id, value: v.value, number: v.number }]]));
    await replaceProductAttributes(tx, values, now, { keepOthers: true, rowsWritten: true });
    await tx.update(attributeAliases).set({ attributeId: id }).where(eq(attributeAliases.attributeId, fromId));
    const alreadyFiltering = tx.select({ id: categoryAttributes.categoryId }).from(categoryAttributes).where(eq(categoryAttributes.attributeId, id));
    await tx
      .update(categoryAttributes)
      .set({ attributeId: id })
      .where(and(eq(categoryAttributes.attributeId, fromId), notInArray(categoryAttributes.categoryId, alreadyFiltering)));
    await tx.delete(attributes).where(eq(attributes.id, fromId));
  });
  catalogChanged();
  const movedCount = moving.length;
  return {
    attribute: await requireAttribute(db, id),
    message: `«${from.name}» объединена с «${target.name}»: ${movedCount} ${pluralRu(movedCount, 'значение перенесено', 'значения перенесены', 'значений перенесено')}`,
  };
}

async function assertCategoryExists(db: DbOrTx, categoryId: number) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
}

/** `GET /api/admin/categories/{id}/attributes`: what the category filters by, in order. */
export async function categoryFilters(db: DbOrTx, categoryId: number): Promise<CategoryFilter[]> {
  await assertCategoryExists(db, categoryId);
  return db
    .select({ id: attributes.id, slug: attributes.slug, name: attributes.name, unit: attributes.unit, kind: sql<AttributeKind>`${attributes.kind}`, group: attributes.groupName })
    .from(categoryAttributes)
    .innerJoin(attributes, eq(attributes.id, categoryAttributes.attributeId))
    .where(eq(categoryAttributes.categoryId, categoryId))
    .orderBy(asc(categoryAttributes.position));
}

/** `PUT /api/admin/categories/{id}/attributes`: the category's filters replaced, in the order given (each once). */
export async function setCategoryFilters(db: Db, categoryId: number, attributeIds: number[]): Promise<CategoryFilter[]> {
  await assertCategoryExists(db, categoryId);
  const ids = [...new Set(attributeIds)];
  const found = ids.length ? await db.select({ id: attributes.id }).from(attributes).where(inArray(attributes.id, ids)) : [];
  if (found.length !== ids.length) throw badRequest(ATTRIBUTE_MESSAGES.notFound, { attributeIds: ['Характеристика не найдена: обновите страницу'] });
  await db.transaction(async (tx) => {
    await tx.delete(categoryAttributes).where(eq(categoryAttributes.categoryId, categoryId));
    if (ids.length) await tx.insert(categoryAttributes).values(ids.map((attributeId, position) => ({ categoryId, attributeId, position })));
  });
  catalogChanged();
  return categoryFilters(db, categoryId);
}
