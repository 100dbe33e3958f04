import { queryOptions } from '@tanstack/react-query';
import { apiRequest, toQueryString } from './api.ts';
import type { Category } from '#shared/types.ts';
import type { Supplier } from '#shared/constants.ts';

export const categoriesQuery = (supplier?: Supplier) =>
  queryOptions({
    queryKey: ['categories', { supplier: supplier ?? null }],
    queryFn: async ({ client, signal }) => {
      const data = await apiRequest<unknown>(`/api/categories${toQueryString({ supplier })}`, { client, signal });
      if (!Array.isArray(data)) {
        console.warn('GET /api/categories did not return an array');
        return [] as Category[];
      }
      return data as Category[];
    },
    staleTime: 5 * 60 * 1000,
    gcTime: 15 * 60 * 1000,
  });
