import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connection.ts';
import { products } from '../../../db/schema.ts';
import type { Product } from '#shared/types.ts';
import { productKeyCondition, productsByIds } from './product-rows.ts';

/**
 * «Похожие товары» of the product page (issue 26): active products of the same category, nearest
 * in their characteristics first, then in price.
 */

export const SIMILAR_PRODUCTS_MAX = 8;

/**
 * Nearness of two products, summed over the attributes both have: an equal text or yes/no value
 * counts 1, two numbers 1 − their difference over the larger of them (750 and 1100 Вт: 0.68).
 * Ties go to the nearer price (a product with a price before one «on request»), then the better seller.
 */
async function nearestIds(db: Db, product: { id: number; categoryId: number; priceKopecks: number | null }): Promise<number[]> {
  const price = product.priceKopecks && product.priceKopecks > 0 ? product.priceKopecks : null;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      with own as (select attribute_id, value, number from product_attributes where product_id = ${product.id}),
      near as (
        select pa.product_id, sum(
          case
            when own.number is not null and pa.number is not null
              then 1 - least(1, abs(pa.number - own.number) / greatest(abs(pa.number), abs(own.number), 1e-9))
            when pa.value = own.value then 1
            else 0
          end) as score
        from product_attributes pa
        join own on own.attribute_id = pa.attribute_id
        join products p on p.id = pa.product_id
        where p.category_id = ${product.categoryId} and p.is_active and p.id <> ${product.id}
        group by pa.product_id
      )
      select p.id
      from products p left join near on near.product_id = p.id
      where p.category_id = ${product.categoryId} and p.is_active and p.id <> ${product.id}
      order by coalesce(near.score, 0) desc,
        abs(nullif(p.price_kopecks, 0)::bigint - ${price}::bigint) asc nulls last,
        p.sales_count desc, p.id
      limit ${SIMILAR_PRODUCTS_MAX}`),
  );
  return rows.map((row) => Number(row.id));
}

/**
 * `GET /api/products/{slugOrId}/similar`: null when there is no such product (an inactive one
 * only for staff); none when it has no category.
 */
export async function similarProducts(db: Db, slugOrId: string, options: { includeInactive: boolean }): Promise<{ products: Product[] } | null> {
  const where = productKeyCondition(slugOrId);
  if (!where) return null;
  const [row] = await db
    .select({ id: products.id, categoryId: products.categoryId, priceKopecks: products.priceKopecks, isActive: products.isActive })
    .from(products)
    .where(where);
  if (!row || (!row.isActive && !options.includeInactive)) return null;
  if (row.categoryId === null) return { products: [] };
  const ids = await nearestIds(db, { id: row.id, categoryId: row.categoryId, priceKopecks: row.priceKopecks });
  return { products: await productsByIds(db, ids) };
}
