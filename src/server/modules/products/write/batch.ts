import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../../../db/connection.ts';
import { lockBranchQuantities, setProductsStock, stockTotalOf, writeBranchQuantities, type ProductBranchQuantity } from '../../../db/product-stock.ts';
import { orderItems, products, supplierImportRows } from '../../../db/schema.ts';
import { uniqueSlugs } from '../../../db/unique-slug.ts';
import { noteCatalogWrite } from './announce.ts';
import type { ParcelSize } from '#shared/parcel-size.ts';

/** A batch row's weight and size as the JSON the statements unpack. */
const sizeJson = (size: ParcelSize) => ({ weight: size.weightGrams, length: size.lengthMm, width: size.widthMm, height: size.heightMm });
/** The recordset's columns of sizeJson. */
const SIZE_COLUMNS = sql.raw('weight int, length int, width int, height int');
/** Each figure given replaces the product's; a null keeps it. */
const SIZE_SET = sql.raw(
  'weight_grams = coalesce(v.weight, products.weight_grams), length_mm = coalesce(v.length, products.length_mm), width_mm = coalesce(v.width, products.width_mm), height_mm = coalesce(v.height, products.height_mm)',
);

/**
 * The door's batch writes (supplier price lists, the 1C exchange, the catalogue adapter's moves):
 * each is one statement whatever the batch's size, its rows passed as one JSON parameter and
 * unpacked by the database (jsonb_to_recordset): 500 products cost one round trip, not 500 bound
 * rows. They run inside the caller's catalogTransaction (announce.ts), which announces the change
 * once it commits; on the plain database handle a write is announced at once.
 */

/** A new product of an import. */
export type NewCatalogProduct = {
  name: string;
  sku: string;
  priceKopecks: number | null;
  oldPriceKopecks: number | null;
  description: string;
  shortDescription: string;
  imageUrl: string | null;
  /** None: the product waits, hidden, in «Без категории» (`awaiting_category`). */
  categoryId: number | null;
  supplier: string | null;
  brand: string | null;
  supplierSku: string | null;
  supplierCategory: string | null;
  exchange1cId: string | null;
  isActive: boolean;
  /** Waiting in «Без категории»: whether placing it puts it on sale (its import asked for products on sale). */
  publishWhenPlaced: boolean;
  /** The supplier whose offer sets the price (a price list's own); null: the product's supplier. */
  priceSupplierId: number | null;
  /** Packed weight and size; null figures: none (the category's default). */
  size: ParcelSize;
};

/** New products with free slugs (uniqueSlugs: one query for the batch); their ids and SKUs. */
export async function insertProducts(tx: Tx, rows: NewCatalogProduct[], now: Date): Promise<{ id: number; sku: string }[]> {
  if (rows.length === 0) return [];
  const slugs = await uniqueSlugs(tx, rows.map((r) => ({ name: r.name, sku: r.sku })), 'tovar');
  const json = JSON.stringify(
    rows.map((r, i) => ({
      slug: slugs[i],
      name: r.name,
      sku: r.sku,
      price: r.priceKopecks,
      old_price: r.oldPriceKopecks,
      description: r.description,
      short_description: r.shortDescription,
      image_url: r.imageUrl,
      category_id: r.categoryId,
      supplier: r.supplier,
      brand: r.brand,
      supplier_sku: r.supplierSku,
      supplier_category: r.supplierCategory,
      id1c: r.exchange1cId,
      active: r.isActive,
      publish: r.publishWhenPlaced,
      price_supplier_id: r.priceSupplierId,
      ...sizeJson(r.size),
    })),
  );
  const at = now.toISOString();
  const inserted = rowsOf<{ id: number; sku: string }>(
    await tx.execute(sql`
      insert into ${products} (slug, name, sku, price_kopecks, original_price_kopecks, description, short_description, image_url, category_id,
        awaiting_category, supplier, brand, supplier_sku, supplier_category, exchange_1c_id, is_active, publish_when_placed, price_supplier_id,
        weight_grams, length_mm, width_mm, height_mm, created_at, updated_at)
      select slug, name, sku, price, old_price, description, short_description, image_url, category_id,
        category_id is null, supplier, brand, supplier_sku, supplier_category, id1c, active, publish, price_supplier_id,
        weight, length, width, height, ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${json}::jsonb) as x(slug text, name text, sku text, price int, old_price int, description text,
        short_description text, image_url text, category_id int, supplier text, brand text, supplier_sku text, supplier_category text, id1c text, active boolean,
        publish boolean, price_supplier_id int, ${SIZE_COLUMNS})
      returning id, sku`),
  );
  noteCatalogWrite(tx);
  return inserted;
}

/** What a supplier's price list sets on a product it lists. */
export type SupplierListing = {
  id: number;
  priceKopecks: number | null;
  oldPriceKopecks: number | null;
  isActive: boolean;
  supplier: string;
  /** Null keeps the product's brand. */
  brand: string | null;
  supplierSku: string | null;
  supplierCategory: string | null;
  /** The list's weight and size; a null figure keeps the product's. */
  size: ParcelSize;
};

/** Price, old price, visibility, brand, weight and size and the supplier's code, SKU and category of existing products. */
export async function updateSupplierListings(tx: Tx, rows: SupplierListing[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((u) => ({
      id: u.id,
      price: u.priceKopecks,
      old_price: u.oldPriceKopecks,
      active: u.isActive,
      supplier: u.supplier,
      brand: u.brand,
      supplier_sku: u.supplierSku,
      supplier_category: u.supplierCategory,
      ...sizeJson(u.size),
    })),
  );
  await tx.execute(sql`
    update ${products} set price_kopecks = v.price, original_price_kopecks = v.old_price, is_active = v.active,
      supplier = v.supplier, brand = coalesce(v.brand, ${products.brand}), supplier_sku = v.supplier_sku, supplier_category = v.supplier_category,
      ${SIZE_SET}, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json}::jsonb) as v(id int, price int, old_price int, active boolean, supplier text, brand text, supplier_sku text,
      supplier_category text, ${SIZE_COLUMNS})
    where ${products.id} = v.id`);
  noteCatalogWrite(tx);
}

/** What the 1C catalogue sets on a product it lists; a null keeps the product's own value. */
export type ExchangeCard = {
  id: number;
  exchange1cId: string;
  name: string | null;
  description: string;
  supplierCategory: string | null;
  imageUrl: string | null;
  categoryId: number | null;
  supplier: string | null;
  brand: string | null;
  /** 1C's weight and size; a null figure keeps the product's. */
  size: ParcelSize;
  /** A product waiting for its category has one now: on sale when its import asked for it (`publish_when_placed`). */
  activate: boolean;
};

/**
 * Name, description, group, picture, brand, weight and size and 1C Ид. The category follows when given (a product
 * placed by hand keeps its place otherwise); visibility set by staff is not touched.
 */
export async function updateExchangeCards(tx: Tx, rows: ExchangeCard[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((u) => ({
      id: u.id,
      id1c: u.exchange1cId,
      name: u.name,
      description: u.description,
      group_path: u.supplierCategory,
      image_url: u.imageUrl,
      category_id: u.categoryId,
      supplier: u.supplier,
      brand: u.brand,
      activate: u.activate,
      ...sizeJson(u.size),
    })),
  );
  await tx.execute(sql`
    update ${products} set exchange_1c_id = v.id1c, name = coalesce(v.name, ${products.name}), description = v.description,
      supplier_category = coalesce(v.group_path, ${products.supplierCategory}), image_url = coalesce(v.image_url, ${products.imageUrl}),
      category_id = coalesce(v.category_id, ${products.categoryId}), supplier = coalesce(v.supplier, ${products.supplier}),
      brand = coalesce(v.brand, ${products.brand}), ${SIZE_SET},
      awaiting_category = ${products.awaitingCategory} and v.category_id is null,
      is_active = ${products.isActive} or (v.activate and ${products.publishWhenPlaced}), updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${json}::jsonb) as v(id int, id1c text, name text, description text, group_path text, image_url text,
      category_id int, supplier text, brand text, activate boolean, ${SIZE_COLUMNS})
    where ${products.id} = v.id`);
  noteCatalogWrite(tx);
}

/** Takes products off sale. */
export async function hideProducts(handle: DbOrTx, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await handle.update(products).set({ isActive: false, updatedAt: now }).where(inArray(products.id, ids));
  noteCatalogWrite(handle);
}

/** Takes off sale the 1C products (those with an Ид) on sale whose Ид is not in `listed`; how many. */
export async function hideExchangeProductsExcept(handle: DbOrTx, listed: string[], now: Date): Promise<number> {
  const json = JSON.stringify(listed);
  const hidden = rowsOf<{ id: number }>(
    await handle.execute(sql`
      update ${products} set is_active = false, updated_at = ${now.toISOString()}::timestamptz
      where ${and(isNotNull(products.exchange1cId), eq(products.isActive, true))}
        and not exists (select 1 from jsonb_array_elements_text(${json}::jsonb) as l(id) where l.id = ${products.exchange1cId})
      returning id`),
  );
  if (hidden.length > 0) noteCatalogWrite(handle);
  return hidden.length;
}

/** Moves products to a category (the catalogue adapter's rules). */
export async function moveToCategory(tx: Tx, ids: number[], categoryId: number, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(products).set({ categoryId, updatedAt: now }).where(inArray(products.id, ids));
  noteCatalogWrite(tx);
}

/**
 * Places products waiting in «Без категории» (those still waiting); those whose import asked for
 * products on sale go on sale, those imported hidden stay hidden until staff publish them. How
 * many went on sale.
 */
export async function placeAwaiting(tx: Tx, ids: number[], categoryId: number, now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const placed = await tx
    .update(products)
    .set({ categoryId, awaitingCategory: false, isActive: sql`${products.isActive} or ${products.publishWhenPlaced}`, updatedAt: now })
    .where(and(inArray(products.id, ids), eq(products.awaitingCategory, true)))
    .returning({ isActive: products.isActive });
  noteCatalogWrite(tx);
  return placed.filter((p) => p.isActive).length;
}

/** A 1C offer's write: its price when given, whether its branch quantities are among `quantities`. */
export type OfferWrite = { id: number; price: number | null; stocked: boolean };

/**
 * Prices and stock of the 1C offers in four statements whatever the batch's size: the branch
 * quantities of `productIds` locked (the lock order of every stock write: the branch quantities,
 * then the products), the quantities written, then each product's price and stock total in one
 * update that leaves a product whose price and total stay the same untouched.
 */
export async function writeOfferPricesAndStock(tx: Tx, productIds: number[], writes: OfferWrite[], quantities: ProductBranchQuantity[], now: Date): Promise<void> {
  await lockBranchQuantities(tx, productIds);
  await writeBranchQuantities(tx, quantities);
  if (writes.length === 0) return;
  const json = JSON.stringify(writes);
  await tx.execute(sql`
    update ${products} set
      price_kopecks = coalesce(v.price, ${products.priceKopecks}),
      updated_at = case when ${products.priceKopecks} is distinct from coalesce(v.price, ${products.priceKopecks})
        then ${now.toISOString()}::timestamptz else ${products.updatedAt} end,
      stock = case when v.stocked then t.total else ${products.stock} end
    from jsonb_to_recordset(${json}::jsonb) as v(id int, price int, stocked boolean)
      cross join lateral (select case when v.stocked then ${stockTotalOf(sql`v.id`)} end as total) t
    where ${products.id} = v.id
      and (${products.priceKopecks} is distinct from coalesce(v.price, ${products.priceKopecks}) or (v.stocked and ${products.stock} is distinct from t.total))`);
  noteCatalogWrite(tx);
}

/** A product an import changed: its state before and after, as the import's report keeps them. */
export type RestoredProduct<State> = { id: number; before: State; after: State };

/** The stock write that puts the restored products' quantities back (the stock door's setProductsStock). */
export type StockBack = { productIds: number[]; quantities: ProductBranchQuantity[] };

/**
 * Rolls back the products of a supplier import (`supplier_import_rows` keeps each one's before
 * and after): a changed product gets its price, old price, stock, visibility and name back (and,
 * through `stockBack`, its branch quantities); a created one is removed, or hidden when an order
 * already has it. The caller has checked nothing changed them since.
 */
export async function rollBackImportProducts<State>(
  tx: Tx,
  importId: number,
  now: Date,
  stockBack: (restored: RestoredProduct<State>[]) => StockBack,
): Promise<{ restored: number; removed: number; hidden: number }> {
  const at = now.toISOString();
  const restored = rowsOf<RestoredProduct<State>>(
    await tx.execute(sql`
      update ${products} p set price_kopecks = (r.before->>'priceKopecks')::int, original_price_kopecks = (r.before->>'oldPriceKopecks')::int,
        stock = (r.before->>'stock')::int, is_active = (r.before->>'isActive')::boolean, name = r.before->>'name', updated_at = ${at}::timestamptz
      from ${supplierImportRows} r
      where r.import_id = ${importId} and r.applied and r.action <> 'create' and r.before is not null and p.id = r.product_id
        and (p.price_kopecks, p.original_price_kopecks, p.stock, p.is_active, p.name) is distinct from
          ((r.before->>'priceKopecks')::int, (r.before->>'oldPriceKopecks')::int, (r.before->>'stock')::int, (r.before->>'isActive')::boolean, r.before->>'name')
      returning p.id, r.before, r.after`),
  );
  const stock = stockBack(restored);
  await setProductsStock(tx, stock.productIds, stock.quantities);
  const created = sql`select product_id from ${supplierImportRows} where import_id = ${importId} and applied and action = 'create'`;
  const ordered = sql`exists (select 1 from ${orderItems} oi where oi.product_id = ${products.id})`;
  const hidden = rowsOf<{ id: number }>(
    await tx.execute(sql`update ${products} set is_active = false, updated_at = ${at}::timestamptz where id in (${created}) and ${ordered} returning id`),
  );
  const removed = rowsOf<{ id: number }>(await tx.execute(sql`delete from ${products} where id in (${created}) and not ${ordered} returning id`));
  noteCatalogWrite(tx);
  return { restored: restored.length, removed: removed.length, hidden: hidden.length };
}
