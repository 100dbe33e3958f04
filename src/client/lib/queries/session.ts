import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api.ts';
import type { PublicUser } from '#shared/types.ts';

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
