import { asc } from 'drizzle-orm';
import type { Db } from '../../../db/connection.ts';
import { attributes, branches, categoryAttributes } from '../../../db/schema.ts';
import { NO, YES, type AttributeKind } from '#shared/attributes.ts';
import { kopecksToRub, rubToKopecks } from '#shared/money.ts';
import { CATALOG_MESSAGES, type CatalogFilters } from '#shared/schemas/catalog.ts';
import type { Facet, FacetValue } from '#shared/types.ts';
import { badRequest } from '../../../core/http-errors.ts';
import type { CatalogMemo } from '../answer-cache/memo.ts';
import { scanFacets, type CountedValues, type Range, type ScanResult, type SlotQuery } from '../search/facet-scan.ts';
import type { CatalogFilter, CatalogSearch } from '../search/catalog-search.ts';
import type { Sort } from '#shared/constants.ts';

/**
 * The catalogue's lists with filters (brand, price, stock, branch, characteristics) and their
 * counts, from the search index's columns (docs/decisions/013, 034): the category's filter
 * configuration is read once per catalogue version; a request runs no SQL until its page's rows.
 */

type AttributeConfig = { id: number; slug: string; name: string; unit: string | null; kind: AttributeKind };

/** The attributes, the categories' filters in their order, and the branches: small, read once per catalogue version. */
type FilterConfig = {
  bySlug: Map<string, AttributeConfig>;
  byId: Map<number, AttributeConfig>;
  byCategory: Map<number, number[]>;
  branchBySlug: Map<string, number>;
};

async function loadFilterConfig(db: Db): Promise<FilterConfig> {
  const [attributeRows, categoryRows, branchRows] = await Promise.all([
    db.select({ id: attributes.id, slug: attributes.slug, name: attributes.name, unit: attributes.unit, kind: attributes.kind }).from(attributes),
    db.select().from(categoryAttributes).orderBy(asc(categoryAttributes.categoryId), asc(categoryAttributes.position), asc(categoryAttributes.attributeId)),
    db.select({ id: branches.id, slug: branches.slug }).from(branches),
  ]);
  const list = attributeRows.map((a) => ({ ...a, kind: a.kind as AttributeKind }));
  const byCategory = new Map<number, number[]>();
  for (const row of categoryRows) {
    const ids = byCategory.get(row.categoryId) ?? [];
    ids.push(row.attributeId);
    byCategory.set(row.categoryId, ids);
  }
  return {
    bySlug: new Map(list.map((a) => [a.slug, a])),
    byId: new Map(list.map((a) => [a.id, a])),
    byCategory,
    branchBySlug: new Map(branchRows.map((b) => [b.slug, b.id])),
  };
}

/** The configuration of this catalogue version: the back office calls catalogChanged() after changing it. */
export const filterConfigOf = (db: Db, memo: CatalogMemo) => memo.once('filter-config', () => loadFilterConfig(db));

/**
 * The filters in the index's terms. An unknown branch is a 400 (the city chooser offers only
 * real ones); an unknown attribute slug is left out, so a link from an older page still opens.
 */
function slotQueryOf(filters: CatalogFilters, config: FilterConfig): SlotQuery {
  let branchId: number | undefined;
  if (filters.branch !== undefined) {
    branchId = config.branchBySlug.get(filters.branch);
    if (branchId === undefined) throw badRequest(CATALOG_MESSAGES.branch, { branch: [CATALOG_MESSAGES.branch] });
  }
  const kopecks = (roubles: number | undefined) => (roubles === undefined ? undefined : rubToKopecks(roubles));
  return {
    brands: filters.brands,
    priceMin: kopecks(filters.priceMin),
    priceMax: kopecks(filters.priceMax),
    inStock: filters.inStock,
    branchId,
    attributes: filters.attributes.flatMap((filter) => {
      const attribute = config.bySlug.get(filter.slug);
      if (!attribute) return [];
      // A range means something only for numbers.
      const ranged = attribute.kind === 'number' ? { min: filter.min, max: filter.max } : {};
      if (filter.values.length === 0 && ranged.min === undefined && ranged.max === undefined) return [];
      return [{ id: attribute.id, values: filter.values, ...ranged }];
    }),
  };
}

const collator = new Intl.Collator('ru', { numeric: true, sensitivity: 'base' });
const NUMBER_TEXT = /^-?\d+(?:[.,]\d+)?$/;
const asNumber = (value: string) => Number(value.replace(',', '.'));

/** Options in the order people read them: numbers by number, «Да» before «Нет», else alphabetical. */
export function sortFacetValues(values: CountedValues): FacetValue[] {
  if (values.every((v) => NUMBER_TEXT.test(v.value))) return [...values].sort((a, b) => asNumber(a.value) - asNumber(b.value));
  const yesNo = (value: string) => (value === YES ? 0 : value === NO ? 1 : 2);
  return [...values].sort((a, b) => yesNo(a.value) - yesNo(b.value) || collator.compare(a.value, b.value));
}

/** The category's characteristics as the answer gives them, in the order staff chose. */
function facetsOf(scan: ScanResult, counted: AttributeConfig[]): Facet[] {
  return counted.flatMap((attribute): Facet[] => {
    const found = scan.attributes.get(attribute.id);
    if (!found) return [];
    const { slug, name, unit } = attribute;
    if (attribute.kind === 'number') {
      const range = found as Range;
      return [{ slug, name, unit, kind: 'number', min: range.min, max: range.max }];
    }
    return [{ slug, name, unit, kind: attribute.kind, values: sortFacetValues(found as CountedValues) }];
  });
}

export type FilteredList = {
  /** The page's ids. */
  ids: number[];
  total: number;
  capped: boolean;
  correctedQuery?: string;
  facets?: { facets: Facet[]; brands: FacetValue[]; price: { min: number; max: number } | null };
};

/**
 * A list narrowed by the filters, sorted, with the counts of every option when asked for. With a
 * search the universe is its ranked matches (at most the ranking cap, docs/decisions/013) in
 * their order; else the products of the category (and supplier), sorted here.
 */
export async function filteredList(
  db: Db,
  memo: CatalogMemo,
  search: CatalogSearch,
  params: { query: string; filter: CatalogFilter; filters: CatalogFilters; sort: Sort; facets: boolean; offset: number; limit: number },
): Promise<FilteredList> {
  const config = await filterConfigOf(db, memo);
  const query = slotQueryOf(params.filters, config);
  const ranked = params.query ? await search.rank(params.query, params.filter, params.sort) : null;
  const index = await search.currentIndex();
  const universe = ranked ? index.slotsOfIds(ranked.ids) : index.universe(params.filter);
  const counted =
    params.facets && params.filter.categoryId !== undefined
      ? (config.byCategory.get(params.filter.categoryId) ?? []).map((id) => config.byId.get(id)!)
      : [];
  const scan = scanFacets(index.filters, universe, query, counted);
  const slots = ranked ? scan.slots : index.sortSlots(scan.slots, params.sort);
  const page = index.idsOf(slots.slice(params.offset, params.offset + params.limit));
  const list: FilteredList = { ids: page, total: slots.length, capped: ranked?.capped ?? false };
  if (ranked?.correctedQuery) list.correctedQuery = ranked.correctedQuery;
  if (params.facets) {
    list.facets = {
      facets: facetsOf(scan, counted),
      brands: sortFacetValues(scan.brands),
      price: scan.price && { min: kopecksToRub(scan.price.min), max: kopecksToRub(scan.price.max) },
    };
  }
  return list;
}
