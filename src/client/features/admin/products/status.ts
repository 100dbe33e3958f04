import { LOW_STOCK_THRESHOLD } from '#shared/constants.ts';
import type { BranchStock } from '#shared/schemas/branches.ts';

export type AdminProductStatus = { label: 'Неактивен' | 'Нет в наличии' | 'Мало на складе' | 'Активен'; variant: 'outline' | 'destructive' | 'warning' | 'success' };

/** The admin display status of spec 4: inactive, out of stock, low stock (1..5) or active. */
export function adminProductStatus(product: { isActive: boolean; stock: number | null }): AdminProductStatus {
  if (!product.isActive) return { label: 'Неактивен', variant: 'outline' };
  if (product.stock === null || product.stock <= 0) return { label: 'Нет в наличии', variant: 'destructive' };
  if (product.stock <= LOW_STOCK_THRESHOLD) return { label: 'Мало на складе', variant: 'warning' };
  return { label: 'Активен', variant: 'success' };
}

/** The total's tooltip: each branch that has the product, e.g. «Волгоград: 12 шт.». */
export function branchStockTitle(product: { branchStock: BranchStock[] }): string {
  const lines = product.branchStock.filter((b) => b.quantity > 0).map((b) => `${b.city}: ${b.quantity} шт.`);
  return lines.length > 0 ? lines.join('\n') : 'Нет ни в одном филиале';
}
