import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { branches, categories, products, suppliers } from '../../db/schema.ts';
import { chooseSlug, isUniqueViolation, withSlugRetry } from '../../db/unique-slug.ts';
import { HttpError, badRequest, notFound } from '../../core/http-errors.ts';
import { SUPPLIERS } from '#shared/constants.ts';
import { rubToKopecks } from '#shared/money.ts';
import { cmToMm, kgToGrams } from '#shared/parcel-size.ts';
import { PRODUCT_MESSAGES, type ProductData, type ProductImportData, type ProductPatch } from '#shared/schemas/product.ts';
import type { Product } from '#shared/types.ts';
import { deleteEveryProduct, deleteProduct, insertProduct as writeNewProduct, updateProduct as writeProductChanges, type ProductValues, type StockGiven } from './write/one.ts';
import { getProduct } from './catalog/product-rows.ts';
import { categoryForImport } from '../catalog-adapter/placement.ts';
import { productAttributeValues } from '../attributes/product-values.ts';
import { replaceProductAttributes, type AttributeValueInput } from './write/attributes.ts';

/**
 * Product writes: create, edit, the list's active toggle, bulk import (upsert by SKU), delete one,
 * delete all (the back office's form and JSON import, the mass scraper's publish): the checks and
 * the slug here, the writes through the catalogue's door (`write/`), which announces each change
 * (`catalogChanged()`) once it is committed, so whoever calls these never leaves the caches stale.
 */

const SKU_TAKEN = 'Товар с таким артикулом уже существует';
const NOT_FOUND = 'Товар не найден';

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

type StockData = StockGiven;

/** Every branch the per-branch stock names must exist: a field error otherwise. */
async function assertBranchesExist(db: Db, data: StockData) {
  const ids = [...new Set((data.branchStock ?? []).map((b) => b.branchId))];
  if (ids.length === 0) return;
  const found = await db.select({ id: branches.id }).from(branches).where(inArray(branches.id, ids));
  if (found.length !== ids.length) throw badRequest('Филиал не найден', { branchStock: ['Филиал не найден: обновите страницу'] });
}

/**
 * The characteristics the form gave, checked before anything is written (a bad value loses
 * nothing); null when not given (kept as they are).
 */
async function givenCharacteristics(db: Db, data: Pick<ProductPatch, 'attributes'>): Promise<AttributeValueInput[] | null> {
  return data.attributes === undefined ? null : productAttributeValues(db, data.attributes);
}

const skuTaken = () => new HttpError(409, SKU_TAKEN, { sku: [SKU_TAKEN] });

/** Table values of the fields present in `data` (undefined means "not given"). */
function toValues(data: ProductPatch): ProductValues {
  const values: ProductValues = {};
  if (data.name !== undefined) values.name = data.name;
  if (data.sku !== undefined) values.sku = data.sku;
  if (data.price !== undefined) values.priceKopecks = rubToKopecks(data.price);
  if (data.originalPrice !== undefined) values.originalPriceKopecks = data.originalPrice === null ? null : rubToKopecks(data.originalPrice);
  // A category staff give places the product: it no longer waits in «Без категории».
  if (data.categoryId !== undefined) Object.assign(values, { categoryId: data.categoryId, awaitingCategory: false });
  if (data.supplier !== undefined) values.supplier = data.supplier;
  if (data.brand !== undefined) values.brand = data.brand === '' ? null : data.brand;
  if (data.tag !== undefined) values.tag = data.tag === '' ? null : data.tag;
  if (data.imageUrl !== undefined) values.imageUrl = data.imageUrl === '' ? null : data.imageUrl;
  if (data.shortDescription !== undefined) values.shortDescription = data.shortDescription;
  if (data.description !== undefined) values.description = data.description;
  if (data.isActive !== undefined) values.isActive = data.isActive;
  if (data.isFeatured !== undefined) values.isFeatured = data.isFeatured;
  // Kilograms and centimetres at the API, whole grams and millimetres kept (docs/decisions/037).
  if (data.weightKg !== undefined) values.weightGrams = data.weightKg === null ? null : kgToGrams(data.weightKg);
  if (data.lengthCm !== undefined) values.lengthMm = data.lengthCm === null ? null : cmToMm(data.lengthCm);
  if (data.widthCm !== undefined) values.widthMm = data.widthCm === null ? null : cmToMm(data.widthCm);
  if (data.heightCm !== undefined) values.heightMm = data.heightCm === null ? null : cmToMm(data.heightCm);
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

/** `POST /api/products`: a new product; the slug comes from the name when not given (chooseSlug). */
/** DCK, P.I.T, one of the price lists' suppliers (a distributor's product keeps its own), or none. */
async function assertSupplierKnown(db: Db, supplier: string | null | undefined) {
  if (supplier === null || supplier === undefined || (SUPPLIERS as readonly string[]).includes(supplier)) return;
  const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.code, supplier));
  if (!row) throw badRequest(PRODUCT_MESSAGES.supplier, { supplier: [PRODUCT_MESSAGES.supplier] });
}

export async function createProduct(db: Db, data: ProductData, now: Date): Promise<Product> {
  return insertProduct(db, data, {}, now);
}

/** A new product's fields; an imported product waiting in «Без категории» has no category. */
type NewProduct = Omit<ProductData, 'categoryId'> & { categoryId: number | null };

/** Inserts a product with the form's fields and `extra` columns (what an import adds). */
async function insertProduct(db: Db, data: NewProduct, extra: ProductValues, now: Date): Promise<Product> {
  if (data.categoryId !== null) await assertCategoryExists(db, data.categoryId);
  await assertSupplierKnown(db, data.supplier);
  await assertSkuFree(db, data.sku);
  await assertBranchesExist(db, data);
  const characteristics = await givenCharacteristics(db, data);
  const id = await writeWithSlug(async () => {
    const slug = await chooseSlug(db, products, data.slug, data.name, 'tovar');
    const values = { ...toValues({ ...data, categoryId: data.categoryId ?? undefined }), ...extra, name: data.name, sku: data.sku, slug, createdAt: now, updatedAt: now };
    return writeNewProduct(db, values, data);
  });
  if (characteristics) await replaceProductAttributes(db, new Map([[id, characteristics]]), now);
  return requireStaffProduct(db, id);
}

/**
 * `PATCH /api/products/{id}`: the given fields only (the list's toggle sends `{ isActive }`).
 * A typed slug must be free (409 otherwise); an empty slug is generated again from the name; a
 * changed name alone keeps the slug, so links to the product keep working.
 */
export async function updateProduct(db: Db, id: number, data: ProductPatch, now: Date, extra: ProductValues = {}): Promise<Product> {
  const current = await requireStaffProduct(db, id);
  if (data.categoryId !== undefined && data.categoryId !== current.categoryId) await assertCategoryExists(db, data.categoryId);
  if (data.sku !== undefined && data.sku !== current.sku) await assertSkuFree(db, data.sku, id);
  if (data.supplier !== current.supplier) await assertSupplierKnown(db, data.supplier);
  await assertBranchesExist(db, data);
  const characteristics = await givenCharacteristics(db, data);
  await writeWithSlug(async () => {
    const values = { ...toValues(data), ...extra };
    if (data.slug !== undefined && data.slug !== current.slug) {
      values.slug = await chooseSlug(db, products, data.slug, data.name || current.name, 'tovar', id);
    }
    await writeProductChanges(db, id, values, data, now);
  });
  if (characteristics) await replaceProductAttributes(db, new Map([[id, characteristics]]), now);
  return requireStaffProduct(db, id);
}

/**
 * `POST /api/admin/products`, one bulk import item: a product whose SKU exists is updated with
 * the fields the item names; otherwise a new product is created (active unless it says not).
 * An item with its supplier's category and no `categoryId` is placed by the catalogue adapter's
 * rules; a new one no rule places waits, hidden, in «Без категории», an existing one keeps its
 * category. Either announces the change.
 */
export async function importProduct(
  db: Db,
  data: ProductImportData,
  now: Date,
): Promise<{ action: 'created' | 'updated'; product: Product }> {
  const [existing] = await db
    .select({ id: products.id, supplier: products.supplier, awaiting: products.awaitingCategory, publishWhenPlaced: products.publishWhenPlaced })
    .from(products)
    .where(eq(products.sku, data.sku));
  const { supplierCategory } = data;
  const categoryId =
    data.categoryId ??
    (supplierCategory === undefined
      ? null
      : await categoryForImport(db, { supplier: data.supplier ?? existing?.supplier ?? null, supplierCategory, name: data.name }));
  const extra: ProductValues = supplierCategory === undefined ? {} : { supplierCategory };
  if (existing) {
    // Placed at last: out of «Без категории», and on sale when the item or its first import said so, as re-applying the rules does.
    if (categoryId !== null && existing.awaiting) Object.assign(extra, { awaitingCategory: false, isActive: data.isActive ?? existing.publishWhenPlaced });
    const product = await updateProduct(db, existing.id, { ...data, categoryId: categoryId ?? undefined }, now, extra);
    return { action: 'updated', product };
  }
  if (categoryId === null) Object.assign(extra, { awaitingCategory: true, isActive: false, publishWhenPlaced: data.isActive ?? true });
  const product = await insertProduct(
    db,
    { ...data, categoryId, slug: data.slug ?? '', isActive: data.isActive ?? true, isFeatured: data.isFeatured ?? false },
    extra,
    now,
  );
  return { action: 'created', product };
}

/**
 * `DELETE /api/admin/hard-delete-product/{id}`: the row goes; cart lines with it go too (cascade),
 * order lines keep their snapshot (product_id set to null).
 */
export async function hardDeleteProduct(db: Db, id: number): Promise<{ success: true; message: string }> {
  const name = await deleteProduct(db, id);
  if (name === null) throw notFound(NOT_FOUND);
  return { success: true, message: `Товар «${name}» удалён` };
}

/** `DELETE /api/admin/products/delete-all`: every product, with the counts before and after. */
export async function deleteAllProducts(db: Db): Promise<{ before: number; after: number; message: string }> {
  const { before, after } = await deleteEveryProduct(db);
  const removed = before - after;
  return { before, after, message: removed > 0 ? `Удалено товаров: ${removed}` : 'Каталог уже пуст' };
}
