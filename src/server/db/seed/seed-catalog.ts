import type { Db } from '#server/db/connection.ts';
import { sql } from 'drizzle-orm';
import { branches, categories, products, productStock } from '#server/db/schema.ts';
import { HEAD_BRANCH_SLUG } from '#shared/schemas/branches.ts';
import { demoCategories, demoProducts, type DemoCategory, type DemoProduct } from './catalog-data.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** 19 columns a row: 500 rows stay far below PostgreSQL's 65 535 bind parameters. */
const BATCH_SIZE = 500;

type ProductRow = typeof products.$inferInsert;

/** A table row for a generated product; `now` anchors its age (createdDaysAgo). */
export function toProductRow(product: DemoProduct, categoryId: number, now: number): ProductRow {
  const createdAt = new Date(now - product.createdDaysAgo * DAY_MS);
  return {
    slug: product.slug,
    name: product.name,
    sku: product.sku,
    tag: product.tag,
    imageUrl: product.imageUrl,
    priceKopecks: product.priceKopecks,
    originalPriceKopecks: product.originalPriceKopecks,
    stock: product.stock,
    shortDescription: product.shortDescription,
    description: product.description,
    categoryId,
    supplier: product.supplier,
    rating: product.rating,
    reviewCount: product.reviewCount,
    salesCount: product.salesCount,
    isActive: product.isActive,
    isFeatured: product.isFeatured,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Inserts categories and returns their ids by slug. */
export async function insertCategories(db: Db, list: readonly DemoCategory[]): Promise<Map<string, number>> {
  const rows = await db
    .insert(categories)
    .values(list.map(({ slug, name, description, icon, sortOrder }) => ({ slug, name, description, icon, sortOrder })))
    .returning({ id: categories.id, slug: categories.slug });
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Inserts products in batches, resolving each categorySlug through `categoryIds`. */
export async function insertProducts(
  db: Db,
  list: readonly DemoProduct[],
  categoryIds: ReadonlyMap<string, number>,
  batchSize = BATCH_SIZE,
): Promise<number> {
  const now = Date.now();
  for (let start = 0; start < list.length; start += batchSize) {
    const rows = list.slice(start, start + batchSize).map((product) => {
      const categoryId = categoryIds.get(product.categorySlug);
      if (categoryId === undefined) throw new Error(`Unknown category "${product.categorySlug}" for product ${product.sku}`);
      return toProductRow(product, categoryId, now);
    });
    await db.insert(products).values(rows);
  }
  return list.length;
}

/** The demo catalogue: about ten categories and three hundred products, in one transaction. */
export async function seedCatalog(db: Db): Promise<{ categories: number; products: number }> {
  return db.transaction(async (tx) => {
    const ids = await insertCategories(tx, demoCategories);
    const count = await insertProducts(tx, demoProducts(), ids, 100);
    // Stock is kept per branch (products.stock is the sum): the demo stock starts in the head office.
    await tx.execute(sql`INSERT INTO ${productStock} (product_id, branch_id, quantity)
      SELECT p.id, b.id, p.stock FROM ${products} p CROSS JOIN ${branches} b WHERE b.slug = ${HEAD_BRANCH_SLUG} AND p.stock > 0`);
    return { categories: ids.size, products: count };
  });
}
