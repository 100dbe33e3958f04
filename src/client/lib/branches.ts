import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import type { Branch } from '#shared/schemas/branches.ts';

/** GET /api/branches: the branches in display order; they change rarely. */
export const branchesQuery = () =>
  queryOptions({
    queryKey: ['branches'],
    queryFn: ({ client, signal }) => apiRequest<Branch[]>('/api/branches', { client, signal }),
    staleTime: 5 * 60 * 1000,
  });
