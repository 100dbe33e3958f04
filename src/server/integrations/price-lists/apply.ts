import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.ts';
import { products, productStock, supplierImportRows, supplierImports } from '../../db/schema.ts';
import { pgError } from '../../db/unique-slug.ts';
import type { JobContext, SettledStatus } from '../../jobs/runner.ts';
import { ABSENT_ACTION_LABELS, type AbsentAction, type ProductState, type RowAction } from '#shared/schemas/supplier-import.ts';
import { loadCatalogAdapter, type CatalogAdapter } from '../../modules/catalog-adapter/adapter.ts';
import { catalogTransaction } from '../../modules/products/write/announce.ts';
import { insertProducts, updateSupplierListings } from '../../modules/products/write/batch.ts';
import { writeSupplierOffers, type SupplierOfferWrite } from '../../modules/products/write/offers.ts';
import { countRows, type RowPlan } from './check.ts';
import { writeCharacteristics } from './characteristics.ts';
import type { RawCharacteristic } from './sources/types.ts';
import { NO_PARCEL_SIZE, type ParcelSize } from '#shared/parcel-size.ts';
import { givingWay } from '../../jobs/give-way.ts';
import type { ImportDeps, ImportJobPayload } from './deps.ts';
import { removeStoredFile } from './files.ts';
import { headBranchId, setProductsStock } from '../../db/product-stock.ts';
import { offerStock, plannedStock, productColumns, sameState, sameStock, stateOf, stockRows, withStock, type ShopProduct } from './product-state.ts';
import { reportScheduled } from './scheduled.ts';
import { requireImport, type StoredOptions } from './summaries.ts';
import { requireSupplier, type SupplierRow } from './suppliers.ts';

/**
 * Applying a checked import (job `supplier-import.apply`): the report rows are written to the
 * catalogue in batches, each batch in one transaction together with its rows' `applied` mark, so
 * a restarted job goes on after the last batch it finished. A batch that fails is written again
 * row by row, so one bad row becomes an error in the report and never stops the others.
 */

const BATCH = 500;

type PendingRow = {
  id: number;
  action: string;
  productId: number | null;
  sku: string | null;
  supplierSku: string | null;
  record: unknown;
};

/** What one batch writes, prepared from the rows and the products as they are now. */
type Written = {
  rowId: number;
  action: RowAction;
  productId: number | null;
  before: ProductState | null;
  after: ProductState | null;
  message: string | null;
};

type Update = {
  id: number;
  before: ProductState;
  state: ProductState;
  supplier: string;
  brand: string | null;
  supplierSku: string | null;
  supplierCategory: string | null;
  size: ParcelSize;
};
type Create = { rowId: number; plan: RowPlan; categoryId: number | null; after: ProductState };

type ApplyContext = {
  tx: Tx;
  supplier: SupplierRow;
  options: StoredOptions;
  adapter: CatalogAdapter;
  /** Where a plain «Остаток» goes. */
  headBranchId: number;
  now: Date;
};

/** The rows apply writes: new and changed products, unchanged ones still to be tied to the supplier, absent ones unless left. */
function pendingRows(importId: number, absent: AbsentAction): SQL {
  const r = supplierImportRows;
  return and(
    eq(r.importId, importId),
    eq(r.applied, false),
    or(
      inArray(r.action, ['create', 'update']),
      and(eq(r.action, 'unchanged'), sql`(${r.record}->>'link')::boolean`),
      absent === 'leave' ? undefined : eq(r.action, 'absent'),
    ),
  )!;
}

/** The product after the import: the planned price, old price and stock over what it has now. */
function plannedState(before: ProductState, plan: RowPlan, head: number): ProductState {
  return withStock(
    { ...before, priceKopecks: plan.priceKopecks, oldPriceKopecks: plan.oldPriceKopecks !== undefined ? plan.oldPriceKopecks : before.oldPriceKopecks },
    plannedStock(plan, head),
  );
}

/** «Обнулить остаток»: none left in any branch. */
const absentState = (before: ProductState, absent: AbsentAction): ProductState =>
  absent === 'zero' ? { ...before, stock: 0, branchStock: {} } : absent === 'hide' ? { ...before, isActive: false } : before;

/** The stock writes of a batch, the one way (setProductsStock): only products whose stock changes. */
async function writeStock(tx: Tx, changes: { id: number; before: ProductState | null; after: ProductState }[]) {
  const changed = changes.filter((c) => c.after.stock !== null && (c.before === null || !sameStock(c.before, c.after)));
  await setProductsStock(
    tx,
    changed.map((c) => c.id),
    changed.flatMap((c) => stockRows(c.id, c.before?.branchStock ?? {}, c.after.branchStock ?? {})),
  );
}

/** Writes changed products (price, old price, visibility, brand and the supplier's code, SKU and category), then their stock. */
async function updateProducts(tx: Tx, updates: Update[], now: Date) {
  await updateSupplierListings(
    tx,
    updates.map((u) => ({
      id: u.id,
      priceKopecks: u.state.priceKopecks,
      oldPriceKopecks: u.state.oldPriceKopecks,
      isActive: u.state.isActive,
      supplier: u.supplier,
      brand: u.brand,
      supplierSku: u.supplierSku,
      supplierCategory: u.supplierCategory,
      size: u.size,
    })),
    now,
  );
  await writeStock(tx, updates.map((u) => ({ id: u.id, before: u.before, after: u.state })));
}

/** New products with free slugs; returns their ids by row. */
async function createProducts(ctx: ApplyContext, creates: Create[]): Promise<Map<number, number>> {
  if (creates.length === 0) return new Map();
  const inserted = await insertProducts(
    ctx.tx,
    creates.map((c) => ({
      name: c.plan.name!,
      sku: c.plan.sku,
      priceKopecks: c.plan.priceKopecks,
      oldPriceKopecks: c.plan.oldPriceKopecks ?? null,
      description: c.plan.description,
      shortDescription: c.plan.shortDescription,
      imageUrl: c.plan.imageUrl,
      categoryId: c.categoryId,
      supplier: ctx.supplier.code,
      brand: c.plan.brand ?? null,
      supplierSku: c.plan.supplierSku,
      supplierCategory: c.plan.supplierCategory,
      exchange1cId: null,
      isActive: c.after.isActive,
      publishWhenPlaced: ctx.options.newProducts === 'active',
      priceSupplierId: ctx.supplier.id,
      size: c.plan.size ?? NO_PARCEL_SIZE,
    })),
    ctx.now,
  );
  const idBySku = new Map(inserted.map((p) => [p.sku, p.id]));
  const ids = new Map(creates.map((c) => [c.rowId, idBySku.get(c.plan.sku)!]));
  await writeSupplierOffers(ctx.tx, creates.map((c) => offerOf(ctx, ids.get(c.rowId)!, c.plan)), ctx.now);
  await writeStock(ctx.tx, creates.map((c) => ({ id: ids.get(c.rowId)!, before: null, after: c.after })));
  return ids;
}

/** This supplier's offer of a product, as the row says. */
const offerOf = (ctx: ApplyContext, productId: number, plan: RowPlan): SupplierOfferWrite => ({
  productId,
  supplierId: ctx.supplier.id,
  supplierSku: plan.supplierSku,
  purchasePriceKopecks: plan.purchasePriceKopecks ?? null,
  priceKopecks: plan.priceKopecks,
  stock: offerStock(plannedStock(plan, ctx.headBranchId)),
});

/** Marks the batch's rows applied with what was written (or why not). */
async function markRows(tx: Tx | Db, written: Written[]) {
  if (written.length === 0) return;
  const json = JSON.stringify(
    written.map((w) => ({ id: w.rowId, applied: w.action !== 'error', action: w.action, product_id: w.productId, before: w.before, after: w.after, message: w.message })),
  );
  await tx.execute(sql`
    update ${supplierImportRows} set applied = v.applied, action = v.action, product_id = v.product_id, before = v.before, after = v.after,
      message = coalesce(v.message, ${supplierImportRows.message})
    from jsonb_to_recordset(${json}::jsonb) as v(id int, applied boolean, action text, product_id int, before jsonb, after jsonb, message text)
    where ${supplierImportRows.id} = v.id`);
}

/** One batch in the transaction `ctx.tx`: products as they are now, then every write of the batch. */
async function applyBatch(ctx: ApplyContext, rows: PendingRow[]): Promise<void> {
  const { tx, supplier, options } = ctx;
  const ids = rows.flatMap((r) => (r.productId === null ? [] : [r.productId]));
  const current = new Map<number, ShopProduct>();
  if (ids.length > 0) {
    // The lock order of every stock write: the branch quantities, then the products.
    await tx.select({ productId: productStock.productId }).from(productStock).where(inArray(productStock.productId, ids)).for('update');
    const locked: ShopProduct[] = await tx.select(productColumns).from(products).where(inArray(products.id, ids)).for('update');
    for (const p of locked) current.set(p.id, p);
  }
  const written: Written[] = [];
  const updates: Update[] = [];
  const creates: Create[] = [];
  const offers: SupplierOfferWrite[] = [];
  // Characteristics of the products this supplier writes (an offer of another's product brings none).
  const characteristics = new Map<number, RawCharacteristic[]>();
  for (const row of rows) {
    const plan = row.record as RowPlan | null;
    if (row.action === 'create') {
      const categoryId = ctx.adapter.categoryFor({ supplierId: supplier.id, supplierCategory: plan!.supplierCategory, name: plan!.name! });
      const isActive = categoryId !== null && options.newProducts === 'active';
      const empty: ProductState = { priceKopecks: plan!.priceKopecks, oldPriceKopecks: plan!.oldPriceKopecks ?? null, stock: null, branchStock: {}, isActive, name: plan!.name! };
      creates.push({ rowId: row.id, plan: plan!, categoryId, after: withStock(empty, plannedStock(plan!, ctx.headBranchId)) });
      continue;
    }
    const product = row.productId === null ? undefined : current.get(row.productId);
    if (!product) {
      written.push({ rowId: row.id, action: 'error', productId: null, before: null, after: null, message: 'Товар удалён после проверки' });
      continue;
    }
    const before = stateOf(product);
    if (row.action === 'absent') {
      const after = absentState(before, options.absent);
      updates.push({ id: product.id, before, state: after, supplier: product.supplier!, brand: null, supplierSku: product.supplierSku, supplierCategory: product.supplierCategory, size: NO_PARCEL_SIZE });
      written.push({ rowId: row.id, action: 'absent', productId: product.id, before, after, message: null });
      continue;
    }
    offers.push(offerOf(ctx, product.id, plan!));
    if (plan!.offerOnly) {
      written.push({ rowId: row.id, action: 'unchanged', productId: product.id, before, after: before, message: null });
      continue;
    }
    const after = plannedState(before, plan!, ctx.headBranchId);
    if (plan!.characteristics) characteristics.set(product.id, plan!.characteristics);
    updates.push({
      id: product.id,
      before,
      state: after,
      supplier: supplier.code,
      brand: plan!.brand ?? null,
      supplierSku: plan!.supplierSku ?? product.supplierSku,
      supplierCategory: plan!.supplierCategory ?? product.supplierCategory,
      size: plan!.size ?? NO_PARCEL_SIZE,
    });
    written.push({ rowId: row.id, action: sameState(before, after) ? 'unchanged' : 'update', productId: product.id, before, after, message: null });
  }
  const created = await createProducts(ctx, creates);
  for (const c of creates) {
    if (c.plan.characteristics) characteristics.set(created.get(c.rowId)!, c.plan.characteristics);
    written.push({
      rowId: c.rowId,
      action: 'create',
      productId: created.get(c.rowId)!,
      before: null,
      after: c.after,
      message: c.categoryId === null ? 'Категория не сопоставлена: товар ждёт в «Без категории»' : null,
    });
  }
  await updateProducts(tx, updates, ctx.now);
  await writeSupplierOffers(tx, offers, ctx.now);
  // Every product given characteristics was created or updated above, in this transaction.
  await writeCharacteristics(tx, characteristics, ctx.adapter.normaliseText, ctx.now);
  await markRows(tx, written);
}

/** Why a single row could not be written, for the report. */
function rowFailure(error: unknown, row: PendingRow): string {
  const { code, constraint } = pgError(error);
  if (code === '23505' && constraint === 'products_sku_unique') return `Артикул ${row.sku} уже занят другим товаром`;
  if (code === '23505' && constraint === 'products_supplier_sku_unique') return `Артикул поставщика ${row.supplierSku} уже у другого товара`;
  return 'Не удалось записать товар';
}

/** Marks a row that could not be written as an error, with the reason. */
async function markFailed(deps: ImportDeps, row: PendingRow, error: unknown) {
  const message = rowFailure(error, row);
  if (message === 'Не удалось записать товар') deps.log.error({ err: error, row: row.id }, 'supplier import row failed');
  await markRows(deps.db, [{ rowId: row.id, action: 'error', productId: row.action === 'create' ? null : row.productId, before: null, after: null, message }]);
}

/** A batch in one transaction; when it fails, each of its rows in its own, the failing ones marked as errors. */
async function applyRows(deps: ImportDeps, base: Omit<ApplyContext, 'tx'>, rows: PendingRow[]): Promise<void> {
  try {
    await catalogTransaction(deps.db, (tx) => applyBatch({ ...base, tx }, rows));
    return;
  } catch (error) {
    if (rows.length === 1) return markFailed(deps, rows[0]!, error);
    deps.log.warn({ err: error, rows: rows.length }, 'supplier import batch failed; writing its rows one by one');
  }
  for (const row of rows) {
    try {
      await catalogTransaction(deps.db, (tx) => applyBatch({ ...base, tx }, [row]));
    } catch (error) {
      await markFailed(deps, row, error);
    }
  }
}

/** The job's handler: from the checkpoint (the last row of the last finished batch) to the end, or until staff stop it. */
export async function runApply(deps: ImportDeps, job: JobContext<ImportJobPayload>): Promise<unknown> {
  const { db } = deps;
  const imp = await requireImport(db, job.payload.importId);
  const supplier = await requireSupplier(db, imp.supplierId);
  const options = imp.options as StoredOptions;
  const base = { supplier, options, adapter: await loadCatalogAdapter(db), headBranchId: await headBranchId(db), now: deps.clock() };
  const pending = pendingRows(imp.id, options.absent);
  const [{ n: remaining } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(supplierImportRows).where(pending);
  const [{ n: alreadyDone } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supplierImportRows)
    .where(and(eq(supplierImportRows.importId, imp.id), eq(supplierImportRows.applied, true)));
  const total = remaining + alreadyDone;
  let done = alreadyDone;
  let lastRowId = (job.checkpoint as { lastRowId?: number } | null)?.lastRowId ?? 0;
  await job.save({ done, total });
  const giveWay = givingWay();
  for (;;) {
    const rows: PendingRow[] = await db
      .select({
        id: supplierImportRows.id,
        action: supplierImportRows.action,
        productId: supplierImportRows.productId,
        sku: supplierImportRows.sku,
        supplierSku: supplierImportRows.supplierSku,
        record: supplierImportRows.record,
      })
      .from(supplierImportRows)
      .where(and(pending, gt(supplierImportRows.id, lastRowId)))
      .orderBy(asc(supplierImportRows.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    // Each committed batch is announced by the catalogue's door.
    await applyRows(deps, { ...base, now: deps.clock() }, rows);
    lastRowId = rows.at(-1)!.id;
    done += rows.length;
    await job.save({ done, total, checkpoint: { lastRowId } });
    if (await job.shouldYield()) return { done, total };
    await giveWay();
  }
  const counts = await countRows(db, imp.id);
  await db
    .update(supplierImports)
    .set({ status: 'applied', counts, appliedAt: deps.clock(), message: appliedMessage(counts, options.absent) })
    .where(eq(supplierImports.id, imp.id));
  await removeStoredFile(deps.config, imp.storedFile);
  return { done, total };
}

function appliedMessage(counts: { create: number; update: number; unchanged: number; error: number; absent: number }, absent: AbsentAction): string {
  const parts = [`создано ${counts.create}`, `обновлено ${counts.update}`, `без изменений ${counts.unchanged}`, `ошибок ${counts.error}`];
  if (counts.absent > 0) parts.push(`нет в прайс-листе ${counts.absent} (${ABSENT_ACTION_LABELS[absent].toLowerCase()})`);
  return `Применено: ${parts.join(', ')}`;
}

/**
 * However applying ended: a stop keeps what was written (status 'stopped', rollback possible), a
 * failure keeps the reason; a scheduled import's result is mailed to the shop.
 */
export async function settleApply(deps: ImportDeps, job: { payload: ImportJobPayload; status: SettledStatus; error: string | null }): Promise<void> {
  const { db } = deps;
  const { importId } = job.payload;
  if (job.status === 'stopped' || job.status === 'failed') {
    const counts = await countRows(db, importId);
    const [{ n: applied } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(supplierImportRows)
      .where(and(eq(supplierImportRows.importId, importId), eq(supplierImportRows.applied, true)));
    const message =
      job.status === 'stopped'
        ? `Остановлено: применено строк ${applied}; остальное не изменено`
        : `${job.error ?? 'Применение не удалось'}. Применено строк: ${applied}`;
    await db
      .update(supplierImports)
      .set({ status: job.status, counts, message, appliedAt: applied > 0 ? deps.clock() : null })
      .where(and(eq(supplierImports.id, importId), eq(supplierImports.status, 'applying')));
  }
  if (job.status !== 'paused') {
    const imp = await requireImport(db, importId);
    if (imp.trigger === 'schedule') await reportScheduled(deps, importId);
  }
}
