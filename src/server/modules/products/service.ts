import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/connection.ts';
import { categories, products } from '../../db/schema.ts';
import { kopecksToRub } from '#shared/money.ts';
import { totalPagesOf } from '#shared/pagination.ts';
import type { ProductStatusFilter } from '#shared/schemas/catalog.ts';
import type { Sort, Supplier } from '#shared/constants.ts';
import { isIdLike } from '#shared/slug.ts';
import type { Product, ProductListResponse } from '#shared/types.ts';
import type { CatalogMemo, Facet, RankedIds } from './memo.ts';
import {
  Lexicon,
  SYNONYM_WORDS,
  correctReading,
  normalizeText,
  planSearch,
  readingWords,
  tsqueryAny,
  tsqueryText,
} from './search.ts';

/**
 * The public catalogue: product pages, lists with filters and sorts, and search.
 *
 * Lists never count rows or skip thousands of them per request: totals come from facet counts
 * computed once per catalogue version, and a page past the middle of its list is read from the
 * other end (the sort's index backwards), so no page scans more than half the list, and only in
 * the narrow index (the sort indexes carry category and supplier).
 *
 * Search ranks at most SEARCH_RANK_CAP matches (plus the best sellers among the matches): a word in
 * half the catalogue must not make every query visit half the table. Up to that many matches the
 * ranking is exact; beyond it the customer pages through the best-ranked SEARCH_RANK_CAP.
 */

export const SEARCH_RANK_CAP = 600;

export type ListParams = {
  query?: string;
  categoryId?: number;
  supplier?: Supplier;
  sort: Sort;
  page: number;
  limit: number;
  /** `active` for the public; staff may ask for `all` or `inactive`. */
  status: ProductStatusFilter;
};

// ---------------------------------------------------------------------------------------------
// Rows and the API shape

const productSelection = {
  product: products,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

type ProductRow = typeof products.$inferSelect;

function toProduct(row: ProductRow, categoryName: string | null, categorySlug: string | null): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    sku: row.sku,
    tag: row.tag,
    imageUrl: row.imageUrl,
    price: row.priceKopecks === null ? null : kopecksToRub(row.priceKopecks),
    originalPrice: row.originalPriceKopecks === null ? null : kopecksToRub(row.originalPriceKopecks),
    stock: row.stock,
    shortDescription: row.shortDescription,
    description: row.description,
    categoryId: row.categoryId,
    category:
      row.categoryId !== null && categoryName !== null ? { id: row.categoryId, name: categoryName, slug: categorySlug ?? '' } : null,
    supplier: (row.supplier as Product['supplier']) ?? null,
    rating: row.rating,
    reviewCount: row.reviewCount,
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Full products for ids, in the order of the ids. */
async function productsByIds(db: Db, ids: number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(productSelection)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.product.id, toProduct(r.product, r.categoryName, r.categorySlug)]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

/**
 * `GET /api/products/{slugOrId}`: digits mean an id, anything else a slug (decisions.md).
 * Inactive products only when `includeInactive` (staff).
 */
export async function getProduct(db: Db, slugOrId: string, options: { includeInactive: boolean }): Promise<Product | null> {
  const where = isIdLike(slugOrId)
    ? Number(slugOrId) > 2_147_483_647
      ? null
      : eq(products.id, Number(slugOrId))
    : eq(products.slug, slugOrId);
  if (!where) return null;
  const [row] = await db
    .select(productSelection)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .limit(1);
  if (!row || (!row.product.isActive && !options.includeInactive)) return null;
  return toProduct(row.product, row.categoryName, row.categorySlug);
}

// ---------------------------------------------------------------------------------------------
// Lists

/**
 * Active products per category, supplier and "has a price", as the triggers of migration 0003
 * keep them in `product_facets`: a few dozen rows, read once per catalogue version.
 */
export async function loadFacets(db: Db): Promise<Facet[]> {
  const result = await db.execute(sql`select category_id as "categoryId", supplier, priced, n from product_facets`);
  return rowsOf<Facet>(result).map((f) => ({ ...f, n: Number(f.n), priced: Boolean(f.priced) }));
}

type Filter = { categoryId?: number; supplier?: Supplier; status: ProductStatusFilter };

function filterSql(filter: Filter): SQL {
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

const PRICED = sql`price_kopecks > 0`;
const UNPRICED = sql`(price_kopecks is null or price_kopecks <= 0)`;

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
      { where: PRICED, ...orderOf(sort), count: counts.priced },
      { where: UNPRICED, order: sql`id desc`, reverse: sql`id asc`, count: counts.unpriced },
    ];
  }
  return [{ where: sql`true`, ...orderOf(sort), count: counts.priced + counts.unpriced }];
}

/** Totals of a filter from the facet counts. */
function countFromFacets(facets: Facet[], filter: Filter) {
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
async function countLive(db: Db, filter: Filter) {
  const [row] = rowsOf<{ priced: number; unpriced: number }>(
    await db.execute(sql`
      select count(*) filter (where ${PRICED})::int as priced, count(*) filter (where ${UNPRICED})::int as unpriced
      from products where ${filterSql(filter)}`),
  );
  return { priced: Number(row?.priced ?? 0), unpriced: Number(row?.unpriced ?? 0) };
}

/** Ids of one page: the parts of the segments it covers, each read from its nearer end. */
async function pageIds(db: Db, filter: Filter, segments: Segment[], offset: number, limit: number): Promise<number[]> {
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
export async function listProducts(db: Db, memo: CatalogMemo, params: ListParams): Promise<ProductListResponse> {
  const filter: Filter = { categoryId: params.categoryId, supplier: params.supplier, status: params.status };
  const offset = (params.page - 1) * params.limit;
  const query = params.query ? normalizeText(params.query) : '';

  if (query) {
    const ranked = await memo.search(searchKey(query, filter, params.sort), () => rankSearch(db, memo, query, filter, params.sort));
    const items = await productsByIds(db, ranked.ids.slice(offset, offset + params.limit));
    return listResponse(items, ranked.total, params.page, params.limit, ranked.capped);
  }

  const counts =
    params.status === 'active' ? countFromFacets(await memo.once('facets', () => loadFacets(db)), filter) : await countLive(db, filter);
  const total = counts.priced + counts.unpriced;
  const ids = offset < total ? await pageIds(db, filter, segmentsOf(params.sort, counts), offset, params.limit) : [];
  return listResponse(await productsByIds(db, ids), total, params.page, params.limit);
}

// ---------------------------------------------------------------------------------------------
// Search

const searchKey = (query: string, filter: Filter, sort: Sort) =>
  JSON.stringify([query, filter.categoryId ?? null, filter.supplier ?? null, filter.status, sort]);

type Candidate = {
  id: number;
  name: string;
  skuNorm: string | null;
  salesCount: number;
  isFeatured: boolean;
  priceKopecks: number | null;
  createdAt: Date | string;
};

/** How many of the best-selling products a broad search ranks along with its sample. */
const BEST_SELLER_COUNT = 2000;

/** The sales figure from which a product is among the BEST_SELLER_COUNT best sellers (0: all are). */
async function loadBestSellerSales(db: Db): Promise<number> {
  const [row] = rowsOf<{ s: number }>(
    await db.execute(sql`
      select sales_count as s from products where is_active
      order by sales_count desc nulls last, id desc nulls last
      limit 1 offset ${BEST_SELLER_COUNT}`),
  );
  return Number(row?.s ?? 0);
}

/**
 * Matches of a full-text query (and SKU fragments) with the stems of `stemText` for ranking:
 * at most SEARCH_RANK_CAP + 1 matches, plus up to half as many among the featured and best-selling
 * products, so that a broad word's sample holds what people buy most. `capped` says there were more.
 * The planner is kept to the indexes (bitmap scans): a scan that checks the search vector row by
 * row reads the large, compressed vector of every row it passes.
 */
async function findCandidates(
  db: Db,
  memo: CatalogMemo,
  filter: Filter,
  tsquery: string,
  skus: string[],
  stemText: string,
): Promise<{ rows: Candidate[]; stems: string[]; capped: boolean }> {
  const matches: SQL[] = [];
  if (tsquery) matches.push(sql`search_vector @@ to_tsquery('russian', ${tsquery})`);
  for (const sku of skus) matches.push(sql`sku_norm like ${`%${sku}%`}`);
  if (matches.length === 0) return { rows: [], stems: [], capped: false };
  const where = sql`${filterSql(filter)} and (${sql.join(matches, sql` or `)})`;
  const columns = sql`id, name, sku_norm as "skuNorm", sales_count as "salesCount", is_featured as "isFeatured",
    price_kopecks as "priceKopecks", created_at as "createdAt"`;
  const hot = await memo.once('best-seller-sales', () => loadBestSellerSales(db));
  return db.transaction(async (tx) => {
    const [setup] = rowsOf<{ stems: string[] | null }>(
      await tx.execute(sql`
        select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true),
          tsvector_to_array(to_tsvector('russian', ${stemText})) as stems`),
    );
    const found = rowsOf<Candidate & { part: number }>(
      await tx.execute(sql`
        (select 1 as part, ${columns} from products where ${where} and (is_featured or sales_count >= ${hot})
          limit ${Math.ceil(SEARCH_RANK_CAP / 2)})
        union all
        (select 2 as part, ${columns} from products where ${where} limit ${SEARCH_RANK_CAP + 1})`),
    );
    const byId = new Map<number, Candidate>();
    let sampled = 0;
    for (const row of found) {
      if (Number(row.part) === 2) sampled++;
      byId.set(Number(row.id), row);
    }
    return { rows: [...byId.values()], stems: setup?.stems ?? [], capped: sampled > SEARCH_RANK_CAP };
  });
}

/** Words of a name as search compares them: lower case, ё → е, dotted names whole. */
const nameWords = (name: string) => normalizeText(name).split(/[^\p{L}\p{N}.]+/u).filter(Boolean);

/**
 * Ranks candidates: SKU typed exactly, then SKU starting with what was typed, then the number of
 * query stems found at the start of a word of the name (name matches above description matches),
 * then names that start with the query (the kind of product), then featured and best-selling first. Other sorts order the matches by price, date or sales.
 */
function rankCandidates(rows: Candidate[], stems: string[], skus: string[], sort: Sort): number[] {
  const usefulStems = [...new Set(stems.filter((s) => s.length > 0))];
  const scored = rows.map((row) => {
    const sku = row.skuNorm ?? '';
    const skuRank = skus.some((s) => sku === s) ? 3 : skus.some((s) => sku.startsWith(s)) ? 2 : skus.some((s) => sku.includes(s)) ? 1 : 0;
    const words = nameWords(row.name);
    let nameHits = 0;
    for (const stem of usefulStems) if (words.some((w) => w.startsWith(stem))) nameHits++;
    // A Russian product name starts with what the product is: 'Аккумулятор …' before '… аккумуляторный'.
    const leadHit = words.length > 0 && usefulStems.some((stem) => words[0]!.startsWith(stem)) ? 1 : 0;
    return {
      id: Number(row.id),
      skuRank,
      nameHits,
      leadHit,
      featured: row.isFeatured ? 1 : 0,
      sales: Number(row.salesCount),
      price: row.priceKopecks === null ? 0 : Number(row.priceKopecks),
      created: new Date(row.createdAt).getTime(),
    };
  });
  type Scored = (typeof scored)[number];
  const byId = (a: Scored, b: Scored) => b.id - a.id;
  const relevance = (a: Scored, b: Scored) =>
    b.skuRank - a.skuRank || b.nameHits - a.nameHits || b.leadHit - a.leadHit || b.featured - a.featured || b.sales - a.sales || byId(a, b);
  const priced = (a: Scored, b: Scored) => Number(b.price > 0) - Number(a.price > 0);
  const compare: Record<Sort, (a: Scored, b: Scored) => number> = {
    featured: relevance,
    'price-low': (a, b) => priced(a, b) || a.price - b.price || a.id - b.id,
    'price-high': (a, b) => priced(a, b) || b.price - a.price || byId(a, b),
    newest: (a, b) => b.created - a.created || byId(a, b),
    popular: (a, b) => b.sales - a.sales || byId(a, b),
  };
  return scored.sort(compare[sort]).map((s) => s.id);
}

/** The vocabulary of the catalogue: words of active product names, of categories, and tool synonyms. */
export async function loadLexicon(db: Db): Promise<Lexicon> {
  const result = await db.execute(sql`
    select w, count(*)::int as n from (
      select regexp_split_to_table(translate(lower(name), 'ё', 'е'), '[^[:alpha:]]+') as w from products where is_active
      union all
      select regexp_split_to_table(translate(lower(name || ' ' || description), 'ё', 'е'), '[^[:alpha:]]+') from categories
    ) words
    where length(w) >= 3
    group by w`);
  const entries: [string, number][] = rowsOf<{ w: string; n: number }>(result).map((r) => [r.w, Number(r.n)]);
  return new Lexicon([...entries, ...SYNONYM_WORDS.map((w): [string, number] => [w, 1])]);
}

/**
 * The ranked ids of a search. First the words as typed (and as if typed in the other layout,
 * with synonyms) and SKU fragments; with nothing found, words the catalogue does not know are
 * widened by the catalogue words they may be typos of; still nothing, and a product matching any
 * of several words will do, those with more of them in the name first.
 */
async function rankSearch(db: Db, memo: CatalogMemo, query: string, filter: Filter, sort: Sort): Promise<RankedIds> {
  const plan = planSearch(query);
  const run = async (tsquery: string, skus: string[], words: string[]) => {
    const { rows, stems, capped } = await findCandidates(db, memo, filter, tsquery, skus, words.join(' '));
    const ids = rankCandidates(rows, stems, skus, sort).slice(0, SEARCH_RANK_CAP);
    return { ids, total: ids.length, capped };
  };

  const exact = await run(tsqueryText(plan.readings), plan.skus, readingWords(plan.readings));
  if (exact.total > 0 || plan.readings.length === 0) return exact;

  const lexicon = await memo.lexicon(() => loadLexicon(db));
  const corrected = plan.readings.map((reading) => correctReading(reading, lexicon));
  const readings = corrected.map((c) => c.reading);
  if (corrected.some((c) => c.changed)) {
    const fixed = await run(tsqueryText(readings), [], readingWords(readings));
    if (fixed.total > 0) return fixed;
  }
  if (readings.some((reading) => reading.length > 1)) return run(tsqueryAny(readings), [], readingWords(readings));
  return exact;
}

// ---------------------------------------------------------------------------------------------
// The catalogue version shared by processes on one PostgreSQL server

const VERSION_KEY = 'catalog_version';

/** Announces a catalogue change to the other processes: a counter in the settings table. */
export async function bumpCatalogVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ v: string }>(
    await db.execute(sql`
      insert into settings (key, value, updated_at) values (${VERSION_KEY}, '1'::jsonb, now())
      on conflict (key) do update set value = to_jsonb(coalesce((settings.value #>> '{}')::bigint, 0) + 1), updated_at = now()
      returning value #>> '{}' as v`),
  );
  return String(row?.v ?? '');
}

/** The catalogue version as the database has it ('' before the first change). */
export async function readCatalogVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ v: string }>(await db.execute(sql`select value #>> '{}' as v from settings where key = ${VERSION_KEY}`));
  return String(row?.v ?? '');
}
