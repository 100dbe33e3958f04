import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** The spec's read defaults (section 7), with one retry for reads and none for writes. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Not "always stale": data rendered on the server must not be fetched again at hydration.
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        refetchOnMount: true,
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
      mutations: { retry: 0 },
    },
  });
}

/**
 * What a screen does after a feature's mutation hook (toasts, navigation); the hook itself keeps
 * the cache in step. Given to the hook rather than to `mutate`, so they run even when the
 * calling component has unmounted meanwhile.
 */
export type MutationCallbacks<T, V = void> = {
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: Error, variables: V) => void;
};

/**
 * Puts what a change answered in the cache. A read of the same query still under way (a refetch
 * on mount or focus) is cancelled first: it started before the change and would put the old
 * data back when it answers.
 */
export async function putQueryData<T>(queryClient: QueryClient, queryKey: QueryKey, data: T) {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData(queryKey, data);
}
