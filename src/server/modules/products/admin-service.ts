import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { categories, products } from '../../db/schema.ts';
import { isUniqueViolation, uniqueSlug, withSlugRetry } from '../../db/unique-slug.ts';
import { HttpError, badRequest, notFound } from '../../core/http-errors.ts';
import { rubToKopecks } from '#shared/money.ts';
import type { ProductData, ProductImportData, ProductPatch } from '#shared/schemas/product.ts';
import type { Product } from '#shared/types.ts';
import { catalogChanged } from './catalog-events.ts';
import { getProduct } from './catalog/product-rows.ts';

/**
 * Product writes: create, edit, the list's active toggle, bulk import (upsert by SKU), delete one,
 * delete all — for the back office today, for supplier imports and the 1C exchange later. Every
 * write announces the change (`catalogChanged()`) once it is done, so whoever calls these never
 * leaves the catalogue's caches stale.
 */

const SKU_TAKEN = 'Товар с таким артикулом уже существует';
const NOT_FOUND = 'Товар не найден';

type ProductValues = Partial<typeof products.$inferInsert>;

/** One product with its category, whatever its status (staff view). */
async function requireStaffProduct(db: Db, id: number): Promise<Product> {
  const product = await getProduct(db, String(id), { includeInactive: true });
  if (!product) throw notFound(NOT_FOUND);
  return product;
}

async function assertCategoryExists(db: Db, categoryId: number) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) throw badRequest('Категория не найдена', { categoryId: ['Категория не найдена'] });
}

async function assertSkuFree(db: Db, sku: string, exceptId?: number) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (row && row.id !== exceptId) throw skuTaken();
}

const skuTaken = () => new HttpError(409, SKU_TAKEN, { sku: [SKU_TAKEN] });

/** Table values of the fields present in `data` (undefined means "not given"). */
function toValues(data: ProductPatch): ProductValues {
  const values: ProductValues = {};
  if (data.name !== undefined) values.name = data.name;
  if (data.sku !== undefined) values.sku = data.sku;
  if (data.price !== undefined) values.priceKopecks = rubToKopecks(data.price);
  if (data.originalPrice !== undefined) values.originalPriceKopecks = data.originalPrice === null ? null : rubToKopecks(data.originalPrice);
  if (data.stock !== undefined) values.stock = data.stock;
  if (data.categoryId !== undefined) values.categoryId = data.categoryId;
  if (data.supplier !== undefined) values.supplier = data.supplier;
  if (data.tag !== undefined) values.tag = data.tag === '' ? null : data.tag;
  if (data.imageUrl !== undefined) values.imageUrl = data.imageUrl === '' ? null : data.imageUrl;
  if (data.shortDescription !== undefined) values.shortDescription = data.shortDescription;
  if (data.description !== undefined) values.description = data.description;
  if (data.rating !== undefined) values.rating = data.rating;
  if (data.reviewCount !== undefined) values.reviewCount = data.reviewCount;
  if (data.isActive !== undefined) values.isActive = data.isActive;
  if (data.isFeatured !== undefined) values.isFeatured = data.isFeatured;
  return values;
}

/**
 * Runs a write that picks a slug, picking again when a concurrent write took the same slug in
 * between. A SKU violation is a 409 with the field named.
 */
async function writeWithSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await withSlugRetry('products_slug_unique', write);
  } catch (error) {
    if (isUniqueViolation(error, 'products_sku_unique')) throw skuTaken();
    throw error;
  }
}

/** `POST /api/products`: a new product; the slug comes from the name when not given. */
export async function createProduct(db: Db, data: ProductData, now: Date): Promise<Product> {
  await assertCategoryExists(db, data.categoryId);
  await assertSkuFree(db, data.sku);
  const id = await writeWithSlug(async () => {
    const slug = await uniqueSlug(db, products, data.slug || data.name, 'tovar');
    const [row] = await db
      .insert(products)
      .values({ ...toValues(data), name: data.name, sku: data.sku, slug, createdAt: now, updatedAt: now })
      .returning({ id: products.id });
    return row!.id;
  });
  catalogChanged();
  return requireStaffProduct(db, id);
}

/**
 * `PATCH /api/products/{id}`: the given fields only (the list's toggle sends `{ isActive }`).
 * A new slug is made unique; an empty slug is generated again from the name; a changed name
 * alone keeps the slug, so links to the product keep working.
 */
export async function updateProduct(db: Db, id: number, data: ProductPatch, now: Date): Promise<Product> {
  const current = await requireStaffProduct(db, id);
  if (data.categoryId !== undefined && data.categoryId !== current.categoryId) await assertCategoryExists(db, data.categoryId);
  if (data.sku !== undefined && data.sku !== current.sku) await assertSkuFree(db, data.sku, id);
  await writeWithSlug(async () => {
    const values = toValues(data);
    if (data.slug !== undefined && data.slug !== current.slug) {
      values.slug = await uniqueSlug(db, products, data.slug || data.name || current.name, 'tovar', id);
    }
    await db.update(products).set({ ...values, updatedAt: now }).where(eq(products.id, id));
  });
  catalogChanged();
  return requireStaffProduct(db, id);
}

/**
 * `POST /api/admin/products`, one bulk import item: a product whose SKU exists is updated with
 * the fields the item names; otherwise a new product is created (active unless it says not).
 * Either announces the change.
 */
export async function importProduct(
  db: Db,
  data: ProductImportData,
  now: Date,
): Promise<{ action: 'created' | 'updated'; product: Product }> {
  const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.sku, data.sku));
  if (existing) {
    const product = await updateProduct(db, existing.id, data, now);
    return { action: 'updated', product };
  }
  const product = await createProduct(
    db,
    { ...data, slug: data.slug ?? '', isActive: data.isActive ?? true, isFeatured: data.isFeatured ?? false },
    now,
  );
  return { action: 'created', product };
}

/**
 * `DELETE /api/admin/hard-delete-product/{id}`: the row goes; cart lines with it go too (cascade),
 * order lines keep their snapshot (product_id set to null).
 */
export async function hardDeleteProduct(db: Db, id: number): Promise<{ success: true; message: string }> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({ name: products.name });
  if (!row) throw notFound(NOT_FOUND);
  catalogChanged();
  return { success: true, message: `Товар «${row.name}» удалён` };
}

/** `DELETE /api/admin/products/delete-all`: every product, with the counts before and after. */
export async function deleteAllProducts(db: Db): Promise<{ before: number; after: number; message: string }> {
  const result = await db.transaction(async (tx) => {
    const [{ before }] = await tx.select({ before: count() }).from(products);
    await tx.delete(products);
    const [{ after }] = await tx.select({ after: count() }).from(products);
    const removed = before - after;
    return { before, after, message: removed > 0 ? `Удалено товаров: ${removed}` : 'Каталог уже пуст' };
  });
  catalogChanged();
  return result;
}
