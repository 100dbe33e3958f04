import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/**
 * Adding, editing and deleting in a customer's saved list at `path` (addresses, organisations):
 * each, done or refused, reads again every answer cached under `key`.
 */
export function savedListMutations<Item, Values, Patch>(path: string, key: QueryKey) {
  function useRefresh() {
    const queryClient = useQueryClient();
    return () => queryClient.invalidateQueries({ queryKey: key });
  }
  return {
    useCreate: () =>
      useMutation({
        mutationFn: (input: Values) => apiRequest<Item>(path, { method: 'POST', body: input }),
        onSettled: useRefresh(),
      }),
    useUpdate: () =>
      useMutation({
        mutationFn: ({ id, patch }: { id: number; patch: Patch }) => apiRequest<Item>(`${path}/${id}`, { method: 'PATCH', body: patch }),
        onSettled: useRefresh(),
      }),
    useDelete: () =>
      useMutation({
        mutationFn: (id: number) => apiRequest(`${path}/${id}`, { method: 'DELETE' }),
        onSettled: useRefresh(),
      }),
  };
}
