import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api.ts';
import { putQueryData, type MutationCallbacks } from './query-client.ts';
import type { PublicUser } from '#shared/types.ts';
import type { LoginInput, RegisterInput } from '#shared/schemas/auth.ts';

/** The logged-in user, or null: a 401 means "nobody", not an error (spec 6). */
export const sessionQuery = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: async ({ client, signal }) => {
      try {
        return await apiRequest<PublicUser>('/api/user', { client, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 5 * 60 * 1000,
  });

/**
 * After the user changes (login, registration, logout) the session is set at once (a read of it
 * still under way would put the old user back) and every other query is refetched: what it shows
 * may depend on who is asking (orders, addresses).
 */
function useSetSession() {
  const queryClient = useQueryClient();
  return async (user: PublicUser | null) => {
    await putQueryData(queryClient, sessionQuery().queryKey, user);
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
  };
}

/** A request that answers with the now logged-in user: the session query holds it, then `onSuccess` runs. */
function useSignIn<I>(url: string, callbacks: MutationCallbacks<PublicUser, I>) {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: (input: I) => apiRequest<PublicUser>(url, { method: 'POST', body: input }),
    onSuccess: async (user, input) => {
      await setSession(user);
      callbacks.onSuccess?.(user, input);
    },
    onError: callbacks.onError,
  });
}

/**
 * POST /api/login; on success the session query holds the user, then `onSuccess` runs (even
 * when the calling component has unmounted meanwhile). Toasts are the caller's.
 */
export const useLogin = (callbacks: MutationCallbacks<PublicUser, LoginInput> = {}) => useSignIn('/api/login', callbacks);

/** POST /api/register: creates a customer and logs them in, like useLogin. */
export const useRegister = (callbacks: MutationCallbacks<PublicUser, RegisterInput> = {}) => useSignIn('/api/register', callbacks);

/** POST /api/logout; the session query becomes null, then `onSuccess` runs. */
export function useLogout(callbacks: MutationCallbacks<unknown> = {}) {
  const setSession = useSetSession();
  return useMutation({
    mutationFn: () => apiRequest('/api/logout', { method: 'POST' }),
    onSuccess: async (data) => {
      await setSession(null);
      callbacks.onSuccess?.(data, undefined);
    },
    onError: callbacks.onError,
  });
}
