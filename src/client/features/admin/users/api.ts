import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiRequest, toQueryString } from '#client/lib/api.ts';
import { ADMIN_PAGE_SIZE, type Role } from '#shared/constants.ts';
import type { AdminUserCreate, AdminUserUpdate } from '#shared/schemas/admin-user.ts';
import type { AdminUser } from '#shared/types.ts';

export type UserRoleFilter = 'all' | Role;
export type UserStatusFilter = 'all' | 'true' | 'false';
/** The spec's list state: query, role, isActive, page, limit (default 10). */
export type AdminUserFilters = { query: string; role: UserRoleFilter; isActive: UserStatusFilter; page: number; limit: number };

export const DEFAULT_USER_FILTERS: AdminUserFilters = { query: '', role: 'all', isActive: 'all', page: 1, limit: ADMIN_PAGE_SIZE };

/** GET /api/admin/users: fresh 1 min, kept 5 min (spec 7). */
export const adminUsersQuery = (filters: AdminUserFilters) =>
  queryOptions({
    queryKey: ['admin', 'users', 'list', filters],
    queryFn: ({ client, signal }) =>
      apiRequest<{ users: AdminUser[]; total: number }>(
        `/api/admin/users${toQueryString({
          query: filters.query.trim() || undefined,
          role: filters.role,
          isActive: filters.isActive,
          page: filters.page,
          limit: filters.limit,
        })}`,
        { client, signal },
      ),
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export const createUser = (data: AdminUserCreate) => apiRequest<AdminUser>('/api/admin/users', { method: 'POST', body: data });

export const updateUser = (id: number, data: AdminUserUpdate) =>
  apiRequest<AdminUser>(`/api/admin/users/${id}`, { method: 'PATCH', body: data });

export const setUserActive = (id: number, isActive: boolean) =>
  apiRequest<AdminUser>(`/api/admin/users/${id}/status`, { method: 'PATCH', body: { isActive } });

/** The list is read again after every successful create, update or status change (spec 4). */
export const invalidateUsers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
  ]);
