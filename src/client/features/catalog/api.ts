import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import type { Product } from '#shared/types.ts';

/** One product by slug or id; null when there is no such product (a 404 is an answer, not an error). */
export const productQuery = (slugOrId: string | number) =>
  queryOptions({
    queryKey: ['products', 'detail', String(slugOrId)],
    queryFn: async ({ client, signal }) => {
      try {
        return await apiRequest<Product>(`/api/products/${encodeURIComponent(String(slugOrId))}`, { client, signal });
      } catch (error) {
        // An address the API refuses outright (400) names no product either.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });
