import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { AdminAttribute, CategoryFilter } from '#shared/schemas/attributes.ts';

/** Every attribute with its spellings and how many products and categories use it (staff): the «Характеристики» screen, category and product forms. */
export const adminAttributesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'attributes'],
    queryFn: ({ client, signal }) => apiRequest<AdminAttribute[]>('/api/admin/attributes', { client, signal }),
    staleTime: 30_000,
  });

/** The attributes a category filters by, in order. */
export const categoryFiltersQuery = (categoryId: number) =>
  queryOptions({
    queryKey: ['admin', 'categories', categoryId, 'attributes'],
    queryFn: ({ client, signal }) => apiRequest<CategoryFilter[]>(`/api/admin/categories/${categoryId}/attributes`, { client, signal }),
    staleTime: 0,
  });
