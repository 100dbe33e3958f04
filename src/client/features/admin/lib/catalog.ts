import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { AdminCategory } from '#shared/types.ts';

/** Every category with the number of all its products and of the active ones (staff). */
export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'categories'],
    queryFn: ({ client, signal }) => apiRequest<AdminCategory[]>('/api/admin/categories', { client, signal }),
    staleTime: 30_000,
  });

/** After a catalogue write: the admin lists, the dashboard and the storefront's categories are stale. */
export function invalidateCatalog(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
  ]);
}

/** `invalidateCatalog` after a write, awaited: the screen's callbacks see the lists read again. */
export const catalogChanged = (_answer: unknown, _variables: unknown, queryClient: QueryClient) => invalidateCatalog(queryClient);
