import type { Db } from '../../../db/connection.ts';
import { products } from '../../../db/schema.ts';
import type { Product } from '#shared/types.ts';
import type { CatalogSearch } from '../search/catalog-search.ts';
import { productKeyCondition, productsByIds } from './product-rows.ts';

/**
 * «Похожие товары» of the product page (issue 26): active products of the same category, nearest
 * in their characteristics first, then in price, then the better sellers. Chosen in the search
 * index's columns (search/nearness.ts): in SQL the choice read every value of the category, seconds
 * at 100 000 products.
 */

export const SIMILAR_PRODUCTS_MAX = 8;

/**
 * `GET /api/products/{slugOrId}/similar`: null when there is no such product (an inactive one
 * only for staff); none when it has no category.
 */
export async function similarProducts(
  db: Db,
  search: CatalogSearch,
  slugOrId: string,
  options: { includeInactive: boolean },
): Promise<{ products: Product[] } | null> {
  const where = productKeyCondition(slugOrId);
  if (!where) return null;
  const [row] = await db.select({ id: products.id, categoryId: products.categoryId, isActive: products.isActive }).from(products).where(where);
  if (!row || (!row.isActive && !options.includeInactive)) return null;
  if (row.categoryId === null) return { products: [] };
  return { products: await productsByIds(db, await search.nearestIds(row.id, SIMILAR_PRODUCTS_MAX)) };
}
