import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/connection.ts';
import { headBranchId } from '../../db/product-stock.ts';
import { products, supplierImportRows, supplierImports } from '../../db/schema.ts';
import { conflict } from '../../core/http-errors.ts';
import { pluralRu, productsCount } from '#shared/plural.ts';
import type { ImportDetail, ProductState } from '#shared/schemas/supplier-import.ts';
import { stockRows } from './product-state.ts';
import { catalogTransaction } from '../../modules/products/write/announce.ts';
import { rollBackImportProducts, type RestoredProduct, type StockBack } from '../../modules/products/write/batch.ts';
import type { ImportDeps } from './deps.ts';
import { canRollBack, importDetail, requireImport, type ImportRecord } from './summaries.ts';

/**
 * Rolling an applied import back: products it changed get their price, old price, stock,
 * visibility and name back, products it created are removed (hidden instead when an order
 * already has them). Allowed only while nothing changed those products since: a later edit,
 * sale or import is never overwritten.
 */

function refusal(imp: ImportRecord): string {
  if (imp.rolledBackAt !== null) return 'Импорт уже откачен';
  if (imp.status === 'applying') return 'Импорт ещё применяется: остановите его или дождитесь окончания';
  return 'Откатить можно только применённый импорт';
}

/** Rows whose product (still there) is not as the import left it. */
const changedSince = (importId: number) => sql`
  select count(*)::int as n from ${supplierImportRows} r join ${products} p on p.id = r.product_id
  where r.import_id = ${importId} and r.applied and (
    p.price_kopecks is distinct from (r.after->>'priceKopecks')::int
    or p.original_price_kopecks is distinct from (r.after->>'oldPriceKopecks')::int
    or p.stock is distinct from (r.after->>'stock')::int
    or p.is_active is distinct from (r.after->>'isActive')::boolean
    or p.name is distinct from r.after->>'name')`;

/** A state's quantities by branch; a report older than the branches had all of it in the head office. */
const branchesOf = (state: ProductState, head: number): Record<string, number> => state.branchStock ?? (state.stock ? { [head]: state.stock } : {});

/**
 * The branches' quantities back as they were before the import (the products' sums with them);
 * a product whose stock was unknown (null) before gets it back as null, its branches emptied.
 */
const stockBefore = (head: number) => (restored: RestoredProduct<ProductState>[]): StockBack => ({
  productIds: restored.filter((r) => r.before.stock !== null).map((r) => r.id),
  quantities: restored.flatMap((r) => stockRows(r.id, branchesOf(r.after, head), branchesOf(r.before, head))),
});

export async function rollbackImport(deps: ImportDeps, id: number): Promise<ImportDetail> {
  const imp = await requireImport(deps.db, id);
  if (!canRollBack(imp)) throw conflict(refusal(imp));
  const now = deps.clock();
  // The catalogue's door announces the rollback once this transaction commits.
  const message = await catalogTransaction(deps.db, async (tx) => {
    // One rollback at a time: the second waits here, then finds the import rolled back.
    const [locked] = await tx.select().from(supplierImports).where(eq(supplierImports.id, id)).for('update');
    if (!locked || !canRollBack(locked)) throw conflict(refusal(locked ?? imp));
    const [changed] = rowsOf<{ n: number }>(await tx.execute(changedSince(id)));
    if (changed!.n > 0) {
      throw conflict(
        `Откатить нельзя: после импорта ${pluralRu(changed!.n, 'изменился', 'изменились', 'изменились')} ${productsCount(changed!.n)} (цена, остаток, видимость или название). Измените их вручную или загрузите прайс-лист заново.`,
      );
    }
    const { restored, removed, hidden } = await rollBackImportProducts(tx, id, now, stockBefore(await headBranchId(tx)));
    const parts = [`возвращены прежние значения: ${productsCount(restored)}`, `удалены созданные: ${productsCount(removed)}`];
    if (hidden > 0) parts.push(`скрыты, а не удалены, потому что уже есть в заказах: ${productsCount(hidden)}`);
    const text = `Импорт откачен: ${parts.join('; ')}`;
    await tx.update(supplierImports).set({ status: 'rolled_back', rolledBackAt: now, message: text }).where(eq(supplierImports.id, id));
    return text;
  });
  deps.log.info({ import: id, message }, 'supplier import rolled back');
  return importDetail(deps.db, id);
}
