import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from './connection.ts';
import { products, productStock } from './schema.ts';

/** A product's quantity in one branch. */
export type BranchQuantity = { branchId: number; quantity: number };

/**
 * Sets a product's quantity in the given branches (others keep theirs) and keeps `products.stock`
 * the sum over all branches: every answer that reads `stock` stays right. Call it inside the
 * transaction that writes the product. Lock order everywhere: `product_stock` rows, then `products`.
 */
export async function setProductStock(tx: Db | Tx, productId: number, quantities: BranchQuantity[]): Promise<void> {
  if (quantities.length > 0) {
    await tx
      .insert(productStock)
      .values(quantities.map((q) => ({ productId, branchId: q.branchId, quantity: q.quantity })))
      .onConflictDoUpdate({ target: [productStock.productId, productStock.branchId], set: { quantity: sql`excluded.quantity` } });
  }
  await tx
    .update(products)
    .set({ stock: sql`(SELECT COALESCE(SUM(${productStock.quantity}), 0)::int FROM ${productStock} WHERE ${productStock.productId} = ${productId})` })
    .where(eq(products.id, productId));
}
