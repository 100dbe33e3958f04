import { CATALOG_MAX_PAGE, PUBLIC_MAX_LIMIT, SEARCH_QUERY_MAX, SORTS, STAFF_MAX_LIMIT, SUPPLIERS } from '../constants.ts';
import { ATTRIBUTE_VALUE_MAX } from '../attributes.ts';
import { z } from './z.ts';

/**
 * `GET /api/products`: the catalogue and search parameters (spec 7) with clear Russian messages.
 * The same schema reads the storefront's URL (`/products?query=…&page=2`), so a hand-edited
 * address gets the same rules as the API.
 */

export const PRODUCT_STATUSES = ['all', 'active', 'inactive'] as const;
export type ProductStatusFilter = (typeof PRODUCT_STATUSES)[number];

export const CATALOG_MESSAGES = {
  query: `Поисковый запрос слишком длинный: не более ${SEARCH_QUERY_MAX} символов`,
  categoryId: 'Некорректная категория: нужен номер категории',
  supplier: `Неизвестный поставщик: выберите ${SUPPLIERS.join(' или ')}`,
  sort: `Неизвестная сортировка: допустимы ${SORTS.join(', ')}`,
  page: 'Номер страницы должен быть целым числом от 1',
  pageMax: `Номер страницы не больше ${CATALOG_MAX_PAGE}`,
  limit: `Товаров на странице: от 1 до ${PUBLIC_MAX_LIMIT}`,
  staffLimit: `Товаров на странице: от 1 до ${STAFF_MAX_LIMIT}`,
  status: 'Статус: all, active или inactive',
  statusForbidden: 'Товары по статусу видят только сотрудники магазина',
  number: 'Введите число',
  negative: 'Число не может быть отрицательным',
  brand: 'Бренд: не более 100 символов',
  branch: 'Неизвестный филиал',
  yesNo: 'Допустимы значения true или false',
  attributeValue: `Значение характеристики: не более ${ATTRIBUTE_VALUE_MAX} символов`,
  tooMany: 'Слишком много значений фильтра: не более 50',
} as const;

/** '' and missing mean "not given" (forms and links send empty values). */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A whole number from the query string ('2' → 2); anything else fails with `message`. */
const toInt = (v: unknown) => {
  const value = blankToUndefined(v);
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
};
const int = (message: string) => z.number({ error: message }).int(message);
/** A number as people type it in a from–to field: «1500», «1 500», «2,5»; anything else stays text and fails. */
const toNumber = (v: unknown) => {
  const value = blankToUndefined(v);
  if (typeof value !== 'string') return value;
  const compact = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(compact) ? Number(compact) : value;
};
/** Repeated query parameters come as an array, a single one as a string: always a list, blanks out. */
const toList = (v: unknown) => {
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
};
const toBoolean = (v: unknown) => {
  const value = blankToUndefined(v);
  return value === 'true' ? true : value === 'false' ? false : value;
};
const price = z.preprocess(toNumber, z.number({ error: CATALOG_MESSAGES.number }).min(0, CATALOG_MESSAGES.negative).optional());
/** More values of one filter than any page offers: a hand-made address, refused before it costs anything. */
const FILTER_VALUES_MAX = 50;

/**
 * A characteristic filter (docs/decisions/034): `attr.<slug>=<value>` (repeatable, any of them)
 * and `attr.<slug>.min` / `attr.<slug>.max` for numbers.
 */
export type AttributeFilter = { slug: string; values: string[]; min?: number; max?: number };

const ATTRIBUTE_KEY = /^attr\.([^.]+)(?:\.(min|max))?$/;

/** The `attr.*` parameters of a query, each bad one an issue under its own name. */
function readAttributeFilters(query: Record<string, unknown>, ctx: z.RefinementCtx): AttributeFilter[] {
  const bySlug = new Map<string, AttributeFilter>();
  for (const [key, raw] of Object.entries(query)) {
    const match = ATTRIBUTE_KEY.exec(key);
    if (!match) continue;
    const slug = match[1]!;
    const filter = bySlug.get(slug) ?? { slug, values: [] };
    bySlug.set(slug, filter);
    const list = toList(raw);
    if (match[2]) {
      const number = toNumber(list[list.length - 1]);
      if (number === undefined) continue;
      if (typeof number !== 'number') ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.number, path: [key] });
      else filter[match[2] as 'min' | 'max'] = number;
      continue;
    }
    if (list.length > FILTER_VALUES_MAX) ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.tooMany, path: [key] });
    else if (list.some((value) => typeof value !== 'string' || value.length > ATTRIBUTE_VALUE_MAX)) {
      ctx.addIssue({ code: 'custom', message: CATALOG_MESSAGES.attributeValue, path: [key] });
    } else filter.values = [...new Set(list as string[])];
  }
  return [...bySlug.values()].filter((f) => f.values.length > 0 || f.min !== undefined || f.max !== undefined);
}

export const ProductListQuerySchema = z.object({
  query: z.preprocess(
    blankToUndefined,
    z.string({ error: CATALOG_MESSAGES.query }).trim().max(SEARCH_QUERY_MAX, CATALOG_MESSAGES.query).optional(),
  ),
  categoryId: z.preprocess(toInt, int(CATALOG_MESSAGES.categoryId).min(1, CATALOG_MESSAGES.categoryId).optional()),
  supplier: z.preprocess(blankToUndefined, z.enum(SUPPLIERS, { error: CATALOG_MESSAGES.supplier }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(SORTS, { error: CATALOG_MESSAGES.sort }).default('featured')),
  page: z.preprocess(
    toInt,
    int(CATALOG_MESSAGES.page).min(1, CATALOG_MESSAGES.page).max(CATALOG_MAX_PAGE, CATALOG_MESSAGES.pageMax).default(1),
  ),
  /** Up to 48 for everyone, up to 100 for staff (decisions.md): `catalogLimit` checks it with the role. */
  limit: z.preprocess(toInt, int(CATALOG_MESSAGES.limit).min(1, CATALOG_MESSAGES.limit).optional()),
  /** Staff only: the admin list sees inactive products too (default `active`). */
  status: z.preprocess(blankToUndefined, z.enum(PRODUCT_STATUSES, { error: CATALOG_MESSAGES.status }).optional()),
  /** The original client's cache buster: accepted and ignored. */
  t: z.unknown().optional(),
  /** Makers, any of them (repeatable). */
  brand: z.preprocess(
    toList,
    z.array(z.string({ error: CATALOG_MESSAGES.brand }).max(100, CATALOG_MESSAGES.brand)).max(FILTER_VALUES_MAX, CATALOG_MESSAGES.tooMany),
  ),
  /** Roubles: products with a price from–to («price on request» is left out once either is given). */
  priceMin: price,
  priceMax: price,
  /** In stock in any branch. */
  inStock: z.preprocess(toBoolean, z.boolean({ error: CATALOG_MESSAGES.yesNo }).default(false)),
  /** A branch's slug: in stock there (an unknown one is refused by the route, which knows the branches). */
  branch: z.preprocess(blankToUndefined, z.string({ error: CATALOG_MESSAGES.branch }).trim().max(100, CATALOG_MESSAGES.branch).optional()),
  /** Adds the filters' options with their counts to the answer. */
  facets: z.preprocess(toBoolean, z.boolean({ error: CATALOG_MESSAGES.yesNo }).default(false)),
})
  // `attr.<slug>…` parameters have names of the shop's making, so they are read from the whole query.
  .catchall(z.unknown())
  .transform(({ query, categoryId, supplier, sort, page, limit, status, brand, priceMin, priceMax, inStock, branch, facets, ...rest }, ctx) => {
    const filters: CatalogFilters = { brands: [...new Set(brand)], priceMin, priceMax, inStock, branch, attributes: readAttributeFilters(rest, ctx) };
    return { query, categoryId, supplier, sort, page, limit, status, facets, filters };
  });
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

/** The list's filters beyond category and supplier (issue 26): what the filter panel sets. */
export type CatalogFilters = {
  brands: string[];
  priceMin?: number;
  priceMax?: number;
  inStock: boolean;
  branch?: string;
  attributes: AttributeFilter[];
};

/** Whether any of the filters is set. */
export const hasCatalogFilters = (f: CatalogFilters) =>
  f.brands.length > 0 || f.priceMin !== undefined || f.priceMax !== undefined || f.inStock || f.branch !== undefined || f.attributes.length > 0;

/**
 * The filters as one text, the same for the same filters however the address orders them
 * (`?brand=A&brand=B` and `?brand=B&brand=A`): a key of the answer cache.
 */
export function catalogFiltersKey(f: CatalogFilters): string {
  const sorted = (list: string[]) => [...list].sort();
  const attributes = [...f.attributes].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)).map((a) => [a.slug, sorted(a.values), a.min ?? null, a.max ?? null]);
  return JSON.stringify([sorted(f.brands), f.priceMin ?? null, f.priceMax ?? null, f.inStock, f.branch ?? null, attributes]);
}

/** The page size a caller may ask for, or the message of a 400 when it is too big for the role. */
export function catalogLimit(limit: number | undefined, staff: boolean, fallback: number): { limit: number } | { error: string } {
  const max = staff ? STAFF_MAX_LIMIT : PUBLIC_MAX_LIMIT;
  if (limit === undefined) return { limit: fallback };
  if (limit > max) return { error: staff ? CATALOG_MESSAGES.staffLimit : CATALOG_MESSAGES.limit };
  return { limit };
}

