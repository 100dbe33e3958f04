import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { ParcelSize } from '#shared/parcel-size.ts';
import type { Db } from '../../db/connection.ts';
import { branches, products, supplierImportRows, supplierImports, supplierOffers } from '../../db/schema.ts';
import type { JobContext, SettledStatus } from '../../jobs/runner.ts';
import {
  IMPORT_FIELD_LABELS,
  type ImportCounts,
  type ImportField,
  type ProductState,
  type RowAction,
} from '#shared/schemas/supplier-import.ts';
import { loadCatalogAdapter, recordSupplierCategories, type CatalogAdapter } from '../../modules/catalog-adapter/adapter.ts';
import { givingWay } from '../../jobs/give-way.ts';
import type { ImportDeps, ImportJobPayload } from './deps.ts';
import { headBranchId } from '../../db/product-stock.ts';
import { isPriceSource, plannedStock, productColumns, sameState, stateOf, priceJump, withStock, type PlannedStock, type ShopProduct } from './product-state.ts';
import { retailPrice } from './sources/pricing.ts';
import { readRecords } from './sources/read.ts';
import type { RawCharacteristic, SupplierRecord } from './sources/types.ts';
import { changesValues, currentValues, knownAttributes, type KnownAttributes } from './characteristics.ts';
import { readOptionsOf, requireImport, type ImportRecord, type StoredOptions } from './summaries.ts';
import { requireSupplier, settingsOf, type SupplierRow } from './suppliers.ts';
import { withStoredFile } from './files.ts';
import { decideScheduled, reportScheduled } from './scheduled.ts';

/**
 * The dry run (job `supplier-import.check`): every record of the file is read, priced by the
 * supplier's rule and matched to a shop product — first by the supplier and its SKU, then by the
 * shop SKU — and classified: create, update, unchanged or error; the supplier's products the file
 * does not name are 'absent'. Each row goes to `supplier_import_rows` with what apply will write
 * (`record`) and the product before and after; nothing in the catalogue changes.
 */

/** Records matched and written per step. */
const BATCH = 500;

/** What apply writes for a row, decided by the dry run. */
export type RowPlan = {
  /** The shop SKU of a new product. */
  sku: string;
  supplierSku: string | null;
  name: string | null;
  priceKopecks: number | null;
  /** Left out: the file has no old price (or no stock) and the product keeps its own. */
  oldPriceKopecks?: number | null;
  /** The head office's quantity (a plain «Остаток» column). */
  stock?: number | null;
  /** Quantities of the branches the file has columns for, by branch id. */
  branchStock?: PlannedStock;
  supplierCategory: string | null;
  /** The file's brand as the adapter's spellings write it; null: the file names none. */
  brand: string | null;
  /** The supplier's purchase price, kopecks (the offer keeps it). */
  purchasePriceKopecks: number | null;
  /**
   * Another supplier's offer sets the product's price: the row updates only this supplier's
   * offer (price, SKU, stock), not the product.
   */
  offerOnly?: boolean;
  description: string;
  shortDescription: string;
  imageUrl: string | null;
  /** The row's characteristics as the file writes them; apply resolves and writes them. */
  characteristics?: RawCharacteristic[];
  /** The row's weight and size (grams, millimetres); a null figure keeps the product's. */
  size?: ParcelSize;
  /** An unchanged product that still gets the supplier's code, SKU, category, brand or characteristics written. */
  link: boolean;
};

type RowValues = typeof supplierImportRows.$inferInsert;

/** Whether the row gives a weight or side the product does not have yet. */
const changesSize = (size: ParcelSize | undefined, product: ParcelSize) =>
  size !== undefined && (Object.keys(size) as (keyof ParcelSize)[]).some((key) => size[key] !== null && size[key] !== product[key]);

/** What one dry run keeps in memory across batches: keys already seen, products already matched. */
type CheckState = {
  imp: ImportRecord;
  supplier: SupplierRow;
  options: StoredOptions;
  adapter: CatalogAdapter;
  /** Where a plain «Остаток» goes. */
  headBranchId: number;
  /** Branch ids by slug, for the branches' own stock columns. */
  branchIds: Map<string, number>;
  flagPercent: number;
  seenKeys: Map<string, number>;
  matched: Map<number, number>;
  /** Shop SKUs of the products the file will create, with their rows. */
  newSkus: Map<string, number>;
  categories: Set<string>;
  /** The shop's attributes by spelling: whether a matched product's characteristics would change. */
  knownAttributes: KnownAttributes;
};

/** The header of a mapped column as the file names it (tables), or the field's name (YML). */
function columnName(options: StoredOptions, field: ImportField): string {
  const index = options.mapping[field];
  const header = index === undefined ? undefined : options.preview.headers[index];
  return header?.trim() || IMPORT_FIELD_LABELS[field];
}

const priceColumn = (options: StoredOptions) => columnName(options, options.pricing.mode === 'markup' ? 'purchasePrice' : 'price');

/** A row's branch quantities by slug, as the plan keeps them: by branch id (a column of a branch deleted since is left out). */
const byBranchId = (quantities: Record<string, number | null>, ids: Map<string, number>): PlannedStock =>
  Object.fromEntries(Object.entries(quantities).flatMap(([slug, quantity]) => (ids.has(slug) ? [[String(ids.get(slug)), quantity]] : [])));

/**
 * The shop's products a batch of records may mean: by the supplier's SKUs (its own products', and
 * those of its offers of other suppliers' products), and by shop SKUs.
 */
async function candidates(db: Db, supplier: SupplierRow, records: SupplierRecord[]) {
  const { code } = supplier;
  const supplierSkus = [...new Set(records.flatMap((r) => (r.supplierSku ? [r.supplierSku] : [])))];
  const skus = [...new Set(records.flatMap((r) => [r.sku, r.supplierSku].filter((s): s is string => Boolean(s))))];
  const offers =
    supplierSkus.length === 0
      ? []
      : await db
          .select({ productId: supplierOffers.productId, supplierSku: supplierOffers.supplierSku })
          .from(supplierOffers)
          .where(and(eq(supplierOffers.supplierId, supplier.id), inArray(supplierOffers.supplierSku, supplierSkus)));
  const offered = offers.map((o) => o.productId);
  const rows: ShopProduct[] = await db
    .select(productColumns)
    .from(products)
    .where(
      or(
        and(eq(products.supplier, code), inArray(products.supplierSku, supplierSkus)),
        inArray(products.sku, skus),
        offered.length > 0 ? inArray(products.id, offered) : undefined,
      ),
    );
  const bySupplierSku = new Map<string, ShopProduct>();
  const bySku = new Map<string, ShopProduct>();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const offer of offers) if (offer.supplierSku && byId.has(offer.productId)) bySupplierSku.set(offer.supplierSku, byId.get(offer.productId)!);
  for (const row of rows) {
    if (row.supplier === code && row.supplierSku) bySupplierSku.set(row.supplierSku, row);
    bySku.set(row.sku, row);
  }
  const values = records.some((r) => r.characteristics) ? await currentValues(db, rows.map((r) => r.id)) : new Map<number, Map<number, string>>();
  return { bySupplierSku, bySku, values };
}

type Match = { product: ShopProduct } | { product: null } | { taken: string };

/**
 * The product a record means: by the supplier's SKU, then by the shop SKU. Another supplier's
 * product is matched too: the row then becomes this supplier's offer of it (the product is never
 * overwritten unless this supplier sets its price). A product of this supplier already tied to
 * another of its SKUs is not.
 */
function matchRecord(code: string, record: SupplierRecord, shopSku: string, found: Awaited<ReturnType<typeof candidates>>): Match {
  const bySupplier = record.supplierSku ? found.bySupplierSku.get(record.supplierSku) : undefined;
  if (bySupplier) return { product: bySupplier };
  const bySku = found.bySku.get(shopSku);
  if (!bySku) return { product: null };
  if (bySku.supplier === code && bySku.supplierSku && record.supplierSku && bySku.supplierSku !== record.supplierSku) {
    return { taken: `Артикул ${shopSku} уже у товара с артикулом поставщика ${bySku.supplierSku} («${bySku.name}»)` };
  }
  return { product: bySku };
}

/** One record's report row. */
function classify(state: CheckState, record: SupplierRecord, found: Awaited<ReturnType<typeof candidates>>): RowValues {
  const { options, supplier } = state;
  const supplierSku = record.supplierSku || null;
  const shopSku = record.sku || supplierSku;
  const base = { importId: state.imp.id, rowNumber: record.rowNumber, sku: shopSku, supplierSku, name: record.name ?? null };
  const error = (field: ImportField | null, message: string, column?: string): RowValues => ({
    ...base,
    action: 'error',
    column: column ?? (field ? columnName(options, field) : null),
    message,
  });
  if (!shopSku) return error(options.mapping.supplierSku !== undefined ? 'supplierSku' : 'sku', 'Не указан артикул');

  const key = supplierSku ? `supplier:${supplierSku}` : `shop:${shopSku}`;
  const firstRow = state.seenKeys.get(key);
  if (firstRow !== undefined) return error(supplierSku ? 'supplierSku' : 'sku', `Артикул повторяется в строке ${firstRow}`);
  state.seenKeys.set(key, record.rowNumber);

  const price = retailPrice(record, options.pricing);
  if ('error' in price) return error(null, price.error, priceColumn(options));

  const match = matchRecord(supplier.code, record, shopSku, found);
  if ('taken' in match) return error(record.sku ? 'sku' : 'supplierSku', match.taken);
  if (record.category) state.categories.add(record.category);

  const plan: RowPlan = {
    sku: shopSku,
    supplierSku,
    name: record.name ? state.adapter.normaliseText(record.name) : null,
    priceKopecks: price.priceKopecks,
    ...(record.oldPriceKopecks !== undefined ? { oldPriceKopecks: record.oldPriceKopecks } : {}),
    ...(record.stock !== undefined ? { stock: record.stock } : {}),
    ...(record.branchStock !== undefined ? { branchStock: byBranchId(record.branchStock, state.branchIds) } : {}),
    supplierCategory: record.category ?? null,
    brand: record.brand ? state.adapter.brandFor(record.brand) : null,
    purchasePriceKopecks: record.purchasePriceKopecks ?? null,
    description: record.description?.trim() ?? '',
    shortDescription: record.shortDescription?.trim() ?? '',
    imageUrl: record.pictures?.[0] ?? null,
    ...(record.characteristics ? { characteristics: record.characteristics } : {}),
    ...(record.size ? { size: record.size } : {}),
    link: false,
  };

  const { product } = match;
  if (!product) {
    if (!plan.name) return error('name', 'Нет наименования: новый товар не создать');
    const sameSku = state.newSkus.get(shopSku);
    if (sameSku !== undefined) return error(record.sku ? 'sku' : 'supplierSku', `Артикул ${shopSku} уже у нового товара из строки ${sameSku}`);
    state.newSkus.set(shopSku, record.rowNumber);
    const categoryId = state.adapter.categoryFor({ supplierId: supplier.id, supplierCategory: plan.supplierCategory, name: plan.name });
    const after: ProductState = withStock(
      {
        priceKopecks: plan.priceKopecks,
        oldPriceKopecks: plan.oldPriceKopecks ?? null,
        stock: null,
        branchStock: {},
        isActive: categoryId !== null && options.newProducts === 'active',
        name: plan.name,
      },
      plannedStock(plan, state.headBranchId),
    );
    return { ...base, name: plan.name, action: 'create', after, record: plan };
  }

  const sameRow = state.matched.get(product.id);
  if (sameRow !== undefined) return error(record.sku ? 'sku' : 'supplierSku', `Этот товар уже обновляет строка ${sameRow}`);
  state.matched.set(product.id, record.rowNumber);
  const before = stateOf(product);
  if (!isPriceSource(product, supplier)) {
    // Another supplier sets the product's price: the row writes this supplier's offer only.
    Object.assign(plan, { offerOnly: true, link: true });
    return {
      ...base,
      sku: product.sku,
      name: product.name,
      action: 'unchanged',
      productId: product.id,
      before,
      after: before,
      message: `Цену товара задаёт другой поставщик: обновится только предложение ${supplier.code}`,
      record: plan,
    };
  }
  const after: ProductState = withStock(
    {
      ...before,
      priceKopecks: plan.priceKopecks,
      oldPriceKopecks: plan.oldPriceKopecks !== undefined ? plan.oldPriceKopecks : before.oldPriceKopecks,
    },
    plannedStock(plan, state.headBranchId),
  );
  plan.link =
    product.supplier !== supplier.code ||
    (supplierSku !== null && product.supplierSku !== supplierSku) ||
    (plan.supplierCategory !== null && product.supplierCategory !== plan.supplierCategory) ||
    (plan.brand !== null && product.brand !== plan.brand) ||
    changesSize(plan.size, product) ||
    (plan.characteristics !== undefined && changesValues(plan.characteristics, state.knownAttributes, found.values.get(product.id), state.adapter.normaliseText));
  const action: RowAction = sameState(before, after) ? 'unchanged' : 'update';
  return {
    ...base,
    sku: product.sku,
    name: product.name,
    action,
    productId: product.id,
    priceFlagged: priceJump(before, after, state.flagPercent),
    before,
    after,
    record: plan,
  };
}

/**
 * Inserts report rows, 500 a statement, as one JSON parameter unpacked by the database
 * (jsonb_to_recordset): a dry run of 50 000 rows spends its time reading, not binding parameters.
 */
async function writeRows(db: Db, rows: RowValues[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const json = JSON.stringify(
      rows.slice(i, i + BATCH).map((r) => ({
        import_id: r.importId,
        row_number: r.rowNumber ?? null,
        action: r.action,
        product_id: r.productId ?? null,
        sku: r.sku ?? null,
        supplier_sku: r.supplierSku ?? null,
        name: r.name ?? null,
        column: r.column ?? null,
        message: r.message ?? null,
        price_flagged: r.priceFlagged ?? false,
        before: r.before ?? null,
        after: r.after ?? null,
        record: r.record ?? null,
      })),
    );
    await db.execute(sql`
      insert into ${supplierImportRows} (import_id, row_number, action, product_id, sku, supplier_sku, name, "column", message, price_flagged, before, after, record)
      select import_id, row_number, action, product_id, sku, supplier_sku, name, "column", message, price_flagged, before, after, record
      from jsonb_to_recordset(${json}::jsonb) as x(import_id int, row_number int, action text, product_id int, sku text, supplier_sku text, name text,
        "column" text, message text, price_flagged boolean, before jsonb, after jsonb, record jsonb)`);
  }
}

/** The supplier's products the file did not name: 'absent' rows (what happens to them is chosen at apply). */
async function absentRows(db: Db, state: CheckState): Promise<number> {
  const all = await db.select({ id: products.id }).from(products).where(eq(products.supplier, state.supplier.code));
  const absentIds = all.map((p) => p.id).filter((id) => !state.matched.has(id));
  for (let i = 0; i < absentIds.length; i += BATCH) {
    const chunk: ShopProduct[] = await db.select(productColumns).from(products).where(inArray(products.id, absentIds.slice(i, i + BATCH)));
    await writeRows(
      db,
      chunk.map((p) => {
        const now = stateOf(p);
        return { importId: state.imp.id, rowNumber: null, action: 'absent', productId: p.id, sku: p.sku, supplierSku: p.supplierSku, name: p.name, before: now, after: now };
      }),
    );
  }
  return all.length;
}

/** Counts of the report rows by action (and flagged prices). */
export async function countRows(db: Db, importId: number): Promise<ImportCounts> {
  const rows = await db
    .select({ action: supplierImportRows.action, n: sql<number>`count(*)::int`, flagged: sql<number>`count(*) filter (where ${supplierImportRows.priceFlagged})::int` })
    .from(supplierImportRows)
    .where(eq(supplierImportRows.importId, importId))
    .groupBy(supplierImportRows.action);
  const counts: ImportCounts = { create: 0, update: 0, unchanged: 0, error: 0, absent: 0, flagged: 0, total: 0 };
  for (const row of rows) {
    counts[row.action as RowAction] = row.n;
    counts.flagged += row.flagged;
    if (row.action !== 'absent') counts.total += row.n;
  }
  return counts;
}

/** The job's handler. A resumed run starts again from the first row: a dry run writes only its own report. */
export async function runCheck(deps: ImportDeps, job: JobContext<ImportJobPayload>): Promise<unknown> {
  const { db } = deps;
  const imp = await requireImport(db, job.payload.importId);
  const supplier = await requireSupplier(db, imp.supplierId);
  const options = imp.options as StoredOptions;
  await db.delete(supplierImportRows).where(eq(supplierImportRows.importId, imp.id));
  const state: CheckState = {
    imp,
    supplier,
    options,
    adapter: await loadCatalogAdapter(db),
    headBranchId: await headBranchId(db),
    branchIds: new Map((await db.select({ id: branches.id, slug: branches.slug }).from(branches)).map((b) => [b.slug, b.id])),
    flagPercent: settingsOf(supplier.settings).flagPercent,
    seenKeys: new Map(),
    matched: new Map(),
    newSkus: new Map(),
    categories: new Set(),
    knownAttributes: await knownAttributes(db),
  };
  const total = options.preview.totalRows;
  let done = 0;
  // The batch in the file's order: records to match, and rows the reader could not parse.
  let batch: (SupplierRecord | RowValues)[] = [];
  const giveWay = givingWay();
  const flush = async () => {
    if (batch.length === 0) return;
    const records = batch.filter((item): item is SupplierRecord => !('importId' in item));
    const found = await candidates(db, supplier, records);
    await writeRows(db, batch.map((item) => ('importId' in item ? item : classify(state, item, found))));
    done += batch.length;
    batch = [];
    await job.save({ done, total });
  };
  // With the closed bucket the file is brought down to this machine for the run (and removed after).
  const yielded = await withStoredFile(deps.config, imp.storedFile, async (filePath) => {
    for await (const row of readRecords(filePath, readOptionsOf(options.preview), options.mapping)) {
      if (row.ok) batch.push(row.record);
      else {
        const [first] = row.errors;
        const { sku, supplierSku, name } = row.record;
        batch.push({
          importId: imp.id,
          rowNumber: first?.rowNumber ?? null,
          sku: sku || supplierSku || null,
          supplierSku: supplierSku || null,
          name: name ?? null,
          action: 'error',
          column: first?.column ?? null,
          message: row.errors.map((e) => e.message).join('; '),
        });
      }
      if (batch.length >= BATCH) {
        await flush();
        if (await job.shouldYield()) return true;
        await giveWay();
      }
    }
    return false;
  });
  if (yielded) return { done };
  await flush();
  const supplierProducts = await absentRows(db, state);
  await recordSupplierCategories(db, supplier.id, [...state.categories]);
  const counts = await countRows(db, imp.id);
  await db.update(supplierImports).set({ status: 'previewed', counts, message: null }).where(eq(supplierImports.id, imp.id));
  if (imp.trigger === 'schedule') await decideScheduled(deps, imp.id, supplierProducts);
  return { counts };
}

/**
 * However the dry run ended: a stop sends the import back to its file (status 'uploaded'), a
 * failure keeps the reason; either drops the partial report. A finished run has set 'previewed'
 * itself.
 */
export async function settleCheck(deps: ImportDeps, job: { payload: ImportJobPayload; status: SettledStatus; error: string | null }): Promise<void> {
  const { importId } = job.payload;
  const stillChecking = and(eq(supplierImports.id, importId), eq(supplierImports.status, 'checking'));
  if (job.status === 'stopped') {
    await deps.db.delete(supplierImportRows).where(eq(supplierImportRows.importId, importId));
    await deps.db.update(supplierImports).set({ status: 'uploaded', counts: {}, message: 'Проверка остановлена' }).where(stillChecking);
  } else if (job.status === 'failed') {
    await deps.db.delete(supplierImportRows).where(eq(supplierImportRows.importId, importId));
    const [failed] = await deps.db
      .update(supplierImports)
      .set({ status: 'failed', message: job.error ?? 'Проверка не удалась' })
      .where(stillChecking)
      .returning({ id: supplierImports.id, trigger: supplierImports.trigger });
    if (failed?.trigger === 'schedule') await reportScheduled(deps, importId);
  }
}
