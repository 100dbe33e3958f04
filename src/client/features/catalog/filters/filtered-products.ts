import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '#client/lib/api.ts';
import { toProductsParams, type CatalogSearch } from '#client/lib/catalog-params.ts';
import type { ProductsParams } from '#client/lib/products.ts';
import type { ProductListResponse } from '#shared/types.ts';
import { chosenFilters, type ChosenFilters } from './filter-params.ts';

/**
 * A page of the catalogue with its chosen filters and the facet counts of the filter panel
 * (`GET /api/products?facets=true&…`): the list, the panel and the chips read this one answer.
 * Its own request beside the plain list's (`productsQuery`), so only the filter pages carry this
 * code: the home page's list stays as it is.
 */
export function filteredProductsQuery(params: ProductsParams, filters: Record<string, string[]>) {
  return queryOptions({
    queryKey: ['products', 'list', 'filtered', params, filters] as const,
    queryFn: ({ client, signal }) => {
      const search = new URLSearchParams(toQueryString(params));
      search.set('facets', 'true');
      for (const [key, values] of Object.entries(filters)) for (const value of values) search.append(key, value);
      return apiRequest<ProductListResponse>(`/api/products?${search}`, { client, signal });
    },
    // As fresh as the plain list (spec 7: fresh 60 s, kept 5 min).
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });
}

export type FilteredCatalog = { query: ReturnType<typeof filteredProductsQuery>; chosen: ChosenFilters };

/** The request and the chosen filters of a catalogue address (the loader and the page make the same). */
export function filteredCatalog(search: CatalogSearch, address: URLSearchParams, branchSlugs: readonly string[], fixed: Partial<ProductsParams> = {}): FilteredCatalog {
  const chosen = chosenFilters(address, branchSlugs);
  return { query: filteredProductsQuery(toProductsParams(search, fixed), chosen.request), chosen };
}

/**
 * Loads the filtered page for a route loader as `prefetchProducts` does the plain one: the server
 * waits, so the page comes with its list and counts; the browser only starts the request.
 */
export async function prefetchFilteredCatalog(queryClient: QueryClient, { query }: FilteredCatalog) {
  const promise = queryClient.prefetchQuery(query);
  if (typeof window === 'undefined') await promise;
}
