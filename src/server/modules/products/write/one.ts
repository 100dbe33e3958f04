import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/connection.ts';
import { headBranchId, setProductStock } from '../../../db/product-stock.ts';
import { products } from '../../../db/schema.ts';
import type { ProductPatch } from '#shared/schemas/product.ts';
import { catalogTransaction, noteCatalogWrite } from './announce.ts';

/**
 * The door's writes of one product (the back office's form and JSON import, the mass scraper's
 * publish through admin-service.ts): the row and its stock in one transaction, announced after it.
 * Checks (category, SKU, slug) are the caller's; the database's constraints stay the last word.
 */

export type ProductValues = Partial<typeof products.$inferInsert>;
export type NewProductValues = typeof products.$inferInsert;

/** The stock a write names: per branch, or a plain `stock` kept in the head office; neither leaves it. */
export type StockGiven = Pick<ProductPatch, 'stock' | 'branchStock'>;

/** `products.stock` is never written directly: it is the branches' sum (the stock door). */
async function writeStock(tx: Tx, productId: number, data: StockGiven) {
  if (data.branchStock !== undefined) return setProductStock(tx, productId, data.branchStock);
  if (data.stock !== undefined) return setProductStock(tx, productId, [{ branchId: await headBranchId(tx), quantity: data.stock ?? 0 }]);
}

/** A new product and its stock; its id. */
export async function insertProduct(db: Db, values: NewProductValues, stock: StockGiven): Promise<number> {
  return catalogTransaction(db, async (tx) => {
    const [row] = await tx.insert(products).values(values).returning({ id: products.id });
    await writeStock(tx, row!.id, stock);
    noteCatalogWrite(tx);
    return row!.id;
  });
}

/** The given columns and stock of one product (stock first: the lock order of every stock write). */
export async function updateProduct(db: Db, id: number, values: ProductValues, stock: StockGiven, now: Date): Promise<void> {
  await catalogTransaction(db, async (tx) => {
    await writeStock(tx, id, stock);
    await tx.update(products).set({ ...values, updatedAt: now }).where(eq(products.id, id));
    noteCatalogWrite(tx);
  });
}

/** Removes one product (cart lines go with it, order lines keep their snapshot); its name, or null when there was none. */
export async function deleteProduct(db: Db, id: number): Promise<string | null> {
  const [row] = await db.delete(products).where(eq(products.id, id)).returning({ name: products.name });
  if (!row) return null;
  noteCatalogWrite(db);
  return row.name;
}

/** Removes every product; the counts before and after. */
export async function deleteEveryProduct(db: Db): Promise<{ before: number; after: number }> {
  return catalogTransaction(db, async (tx) => {
    const [{ before }] = await tx.select({ before: count() }).from(products);
    await tx.delete(products);
    const [{ after }] = await tx.select({ after: count() }).from(products);
    noteCatalogWrite(tx);
    return { before, after };
  });
}
