import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connection.ts';
import { products, suppliers } from '../../db/schema.ts';
import { loadCatalogAdapter, recordSupplierCategories, type CatalogAdapter } from '../../modules/catalog-adapter/adapter.ts';
import { CatalogAnnouncement, catalogTransaction } from '../../modules/products/write/announce.ts';
import { hideExchangeProductsExcept, hideProducts, insertProducts, updateExchangeCards } from '../../modules/products/write/batch.ts';
import { SUPPLIERS } from '#shared/constants.ts';
import { SPECS_HEADING } from '#shared/scraped-product.ts';
import { readProperty, specsOf, writeCharacteristics, type ProductSpecs, type Property } from './characteristics.ts';
import { child, childrenOf, endsWith, isTrue, streamElements, textAt, type XmlNode } from './commerceml/xml-stream.ts';
import type { ExchangeDeps } from './deps.ts';
import { parcelSizeOf } from './parcel-size.ts';
import { storeExchangePicture } from './pictures.ts';
import type { ParcelSize } from '#shared/parcel-size.ts';
import { applyFilePlans, type FileProgress } from './plan-batches.ts';
import { ImportReport } from './report.ts';
import { readExchangeSettings } from './settings.ts';

/**
 * import.xml: the classifier's groups become supplier categories of the supplier «1С» (the
 * catalogue adapter lists them for mapping), the catalogue's products are created or updated
 * by their 1C Ид, then by Артикул, their properties and requisites written as characteristics
 * (characteristics.ts). The file is read twice: first whole, to check it is well
 * formed and to learn the groups and properties (1C writes them before the products), then
 * product by product, in batches of one transaction each. A broken file changes nothing.
 */

/** The supplier the adapter shows 1C's groups under. */
export const EXCHANGE_SUPPLIER = { code: '1С', name: '1С: обмен с сайтом' };
const DESCRIPTION_MAX = 20_000;

type Classifier = { groups: Map<string, string>; properties: Map<string, Property>; onlyChanges: boolean; products: number };

type ProductPlan = {
  id1c: string;
  sku: string;
  name: string;
  description: string;
  group: string | null;
  pictures: string[];
  deleted: boolean;
  specs: ProductSpecs;
  /** Packed weight and size; a null figure keeps the product's own. */
  size: ParcelSize;
  sizeProblems: string[];
};

/** Nested groups as paths: «Электроинструмент / Дрели». */
function readGroups(node: XmlNode, parents: string[], into: Map<string, string>) {
  for (const group of childrenOf(node, 'Группа')) {
    const name = textAt(group, 'Наименование').replace(/\s+/g, ' ');
    const id = textAt(group, 'Ид');
    const path = name ? [...parents, name] : parents;
    if (id && path.length > 0) into.set(id, path.join(' / '));
    const nested = child(group, 'Группы');
    if (nested) readGroups(nested, path, into);
  }
}

const isGroups = (path: readonly string[]) => endsWith(path, 'Классификатор', 'Группы');
const isProperty = (path: readonly string[]) => endsWith(path, 'Классификатор', 'Свойства', 'Свойство') || endsWith(path, 'Классификатор', 'Свойства', 'СвойствоНоменклатуры');
const isProduct = (path: readonly string[]) => endsWith(path, 'Каталог', 'Товары', 'Товар');
const isOnlyChanges = (path: readonly string[]) => endsWith(path, 'Каталог', 'СодержитТолькоИзменения');

/** The first pass: the whole file read, its classifier kept. */
async function readClassifier(file: string, label: string): Promise<Classifier> {
  const result: Classifier = { groups: new Map(), properties: new Map(), onlyChanges: false, products: 0 };
  const elements = streamElements(file, label, {
    collect: (path) => isGroups(path) || isProperty(path) || isOnlyChanges(path),
    onOpen: (path, attributes) => {
      if (path.at(-1) === 'Каталог' && isTrue(attributes['СодержитТолькоИзменения'])) result.onlyChanges = true;
      if (isProduct(path)) result.products++;
    },
  });
  for await (const { path, node } of elements) {
    if (isGroups(path)) readGroups(node, [], result.groups);
    else if (isOnlyChanges(path)) result.onlyChanges ||= isTrue(node.text);
    else {
      const property = readProperty(node);
      if (property) result.properties.set(...property);
    }
  }
  return result;
}

function cut(text: string, max: number) {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Earlier imports appended the properties to 1C's Описание under «Характеристики»; such a
 * description is kept while 1C's Описание stays the same (existing products keep their
 * descriptions, docs/decisions/034), and a changed Описание replaces it.
 */
function descriptionFor(current: string, described: string): string {
  const appended = described ? `${described}\n\n${SPECS_HEADING}\n` : `${SPECS_HEADING}\n`;
  return current.startsWith(appended) ? current : described;
}

function planOf(node: XmlNode, classifier: Classifier): ProductPlan {
  const groupId = textAt(node, 'Группы', 'Ид');
  const { size, problems } = parcelSizeOf(node);
  return {
    id1c: textAt(node, 'Ид'),
    sku: textAt(node, 'Артикул').replace(/\s+/g, ' '),
    name: textAt(node, 'Наименование').replace(/\s+/g, ' '),
    description: cut(textAt(node, 'Описание'), DESCRIPTION_MAX),
    group: groupId ? (classifier.groups.get(groupId) ?? null) : null,
    pictures: childrenOf(node, 'Картинка').map((p) => p.text.trim()).filter(Boolean),
    deleted: isTrue(textAt(node, 'ПометкаУдаления')) || textAt(node, 'Статус') === 'Удален' || node.attributes['Статус'] === 'Удален',
    specs: specsOf(node, classifier.properties),
    size,
    sizeProblems: problems,
  };
}

/** The supplier «1С» (created on the first exchange): its groups are the adapter's supplier categories. */
async function exchangeSupplierId(db: Db): Promise<number> {
  await db.insert(suppliers).values(EXCHANGE_SUPPLIER).onConflictDoNothing({ target: suppliers.code });
  const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.code, EXCHANGE_SUPPLIER.code));
  return row!.id;
}

type Existing = { id: number; sku: string; exchange1cId: string | null; categoryId: number | null; awaiting: boolean; isActive: boolean; description: string };

type Context = {
  deps: ExchangeDeps;
  folder: string;
  adapter: CatalogAdapter;
  supplierId: number;
  properties: Map<string, Property>;
  report: ImportReport;
  listed: Set<string>;
  createdSkus: Set<string>;
  /** Shop products this file's items have taken, by product id: a second item with the same article must not overwrite the first. */
  claimed: Map<number, ProductPlan>;
  /** The file's writes are announced once, when it is done (CatalogAnnouncement). */
  announcement: CatalogAnnouncement;
};

/** The brand a 1C product names («Изготовитель», a «Производитель» property), as the adapter's spellings write it. */
const brandOf = (ctx: Context, plan: ProductPlan): string | null => (plan.specs.brand ? ctx.adapter.brandFor(plan.specs.brand) : null);

/** The supplier: the brand, when it is one of the shop's suppliers (DCK, P.I.T). */
const supplierOf = (brand: string | null): string | null => (brand !== null && (SUPPLIERS as readonly string[]).includes(brand) ? brand : null);

async function pictureOf(ctx: Context, plan: ProductPlan): Promise<string | null> {
  // The product page shows one picture: the first one that can be stored.
  for (const name of plan.pictures) {
    const stored = await storeExchangePicture(ctx.deps.db, ctx.deps.config, ctx.folder, name);
    if ('url' in stored) {
      ctx.report.add('pictures');
      return stored.url;
    }
    ctx.report.error(`Товар «${plan.name}»: ${stored.message}`);
  }
  return null;
}

async function findExisting(tx: Tx, plans: ProductPlan[]): Promise<{ byId: Map<string, Existing>; bySku: Map<string, Existing> }> {
  const columns = { id: products.id, sku: products.sku, exchange1cId: products.exchange1cId, categoryId: products.categoryId, awaiting: products.awaitingCategory, isActive: products.isActive, description: products.description };
  const ids = plans.map((p) => p.id1c);
  const skus = plans.map((p) => p.sku).filter(Boolean);
  const [found, bySkuRows] = await Promise.all([
    tx.select(columns).from(products).where(inArray(products.exchange1cId, ids)).for('update'),
    skus.length === 0 ? [] : tx.select(columns).from(products).where(inArray(products.sku, skus)).for('update'),
  ]);
  return { byId: new Map(found.map((p) => [p.exchange1cId!, p])), bySku: new Map(bySkuRows.map((p) => [p.sku, p])) };
}

type Write = { plan: ProductPlan; imageUrl: string | null; categoryId: number | null; supplier: string | null; brand: string | null };

/** One batch: pictures stored first (files, outside the transaction), then every write in one transaction. */
async function applyBatch(ctx: Context, plans: ProductPlan[]) {
  const pictures = new Map<string, string | null>();
  for (const plan of plans) if (!plan.deleted && plan.pictures.length > 0) pictures.set(plan.id1c, await pictureOf(ctx, plan));
  await catalogTransaction(ctx.deps.db, async (tx) => {
    const { byId, bySku } = await findExisting(tx, plans);
    const updates: (Write & { product: Existing })[] = [];
    const creates: Write[] = [];
    const hides: number[] = [];
    for (const plan of plans) {
      let product = byId.get(plan.id1c);
      if (!product && plan.sku) {
        const other = bySku.get(plan.sku);
        if (other?.exchange1cId && other.exchange1cId !== plan.id1c) {
          ctx.report.add('skipped');
          ctx.report.error(`Товар «${plan.name}»: артикул ${plan.sku} уже у другого товара из 1С (Ид ${other.exchange1cId})`);
          continue;
        }
        const first = other ? ctx.claimed.get(other.id) : undefined;
        if (first && first.id1c !== plan.id1c) {
          ctx.report.add('skipped');
          ctx.report.error(`Товар «${plan.name}» (Ид ${plan.id1c}): артикул ${plan.sku} уже у товара «${first.name}» из этой выгрузки (Ид ${first.id1c}), пропущен`);
          continue;
        }
        product = other;
      }
      if (product) ctx.claimed.set(product.id, plan);
      if (plan.deleted) {
        if (product?.isActive) hides.push(product.id);
        else ctx.report.add('skipped');
        continue;
      }
      for (const problem of plan.sizeProblems) ctx.report.error(`Товар «${plan.name}», вес и габариты: ${problem}; это значение не записано`);
      const categoryId = ctx.adapter.categoryFor({ supplierId: ctx.supplierId, supplierCategory: plan.group, name: plan.name });
      const brand = brandOf(ctx, plan);
      const write: Write = { plan, imageUrl: pictures.get(plan.id1c) ?? null, categoryId, supplier: supplierOf(brand), brand };
      if (product) {
        updates.push({ ...write, product });
        continue;
      }
      if (!plan.sku) {
        ctx.report.add('skipped');
        ctx.report.error(`Товар «${plan.name}» (Ид ${plan.id1c}): нет артикула, товар не создан`);
      } else if (ctx.createdSkus.has(plan.sku)) {
        ctx.report.add('skipped');
        ctx.report.error(`Товар «${plan.name}»: артикул ${plan.sku} повторяется в выгрузке`);
      } else {
        ctx.createdSkus.add(plan.sku);
        creates.push(write);
      }
    }
    const now = ctx.deps.clock();
    await updateProducts(tx, updates, now);
    const created = new Map((await createProducts(tx, creates, now)).map((row) => [row.sku, row.id]));
    await hideProducts(tx, hides, now);
    const specs = new Map<number, ProductSpecs>([
      ...updates.map((u) => [u.product.id, u.plan.specs] as const),
      ...creates.map((c) => [created.get(c.plan.sku)!, c.plan.specs] as const),
    ]);
    const characteristics = await writeCharacteristics(tx, specs, { properties: ctx.properties, normaliseText: ctx.adapter.normaliseText, now, announcement: ctx.announcement });
    ctx.report.add('updated', updates.length);
    ctx.report.add('created', creates.length);
    ctx.report.add('hidden', hides.length);
    ctx.report.add('attributeValues', characteristics.written);
    ctx.report.add('attributeValuesSkipped', characteristics.skipped + [...specs.values()].reduce((n, own) => n + own.unreadable, 0));
  }, ctx.announcement);
}

/*
 * Each batch's writes are one statement, through the catalogue's door (modules/products/write/),
 * as the supplier importer writes its batches.
 */

/**
 * Name, description, group, picture, weight and size and 1C Ид. The category follows the adapter when it gives
 * one (a product placed by hand keeps its place otherwise); a product waiting for its category
 * goes on sale once it has one. Visibility set by staff is not touched.
 */
async function updateProducts(tx: Tx, updates: (Write & { product: Existing })[], now: Date) {
  await updateExchangeCards(
    tx,
    updates.map((u) => ({
      id: u.product.id,
      exchange1cId: u.plan.id1c,
      name: u.plan.name || null,
      description: descriptionFor(u.product.description, u.plan.description),
      supplierCategory: u.plan.group,
      imageUrl: u.imageUrl,
      categoryId: u.categoryId,
      supplier: u.supplier,
      brand: u.brand,
      size: u.plan.size,
      activate: u.product.awaiting && u.categoryId !== null,
    })),
    now,
  );
}

/** New products: on sale once the adapter places them, otherwise waiting in «Без категории». */
async function createProducts(tx: Tx, creates: Write[], now: Date) {
  return insertProducts(
    tx,
    creates.map((c) => ({
      name: c.plan.name,
      sku: c.plan.sku,
      priceKopecks: null,
      oldPriceKopecks: null,
      description: c.plan.description,
      shortDescription: '',
      imageUrl: c.imageUrl,
      categoryId: c.categoryId,
      supplier: c.supplier,
      brand: c.brand,
      supplierSku: null,
      supplierCategory: c.plan.group,
      exchange1cId: c.plan.id1c,
      isActive: c.categoryId !== null,
      publishWhenPlaced: true,
      priceSupplierId: null,
      size: c.plan.size,
    })),
    now,
  );
}

/** A full export (not «only changes») hides the 1C products it no longer lists, when the settings allow. */
async function hideUnlisted(ctx: Context) {
  const hidden = await catalogTransaction(ctx.deps.db, (tx) => hideExchangeProductsExcept(tx, [...ctx.listed], ctx.deps.clock()), ctx.announcement);
  ctx.report.add('hidden', hidden);
}


/** Imports one import.xml of the exchange folder. */
export async function importCatalogFile(deps: ExchangeDeps, folder: string, file: string, label: string, progress: FileProgress): Promise<ImportReport> {
  const report = new ImportReport();
  const classifier = await readClassifier(file, label);
  const supplierId = await exchangeSupplierId(deps.db);
  await recordSupplierCategories(deps.db, supplierId, [...classifier.groups.values()]);
  report.add('groups', classifier.groups.size);
  const ctx: Context = { deps, folder, adapter: await loadCatalogAdapter(deps.db), supplierId, properties: classifier.properties, report, listed: new Set(), createdSkus: new Set(), claimed: new Map(), announcement: new CatalogAnnouncement() };
  await applyFilePlans(streamElements(file, label, { collect: isProduct }), report, {
    plan: (node) => planOf(node, classifier),
    apply: (batch) => applyBatch(ctx, batch),
    progress,
    total: classifier.products,
    missingId: (plan) => `Товар «${plan.name || 'без названия'}» без Ид пропущен`,
    seen: (id1c) => ctx.listed.add(id1c),
    refusal: (plan) => (!plan.name && !plan.deleted ? `Товар с Ид ${plan.id1c} без наименования пропущен` : null),
    characteristics: (n) => `Характеристики товаров (${n}) не поддерживаются: пропущены`,
  });
  const misfits = report.counts['attributeValuesSkipped'];
  if (misfits) report.error(`Пропущено значений характеристик, не подходящих к их виду (не число для числовой, вариант не из справочника свойства): ${misfits}`);
  const { mayHide } = await readExchangeSettings(deps.db);
  if (!classifier.onlyChanges && mayHide) await hideUnlisted(ctx);
  // The file's committed writes, announced once (the catalogue's door marked them).
  ctx.announcement.done();
  return report;
}

