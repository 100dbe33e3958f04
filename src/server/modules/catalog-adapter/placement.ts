import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import { suppliers } from '../../db/schema.ts';
import { loadCatalogAdapter, recordSupplierCategories } from './adapter.ts';

/**
 * The shop category the rules give a product imported one at a time with its supplier's
 * category (`POST /api/admin/products`), or null: it waits in «Без категории». The supplier
 * category is remembered for the adapter's list.
 */
export async function categoryForImport(db: Db, item: { supplier: string | null; supplierCategory: string; name: string }): Promise<number | null> {
  const [supplier] = item.supplier ? await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.code, item.supplier)) : [];
  const supplierId = supplier?.id ?? null;
  if (supplierId !== null) await recordSupplierCategories(db, supplierId, [item.supplierCategory]);
  const adapter = await loadCatalogAdapter(db);
  return adapter.categoryFor({ supplierId, supplierCategory: item.supplierCategory, name: item.name });
}
