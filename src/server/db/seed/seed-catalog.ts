import { asc, sql } from 'drizzle-orm';
import type { Db } from '#server/db/connection.ts';
import { setProductsStock, type ProductBranchQuantity } from '#server/db/product-stock.ts';
import { branches, categories, products, supplierOffers, suppliers } from '#server/db/schema.ts';
import { demoCategories, demoProducts, mulberry32, type DemoCategory, type DemoProduct, type Rng } from './catalog-data.ts';
import { DAY_MS } from '../../core/time.ts';
import { catalogTransaction } from '../../modules/products/write/announce.ts';
import { seedDemoAttributes } from './demo-attributes.ts';

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
    // The demo's suppliers are the makers themselves: DCK's products are DCK's, P.I.T's are P.I.T's.
    brand: product.supplier,
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

/**
 * How a product's stock lies in the branches (the head office first in `branchIds`): most of it
 * in the head office, some products also in one to three other branches, some only elsewhere.
 */
export function spreadStock(stock: number, branchIds: readonly number[], r: Rng): { branchId: number; quantity: number }[] {
  const [head, ...others] = branchIds;
  if (stock <= 0 || head === undefined) return [];
  const roll = r();
  if (others.length === 0 || roll < 0.45) return [{ branchId: head, quantity: stock }];
  const shuffled = [...others].sort(() => r() - 0.5);
  if (roll < 0.6) return [{ branchId: shuffled[0]!, quantity: stock }];
  const elsewhere = shuffled.slice(0, 1 + Math.floor(r() * Math.min(3, shuffled.length)));
  const spread: { branchId: number; quantity: number }[] = [];
  let left = stock;
  for (const branchId of elsewhere) {
    const quantity = Math.floor(left * (0.1 + r() * 0.3));
    if (quantity > 0) spread.push({ branchId, quantity });
    left -= quantity;
  }
  return [{ branchId: head, quantity: left }, ...spread];
}

/** Inserts products in batches, resolving each categorySlug through `categoryIds`. */
export async function insertProducts(
  db: Db,
  list: readonly DemoProduct[],
  categoryIds: ReadonlyMap<string, number>,
  batchSize = BATCH_SIZE,
): Promise<number> {
  const now = Date.now();
  const branchIds = (await db.select({ id: branches.id }).from(branches).orderBy(asc(branches.sortOrder), asc(branches.id))).map((b) => b.id);
  const r = mulberry32(16);
  for (let start = 0; start < list.length; start += batchSize) {
    const batch = list.slice(start, start + batchSize);
    const rows = batch.map((product) => {
      const categoryId = categoryIds.get(product.categorySlug);
      if (categoryId === undefined) throw new Error(`Unknown category "${product.categorySlug}" for product ${product.sku}`);
      return toProductRow(product, categoryId, now);
    });
    const inserted = await db.insert(products).values(rows).returning({ id: products.id });
    const stock: ProductBranchQuantity[] = batch.flatMap((product, i) =>
      spreadStock(product.stock ?? 0, branchIds, r).map((q) => ({ ...q, productId: inserted[i]!.id })),
    );
    // Products without stock keep their null («нет в наличии», as before): only stocked ones are summed.
    await setProductsStock(db, [...new Set(stock.map((q) => q.productId))], stock);
    // Each product of a kept supplier has that supplier's offer, which sets its price (as migration 0015 gave existing products).
    await db.execute(sql`
      insert into ${supplierOffers} (product_id, supplier_id, supplier_sku, price_kopecks, stock)
      select p.id, s.id, p.supplier_sku, p.price_kopecks, p.stock from ${products} p join ${suppliers} s on s.code = p.supplier
      where p.id in (select value::int from jsonb_array_elements_text(${JSON.stringify(inserted.map((p) => p.id))}::jsonb))`);
  }
  return list.length;
}

/**
 * The demo catalogue: about ten categories and three hundred products with their characteristics,
 * in one transaction (the catalogue's, as its door writes the characteristics).
 */
export async function seedCatalog(db: Db): Promise<{ categories: number; products: number }> {
  return catalogTransaction(db, async (tx) => {
    const ids = await insertCategories(tx, demoCategories);
    const count = await insertProducts(tx, demoProducts(), ids, 100);
    await seedDemoAttributes(tx, ids, new Date());
    return { categories: ids.size, products: count };
  });
}
