import { and, eq, gt, gte, sql } from 'drizzle-orm';
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

/** Units of an order line moving at one branch. */
export type BranchMove = { productId: number; branchId: number; quantity: number };

/**
 * Sells units from one branch, only when it holds them all (`quantity >= n` in the statement:
 * never below zero, whoever races); the product's total and sales count follow. False when the
 * branch is short. Lock order: the `product_stock` row, then `products`.
 */
export async function sellFromBranch(tx: Tx, move: BranchMove, now: Date): Promise<boolean> {
  const taken = await tx
    .update(productStock)
    .set({ quantity: sql`${productStock.quantity} - ${move.quantity}` })
    .where(and(eq(productStock.productId, move.productId), eq(productStock.branchId, move.branchId), gte(productStock.quantity, move.quantity)))
    .returning({ quantity: productStock.quantity });
  if (taken.length === 0) return false;
  await tx
    .update(products)
    .set({ stock: sql`coalesce(${products.stock}, 0) - ${move.quantity}`, salesCount: sql`${products.salesCount} + ${move.quantity}`, updatedAt: now })
    .where(eq(products.id, move.productId));
  return true;
}

/** Puts sold units back in their branch (a cancelled order); the total and the sales count follow. */
export async function returnToBranch(tx: Tx, move: BranchMove, now: Date): Promise<void> {
  await tx
    .insert(productStock)
    .values(move)
    .onConflictDoUpdate({ target: [productStock.productId, productStock.branchId], set: { quantity: sql`${productStock.quantity} + excluded.quantity` } });
  await tx
    .update(products)
    .set({
      stock: sql`coalesce(${products.stock}, 0) + ${move.quantity}`,
      salesCount: sql`greatest(${products.salesCount} - ${move.quantity}, 0)`,
      updatedAt: now,
    })
    .where(eq(products.id, move.productId));
}

/** A product's quantity in every branch that holds any (for the messages of a refused order). */
export async function branchQuantities(tx: Db | Tx, productId: number): Promise<BranchQuantity[]> {
  return tx
    .select({ branchId: productStock.branchId, quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), gt(productStock.quantity, 0)));
}
