import { CATALOG_MAX_PAGE, PUBLIC_MAX_LIMIT, SEARCH_QUERY_MAX, SORTS, STAFF_MAX_LIMIT, SUPPLIERS } from '../constants.ts';
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
} as const;

/** '' and missing mean "not given" (forms and links send empty values). */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** A whole number from the query string ('2' → 2); anything else fails with `message`. */
const toInt = (v: unknown) => {
  const value = blankToUndefined(v);
  return typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
};
const int = (message: string) => z.number({ error: message }).int(message);

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
});
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

/** The page size a caller may ask for, or the message of a 400 when it is too big for the role. */
export function catalogLimit(limit: number | undefined, staff: boolean, fallback: number): { limit: number } | { error: string } {
  const max = staff ? STAFF_MAX_LIMIT : PUBLIC_MAX_LIMIT;
  if (limit === undefined) return { limit: fallback };
  if (limit > max) return { error: staff ? CATALOG_MESSAGES.staffLimit : CATALOG_MESSAGES.limit };
  return { limit };
}

