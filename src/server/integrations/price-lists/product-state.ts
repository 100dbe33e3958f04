import { sql } from 'drizzle-orm';
import { products, productStock } from '../../db/schema.ts';
import type { ProductBranchQuantity } from '../../db/product-stock.ts';
import type { ProductState } from '#shared/schemas/supplier-import.ts';
import type { ParcelSize } from '#shared/parcel-size.ts';

/**
 * A product as an import sees it: what the dry run shows side by side, what apply writes and what
 * a rollback restores and compares (a later change to any of these blocks the rollback).
 */

export const productColumns = {
  id: products.id,
  sku: products.sku,
  supplier: products.supplier,
  supplierSku: products.supplierSku,
  supplierCategory: products.supplierCategory,
  brand: products.brand,
  priceSupplierId: products.priceSupplierId,
  name: products.name,
  priceKopecks: products.priceKopecks,
  oldPriceKopecks: products.originalPriceKopecks,
  stock: products.stock,
  branchStock: sql<Record<string, number>>`(select coalesce(jsonb_object_agg(ps.branch_id::text, ps.quantity) filter (where ps.quantity <> 0), '{}'::jsonb)
    from ${productStock} ps where ps.product_id = ${products.id})`,
  isActive: products.isActive,
  weightGrams: products.weightGrams,
  lengthMm: products.lengthMm,
  widthMm: products.widthMm,
  heightMm: products.heightMm,
};

export type ShopProduct = {
  id: number;
  sku: string;
  supplier: string | null;
  supplierSku: string | null;
  supplierCategory: string | null;
  brand: string | null;
  priceSupplierId: number | null;
  name: string;
  priceKopecks: number | null;
  oldPriceKopecks: number | null;
  stock: number | null;
  branchStock: Record<string, number>;
  isActive: boolean;
} & ParcelSize;

export const stateOf = (p: ShopProduct): ProductState => ({
  priceKopecks: p.priceKopecks,
  oldPriceKopecks: p.oldPriceKopecks,
  stock: p.stock,
  branchStock: p.branchStock,
  isActive: p.isActive,
  name: p.name,
});

const branchesKey = (s: ProductState) => JSON.stringify(Object.entries(s.branchStock ?? {}).sort());
export const sameStock = (a: ProductState, b: ProductState) => a.stock === b.stock && branchesKey(a) === branchesKey(b);

export const sameState = (a: ProductState, b: ProductState) =>
  a.priceKopecks === b.priceKopecks && a.oldPriceKopecks === b.oldPriceKopecks && sameStock(a, b) && a.isActive === b.isActive && a.name === b.name;

/**
 * Whether the supplier's offer sets the product's price: the offer staff chose, or (none chosen)
 * the product's own supplier; a product of nobody's becomes this supplier's.
 */
export const isPriceSource = (product: ShopProduct, supplier: { id: number; code: string }) =>
  product.priceSupplierId !== null ? product.priceSupplierId === supplier.id : product.supplier === null || product.supplier === supplier.code;

/** A file's quantities by branch id; null (an empty cell) counts as none. */
export type PlannedStock = Record<string, number | null>;

/** A row's quantities by branch: its plain «Остаток» is the head office's, a branch's column that branch's. */
export const plannedStock = (plan: { stock?: number | null; branchStock?: PlannedStock }, headBranchId: number): PlannedStock => ({
  ...(plan.stock !== undefined ? { [headBranchId]: plan.stock } : {}),
  ...plan.branchStock,
});

/** What the supplier says it holds in all: the file's quantities summed, or null when it gives none. */
export function offerStock(planned: PlannedStock): number | null {
  const given = Object.values(planned).filter((q): q is number => q !== null);
  return Object.keys(planned).length === 0 ? null : given.reduce((sum, q) => sum + q, 0);
}

/**
 * The state with the file's quantities written over the branches it names (a plain «Остаток» is
 * the head office's); the others keep theirs, and `stock` is the sum.
 */
export function withStock(state: ProductState, planned: PlannedStock): ProductState {
  if (Object.keys(planned).length === 0) return state;
  const branchStock = { ...state.branchStock };
  for (const [branchId, quantity] of Object.entries(planned)) {
    if (quantity) branchStock[branchId] = quantity;
    else delete branchStock[branchId];
  }
  return { ...state, branchStock, stock: Object.values(branchStock).reduce((sum, q) => sum + q, 0) };
}

/** What `setProductsStock` writes to make a product's branches read `to` (branches only in `from` become 0). */
export function stockRows(productId: number, from: Record<string, number>, to: Record<string, number>): ProductBranchQuantity[] {
  const branchIds = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...branchIds].map((branchId) => ({ productId, branchId: Number(branchId), quantity: to[branchId] ?? 0 }));
}

/** The price moves by more than `flagPercent` % of a price the product had (a first price is no jump). */
export function priceJump(before: ProductState, after: ProductState, flagPercent: number): boolean {
  const was = before.priceKopecks;
  const now = after.priceKopecks;
  if (!was || was <= 0 || now === null || now === was) return false;
  return (Math.abs(now - was) / was) * 100 > flagPercent;
}
