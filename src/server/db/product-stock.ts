import { and, eq, gt, gte, sql, type SQLWrapper } from 'drizzle-orm';
import { HEAD_BRANCH_SLUG } from '#shared/schemas/branches.ts';
import type { Db, Tx } from './connection.ts';
import { branches, products, productStock } from './schema.ts';

/** A product's quantity in one branch. */
export type BranchQuantity = { branchId: number; quantity: number };

/** One product's quantity in one branch, for writes that touch many products at once. */
export type ProductBranchQuantity = BranchQuantity & { productId: number };

/*
 * The stock door: every write of `product_stock` (and of `products.stock`, their sum) is here.
 * The products door (modules/products/write/) calls it for the catalogue's writes; the checkout
 * and orders call it for sales and returns and announce their change themselves.
 */

/**
 * Sets a product's quantity in the given branches (others keep theirs) and keeps `products.stock`
 * the sum over all branches: every answer that reads `stock` stays right. Call it inside the
 * transaction that writes the product. Lock order everywhere: `product_stock` rows, then `products`.
 */
export async function setProductStock(tx: Db | Tx, productId: number, quantities: BranchQuantity[]): Promise<void> {
  await setProductsStock(
    tx,
    [productId],
    quantities.map((q) => ({ ...q, productId })),
  );
}

/**
 * `setProductStock` for many products in two statements (the seed, the supplier importer's
 * batches): the given quantities are written, and every product in `productIds` gets its sum.
 */
export async function setProductsStock(tx: Db | Tx, productIds: number[], quantities: ProductBranchQuantity[]): Promise<void> {
  await writeBranchQuantities(tx, quantities);
  if (productIds.length === 0) return;
  await tx.execute(sql`
    update ${products} set stock = ${stockTotalOf(products.id)}
    where ${products.id} in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::int)`);
}

/** The branch quantities of setProductsStock, for a caller that writes the products' sums together with other columns. */
export async function writeBranchQuantities(tx: Db | Tx, quantities: ProductBranchQuantity[]): Promise<void> {
  if (quantities.length === 0) return;
  const json = JSON.stringify(quantities.map((q) => ({ p: q.productId, b: q.branchId, q: q.quantity })));
  await tx.execute(sql`
    insert into ${productStock} (product_id, branch_id, quantity)
    select p, b, q from jsonb_to_recordset(${json}::jsonb) as x(p int, b int, q int)
    on conflict (product_id, branch_id) do update set quantity = excluded.quantity`);
}

/** A product's `stock`: the sum over its branches, for a statement that updates `products`. */
export const stockTotalOf = (productId: SQLWrapper) => sql`coalesce((select sum(ps.quantity) from ${productStock} ps where ps.product_id = ${productId}), 0)::int`;

/**
 * Locks the branch quantities of these products, the first step of the lock order of a write that
 * sums them. The ids drive the plan (an index lookup per product) whatever the statistics say:
 * a table the planner has no statistics of yet would otherwise be scanned whole for every batch.
 */
export async function lockBranchQuantities(tx: Tx, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    select ps.product_id from ${productStock} ps
    where ps.product_id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb)::int)
    for update of ps`);
}

/** The head office's id: stock written without a branch (a plain «Остаток») is kept there. */
export async function headBranchId(tx: Db | Tx): Promise<number> {
  const [row] = await tx.select({ id: branches.id }).from(branches).where(eq(branches.slug, HEAD_BRANCH_SLUG));
  if (!row) throw new Error(`The head office branch "${HEAD_BRANCH_SLUG}" is missing`);
  return row.id;
}

/** Units of an order line moving at one branch. */
export type BranchMove = { productId: number; branchId: number; quantity: number };

/** What a sale at one branch came to: sold, the branch is short, or the product is off sale. */
export type SaleResult = 'sold' | 'short' | 'off-sale';

/**
 * Sells units from one branch, only when it holds them all (`quantity >= n` in the statement:
 * never below zero, whoever races); the product's total and sales count follow. A customer's
 * order (`activeOnly`) also needs the product on sale when its row is locked, so one switched off
 * at that moment is not sold; the caller then aborts the transaction, which puts the units back.
 * Lock order: the `product_stock` row, then `products`.
 */
export async function sellFromBranch(tx: Tx, move: BranchMove, now: Date, options: { activeOnly: boolean }): Promise<SaleResult> {
  const taken = await tx
    .update(productStock)
    .set({ quantity: sql`${productStock.quantity} - ${move.quantity}` })
    .where(and(eq(productStock.productId, move.productId), eq(productStock.branchId, move.branchId), gte(productStock.quantity, move.quantity)))
    .returning({ quantity: productStock.quantity });
  if (taken.length === 0) return 'short';
  const sold = await tx
    .update(products)
    .set({ stock: sql`coalesce(${products.stock}, 0) - ${move.quantity}`, salesCount: sql`${products.salesCount} + ${move.quantity}`, updatedAt: now })
    .where(and(eq(products.id, move.productId), options.activeOnly ? eq(products.isActive, true) : undefined))
    .returning({ id: products.id });
  return sold.length > 0 ? 'sold' : 'off-sale';
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

/**
 * Forgets a branch's quantities (a branch being deleted). Only a branch that holds nothing may
 * go (the caller checks under its lock), so no product's total changes.
 */
export async function forgetBranchQuantities(tx: Tx, branchId: number): Promise<void> {
  await tx.delete(productStock).where(eq(productStock.branchId, branchId));
}

/** A product's quantity in every branch that holds any (for the messages of a refused order). */
export async function branchQuantities(tx: Db | Tx, productId: number): Promise<BranchQuantity[]> {
  return tx
    .select({ branchId: productStock.branchId, quantity: productStock.quantity })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), gt(productStock.quantity, 0)));
}
