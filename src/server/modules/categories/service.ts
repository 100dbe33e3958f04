import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { categories } from '../../db/schema.ts';
import type { Supplier } from '#shared/constants.ts';
import type { Category } from '#shared/types.ts';

/** A category's own columns, as the API shows them. */
export const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
  icon: categories.icon,
  parentId: categories.parentId,
};

/**
 * Categories with their number of active products and a picture (the first active product's
 * image), optionally counting one supplier only: one query for the whole home page.
 */
export async function listCategories(db: Db, filter: { supplier?: Supplier } = {}): Promise<Category[]> {
  const supplierCond = filter.supplier ? sql`and p.supplier = ${filter.supplier}` : sql``;
  return db
    .select({
      ...categoryColumns,
      productCount: sql<number>`(select count(*)::int from products p where p.category_id = categories.id and p.is_active ${supplierCond})`,
      imageUrl: sql<string | null>`(select p.image_url from products p where p.category_id = categories.id and p.is_active ${supplierCond} order by p.id limit 1)`,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}
