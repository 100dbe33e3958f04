import { products } from '../../db/schema.ts';
import type { ProductState } from '#shared/schemas/supplier-import.ts';

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
  name: products.name,
  priceKopecks: products.priceKopecks,
  oldPriceKopecks: products.originalPriceKopecks,
  stock: products.stock,
  isActive: products.isActive,
};

export type ShopProduct = {
  id: number;
  sku: string;
  supplier: string | null;
  supplierSku: string | null;
  supplierCategory: string | null;
  name: string;
  priceKopecks: number | null;
  oldPriceKopecks: number | null;
  stock: number | null;
  isActive: boolean;
};

export const stateOf = (p: ShopProduct): ProductState => ({
  priceKopecks: p.priceKopecks,
  oldPriceKopecks: p.oldPriceKopecks,
  stock: p.stock,
  isActive: p.isActive,
  name: p.name,
});

export const sameState = (a: ProductState, b: ProductState) =>
  a.priceKopecks === b.priceKopecks && a.oldPriceKopecks === b.oldPriceKopecks && a.stock === b.stock && a.isActive === b.isActive && a.name === b.name;

/** The price moves by more than `flagPercent` % of a price the product had (a first price is no jump). */
export function priceJump(before: ProductState, after: ProductState, flagPercent: number): boolean {
  const was = before.priceKopecks;
  const now = after.priceKopecks;
  if (!was || was <= 0 || now === null || now === was) return false;
  return (Math.abs(now - was) / was) * 100 > flagPercent;
}
