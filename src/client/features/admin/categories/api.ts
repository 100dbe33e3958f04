import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { CategoryData } from '#shared/schemas/category.ts';
import type { AdminCategory } from '#shared/types.ts';
import { invalidateCatalog } from '#client/features/admin/lib/catalog.ts';

/**
 * Creates the category, or updates `category`, then sets its filters when `filters` gives them
 * (the attributes' ids in order; null: left as they are); the catalogue is read again.
 */
export function useSaveCategory(
  category: AdminCategory | null,
  callbacks: MutationCallbacks<AdminCategory, CategoryData>,
  filters: () => number[] | null = () => null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: CategoryData) => {
      const saved = category
        ? await apiRequest<AdminCategory>(`/api/categories/${category.id}`, { method: 'PATCH', body: data })
        : await apiRequest<AdminCategory>('/api/categories', { method: 'POST', body: data });
      const attributeIds = filters();
      if (attributeIds) await apiRequest(`/api/admin/categories/${saved.id}/attributes`, { method: 'PUT', body: { attributeIds } });
      return saved;
    },
    onSuccess: (saved, data) => {
      callbacks.onSuccess?.(saved, data);
      void invalidateCatalog(queryClient);
    },
    onError: callbacks.onError,
  });
}

type DeleteAnswer = { success: boolean; message: string } | { alreadyDeleted: true };

/** Deletes an empty category (the server refuses one with products); either way the catalogue is read again. */
export function useDeleteCategory(callbacks: MutationCallbacks<DeleteAnswer, AdminCategory>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (category: AdminCategory) => apiRequest<DeleteAnswer>(`/api/categories/${category.id}`, { method: 'DELETE' }),
    ...callbacks,
    onSettled: () => invalidateCatalog(queryClient),
  });
}
