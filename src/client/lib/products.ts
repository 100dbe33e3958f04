import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest, toQueryString } from './api.ts';
import type { Sort, Supplier } from '#shared/constants.ts';
import type { ProductStatusFilter } from '#shared/schemas/catalog.ts';
import type { ProductListResponse } from '#shared/types.ts';

/** Parameters of `GET /api/products`; what is not given is left to the server's defaults. */
export type ProductsParams = {
  query?: string;
  categoryId?: number;
  supplier?: Supplier;
  sort?: Sort;
  page?: number;
  limit?: number;
  /** Staff only (admin list): `all`, `active` or `inactive`. */
  status?: ProductStatusFilter;
};

/** One key per distinct request: defaults and empty values do not make new cache entries. */
const normalize = (p: ProductsParams) => ({
  query: p.query?.trim() || undefined,
  categoryId: p.categoryId,
  supplier: p.supplier,
  sort: p.sort && p.sort !== 'featured' ? p.sort : undefined,
  page: p.page && p.page > 1 ? p.page : undefined,
  limit: p.limit,
  status: p.status,
});

/** A page of the catalogue or of a search (spec 7: fresh 60 s, kept 5 min). */
export const productsQuery = (params: ProductsParams = {}) => {
  const p = normalize(params);
  return queryOptions({
    queryKey: ['products', 'list', p],
    queryFn: ({ client, signal }) => apiRequest<ProductListResponse>(`/api/products${toQueryString(p)}`, { client, signal }),
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });
};

/**
 * Loads a page of products for a route loader. On the server it waits, so the page is rendered
 * with its data; in the browser it only starts the request, so the page appears at once with
 * skeleton cards (spec 4) and fills in when the data arrives. Never throws: a failure is shown
 * by the list itself.
 */
export async function prefetchProducts(queryClient: QueryClient, params: ProductsParams) {
  const promise = queryClient.prefetchQuery(productsQuery(params));
  if (typeof window === 'undefined') await promise;
}
