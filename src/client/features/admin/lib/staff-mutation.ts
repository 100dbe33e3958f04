import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { MutationCallbacks } from '#client/lib/query-client.ts';

/**
 * A back-office write: `request`, then `refresh` keeps the cache in step with the answer (the
 * screen's callbacks wait for it when it returns a promise, so they see the lists read again),
 * then the screen's own `callbacks`.
 */
export function useStaffMutation<T, V>(
  request: (variables: V) => Promise<T>,
  refresh: (answer: T, variables: V, queryClient: QueryClient) => unknown,
  callbacks: MutationCallbacks<T, V>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (answer, variables) => {
      await refresh(answer, variables, queryClient);
      callbacks.onSuccess?.(answer, variables);
    },
    onError: callbacks.onError,
  });
}

/** Adds to `collection` (POST), or with `id` changes that one (`method`, PATCH unless told). */
export const saveTo = <T>(collection: string, id: number | string | null, body: unknown, method: 'PATCH' | 'PUT' = 'PATCH') =>
  id === null ? apiRequest<T>(collection, { method: 'POST', body }) : apiRequest<T>(`${collection}/${id}`, { method, body });

/**
 * A back-office deletion: `refresh` runs whether it went or not (it may have gone already, or
 * been refused because the list was out of date), before the screen's `callbacks` see the answer.
 */
export function useStaffDeletion<T, V>(request: (variables: V) => Promise<T>, refresh: (queryClient: QueryClient) => unknown, callbacks: MutationCallbacks<T, V>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, ...callbacks, onSettled: () => refresh(queryClient) });
}
