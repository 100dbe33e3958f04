import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/connection.ts';
import { products } from '../../db/schema.ts';
import { headBranchId, type ProductBranchQuantity } from '../../db/product-stock.ts';
import { CatalogAnnouncement, catalogTransaction } from '../../modules/products/write/announce.ts';
import { writeOfferPricesAndStock, type OfferWrite } from '../../modules/products/write/batch.ts';
import { writePriceTypes, writeProductPrices, type ProductPriceWrite } from '../../modules/products/write/prices.ts';
import { child, childrenOf, endsWith, streamElements, textAt, type XmlNode } from './commerceml/xml-stream.ts';
import type { ExchangeDeps } from './deps.ts';
import { applyFilePlans, type FileProgress } from './plan-batches.ts';
import { ImportReport } from './report.ts';
import { listWarehouses, readExchangeSettings, rememberPriceTypes, rememberWarehouses } from './settings.ts';

/**
 * offers.xml (and the prices/rests files of CommerceML 2.08+, which are offer packages too):
 * the price of the price type chosen in the settings (the retail price), every price type's price
 * (the customer groups' wholesale prices) and the stock per warehouse, through the warehouses'
 * branches. Read twice like import.xml: first whole (well formed? which price types
 * and warehouses?), then offer by offer in batches of one transaction each.
 */

const ROUBLES = new Set(['RUB', 'РУБ', 'RUR', '643', 'РУБ.']);

type Named = { id: string; name: string };
type Package = { priceTypes: Named[]; warehouses: Named[]; offers: number };

const isPriceType = (path: readonly string[]) => endsWith(path, 'ТипыЦен', 'ТипЦены');
const isWarehouse = (path: readonly string[]) => endsWith(path, 'Склады', 'Склад');
const isOffer = (path: readonly string[]) => endsWith(path, 'Предложения', 'Предложение');

async function readPackage(file: string, label: string): Promise<Package> {
  const result: Package = { priceTypes: [], warehouses: [], offers: 0 };
  const elements = streamElements(file, label, {
    collect: (path) => isPriceType(path) || isWarehouse(path),
    onOpen: (path) => {
      if (isOffer(path)) result.offers++;
    },
  });
  for await (const { path, node } of elements) {
    const named = { id: textAt(node, 'Ид'), name: textAt(node, 'Наименование') };
    if (!named.id) continue;
    if (isPriceType(path)) result.priceTypes.push(named);
    else result.warehouses.push(named);
  }
  return result;
}

/** `1 234,50` or `1234.5` → kopecks; null when it is no price. */
function kopecksOf(text: string): number | null {
  const value = Number(text.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
}

/** Whole units: 1C may send `12.000`; a negative balance is none. */
function quantityOf(text: string | undefined): number | null {
  if (text === undefined || text.trim() === '') return null;
  const value = Number(text.trim().replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : null;
}

/** Quantities per 1C warehouse, in the forms of 2.05–2.10. */
function warehouseQuantities(offer: XmlNode): Map<string, number> {
  const result = new Map<string, number>();
  const add = (id: string, quantity: number | null) => {
    if (id && quantity !== null) result.set(id, (result.get(id) ?? 0) + quantity);
  };
  // 2.05–2.07: <Склад ИдСклада="…" КоличествоНаСкладе="…"/>
  for (const store of childrenOf(offer, 'Склад')) add(store.attributes['ИдСклада'] ?? '', quantityOf(store.attributes['КоличествоНаСкладе']));
  // The older form: <КоличествоНаСкладах><КоличествоНаСкладе><ИдСклада/><Количество/></…></…>
  for (const store of childrenOf(child(offer, 'КоличествоНаСкладах'), 'КоличествоНаСкладе')) add(textAt(store, 'ИдСклада'), quantityOf(textAt(store, 'Количество')));
  // 2.08–2.10 (rests): <Остатки><Остаток><Склад><Ид/><Количество/></Склад></Остаток></Остатки>
  for (const rest of childrenOf(child(offer, 'Остатки'), 'Остаток')) {
    for (const store of childrenOf(rest, 'Склад')) add(textAt(store, 'Ид'), quantityOf(textAt(store, 'Количество')));
  }
  return result;
}

/** The offer's total when it names no warehouse: `Количество`, or the rests' own. */
function totalQuantity(offer: XmlNode): number | null {
  return quantityOf(textAt(offer, 'Количество') || textAt(offer, 'Остатки', 'Остаток', 'Количество') || undefined);
}

/** `prices`: the offer's price of each price type (roubles only), the retail one included. */
type OfferPlan = { id1c: string; priceKopecks: number | null; prices: Map<string, number>; stock: Map<number, number> | null };

type Context = {
  /** The file's writes are announced once, when it is done (CatalogAnnouncement). */
  announcement: CatalogAnnouncement;
  deps: ExchangeDeps;
  report: ImportReport;
  priceType: string;
  /** The file's price types: an offer's prices of these replace the product's. */
  priceTypes: string[];
  /** 1C warehouse → branch; a warehouse without a branch is not here. */
  branchOf: Map<string, number>;
  /** Every branch some warehouse goes to: an offer's quantities are written for all of them. */
  mappedBranches: number[];
  head: number;
  unmapped: Set<string>;
  foreignCurrency: number;
};

function planOf(ctx: Context, offer: XmlNode): OfferPlan {
  let priceKopecks: number | null = null;
  const prices = new Map<string, number>();
  for (const price of childrenOf(child(offer, 'Цены'), 'Цена')) {
    const type = textAt(price, 'ИдТипаЦены');
    if (!type) continue;
    const currency = textAt(price, 'Валюта').toUpperCase();
    if (currency && !ROUBLES.has(currency)) {
      if (type === ctx.priceType) ctx.foreignCurrency++;
      continue;
    }
    const kopecks = kopecksOf(textAt(price, 'ЦенаЗаЕдиницу'));
    if (kopecks !== null) prices.set(type, kopecks);
    if (ctx.priceType !== '' && type === ctx.priceType) priceKopecks = kopecks;
  }
  const byWarehouse = warehouseQuantities(offer);
  let stock: Map<number, number> | null = null;
  if (byWarehouse.size > 0) {
    stock = new Map(ctx.mappedBranches.map((branch) => [branch, 0]));
    for (const [warehouse, quantity] of byWarehouse) {
      const branch = ctx.branchOf.get(warehouse);
      if (branch === undefined) ctx.unmapped.add(warehouse);
      else stock.set(branch, stock.get(branch)! + quantity);
    }
    if (stock.size === 0) stock = null;
  } else {
    const total = totalQuantity(offer);
    if (total !== null) stock = new Map([[ctx.head, total]]);
  }
  return { id1c: textAt(offer, 'Ид'), priceKopecks, prices, stock };
}

/**
 * One batch in one transaction and seven statements whatever its size: the products found, then
 * the door's price and stock write (writeOfferPricesAndStock: their branch quantities locked, the
 * quantities written, each product's price and stock total in one update) and its prices by price
 * type (writeProductPrices), announced once the file is done.
 */
async function applyBatch(ctx: Context, plans: OfferPlan[]) {
  await catalogTransaction(ctx.deps.db, async (tx: Tx) => {
    const found = await tx.select({ id: products.id, exchange1cId: products.exchange1cId }).from(products).where(inArray(products.exchange1cId, plans.map((p) => p.id1c)));
    const idOf = new Map(found.map((p) => [p.exchange1cId!, p.id]));
    const writes: OfferWrite[] = [];
    const quantities: ProductBranchQuantity[] = [];
    const typed: ProductPriceWrite[] = [];
    const offered: number[] = [];
    let prices = 0;
    for (const plan of plans) {
      const productId = idOf.get(plan.id1c);
      if (productId === undefined) {
        ctx.report.add('skipped');
        continue;
      }
      offered.push(productId);
      for (const [priceTypeId, priceKopecks] of plan.prices) typed.push({ productId, priceTypeId, priceKopecks });
      if (plan.priceKopecks === null && !plan.stock) continue;
      if (plan.priceKopecks !== null) prices++;
      writes.push({ id: productId, price: plan.priceKopecks, stocked: plan.stock !== null });
      for (const [branchId, quantity] of plan.stock ?? []) quantities.push({ productId, branchId, quantity });
    }
    await writeOfferPricesAndStock(
      tx,
      found.map((p) => p.id),
      writes,
      quantities,
      ctx.deps.clock(),
    );
    await writeProductPrices(tx, offered, ctx.priceTypes, typed, ctx.deps.clock());
    ctx.report.add('prices', prices);
    ctx.report.add('stock', writes.filter((w) => w.stocked).length);
  }, ctx.announcement);
}

/** Imports one offers.xml (or prices/rests file) of the exchange folder. */
export async function importOffersFile(deps: ExchangeDeps, file: string, label: string, progress: FileProgress): Promise<ImportReport> {
  const report = new ImportReport();
  const pack = await readPackage(file, label);
  await rememberPriceTypes(deps.db, pack.priceTypes);
  await writePriceTypes(deps.db, pack.priceTypes, deps.clock());
  await rememberWarehouses(deps.db, pack.warehouses);
  const [settings, warehouses] = await Promise.all([readExchangeSettings(deps.db), listWarehouses(deps.db)]);
  const mapped = warehouses.filter((w) => w.branchId !== null);
  const ctx: Context = {
    announcement: new CatalogAnnouncement(),
    deps,
    report,
    priceType: settings.priceType,
    priceTypes: pack.priceTypes.map((p) => p.id),
    branchOf: new Map(mapped.map((w) => [w.id, w.branchId!])),
    mappedBranches: [...new Set(mapped.map((w) => w.branchId!))],
    head: await headBranchId(deps.db),
    unmapped: new Set(),
    foreignCurrency: 0,
  };
  if (settings.priceType === '' && pack.priceTypes.length > 0) report.error('Не выбран тип цен в настройках обмена: цены не загружены');
  else if (settings.priceType !== '' && pack.priceTypes.length > 0 && !pack.priceTypes.some((p) => p.id === settings.priceType)) {
    report.error('Выбранного в настройках типа цен нет в выгрузке: цены не загружены');
  }
  await applyFilePlans(streamElements(file, label, { collect: isOffer }), report, {
    plan: (node) => planOf(ctx, node),
    apply: (batch) => applyBatch(ctx, batch),
    progress,
    total: pack.offers,
    characteristics: (n) => `Предложения с характеристиками (${n}) не поддерживаются: пропущены`,
  });
  if (ctx.foreignCurrency > 0) report.error(`Цены не в рублях (${ctx.foreignCurrency}) пропущены`);
  const names = new Map(warehouses.map((w) => [w.id, w.name]));
  for (const id of ctx.unmapped) report.error(`Склад «${names.get(id) ?? id}» не сопоставлен с филиалом: его остатки не загружены`);
  // The file's committed writes, announced once (the catalogue's door marked them).
  ctx.announcement.done();
  return report;
}

