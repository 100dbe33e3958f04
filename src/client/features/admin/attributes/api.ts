import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { AdminAttribute, AttributeData } from '#shared/schemas/attributes.ts';
import { invalidateCatalog } from '#client/features/admin/lib/catalog.ts';

/** Creates the attribute, or updates `attribute`; the catalogue is read again. */
export function useSaveAttribute(attribute: AdminAttribute | null, callbacks: MutationCallbacks<AdminAttribute, AttributeData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: AttributeData) =>
      attribute
        ? apiRequest<AdminAttribute>(`/api/admin/attributes/${attribute.id}`, { method: 'PATCH', body: data })
        : apiRequest<AdminAttribute>('/api/admin/attributes', { method: 'POST', body: data }),
    onSuccess: async (saved, data) => {
      await invalidateCatalog(queryClient);
      callbacks.onSuccess?.(saved, data);
    },
    onError: callbacks.onError,
  });
}

type Answer = { message: string };

export function useDeleteAttribute(callbacks: MutationCallbacks<Answer, AdminAttribute>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attribute: AdminAttribute) => apiRequest<Answer>(`/api/admin/attributes/${attribute.id}`, { method: 'DELETE' }),
    ...callbacks,
    onSettled: () => invalidateCatalog(queryClient),
  });
}

/** Merges attribute `fromId` into `into`. */
export function useMergeAttributes(into: AdminAttribute, callbacks: MutationCallbacks<Answer, { fromId: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { fromId: number }) => apiRequest<Answer>(`/api/admin/attributes/${into.id}/merge`, { method: 'POST', body }),
    onSuccess: async (answer, body) => {
      await invalidateCatalog(queryClient);
      callbacks.onSuccess?.(answer, body);
    },
    onError: callbacks.onError,
  });
}
