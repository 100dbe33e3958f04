import { queryOptions } from '@tanstack/react-query';
import type { ListsSummary } from '#shared/product-lists.ts';
import { apiRequest } from './api.ts';

/**
 * Favourites and comparison, kept on the server (the visitor's cookie or the account): the ids
 * in each, for the header's counters and every heart and «Сравнить». The root loader fetches
 * them, so the server renders both filled in; what reads and changes them is in
 * `list-changes.ts`, which no page's first load carries.
 */
export const listsQuery = () =>
  queryOptions({
    queryKey: ['lists'],
    queryFn: ({ client, signal }) => apiRequest<ListsSummary>('/api/lists', { client, signal }),
    staleTime: 5 * 60 * 1000,
  });
