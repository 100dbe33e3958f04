import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { categories, products } from '../../../db/schema.ts';
import { kopecksToRub } from '#shared/money.ts';
import { gramsToKg, mmToCm } from '#shared/parcel-size.ts';
import { isIdLike } from '#shared/slug.ts';
import type { BranchStock } from '#shared/schemas/branches.ts';
import type { Product } from '#shared/types.ts';
import { branchStockOf } from '../../branches/service.ts';
import { attributesOfProducts } from './product-attributes.ts';

/** Products as the API gives them: one row with its category's name and slug. */

// Every column the API shows; not the search vector, which is large, stored compressed apart
// from the row, and read only by the search index.
const { searchVector: _searchVector, skuNorm: _skuNorm, ...shownColumns } = getTableColumns(products);

const productSelection = {
  product: shownColumns,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

type ProductRow = Omit<typeof products.$inferSelect, 'searchVector' | 'skuNorm'>;

function toProduct(row: ProductRow, categoryName: string | null, categorySlug: string | null, branchStock: BranchStock[]): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    sku: row.sku,
    tag: row.tag,
    imageUrl: row.imageUrl,
    price: row.priceKopecks === null ? null : kopecksToRub(row.priceKopecks),
    originalPrice: row.originalPriceKopecks === null ? null : kopecksToRub(row.originalPriceKopecks),
    stock: row.stock,
    branchStock,
    shortDescription: row.shortDescription,
    description: row.description,
    categoryId: row.categoryId,
    category:
      row.categoryId !== null && categoryName !== null ? { id: row.categoryId, name: categoryName, slug: categorySlug ?? '' } : null,
    supplier: (row.supplier as Product['supplier']) ?? null,
    brand: row.brand,
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    weightKg: gramsToKg(row.weightGrams),
    lengthCm: mmToCm(row.lengthMm),
    widthCm: mmToCm(row.widthMm),
    heightCm: mmToCm(row.heightMm),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/**
 * The rows of a page, as one prepared statement per database: every list and search page ends
 * with it, and PostgreSQL spent more time planning it (about 1 ms, more on a busy machine) than
 * running it; the ids come as one array, so the text stays the same for any page size.
 */
const byIdsStatements = new WeakMap<Db, ReturnType<typeof prepareByIds>>();

function prepareByIds(db: Db) {
  return db
    .select(productSelection)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('products_by_ids');
}

/** Full products for ids, in the order of the ids. */
export async function productsByIds(db: Db, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  let statement = byIdsStatements.get(db);
  if (!statement) byIdsStatements.set(db, (statement = prepareByIds(db)));
  const [rows, stock] = await Promise.all([statement.execute({ ids }), branchStockOf(db, ids)]);
  const byId = new Map(rows.map((r) => [r.product.id, toProduct(r.product, r.categoryName, r.categorySlug, stock.get(r.product.id)!)]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

/** The product a page's address names: digits an id, anything else a slug (decisions.md); null for an id beyond any row's. */
export function productKeyCondition(slugOrId: string): SQL | null {
  if (!isIdLike(slugOrId)) return eq(products.slug, slugOrId);
  const id = Number(slugOrId);
  return id > 2_147_483_647 ? null : eq(products.id, id);
}

/**
 * `GET /api/products/{slugOrId}`, with its characteristics: digits mean an id, anything else a slug (decisions.md).
 * Inactive products only when `includeInactive` (staff).
 */
export async function getProduct(db: Db, slugOrId: string, options: { includeInactive: boolean }): Promise<Product | null> {
  const where = productKeyCondition(slugOrId);
  if (!where) return null;
  const [row] = await db
    .select(productSelection)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .limit(1);
  if (!row || (!row.product.isActive && !options.includeInactive)) return null;
  const [stock, attributes] = await Promise.all([branchStockOf(db, [row.product.id]), attributesOfProducts(db, [row.product.id])]);
  return { ...toProduct(row.product, row.categoryName, row.categorySlug, stock.get(row.product.id)!), attributes: attributes.get(row.product.id)! };
}
