import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { categories } from '../../db/schema.ts';
import { chooseSlug, pgError, withSlugRetry } from '../../db/unique-slug.ts';
import { conflict, notFound } from '../../core/http-errors.ts';
import type { CategoryData, CategoryPatch } from '#shared/schemas/category.ts';
import { cmToMm, gramsToKg, kgToGrams, mmToCm } from '#shared/parcel-size.ts';
import type { AdminCategory, CategoryParcelDefaults } from '#shared/types.ts';
import { catalogChanged } from '../products/catalog-events.ts';
import { categoryColumns } from './service.ts';

/**
 * Category writes of the back office, and the staff list with counts of all products. Every write
 * announces the change to the catalogue's caches once it is done (product answers carry category names).
 */

const NOT_FOUND = 'Категория не найдена';
const SLUG_CONSTRAINT = 'categories_slug_unique';
export const CATEGORY_HAS_PRODUCTS = 'Не удалось удалить категорию. Возможно, в ней есть товары.';

/** A category's number of products, any status and active only (staff lists, the dashboard). */
export const categoryProductCounts = {
  productCount: sql<number>`(select count(*)::int from products p where p.category_id = categories.id)`,
  activeProductCount: sql<number>`(select count(*)::int from products p where p.category_id = categories.id and p.is_active)`,
};

const adminColumns = {
  ...categoryColumns,
  ...categoryProductCounts,
  defaultWeightGrams: categories.defaultWeightGrams,
  defaultLengthMm: categories.defaultLengthMm,
  defaultWidthMm: categories.defaultWidthMm,
  defaultHeightMm: categories.defaultHeightMm,
};

type AdminRow = Omit<AdminCategory, keyof CategoryParcelDefaults> & Pick<typeof categories.$inferSelect, 'defaultWeightGrams' | 'defaultLengthMm' | 'defaultWidthMm' | 'defaultHeightMm'>;

/** Grams and millimetres kept, kilograms and centimetres at the API (docs/decisions/037). */
function toAdminCategory({ defaultWeightGrams, defaultLengthMm, defaultWidthMm, defaultHeightMm, ...row }: AdminRow): AdminCategory {
  return {
    ...row,
    defaultWeightKg: gramsToKg(defaultWeightGrams),
    defaultLengthCm: mmToCm(defaultLengthMm),
    defaultWidthCm: mmToCm(defaultWidthMm),
    defaultHeightCm: mmToCm(defaultHeightMm),
  };
}

/** The default figures a form gave, as kept; those not given are left out. */
function defaultValues(data: CategoryPatch): Partial<typeof categories.$inferInsert> {
  const values: Partial<typeof categories.$inferInsert> = {};
  if (data.defaultWeightKg !== undefined) values.defaultWeightGrams = data.defaultWeightKg === null ? null : kgToGrams(data.defaultWeightKg);
  if (data.defaultLengthCm !== undefined) values.defaultLengthMm = data.defaultLengthCm === null ? null : cmToMm(data.defaultLengthCm);
  if (data.defaultWidthCm !== undefined) values.defaultWidthMm = data.defaultWidthCm === null ? null : cmToMm(data.defaultWidthCm);
  if (data.defaultHeightCm !== undefined) values.defaultHeightMm = data.defaultHeightCm === null ? null : cmToMm(data.defaultHeightCm);
  return values;
}

/** Every category with the number of its products (any status) and of the active ones. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db.select(adminColumns).from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map(toAdminCategory);
}

async function requireAdminCategory(db: Db, id: number): Promise<AdminCategory> {
  const [row] = await db.select(adminColumns).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toAdminCategory(row);
}

/** A new category, last in the order; its slug must be free (chooseSlug: 409 otherwise). */
export async function createCategory(db: Db, data: CategoryData, now: Date): Promise<AdminCategory> {
  const id = await withSlugRetry(SLUG_CONSTRAINT, async () => {
    const slug = await chooseSlug(db, categories, data.slug, data.name, 'kategoriya');
    const [row] = await db
      .insert(categories)
      .values({
        name: data.name,
        slug,
        description: data.description,
        icon: data.icon,
        ...defaultValues(data),
        sortOrder: sql`(select coalesce(max(${categories.sortOrder}), 0) + 1 from ${categories})`,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: categories.id });
    return row!.id;
  });
  catalogChanged();
  return requireAdminCategory(db, id);
}

export async function updateCategory(db: Db, id: number, data: CategoryPatch, now: Date): Promise<AdminCategory> {
  const current = await requireAdminCategory(db, id);
  await withSlugRetry(SLUG_CONSTRAINT, async () => {
    const values: Partial<typeof categories.$inferInsert> = { ...defaultValues(data), updatedAt: now };
    if (data.name !== undefined) values.name = data.name;
    if (data.description !== undefined) values.description = data.description;
    if (data.icon !== undefined) values.icon = data.icon;
    if (data.slug !== undefined && data.slug !== current.slug) {
      values.slug = await chooseSlug(db, categories, data.slug, data.name ?? current.name, 'kategoriya', id);
    }
    await db.update(categories).set(values).where(eq(categories.id, id));
  });
  catalogChanged();
  return requireAdminCategory(db, id);
}

/** Deletes an empty category; one with products (any status) is refused with 409. */
export async function deleteCategory(db: Db, id: number): Promise<{ success: true; message: string }> {
  const category = await requireAdminCategory(db, id);
  if (category.productCount > 0) throw conflict(CATEGORY_HAS_PRODUCTS);
  try {
    const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ name: categories.name });
    if (!row) throw notFound(NOT_FOUND);
    catalogChanged();
    return { success: true, message: `Категория «${row.name}» удалена` };
  } catch (error) {
    // A product added to it in the meantime: the foreign key refuses the delete.
    if (pgError(error).code === '23503') throw conflict(CATEGORY_HAS_PRODUCTS);
    throw error;
  }
}
