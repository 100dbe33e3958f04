import { CATALOG_PAGE_SIZE, SORTS, SUPPLIERS, type Sort, type Supplier } from '#shared/constants.ts';
import { CATALOG_MAX_PAGE, SEARCH_QUERY_MAX } from '#shared/constants.ts';
import type { ProductsParams } from './products.ts';

export type ViewMode = 'grid' | 'list';

/** What a catalogue page reads from its address: filters, sort, page and view all live in the URL. */
export type CatalogSearch = {
  query: string;
  categoryId: number | null;
  supplier: Supplier | null;
  sort: Sort;
  page: number;
  view: ViewMode;
};

const positiveInt = (value: string | null, max: number) => {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
};

/**
 * The catalogue state of a URL. A hand-edited or outdated value falls back to its default, so a
 * bad link still shows the catalogue rather than an error.
 */
export function parseCatalogSearch(search: URLSearchParams): CatalogSearch {
  const supplier = search.get('supplier');
  const sort = search.get('sort');
  return {
    query: (search.get('query') ?? '').trim().slice(0, SEARCH_QUERY_MAX),
    categoryId: positiveInt(search.get('categoryId'), 2_147_483_647),
    supplier: SUPPLIERS.includes(supplier as Supplier) ? (supplier as Supplier) : null,
    sort: SORTS.includes(sort as Sort) ? (sort as Sort) : 'featured',
    page: positiveInt(search.get('page'), CATALOG_MAX_PAGE) ?? 1,
    view: search.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** The API request of a catalogue state (12 a page). */
export const toProductsParams = (s: CatalogSearch, fixed: Partial<ProductsParams> = {}): ProductsParams => ({
  query: s.query || undefined,
  categoryId: s.categoryId ?? undefined,
  supplier: s.supplier ?? undefined,
  sort: s.sort,
  page: s.page,
  limit: CATALOG_PAGE_SIZE,
  ...fixed,
});

/**
 * The address of `pathname` with `changes` applied to the current search. Changing the sort or a
 * filter goes back to page 1; defaults are left out, so addresses stay short and shareable.
 */
export function catalogHref(pathname: string, current: URLSearchParams, changes: Partial<CatalogSearch>, hash = ''): string {
  const next = new URLSearchParams(current);
  const resetsPage = ['query', 'categoryId', 'supplier', 'sort'].some((key) => key in changes);
  const set = (key: string, value: string | number | null | undefined, fallback?: string | number) => {
    if (value === null || value === undefined || value === '' || value === fallback) next.delete(key);
    else next.set(key, String(value));
  };
  if ('query' in changes) set('query', changes.query);
  if ('categoryId' in changes) set('categoryId', changes.categoryId);
  if ('supplier' in changes) set('supplier', changes.supplier);
  if ('sort' in changes) set('sort', changes.sort, 'featured');
  if ('view' in changes) set('view', changes.view, 'grid');
  if ('page' in changes) set('page', changes.page, 1);
  else if (resetsPage) next.delete('page');
  next.delete('t');
  const search = next.toString();
  return `${pathname}${search ? `?${search}` : ''}${hash}`;
}
