import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';
import type { AdminAttribute, AttributeData } from '#shared/schemas/attributes.ts';
import { catalogChanged, invalidateCatalog } from '#client/features/admin/lib/catalog.ts';
import { saveTo, useStaffDeletion, useStaffMutation } from '#client/features/admin/lib/staff-mutation.ts';

/** Creates the attribute, or updates `attribute`; the catalogue is read again. */
export function useSaveAttribute(attribute: AdminAttribute | null, callbacks: MutationCallbacks<AdminAttribute, AttributeData>) {
  return useStaffMutation((data: AttributeData) => saveTo<AdminAttribute>('/api/admin/attributes', attribute?.id ?? null, data), catalogChanged, callbacks);
}

type Answer = { message: string };

export function useDeleteAttribute(callbacks: MutationCallbacks<Answer, AdminAttribute>) {
  return useStaffDeletion((attribute: AdminAttribute) => apiRequest<Answer>(`/api/admin/attributes/${attribute.id}`, { method: 'DELETE' }), invalidateCatalog, callbacks);
}

/** Merges attribute `fromId` into `into`. */
export function useMergeAttributes(into: AdminAttribute, callbacks: MutationCallbacks<Answer, { fromId: number }>) {
  return useStaffMutation((body: { fromId: number }) => apiRequest<Answer>(`/api/admin/attributes/${into.id}/merge`, { method: 'POST', body }), catalogChanged, callbacks);
}
