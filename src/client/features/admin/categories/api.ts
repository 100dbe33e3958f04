import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { CategoryData } from '#shared/schemas/category.ts';
import type { AdminCategory } from '#shared/types.ts';
import { invalidateCatalog } from '#client/features/admin/lib/catalog.ts';
import { saveTo, useStaffDeletion, useStaffMutation } from '#client/features/admin/lib/staff-mutation.ts';

/**
 * Creates the category, or updates `category`, then sets its filters when `filters` gives them
 * (the attributes' ids in order; null: left as they are); the catalogue is read again.
 */
export function useSaveCategory(
  category: AdminCategory | null,
  callbacks: MutationCallbacks<AdminCategory, CategoryData>,
  filters: () => number[] | null = () => null,
) {
  return useStaffMutation(
    async (data: CategoryData) => {
      const saved = await saveTo<AdminCategory>('/api/categories', category?.id ?? null, data);
      const attributeIds = filters();
      if (attributeIds) await apiRequest(`/api/admin/categories/${saved.id}/attributes`, { method: 'PUT', body: { attributeIds } });
      return saved;
    },
    (_saved, _data, queryClient) => {
      void invalidateCatalog(queryClient);
    },
    callbacks,
  );
}

type DeleteAnswer = { success: boolean; message: string } | { alreadyDeleted: true };

/** Deletes an empty category (the server refuses one with products); either way the catalogue is read again. */
export function useDeleteCategory(callbacks: MutationCallbacks<DeleteAnswer, AdminCategory>) {
  return useStaffDeletion((category: AdminCategory) => apiRequest<DeleteAnswer>(`/api/categories/${category.id}`, { method: 'DELETE' }), invalidateCatalog, callbacks);
}
