import { asc, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connection.ts';
import { categories, products, supplierCategories, suppliers } from '../../db/schema.ts';
import { normaliseName } from '#shared/catalog-adapter.ts';
import { ADMIN_PAGE_SIZE } from '#shared/constants.ts';
import { kopecksToRub } from '#shared/money.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import { SUGGESTION_CONFIDENT_SHARE, type AdapterSupplier, type AwaitingList, type SupplierCategoryRow } from '#shared/schemas/catalog-adapter.ts';
import type { CatalogSearch } from '../products/search/catalog-search.ts';
import { readRuleRows } from './adapter.ts';
import { RuleSet } from './rules.ts';
import { suggestCategories } from './suggestions.ts';
import { pageOf } from '../../core/paging.ts';

/** The suppliers the adapter's forms choose from. */
export async function listSuppliers(db: Db): Promise<AdapterSupplier[]> {
  return db.select({ id: suppliers.id, code: suppliers.code, name: suppliers.name }).from(suppliers).orderBy(asc(suppliers.name), asc(suppliers.id));
}

type ProductCount = { supplier: string; supplierCategory: string; total: number; awaiting: number };

/** Products per supplier and supplier category, and how many of them wait for a category. */
async function countProducts(db: Db): Promise<ProductCount[]> {
  return rowsOf<ProductCount>(
    await db.execute(sql`
      select supplier, supplier_category as "supplierCategory", count(*)::int as total,
        (count(*) filter (where awaiting_category))::int as awaiting
      from products where supplier_category is not null and supplier is not null
      group by supplier, supplier_category`),
  );
}

/**
 * Every category name a supplier has used — the names imports recorded and the names products
 * carry — with its products, the shop category its rule maps it to, and for an unmapped one the
 * shop search's suggestion. Names differing only in case, `ё` or spaces are one category, as the
 * rules see them.
 */
export async function listSupplierCategories(db: Db, search: CatalogSearch): Promise<SupplierCategoryRow[]> {
  const [known, recorded, counts, rules, names] = await Promise.all([
    listSuppliers(db),
    db.select({ supplierId: supplierCategories.supplierId, name: supplierCategories.name }).from(supplierCategories),
    countProducts(db),
    readRuleRows(db),
    db.select({ id: categories.id, name: categories.name }).from(categories),
  ]);
  const supplierById = new Map(known.map((s) => [s.id, s]));
  const supplierByCode = new Map(known.map((s) => [s.code, s]));
  const categoryName = new Map(names.map((c) => [c.id, c.name]));
  const ruleSet = new RuleSet(rules);

  const rows = new Map<string, SupplierCategoryRow>();
  const add = (supplier: AdapterSupplier | undefined, name: string): SupplierCategoryRow | null => {
    if (!supplier) return null;
    const key = `${supplier.id}|${normaliseName(name)}`;
    let row = rows.get(key);
    if (!row) {
      const rule = ruleSet.categoryRule(supplier.id, name);
      row = {
        supplierId: supplier.id,
        supplierCode: supplier.code,
        supplierName: supplier.name,
        name,
        productCount: 0,
        awaitingCount: 0,
        mapping: rule
          ? { ruleId: rule.id, categoryId: rule.categoryId, categoryName: categoryName.get(rule.categoryId) ?? '', anySupplier: rule.supplierId === null }
          : null,
        suggestion: null,
      };
      rows.set(key, row);
    }
    return row;
  };
  for (const r of recorded) add(supplierById.get(r.supplierId), r.name);
  for (const c of counts) {
    const row = add(supplierByCode.get(c.supplier), c.supplierCategory);
    if (!row) continue;
    row.productCount += c.total;
    row.awaitingCount += c.awaiting;
  }

  const unmapped = [...rows].filter(([, row]) => !row.mapping);
  const suggested = await suggestCategories(
    db,
    search,
    unmapped.map(([key, row]) => ({ key, supplierCode: row.supplierCode, name: row.name })),
  );
  for (const [key, row] of unmapped) {
    const suggestion = suggested.get(key);
    if (!suggestion) continue;
    const confidence = Math.round(suggestion.confidence * 100) / 100;
    row.suggestion = { categoryId: suggestion.categoryId, categoryName: categoryName.get(suggestion.categoryId) ?? '', confidence, confident: confidence >= SUGGESTION_CONFIDENT_SHARE };
  }
  return [...rows.values()].sort((a, b) => a.supplierName.localeCompare(b.supplierName, 'ru') || a.name.localeCompare(b.name, 'ru'));
}

/** «Без категории»: products imported into a supplier category no rule maps yet, newest first. */
export async function listAwaiting(db: Db, page: number): Promise<AwaitingList> {
  const limit = ADMIN_PAGE_SIZE;
  const awaiting = eq(products.awaitingCategory, true);
  const columns = {
    id: products.id,
    name: products.name,
    sku: products.sku,
    supplier: products.supplier,
    supplierCategory: products.supplierCategory,
    priceKopecks: products.priceKopecks,
    imageUrl: products.imageUrl,
    createdAt: products.createdAt,
  };
  const [rows, total] = await Promise.all([
    pageOf(db.select(columns).from(products).where(awaiting).orderBy(desc(products.id)).$dynamic(), { page, limit }),
    db.$count(products, awaiting),
  ]);
  return {
    products: rows.map(({ priceKopecks, createdAt, ...row }) => ({
      ...row,
      price: priceKopecks === null ? null : kopecksToRub(priceKopecks),
      createdAt: createdAt.toISOString(),
    })),
    total,
    page,
    totalPages: totalPagesOf(total, limit),
  };
}
