import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/connection.ts';
import { productHasPrice, productWithoutPrice } from '../../../db/price-rule.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import { hasCatalogFilters, type CatalogFilters, type ProductStatusFilter } from '#shared/schemas/catalog.ts';
import type { Sort, Supplier } from '#shared/constants.ts';
import type { Product, ProductListResponse } from '#shared/types.ts';
import type { CatalogMemo } from '../answer-cache/memo.ts';
import { normalizeText } from '../search/query.ts';
import type { CatalogSearch, CatalogFilter } from '../search/catalog-search.ts';
import { filteredList } from './filtered-list.ts';
import { productsByIds } from './product-rows.ts';

/**
 * The public catalogue's lists: filters, sorts, pages, and the page of a search.
 *
 * Lists never count rows or skip thousands of them per request: totals come from facet counts
 * computed once per catalogue version, and a page past the middle of its list is read from the
 * other end (the sort's index backwards), so no page scans more than half the list, and only in
 * the narrow index (the sort indexes carry category and supplier).
 */

export type ListParams = {
  query?: string;
  categoryId?: number;
  supplier?: Supplier;
  sort: Sort;
  page: number;
  limit: number;
  /** `active` for the public; staff may ask for `all` or `inactive`. */
  status: ProductStatusFilter;
  /** Brand, price, stock, branch and characteristics (none: the list as before). */
  filters: CatalogFilters;
  /** Adds the options of the filters with their counts. */
  facets: boolean;
};

/** Number of active products per category, supplier and "has a price": totals without count(*). */
export type Facet = { categoryId: number | null; supplier: string | null; priced: boolean; n: number };

/**
 * Active products per category, supplier and "has a price", as the triggers of migration 0003
 * keep them in `product_facets`: a few dozen rows, read once per catalogue version.
 */
async function loadFacets(db: Db): Promise<Facet[]> {
  const result = await db.execute(sql`select category_id as "categoryId", supplier, priced, n from product_facets`);
  return rowsOf<Facet>(result).map((f) => ({ ...f, n: Number(f.n), priced: Boolean(f.priced) }));
}

function filterSql(filter: CatalogFilter): SQL {
  const parts: SQL[] = [];
  if (filter.status === 'active') parts.push(sql`is_active`);
  else if (filter.status === 'inactive') parts.push(sql`not is_active`);
  if (filter.categoryId !== undefined) parts.push(sql`category_id = ${filter.categoryId}`);
  if (filter.supplier !== undefined) parts.push(sql`supplier = ${filter.supplier}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * One stretch of a sorted list with its own order: price sorts put the products with a price
 * first (by price) and those "on request" after them.
 */
type Segment = { where: SQL; order: SQL; reverse: SQL; count: number };


function orderOf(sort: Sort): { order: SQL; reverse: SQL } {
  // Written exactly as the indexes are (DESC NULLS LAST), so PostgreSQL reads them in order.
  switch (sort) {
    case 'newest':
      return {
        order: sql`created_at desc nulls last, id desc nulls last`,
        reverse: sql`created_at asc nulls first, id asc nulls first`,
      };
    case 'popular':
      return {
        order: sql`sales_count desc nulls last, id desc nulls last`,
        reverse: sql`sales_count asc nulls first, id asc nulls first`,
      };
    case 'price-low':
      return { order: sql`price_kopecks asc, id asc`, reverse: sql`price_kopecks desc, id desc` };
    case 'price-high':
      return { order: sql`price_kopecks desc, id desc`, reverse: sql`price_kopecks asc, id asc` };
    default:
      return {
        order: sql`is_featured desc nulls last, sales_count desc nulls last, id desc nulls last`,
        reverse: sql`is_featured asc nulls first, sales_count asc nulls first, id asc nulls first`,
      };
  }
}

function segmentsOf(sort: Sort, counts: { priced: number; unpriced: number }): Segment[] {
  if (sort === 'price-low' || sort === 'price-high') {
    return [
      { where: productHasPrice, ...orderOf(sort), count: counts.priced },
      { where: productWithoutPrice, order: sql`id desc`, reverse: sql`id asc`, count: counts.unpriced },
    ];
  }
  return [{ where: sql`true`, ...orderOf(sort), count: counts.priced + counts.unpriced }];
}

/** Totals of a filter from the facet counts. */
function countFromFacets(facets: Facet[], filter: CatalogFilter) {
  let priced = 0;
  let unpriced = 0;
  for (const f of facets) {
    if (filter.categoryId !== undefined && f.categoryId !== filter.categoryId) continue;
    if (filter.supplier !== undefined && f.supplier !== filter.supplier) continue;
    if (f.priced) priced += f.n;
    else unpriced += f.n;
  }
  return { priced, unpriced };
}

/** Staff lists (any status) are rare: counted live. */
async function countLive(db: Db, filter: CatalogFilter) {
  const [row] = rowsOf<{ priced: number; unpriced: number }>(
    await db.execute(sql`
      select count(*) filter (where ${productHasPrice})::int as priced, count(*) filter (where ${productWithoutPrice})::int as unpriced
      from products where ${filterSql(filter)}`),
  );
  return { priced: Number(row?.priced ?? 0), unpriced: Number(row?.unpriced ?? 0) };
}

/** Ids of one page: the parts of the segments it covers, each read from its nearer end. */
async function pageIds(db: Db, filter: CatalogFilter, segments: Segment[], offset: number, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let start = offset;
  let remaining = limit;
  for (const segment of segments) {
    if (remaining <= 0) break;
    if (start >= segment.count) {
      start -= segment.count;
      continue;
    }
    const take = Math.min(remaining, segment.count - start);
    const fromEnd = segment.count - start - take;
    const backwards = fromEnd < start;
    const result = await db.execute(sql`
      select id from products
      where ${filterSql(filter)} and ${segment.where}
      order by ${backwards ? segment.reverse : segment.order}
      limit ${take} offset ${backwards ? fromEnd : start}`);
    const part = rowsOf<{ id: number }>(result).map((r) => Number(r.id));
    ids.push(...(backwards ? part.reverse() : part));
    remaining -= take;
    start = 0;
  }
  return ids;
}

function listResponse(items: Product[], total: number, page: number, limit: number, capped = false): ProductListResponse {
  const totalPages = totalPagesOf(total, limit);
  return {
    products: items,
    total,
    totalPages,
    page,
    limit,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    pagination: { total, totalPages, page, limit },
    capped,
  };
}

/** `GET /api/products`: a page of the catalogue or of a search. */
export async function listProducts(db: Db, memo: CatalogMemo, search: CatalogSearch, params: ListParams): Promise<ProductListResponse> {
  const filter: CatalogFilter = { categoryId: params.categoryId, supplier: params.supplier, status: params.status };
  const offset = (params.page - 1) * params.limit;
  const query = params.query ? normalizeText(params.query) : '';

  // Filters and counts come from the search index (docs/decisions/034); a plain list stays on
  // its SQL path, which answers a page without reading the whole category.
  if (params.facets || hasCatalogFilters(params.filters)) {
    const list = await filteredList(db, memo, search, { query, filter, filters: params.filters, sort: params.sort, facets: params.facets, offset, limit: params.limit });
    const answer = listResponse(await productsByIds(db, list.ids), list.total, params.page, params.limit, list.capped);
    return { ...answer, ...(list.correctedQuery ? { correctedQuery: list.correctedQuery } : {}), ...list.facets };
  }

  if (query) {
    const ranked = await search.rank(query, filter, params.sort);
    const items = await productsByIds(db, ranked.ids.slice(offset, offset + params.limit));
    const answer = listResponse(items, ranked.total, params.page, params.limit, ranked.capped);
    return ranked.correctedQuery ? { ...answer, correctedQuery: ranked.correctedQuery } : answer;
  }

  const counts =
    params.status === 'active' ? countFromFacets(await memo.once('facets', () => loadFacets(db)), filter) : await countLive(db, filter);
  const total = counts.priced + counts.unpriced;
  const ids = offset < total ? await pageIds(db, filter, segmentsOf(params.sort, counts), offset, params.limit) : [];
  return listResponse(await productsByIds(db, ids), total, params.page, params.limit);
}
