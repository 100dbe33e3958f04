import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api.ts';
import type { AdminDashboard } from '#shared/types.ts';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ client, signal }) => apiRequest<AdminDashboard>('/api/admin/dashboard', { client, signal }),
    staleTime: 30_000,
  });
