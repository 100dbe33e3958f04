import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { CategoryInput, CategoryPatch } from '#shared/schemas/category.ts';
import type { AdminCategory } from '#shared/types.ts';

/** Every category with the number of all its products and of the active ones (staff). */
export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'categories'],
    queryFn: ({ client, signal }) => apiRequest<AdminCategory[]>('/api/admin/categories', { client, signal }),
    staleTime: 30_000,
  });

export const createCategory = (data: CategoryInput) => apiRequest<AdminCategory>('/api/categories', { method: 'POST', body: data });

export const updateCategory = (id: number, data: CategoryPatch) =>
  apiRequest<AdminCategory>(`/api/categories/${id}`, { method: 'PATCH', body: data });

export const deleteCategory = (id: number) =>
  apiRequest<{ success: boolean; message: string } | { alreadyDeleted: true }>(`/api/categories/${id}`, { method: 'DELETE' });

/** After a catalogue write: the admin lists, the dashboard and the storefront's categories are stale. */
export function invalidateCatalog(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
    queryClient.invalidateQueries({ queryKey: ['products'] }),
  ]);
}
